package engine

// memoSlots is the number of positions whose options an optionMemo remembers: a few
// megabytes, for the positions expanded most recently.
const memoSlots = 1 << 14

// An optionMemo remembers the options of recently expanded positions, split and keyed, so
// that a position expanded again (for another heap: the nimber tries n = 0, 1, 2…; or after
// the cache forgot it) does not make them again. Making options is most of the work in games
// whose positions are put in canonical form. It is direct-mapped by the hash of the key: a
// newer position takes the slot of an older one. Options are values that never change
// (Position's contract), so a remembered list stays right.
//
// A hit gives the options made from the position first expanded under that key, which may be
// another representative (a mirrored board): the positions a recorded tree shows depend on
// which slots were taken. So the hash is fixed (no random seed) and a recording starts with
// an empty memo (reset): the same recording meets the same hits on every run.
type optionMemo struct {
	slots []memoSlot
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
	sl := &m.slots[fnv1a(key)%memoSlots]
	if sl.opts == nil || sl.key != key || sl.recording != recording {
		return nil, false
	}
	return sl.opts, true
}

// put remembers a copy of opts as the options of key.
func (m *optionMemo) put(key string, recording bool, opts []option) {
	if m.slots == nil {
		m.slots = make([]memoSlot, memoSlots)
	}
	kept := make([]option, len(opts))
	copy(kept, opts)
	m.slots[fnv1a(key)%memoSlots] = memoSlot{key, recording, kept}
}

// reset forgets every remembered position.
func (m *optionMemo) reset() { clear(m.slots) }

// fnv1a is the 64-bit FNV-1a hash of s: the same on every run, unlike maphash's seeds.
func fnv1a(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
