package workbench

import (
	"fmt"
	"strconv"

	"grundy/engine"
)

// The texts of a proof-number search's progress, for a person who never heard of proof
// numbers: which couple is being decided and what each outcome would mean, how near each
// outcome is, how large the search's memory has grown, and the path it follows down to the
// couple it works on.

// ProofHint says which way the proof numbers go, in one line under them.
const ProofHint = "each ≈ couples left to solve to prove it; 0: proven, ∞: impossible"

// MisereProofHint is ProofHint for a misère search, whose DAG holds positions, not couples.
const MisereProofHint = "each ≈ positions left to solve to prove it; 0: proven, ∞: impossible"

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

// ProofRows are the rows a proof-number search adds to the progress table, a name and a
// value each: above the counts, the couple decided (or proven), its proof numbers and which
// way they go, and the DAG's size (df-pn's: its table's); under them, the most-proving path.
// recording says the report is of the tree's recording, ended that its phase has ended.
func ProofRows(p *engine.ProofProgress, recording, ended bool) (top, bottom [][2]string) {
	if p.Misere {
		return misereRows(p, ended), nil
	}
	couple := CoupleText(p.Root)
	n := strconv.Itoa(p.Root.N)
	of := ""
	if recording {
		of = " (recording the tree)"
	}
	if p.Proven() {
		outcome := "L (nimber = " + n + ")"
		if p.Won() {
			outcome = "W (nimber ≠ " + n + ")"
		}
		return [][2]string{
			{"Proven", couple + " is " + outcome},
			{memoryName(p), fmt.Sprintf("at its largest %s couples, %s", count(int64(p.Largest)), memory(p.LargestBytes))},
		}, nil
	}
	decide := "Deciding"
	if ended {
		decide = "Stopped at"
	}
	then := ""
	switch p.Left {
	case 0:
	case 1:
		then = "; then 1 more component"
	default:
		then = fmt.Sprintf("; then %d more components", p.Left)
	}
	dag := ""
	top = [][2]string{{decide, fmt.Sprintf("%s: W if its nimber ≠ %s, L if = %s%s%s", couple, n, n, then, of)}}
	if p.Options > 0 {
		// A team splits the couple at its options: the numbers, under the option, are those
		// of the option the first worker proves.
		top = append(top,
			[2]string{"Options", fmt.Sprintf("%s of %s proven W; one proven L would decide it W", count(int64(p.OptionsWon)), count(int64(p.Options)))},
			[2]string{"Worker 1 proves", CoupleText(p.Option)})
		dag = "worker 1's: "
	}
	top = append(top, nearestRows(p)...)
	top = append(top,
		[2]string{"Proof numbers", fmt.Sprintf("to prove W %s, to prove L %s (the smaller, the nearer)", proofNumber(p.PN), proofNumber(p.DN))},
		[2]string{"", ProofHint},
		[2]string{memoryName(p), fmt.Sprintf("%s%s couples, %s%s", dag, count(int64(p.Couples)), memory(p.Bytes), tableNote(p))})
	if len(p.Path) == 0 {
		return top, nil
	}
	bottom = [][2]string{{"Path", PathTitle(p)}}
	for _, l := range PathLines(p) {
		bottom = append(bottom, [2]string{"", l})
	}
	return top, bottom
}

// misereRows are the rows of a misère search by proof numbers, which decides a whole
// position (no heap, no nimber) over a DAG of positions: its options refuted, and the move
// nearest to a win with its replies answered.
func misereRows(p *engine.ProofProgress, ended bool) [][2]string {
	if p.Proven() {
		outcome := "L under misère play: every move leads to a win for the opponent"
		if p.Won() {
			outcome = "W under misère play: a move leads to a loss for the opponent"
		}
		return [][2]string{{"Proven", p.Root.Position + " is " + outcome}}
	}
	decide := "Deciding"
	if ended {
		decide = "Stopped at"
	}
	options := fmt.Sprintf("%s of %s refuted (won for the opponent); all refuted would make it L",
		count(int64(p.RootRefuted)), count(int64(p.RootOptions)))
	rows := [][2]string{
		{decide, p.Root.Position + " under misère play: W if one of its moves leads to a loss for the opponent"},
		{"Options", options},
	}
	rows = append(rows, nearestRows(p)...)
	return append(rows,
		[2]string{"Proof numbers", fmt.Sprintf("to prove W %s, to prove L %s (the smaller, the nearer)", proofNumber(p.PN), proofNumber(p.DN))},
		[2]string{"", MisereProofHint},
		[2]string{"DAG", fmt.Sprintf("%s positions, %s", count(int64(p.Couples)), memory(p.Bytes))})
}

// nearestRows is the row of the move nearest to a win, with its replies answered, once the
// search has made them; none before.
func nearestRows(p *engine.ProofProgress) [][2]string {
	if p.Replies == 0 {
		return nil
	}
	return [][2]string{{"Nearest to W", fmt.Sprintf("a move with %s of its %s replies answered; all would make it W",
		count(int64(p.Answered)), count(int64(p.Replies)))}}
}

// memoryName names what a search keeps of its couples: a proof-number search its DAG, df-pn
// a transposition table.
func memoryName(p *engine.ProofProgress) string {
	if p.Table {
		return "Table"
	}
	return "DAG"
}

// tableNote says, after df-pn's table size, what the table is.
func tableNote(p *engine.ProofProgress) string {
	if p.Table {
		return " (df-pn keeps the numbers of the couples it left, not a DAG)"
	}
	return ""
}

// PathTitle heads the most-proving path: the way from the root to the couple the search
// expands next, where a proof is nearest; df-pn's is the stack of couples it searches.
func PathTitle(p *engine.ProofProgress) string {
	way := "most proving"
	if p.Table {
		way = "depth first"
	}
	if p.PathLen == 1 {
		return way + ": the root itself is expanded next"
	}
	return fmt.Sprintf("%s, %s couples, root to the one expanded next (→):", way, count(int64(p.PathLen)))
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
			mark = "→ "
		}
		lines = append(lines, fmt.Sprintf("%s%*d. %s", mark, width, s.Depth, CoupleText(s)))
	}
	return lines
}
