package engine

import "sync"

// memoSlots is the number of positions whose options an optionMemo remembers at most.
const memoSlots = 1 << 14

// RecordMemoBytes bounds the options a recording remembers (optionMemo). It is fixed, not
// taken from a budget: the memo's hits choose the positions a recorded tree shows, and the
// same position must give the same tree whatever the budget. Count it among the process's
// fixed costs.
const RecordMemoBytes = 16 << 20

// DefaultMemoBytes bounds the options a search remembers when no budget says otherwise
// (WithMemoBytes).
const DefaultMemoBytes = 16 << 20

// An optionMemo remembers the options of recently expanded positions, split and keyed, so
// that a position expanded again (for another heap: the nimber tries n = 0, 1, 2…; or after
// the cache forgot it) does not make them again. Making options is most of the work in games
// whose positions are put in canonical form. It is direct-mapped by the hash of the key: a
// newer position takes the slot of an older one. Options are values that never change
// (Position's contract), so a remembered list stays right. It holds at most a number of
// bytes (estimated): past it, a hand sweeps the slots and empties them until the new list
// fits, and a list larger than an eighth of it is not kept at all.
//
// A hit gives the options made from the position first expanded under that key, which may be
// another representative (a mirrored board): the positions a recorded tree shows depend on
// which slots were taken. So the hash is fixed (no random seed), a recording starts with an
// empty memo (reset) and its options go in a table of their own, of a fixed size
// (RecordMemoBytes): the same recording meets the same hits on every run, whatever the budget.
type optionMemo struct {
	mu     sync.Mutex // a team sharing a DAG shares its lead's memo (pnshare.go)
	search memoTable
	record memoTable
	limit  int64 // bytes the search table may hold; 0: DefaultMemoBytes
}

// A memoTable is one direct-mapped table of options and its byte count.
type memoTable struct {
	slots []memoSlot
	bytes int64 // estimated memory of the lists held
	hand  int   // the next slot the sweep empties
}

// A memoSlot holds the options of one position, as one search mode made them: a recording
// search keeps equal components that the other cancels.
type memoSlot struct {
	key   string
	bytes int64
	opts  []option // class and cost are set again at each use: they depend on the heap and the cache
}

// table returns the table of the given mode and the bytes it may hold.
func (m *optionMemo) table(recording bool) (*memoTable, int64) {
	if recording {
		return &m.record, RecordMemoBytes
	}
	if m.limit > 0 {
		return &m.search, m.limit
	}
	return &m.search, DefaultMemoBytes
}

// get returns the options remembered for key, made in the given mode. The list is read after
// the lock: put never changes a list it holds, it replaces the slot whole.
func (m *optionMemo) get(key string, recording bool) ([]option, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, _ := m.table(recording)
	if t.slots == nil {
		return nil, false
	}
	sl := &t.slots[fnv1a(key)%uint64(len(t.slots))]
	if sl.opts == nil || sl.key != key {
		return nil, false
	}
	return sl.opts, true
}

// put remembers a copy of opts as the options of key, if they fit.
func (m *optionMemo) put(key string, recording bool, opts []option) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, limit := m.table(recording)
	if t.slots == nil {
		t.slots = make([]memoSlot, memoSlotsFor(limit))
	}
	i := int(fnv1a(key) % uint64(len(t.slots)))
	t.drop(i)
	size := optionsBytes(key, opts)
	if size > limit/8 {
		return
	}
	for t.bytes+size > limit {
		t.drop(t.hand)
		t.hand = (t.hand + 1) % len(t.slots)
	}
	kept := make([]option, len(opts))
	copy(kept, opts)
	t.slots[i] = memoSlot{key, size, kept}
	t.bytes += size
}

// drop empties slot i.
func (t *memoTable) drop(i int) {
	t.bytes -= t.slots[i].bytes
	t.slots[i] = memoSlot{}
}

// memoSlotsFor is the number of slots of a table that holds limit bytes: about 4 KB a slot
// (a few dozen options), within 256 and memoSlots.
func memoSlotsFor(limit int64) int {
	n := 256
	for n < memoSlots && int64(n)*2*4096 <= limit {
		n *= 2
	}
	return n
}

// Estimated memory of the parts of a remembered list: an option (its position's interface,
// its slice of parts, its counts), a part (position and key), and a position's own value,
// which the game owns (a board of a few words, a heap list).
const (
	optionBytes   = 72
	partBytes     = 32
	positionBytes = 64
	slotBytes     = 48
)

// optionsBytes estimates the memory that remembering opts under key takes.
func optionsBytes(key string, opts []option) int64 {
	b := int64(slotBytes + len(key) + len(opts)*optionBytes)
	for i := range opts {
		b += positionBytes
		for _, p := range opts[i].parts {
			b += int64(partBytes + positionBytes + len(p.key))
		}
	}
	return b
}

// reset forgets every remembered position.
func (m *optionMemo) reset() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.search = memoTable{}
	m.record = memoTable{}
}

// fnv1a is the 64-bit FNV-1a hash of s: the same on every run, unlike maphash's seeds.
func fnv1a(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
