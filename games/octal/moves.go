package octal

// heapOptions calls yield(a, b) for each option of one heap of n tokens: the heaps the move
// leaves, a ≥ b, with 0 for no heap (yield(0, 0): the heap is gone; yield(a, 0): one heap is
// left). Each option comes once. It stops when yield returns false and reports whether it
// went through every option.
func (g *Game) heapOptions(n int, yield func(a, b int) bool) bool {
	switch g.kind {
	case kindNim, kindLasker:
		for rest := n - 1; rest >= 0; rest-- {
			if !yield(rest, 0) {
				return false
			}
		}
		return g.kind == kindNim || splits(n, false, yield)
	case kindGrundy:
		return splits(n, true, yield)
	}
	for _, m := range g.moves {
		if m.k > n {
			break
		}
		if !octalOptions(n-m.k, m.d, yield) {
			return false
		}
	}
	return true
}

// octalOptions yields the options that the digit d allows once its tokens are taken and rest
// remain, as heapOptions does.
func octalOptions(rest int, d uint8, yield func(a, b int) bool) bool {
	if d&1 != 0 && rest == 0 && !yield(0, 0) {
		return false
	}
	if d&2 != 0 && rest > 0 && !yield(rest, 0) {
		return false
	}
	if d&4 != 0 {
		return splits(rest, false, yield)
	}
	return true
}

// splits yields every way to split n tokens into two non-empty heaps a ≥ b, or a > b when
// unequal is set, as heapOptions does.
func splits(n int, unequal bool, yield func(a, b int) bool) bool {
	for b := 1; b <= n-b; b++ {
		if unequal && b == n-b {
			break
		}
		if !yield(n-b, b) {
			return false
		}
	}
	return true
}
