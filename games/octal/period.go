package octal

// provePeriod finds the smallest period p of the values v whose periodicity the octal
// periodicity theorem proves from v alone, with its preperiod e, the least index from which
// v repeats with period p.
//
// The theorem (Winning Ways, ch. 4; Guy and Smith 1956): let t be the largest take of an octal
// game. If g(m+p) = g(m) for all m with e ≤ m < 2e+p+t, then for all m ≥ e. Induction on m
// ≥ 2e+p+t shows it: after a take of j ≤ t a heap of m+p-j tokens is split in parts a ≥ b, so
// a ≥ e+p and (a-p, b) is an option of m, with g(a) = g(a-p); a part left alone has m+p-j ≥
// e+p tokens. When no move splits a heap, m ≥ e+t is enough: the window is e ≤ m < e+t.
//
// Both need e ≥ 1: a move that leaves two non-empty heaps, or exactly k = m tokens taken
// under bit 1, has no counterpart in a heap of size m-p or m+p when e = 0. So the window
// starts at max(e, 1), and the equality at 0 is checked with the rest of v.
//
// A smaller period has a shorter window and every period of v has the same preperiod, so the
// first p proven is the true period of the sequence.
//
// A period p that fails, with preperiod e ≥ 1, rules out its multiples kp with e-1+kp in v:
// v[e-1+kp] = v[e-1+p] ≠ v[e-1], so their preperiod is e too and their window longer. So
// the multiples of a period seen from far back (0.354's 1180, from 10061916, in 2·10^7
// values) are not scanned back again, each as far.
func provePeriod[T ~int32 | value](v []T, t int, splits bool) (p, e int, ok bool) {
	last := len(v) - 1
	var ruledOut map[int]bool
	for p = 1; ; p++ {
		if windowEnd(1, p, t, splits)-1+p > last {
			return 0, 0, false // no window of this period or a larger one fits in v
		}
		if ruledOut[p] {
			continue
		}
		e = preperiod(v, p)
		if windowEnd(max(e, 1), p, t, splits)-1+p <= last {
			return p, e, true
		}
		for kp := 2 * p; e >= 1 && e-1+kp <= last && last-e > 64; kp += p {
			if ruledOut == nil {
				ruledOut = map[int]bool{}
			}
			ruledOut[kp] = true
		}
	}
}

// windowEnd returns the end of the theorem's window: g(m+p) = g(m) must be seen for e ≤ m <
// windowEnd.
func windowEnd(e, p, t int, splits bool) int {
	if splits {
		return 2*e + p + t
	}
	return e + t
}

// preperiod returns the least e such that v[m+p] = v[m] for all m ≥ e in v.
func preperiod[T ~int32 | value](v []T, p int) int {
	m := len(v) - 1 - p
	for m >= 0 && v[m] == v[m+p] {
		m--
	}
	return m + 1
}
