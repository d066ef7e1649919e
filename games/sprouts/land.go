package sprouts

// The working form of a land is a slice of codes: every boundary is its spots followed by
// sepB, every region its boundaries followed by sepR. A spot is a digit (spot0, spot1,
// spot2) or a letter id: a 1-life spot seen twice, whose case is not stored but follows from
// where it is seen (twice in one region: lowercase; in two regions: uppercase).
const (
	spot0   uint8 = 0    // a spot with no line: 3 lives, alone in its boundary
	spot1   uint8 = 1    // a spot with one line: 2 lives
	spot2   uint8 = 2    // a 1-life spot seen once
	letter0 uint8 = 3    // the first letter id
	sepB    uint8 = 0xFE // ends a boundary
	sepR    uint8 = 0xFF // ends a region
)

// A span is a half-open range [lo, hi) of indexes.
type span struct{ lo, hi int }

func (s span) len() int { return s.hi - s.lo }

// isLetter reports whether code c is a letter id (not a digit, not a separator).
func isLetter(c uint8) bool { return c >= letter0 && c < sepB }

// digitLives returns the lives of a spot written as a digit.
func digitLives(c uint8) int { return 3 - int(c) }

// A stamps marks letter ids in O(1) and forgets them all at once, so that scratch arrays need
// no clearing between children.
type stamps struct {
	at  [256]uint32
	now uint32
}

// next forgets every mark.
func (s *stamps) next() {
	s.now++
	if s.now == 0 { // wrapped: clear for real
		s.at = [256]uint32{}
		s.now = 1
	}
}

// set marks c and reports whether it was already marked.
func (s *stamps) set(c uint8) bool {
	was := s.at[c] == s.now
	s.at[c] = s.now
	return was
}

// has reports whether c is marked.
func (s *stamps) has(c uint8) bool { return s.at[c] == s.now }
