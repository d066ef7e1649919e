package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/cockroachdb/pebble/v2"

	"grundy/engine"
)

// Every fact knows where it came from. The store keeps three tiers of keys for each game,
// one range of keys each beside the facts' (see keys.go):
//
//   - the facts proven, game \0 KeyVersion key: what searches read and build on;
//   - their origins, game \0 KeyVersion|0x40 key: for a fact not proven by this machine's
//     search, where it came from (an import checked, a merge, a worker of a cluster checked
//     by its coordinator). A fact without one was proven here: so are all the facts of a
//     store written before origins were kept;
//   - the claims, game \0 KeyVersion|0x80 key: facts imported without being checked, with
//     their origin and the line of their file. No search reads them as proven: they are
//     kept apart, counted, and made facts only by an import that checks them (--verify).
//
// A game whose search writes cheap keys (keyForm) has a fourth range, no tier of facts: its
// aliases, game \0 KeyVersion|0x20 cheap key, whose value is the position's exact key (see
// Facts.Get).
//
// The tiers' keys are not of KeyVersion, so that every reader of facts (Each, the Facts'
// filters, a grundy of before) passes them by.

// A Source is the kind of place a fact came from.
type Source uint8

const (
	FromSearch Source = iota // this machine's search
	FromImport               // a database file (Origin.Name)
	FromMerge                // another store (Origin.Name, its directory)
	FromWorker               // a worker of a cluster (Origin.Name, its name)
	numSources
)

var sourceNames = [numSources]string{"searched here", "imported", "merged", "from workers"}

// String is how db stats names the source: "searched here", "imported", …
func (s Source) String() string {
	if s < numSources {
		return sourceNames[s]
	}
	return fmt.Sprintf("source %d", s)
}

// An Origin is where one fact came from.
type Origin struct {
	Source Source
	Name   string // the file, store or worker; "" for this machine's search
}

// Searched is the origin of what this machine's search proved.
var Searched = Origin{}

func (o Origin) String() string {
	switch o.Source {
	case FromSearch:
		return "this machine's search"
	case FromImport:
		return "import of " + o.Name
	case FromMerge:
		return "merge of " + o.Name
	case FromWorker:
		return "worker " + o.Name
	}
	return o.Source.String() + " " + o.Name
}

func (o Origin) append(b []byte) []byte {
	b = append(b, byte(o.Source))
	return append(b, o.Name...)
}

func decodeOrigin(v []byte) (Origin, error) {
	if len(v) == 0 || Source(v[0]) >= numSources {
		return Origin{}, errors.New("an origin that does not decode")
	}
	return Origin{Source: Source(v[0]), Name: string(v[1:])}, nil
}

// The tiers' marks, in the byte after the game's name and its zero byte.
const (
	tierFacts   = KeyVersion
	tierOrigins = KeyVersion | 0x40
	tierClaims  = KeyVersion | 0x80
	tierAliases = KeyVersion | 0x20 // not a tier: splitTier and eachTier pass them by
)

// tierKey is the key of position key of game in tier.
func tierKey(tier byte, game, key string) []byte {
	return append(append([]byte(game), 0, tier), key...)
}

// splitTier returns the game, position key and tier of a key on disk; ok is false for the
// meta key and for keys of another KeyVersion.
func splitTier(k []byte) (game, key string, tier byte, ok bool) {
	i := bytes.IndexByte(k, 0)
	if i <= 0 || i+1 >= len(k) {
		return "", "", 0, false
	}
	switch t := k[i+1]; t {
	case tierFacts, tierOrigins, tierClaims:
		return string(k[:i]), string(k[i+2:]), t, true
	}
	return "", "", 0, false
}

// A Claim is a fact imported and not checked: kept apart from the facts proven, never read
// by a search as one.
type Claim struct {
	Fact   engine.Fact
	Origin Origin
	Line   int // of its file; 0 when it has none
}

// appendClaim writes a claim's value: its origin's length and origin, its line, its fact.
func appendClaim(b []byte, c Claim) []byte {
	b = binary.AppendUvarint(b, uint64(1+len(c.Origin.Name))) // the length of Origin.append's
	b = c.Origin.append(b)
	b = binary.AppendUvarint(b, uint64(c.Line))
	b, _ = c.Fact.AppendBinary(b)
	return b
}

func decodeClaim(v []byte) (Claim, error) {
	bad := errors.New("a claim that does not decode")
	size, n := binary.Uvarint(v)
	if n <= 0 || uint64(len(v)-n) < size {
		return Claim{}, bad
	}
	o, err := decodeOrigin(v[n : n+int(size)])
	if err != nil {
		return Claim{}, bad
	}
	v = v[n+int(size):]
	line, n := binary.Uvarint(v)
	if n <= 0 {
		return Claim{}, bad
	}
	f, err := engine.DecodeFact(v[n:])
	if err != nil {
		return Claim{}, bad
	}
	return Claim{Fact: f, Origin: o, Line: int(line)}, nil
}

// get reads the value of k, nil when there is none.
func (s *Store) get(k []byte) ([]byte, error) {
	v, closer, err := s.db.Get(k)
	if errors.Is(err, pebble.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, s.readError(err)
	}
	defer closer.Close()
	return bytes.Clone(v), nil
}

