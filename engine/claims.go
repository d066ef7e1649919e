package engine

// Claims are facts told, not proven: a database imported and not verified. A search given
// claims (WithClaims) tries first the options they say are losing, and never takes them as
// proof: a false claim costs nodes, never an answer.
type Claims interface {
	// Claimed returns the fact claimed of the position with key, if any.
	Claimed(key string) (Fact, bool)
}

// WithClaims makes the solver order its options by c as well (see Claims).
func WithClaims(c Claims) SolverOption { return func(s *Solver) { s.claims = c } }

// claimedLosing reports whether the claims say o, an open option, is losing with heap n:
// each component the cache knows no nimber of has a nimber claimed, and the nimbers, with
// n, add up to 0.
func (s *Solver) claimedLosing(o *option, n int) bool {
	if s.claims == nil {
		return false
	}
	x := n
	for _, c := range o.parts {
		if f, _ := s.fact(c); f.nimber > 0 {
			x ^= f.nimber - 1
			continue
		}
		f, ok := s.claims.Claimed(c.key)
		m, known := f.Nimber()
		if !ok || !known {
			return false
		}
		x ^= m
	}
	return x == 0
}

// boolRank is 1 for true, 0 for false.
func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}
