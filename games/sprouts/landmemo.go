package sprouts

import (
	"hash/maphash"
	"sync/atomic"
)

// The options of a land are its moves' lands, each reduced, split and written; most of the
// time goes to writing (canon). Most lands written are written again soon: the regions a
// move leaves alone are the same land for every move of the other regions, and a position
// expanded again for another heap makes its options again when the engine's options memo
// forgot them. On 0*3.AB|0*2.1aCa|ABC, 705 000 lands written were 251 000 different ones,
// and a table of 2^16 slots found 410 000 of them (2^14: 371 000, 2^18: 438 000).
//
// landMemo remembers the cheap text (canon.writeCheap) of the lands written last, by their
// codes as reduce left them: the text is a function of those codes alone, so a remembered
// one is the one the canon would write. It is direct-mapped (a newer land takes the slot of
// an older one), shared by every mover, and each slot is swapped whole, atomically: workers
// writing options at once see one land's entry or another's, never half of one. Full,
// about 7 MB: 2^16 slots of a pointer and an entry of two short strings.
const landMemoBits = 16

// A landText is a land's codes and what writing it gives.
type landText struct {
	codes string // the reduced land's codes
	text  string // its cheap text, or its canonical text in exactMemo
	lives int
	exact bool // in exactMemo: the full search saw every way (see canon.search)
}

var landMemo [1 << landMemoBits]atomic.Pointer[landText]

// The pieces of lands (see pieceKey) are put in canonical form by the full search, for the
// mover's kinds of boundaries and the canon's kinds of choices; the same few pieces come back
// in land after land. pieceMemoTable remembers their texts as landMemo does lands', by their
// codes and pin.
const pieceMemoBits = 14

var pieceMemoTable [1 << pieceMemoBits]atomic.Pointer[landText]

// landMemoOff turns the memo off, for the tests that compare its texts with the canon's.
var landMemoOff atomic.Bool

// cheapText returns the cheap text and the lives of the land of codes, from the memo when it
// remembers them, else written by c and remembered.
func cheapText(c *canon, codes []uint8, dst []byte) ([]byte, int) {
	if landMemoOff.Load() {
		lives := c.load(codes)
		return c.writeCheap(dst), lives
	}
	slot := &landMemo[landHash(codes)&(1<<landMemoBits-1)]
	if e := slot.Load(); e != nil && e.codes == string(codes) {
		return append(dst, e.text...), e.lives
	}
	lives := c.load(codes)
	lo := len(dst)
	dst = c.writeCheap(dst)
	slot.Store(&landText{codes: string(codes), text: string(dst[lo:]), lives: lives})
	return dst, lives
}

// exactMemo remembers the canonical texts (canon.write) of lands as landMemo does their
// cheap ones: Parse, String and Exactly write the same lands again and again, in the lands
// of the positions of a store or of a solution tree.
var exactMemo [1 << landMemoBits]atomic.Pointer[landText]

// exactText returns the canonical text and the lives of the land of codes, and whether the
// full search saw every way, from the memo when it remembers them, else written by c.
func exactText(c *canon, codes []uint8, dst []byte) ([]byte, int, bool) {
	slot := &exactMemo[landHash(codes)&(1<<landMemoBits-1)]
	if e := slot.Load(); e != nil && e.codes == string(codes) && !landMemoOff.Load() {
		return append(dst, e.text...), e.lives, e.exact
	}
	lives := c.load(codes)
	lo := len(dst)
	dst = c.write(dst)
	slot.Store(&landText{codes: string(codes), text: string(dst[lo:]), lives: lives, exact: c.exact})
	return dst, lives, c.exact
}

// landHash hashes a land's codes for the memos. The seed is new in every process: a memo's
// answers never depend on where an entry sits, only how often it is found.
func landHash(codes []uint8) uint64 { return maphash.Bytes(memoSeed, codes) }

var memoSeed = maphash.MakeSeed()