// Origin returns where the fact proven of key in game came from; ok is false when the store
// proves nothing of it (it may hold a claim: see Claim).
func (s *Store) Origin(game, key string) (o Origin, ok bool, err error) {
	if _, ok, err := s.Get(game, key); !ok || err != nil {
		return Origin{}, false, err
	}
	v, err := s.get(tierKey(tierOrigins, game, key))
	if err != nil || v == nil {
		return Searched, err == nil, err
	}
	o, err = decodeOrigin(v)
	if err != nil {
		return Origin{}, false, s.readError(fmt.Errorf("%w: the origin of %s %q: %v", pebble.ErrCorruption, game, key, err))
	}
	return o, true, nil
}

// Claim returns the claim of key in game (a fact imported, not checked), if there is one.
func (s *Store) Claim(game, key string) (Claim, bool, error) {
	v, err := s.get(tierKey(tierClaims, game, key))
	if err != nil || v == nil {
		return Claim{}, false, err
	}
	c, err := decodeClaim(v)
	if err != nil {
		return Claim{}, false, s.readError(fmt.Errorf("%w: the claim of %s %q: %v", pebble.ErrCorruption, game, key, err))
	}
	return c, true, nil
}

// EachClaim calls fn on every claim of game ("": of every game), in key order.
func (s *Store) EachClaim(game string, fn func(game, key string, c Claim) error) error {
	return s.eachTier(game, func(g, key string, tier byte, v []byte) error {
		if tier != tierClaims {
			return nil
		}
		c, err := decodeClaim(v)
		if err != nil {
			return s.readError(fmt.Errorf("%w: the claim of %s %q: %v", pebble.ErrCorruption, g, key, err))
		}
		return fn(g, key, c)
	})
}

// eachTier calls fn on every key of every tier of game ("": of every game), in key order.
func (s *Store) eachTier(game string, fn func(game, key string, tier byte, v []byte) error) error {
	opts := &pebble.IterOptions{LowerBound: []byte{1}, UpperBound: []byte{0xff}}
	if game != "" {
		opts = &pebble.IterOptions{LowerBound: append([]byte(game), 0), UpperBound: append([]byte(game), 1)}
	}
	it, err := s.db.NewIter(opts)
	if err != nil {
		return s.readError(err)
	}
	var g string // the game of the key before, kept: a game's keys come together
	for ok := it.First(); ok; ok = it.Next() {
		k := it.Key()
		i := bytes.IndexByte(k, 0)
		if i <= 0 || i+1 >= len(k) {
			continue
		}
		tier := k[i+1]
		if tier != tierFacts && tier != tierOrigins && tier != tierClaims {
			continue
		}
		if string(k[:i]) != g { // compared without a copy
			g = string(k[:i])
		}
		key := string(k[i+2:])
		v, err := it.ValueAndErr()
		if err != nil {
			it.Close()
			return s.readError(err)
		}
		if err := fn(g, key, tier, v); err != nil {
			it.Close()
			return err
		}
	}
	if err := it.Close(); err != nil {
		return s.readError(err)
	}
	return nil
}

// AddFrom is Add of a fact that came from o: a position new to the store keeps o as its
// origin (Origin); one it knew keeps the origin it had.
func (s *Store) AddFrom(game, key string, f engine.Fact, o Origin) error {
	if s.readOnly != "" {
		return s.errReadOnly()
	}
	err := s.fence.guard(func() error {
		_, err := s.addFrom(game, key, f, o)
		return err
	})
	return s.named(err)
}

// addFrom is add, noting the origin of a new position.
func (s *Store) addFrom(game, key string, f engine.Fact, o Origin) (addResult, error) {
	res, err := s.add(game, key, f)
	if err != nil || res != addedNew || o == Searched {
		return res, err
	}
	if err := s.db.Set(tierKey(tierOrigins, game, key), o.append(nil), pebble.NoSync); err != nil {
		return res, fmt.Errorf("store %s: %w", s.dir, err)
	}
	return res, nil
}

// addClaim keeps c as a claim of key in game, joined with the claim there was: a claim
// the facts proven know already is not kept; one they contradict, or that contradicts the
// claim there was, is a *ConflictError.
func (s *Store) addClaim(game, key string, c Claim) (addResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, known, err := s.against(game, key, c.Fact); err != nil || known {
		return addedNothing, err
	}
	old, had, err := s.Claim(game, key)
	switch {
	case err != nil:
		return addedNothing, err
	case had && old.Fact.Conflicts(c.Fact):
		return addedNothing, &ConflictError{Game: game, Key: key, Have: old.Fact, Got: c.Fact}
	case had && old.Fact.Merge(c.Fact).Equal(old.Fact):
		return addedNothing, nil
	case had:
		c.Fact = old.Fact.Merge(c.Fact)
	}
	if err := s.db.Set(tierKey(tierClaims, game, key), appendClaim(nil, c), pebble.NoSync); err != nil {
		return addedNothing, fmt.Errorf("store %s: %w", s.dir, err)
	}
	s.writer.dirty.Store(true)
	if had {
		return addedGrown, nil
	}
	return addedNew, nil
}
