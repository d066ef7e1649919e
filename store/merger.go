package store

import (
	"fmt"
	"io"

	"github.com/cockroachdb/pebble/v2"

	"grundy/engine"
)

// The writes of searches are pebble merges: a fact only grows, so a write needs no read, and
// pebble joins a key's operands when it reads or compacts them. Two operands that conflict
// (a search's bug, or a wrong fact stored by an import of an older version) cannot be
// joined: the older is kept whole, the conflict counted (Store.Conflicts) and logged once.
// Add, which must refuse a conflict, reads first (admin.go).

// factMerger joins the operands of one key, oldest first.
type factMerger struct {
	s    *Store
	key  []byte
	fact engine.Fact
}

func (s *Store) newMerger(key, value []byte) (pebble.ValueMerger, error) {
	f, err := decodeValue(key, value)
	if err != nil {
		return nil, err
	}
	return &factMerger{s: s, key: append([]byte(nil), key...), fact: f}, nil
}

func (m *factMerger) MergeNewer(value []byte) error {
	g, err := decodeValue(m.key, value)
	if err != nil {
		return err
	}
	m.fact = m.join(m.fact, g)
	return nil
}

func (m *factMerger) MergeOlder(value []byte) error {
	g, err := decodeValue(m.key, value)
	if err != nil {
		return err
	}
	m.fact = m.join(g, m.fact)
	return nil
}

// join is what older and newer know together, or older when they conflict.
func (m *factMerger) join(older, newer engine.Fact) engine.Fact {
	if older.Conflicts(newer) {
		m.s.noteConflict(m.key, older, newer)
		return older
	}
	return older.Merge(newer)
}

func (m *factMerger) Finish(bool) ([]byte, io.Closer, error) {
	b, err := m.fact.AppendBinary(nil)
	return b, nil, err
}

// decodeValue decodes the stored value of key, naming the key when it is not a fact.
func decodeValue(key, value []byte) (engine.Fact, error) {
	f, err := engine.DecodeFact(value)
	if err != nil {
		return engine.Fact{}, fmt.Errorf("%w: the value of key %q: %v", pebble.ErrCorruption, key, err)
	}
	return f, nil
}
