package engine

import "slices"

// The transposition table of df-pn: the proof and disproof numbers of the couples searched,
// within a byte budget. It holds all a depth-first proof-number search remembers of the
// couples it left (the path's own are on the stack), so that it runs in bounded memory
// whatever the size of the DAG; what it forgets is searched again.

// A dfEntry is what the table keeps of one couple.
type dfEntry struct {
	pn, dn int64
	work   int64 // nodes expanded below the couple: a small one is cheap to search again
}

// A dfKey is a couple as the table finds it: its key's 128-bit id (keyIDs), its heap, and
// whether it is a sum. A key of fixed size kept in the
// map's own slots spares each probe a read of the key's text elsewhere in memory, and the
// collector a scan of the table (it holds no pointer).
type dfKey struct {
	h   [2]uint64
	n   int32
	sum bool
}

// A dfTable maps couples to their numbers, within limit bytes.
type dfTable struct {
	entries map[dfKey]dfEntry
	ids     keyIDs // of the couples' keys: the table's own, as no order depends on them
	bytes   int64
	limit   int64
	cuts    int // how many times it was cut down
}

// keyOf is the table's key of the couple k.
func (t *dfTable) keyOf(k ref) dfKey {
	return dfKey{h: t.ids.of(k.key), n: int32(k.n), sum: k.sum}
}

// dfEntryBytes is the memory of one entry: its map slot (a key of 24 bytes, a value of 24)
// with the map's spare room, 75 to 112 bytes measured as the map fills and doubles.
const dfEntryBytes = 112

// dfMinTableBytes is the least table: a few hundred couples, enough for any search's path.
const dfMinTableBytes = 64 << 10

func newDFTable(limit int64) *dfTable {
	return &dfTable{entries: make(map[dfKey]dfEntry), ids: newKeyIDs(), limit: max(limit, dfMinTableBytes)}
}

// get returns the numbers of the couple k, if the table holds them.
func (t *dfTable) get(k ref) (dfEntry, bool) {
	e, ok := t.entries[t.keyOf(k)]
	return e, ok
}

// put keeps the numbers of k, adding work to what was spent on it before; past the limit,
// the table is cut down first.
func (t *dfTable) put(k ref, pn, dn, work int64) {
	key := t.keyOf(k)
	old, ok := t.entries[key]
	if !ok {
		if t.bytes+dfEntryBytes > t.limit {
			t.cut()
		}
		t.bytes += dfEntryBytes
	}
	t.entries[key] = dfEntry{pn: pn, dn: dn, work: old.work + work}
}

// cut lets go of the entries with the least work until at most half the limit is used
// (Nagai's SmallTreeGC): the couples cheapest to search again go first. Proven couples go
// too when they are cheap: the cache holds their facts.
func (t *dfTable) cut() {
	t.cuts++
	works := make([]int64, 0, len(t.entries))
	for _, e := range t.entries {
		works = append(works, e.work)
	}
	slices.Sort(works)
	threshold := works[len(works)/2]
	for k, e := range t.entries {
		if t.bytes <= t.limit/2 {
			break
		}
		if e.work <= threshold {
			delete(t.entries, k)
			t.bytes -= dfEntryBytes
		}
	}
	if t.bytes > t.limit/2 { // every entry as costly as the median: let any go
		for k := range t.entries {
			if t.bytes <= t.limit/2 {
				break
			}
			delete(t.entries, k)
			t.bytes -= dfEntryBytes
		}
	}
}
