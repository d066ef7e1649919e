package engine

import "hash/maphash"

// memoSlots is the number of positions whose options an optionMemo remembers: a few
// megabytes, for the positions expanded most recently.
const memoSlots = 1 << 14

// An optionMemo remembers the options of recently expanded positions, split and keyed, so
// that a position expanded again (for another heap: the nimber tries n = 0, 1, 2…; or after
// the cache forgot it) does not make them again. Making options is most of the work in games
// whose positions are put in canonical form. It is direct-mapped by the hash of the key: a
// newer position takes the slot of an older one. Options are values that never change
// (Position's contract), so a remembered list stays right.
type optionMemo struct {
	slots []memoSlot
	seed  maphash.Seed
}

// A memoSlot holds the options of one position, as one search mode made them: a recording
// search keeps equal components that the other cancels.
type memoSlot struct {
	key       string
	recording bool
	opts      []option // class and cost are set again at each use: they depend on the heap and the cache
}

// get returns the options remembered for key, made in the given mode.
func (m *optionMemo) get(key string, recording bool) ([]option, bool) {
	if m.slots == nil {
		return nil, false
	}
	sl := &m.slots[maphash.String(m.seed, key)%memoSlots]
	if sl.opts == nil || sl.key != key || sl.recording != recording {
		return nil, false
	}
	return sl.opts, true
}

// put remembers a copy of opts as the options of key.
func (m *optionMemo) put(key string, recording bool, opts []option) {
	if m.slots == nil {
		m.slots, m.seed = make([]memoSlot, memoSlots), maphash.MakeSeed()
	}
	kept := make([]option, len(opts))
	copy(kept, opts)
	m.slots[maphash.String(m.seed, key)%memoSlots] = memoSlot{key, recording, kept}
}
