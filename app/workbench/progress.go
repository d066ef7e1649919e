package workbench

import (
	"fmt"
	"strconv"

	"grundy/engine"
)

// The texts of a proof-number search's progress, for a person who never heard of proof
// numbers: which couple is being decided, how near each outcome is, how large the search's
// memory has grown, and the path it follows down to the couple it works on.

// ProofHint says which way the proof numbers go.
const ProofHint = "Each number is about how many more couples the search must solve to prove that " +
	"outcome: it falls as a proof nears. 0: proven; ∞: impossible, the other outcome is proven."

// proofNumber writes a proof number: grouped digits, or ∞.
func proofNumber(n int64) string {
	if n >= engine.ProofInfinite {
		return "∞"
	}
	return count(n)
}

// CoupleText writes a couple as a position plus a Nim-heap: "0*11 + *2", or "0*11" with no
// heap.
func CoupleText(s engine.ProofStep) string {
	if s.N == 0 {
		return s.Position
	}
	return s.Position + " + *" + strconv.Itoa(s.N)
}

// ProofTitle heads the progress of a proof-number search: how it stands, and of which phase.
func ProofTitle(p *engine.ProofProgress, recording, ended bool) string {
	s := "Best-first search (proof numbers)"
	if recording {
		s += ", recording the tree"
	}
	switch {
	case p.Proven():
		return s + ": proven"
	case ended:
		return s + ": stopped"
	}
	return s + ": running"
}

// DecidingText says which couple the search decides, and what each outcome of it would
// mean: the couple (P, n) is L exactly when P's nimber is n.
func DecidingText(p *engine.ProofProgress) string {
	n := strconv.Itoa(p.Root.N)
	if p.Proven() {
		if p.Won() {
			return fmt.Sprintf("Proven: %s is W (nimber ≠ %s)", CoupleText(p.Root), n)
		}
		return fmt.Sprintf("Proven: %s is L (nimber = %s)", CoupleText(p.Root), n)
	}
	s := fmt.Sprintf("Deciding %s: W if its nimber ≠ %s, L if = %s", CoupleText(p.Root), n, n)
	switch p.Left {
	case 0:
	case 1:
		s += "; then 1 more component"
	default:
		s += fmt.Sprintf("; then %d more components", p.Left)
	}
	return s
}

// NumbersText gives the root's proof numbers, which way they go in brief.
func NumbersText(p *engine.ProofProgress) string {
	return fmt.Sprintf("Proof numbers: to prove W %s, to prove L %s (the smaller, the nearer)",
		proofNumber(p.PN), proofNumber(p.DN))
}

// DAGText gives the size of the search's DAG of couples: now, or at its largest once the
// root is proven.
func DAGText(p *engine.ProofProgress) string {
	if p.Proven() {
		return fmt.Sprintf("DAG at its largest: %s couples, %s", count(int64(p.Largest)), memory(p.LargestBytes))
	}
	return fmt.Sprintf("DAG: %s couples, %s", count(int64(p.Couples)), memory(p.Bytes))
}

// PathTitle heads the most-proving path, or is "" when there is none (a proven root).
func PathTitle(p *engine.ProofProgress) string {
	switch {
	case len(p.Path) == 0:
		return ""
	case p.PathLen == 1:
		return "Most-proving path: the root itself is expanded next"
	}
	return fmt.Sprintf("Most-proving path, %s couples, from the root to the one expanded next:", count(int64(p.PathLen)))
}

// PathLines are the lines of the most-proving path: each couple with its depth, a line
// saying how many were left out where the path skips some, and the last marked as the one
// being expanded.
func PathLines(p *engine.ProofProgress) []string {
	var lines []string
	width := len(strconv.Itoa(p.PathLen - 1)) // the depths line up
	for i, s := range p.Path {
		if i > 0 && s.Depth > p.Path[i-1].Depth+1 {
			lines = append(lines, fmt.Sprintf("   ⋮  %s more", count(int64(s.Depth-p.Path[i-1].Depth-1))))
		}
		mark := "  "
		if i == len(p.Path)-1 {
			mark = "▸ "
		}
		lines = append(lines, fmt.Sprintf("%s%*d. %s", mark, width, s.Depth, CoupleText(s)))
	}
	return lines
}
