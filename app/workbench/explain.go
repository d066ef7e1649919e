package workbench

import (
	"errors"
	"fmt"
	"strings"

	"grundy/engine"
	"grundy/games"
)

// Couple names the couple of node n as the paper writes it: "(P, n)".
func Couple(n *engine.Node) string { return fmt.Sprintf("(%s, %d)", n.Position, n.N) }

// labelIn is Label of node id of t; in a misère tree by forms, "= 0" or "≠ 0", as in the
// other misère trees (the node's n is its form).
func labelIn(t *engine.Tree, id int) string {
	n := &t.Nodes[id]
	if len(t.Forms) > 0 {
		return Label(&engine.Node{Result: n.Result})
	}
	return Label(n)
}

// Label is the node's label in the tree: "= n" for L, "≠ n" for W.
func Label(n *engine.Node) string {
	if n.Losing() {
		return fmt.Sprintf("= %d", n.N)
	}
	return fmt.Sprintf("≠ %d", n.N)
}

// Why explains, in words, why node id of t holds, from its children (DESIGN.md "Solution
// trees"): an L couple has every option as a child, each W; a W couple has one losing child;
// a sum node has its components' nimbers and the final couple.
func Why(t *engine.Tree, id int) string {
	n := &t.Nodes[id]
	switch {
	case t.Convention == engine.Misere:
		return whyMisere(t, n)
	case n.Kind == engine.KindSum:
		return whySum(t, n)
	case n.Losing():
		return whyLosing(t, n)
	default:
		return whyWinning(t, n)
	}
}

// whyLosing explains an L node: every option of the couple is winning.
func whyLosing(t *engine.Tree, n *engine.Node) string {
	moves, heap := 0, 0
	for _, c := range n.Children {
		if t.Nodes[c].Position == n.Position {
			heap++
		} else {
			moves++
		}
	}
	if len(n.Children) == 0 {
		return fmt.Sprintf("L: %s has no option at all, so the player to move loses and the nimber of %s is 0.", Couple(n), n.Position)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "L: the nimber of %s is %d. Every option of the couple %s is winning, so the couple is losing:", n.Position, n.N, Couple(n))
	if moves > 0 {
		fmt.Fprintf(&b, " the %s in the position lead to positions proven ≠ %d;", plural(moves, "move", "moves"), n.N)
	}
	if heap > 0 {
		fmt.Fprintf(&b, " the %s in the heap lead to (%s, i) for i < %d, each proven winning, since the nimber of %s is not i", plural(heap, "move", "moves"), n.Position, n.N, n.Position)
	}
	return strings.TrimSuffix(b.String(), ";") + "."
}

// whyWinning explains a W node by its one losing option.
func whyWinning(t *engine.Tree, n *engine.Node) string {
	if len(n.Children) != 1 {
		return fmt.Sprintf("W: the nimber of %s is not %d (the tree gives %d children, not the one losing option).", n.Position, n.N, len(n.Children))
	}
	c := &t.Nodes[n.Children[0]]
	if c.Position == n.Position {
		return fmt.Sprintf("W: the nimber of %s is not %d, because it is %d: taking the heap from %d down to %d gives %s, which is losing.",
			n.Position, n.N, c.N, n.N, c.N, Couple(c))
	}
	return fmt.Sprintf("W: the nimber of %s is not %d, because the move to %s gives the couple %s, which is losing: the nimber of %s is %d.",
		n.Position, n.N, c.Position, Couple(c), c.Position, c.N)
}

// whySum explains a sum node (Algorithm 2): the components' nimbers, then the last couple.
func whySum(t *engine.Tree, n *engine.Node) string {
	// A sum node may leave out equal components two by two (engine.Check): P + P is 0.
	if len(n.Children) == 0 {
		return fmt.Sprintf("The components of %s cancel in pairs: P + P has nimber 0 (the mirror strategy), so the sum's nimber is 0 and the couple %s is %s.",
			n.Position, Couple(n), outcomeWord(n.Losing()))
	}
	kids := n.Children
	last := &t.Nodes[kids[len(kids)-1]]
	if len(kids) == 1 {
		return fmt.Sprintf("Equal components of %s cancel in pairs (P + P has nimber 0, the mirror strategy), and %s is left: the couple %s is %s, and so is the sum.",
			n.Position, last.Position, Couple(last), outcomeWord(last.Losing()))
	}
	var b strings.Builder
	if all := componentCount(t.Game, n.Position); all > len(kids) {
		fmt.Fprintf(&b, "The position splits into %d independent components (Algorithm 2); equal ones cancel in pairs (P + P has nimber 0, the mirror strategy), and %d are left.", all, len(kids))
	} else {
		fmt.Fprintf(&b, "The position splits into %d independent components (Algorithm 2).", len(kids))
	}
	x := n.N
	var terms []string
	for _, k := range kids[:len(kids)-1] {
		c := &t.Nodes[k]
		fmt.Fprintf(&b, " %s has nimber %d.", c.Position, c.N)
		terms = append(terms, fmt.Sprint(c.N))
		x ^= c.N
	}
	fmt.Fprintf(&b, " So the last component, %s, is played against the heap %d ⊕ %s = %d: the couple %s is %s",
		last.Position, n.N, strings.Join(terms, " ⊕ "), x, Couple(last), outcomeWord(last.Losing()))
	fmt.Fprintf(&b, ", and so is the sum: %s.", outcomeWord(n.Losing()))
	return b.String()
}

// componentCount is the number of components of the position pos of game, or 0 when it
// cannot be read (an unknown game).
func componentCount(game, pos string) int {
	g, err := games.Lookup(game)
	if err != nil {
		return 0
	}
	p, err := games.Parse(g, pos)
	if err != nil {
		return 0
	}
	return len(p.Split())
}

func outcomeWord(losing bool) string {
	if losing {
		return "losing (L)"
	}
	return "winning (W)"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Claim says what node id of t claims, without saying that it holds: the explanation of a
// node of a tree that is not verified.
func Claim(t *engine.Tree, id int) string {
	n := &t.Nodes[id]
	if t.Convention == engine.Misere { // no nimbers: the outcome under misère play
		return fmt.Sprintf("The tree claims that %s is %s under misère play, for the player to move.", t.Couple(id), outcomeWord(n.Losing()))
	}
	what := "couple"
	if n.Kind == engine.KindSum {
		what = "sum"
	}
	if n.Losing() {
		return fmt.Sprintf("The tree claims that the %s %s is losing (L), that is, that the nimber of %s is %d.", what, Couple(n), n.Position, n.N)
	}
	return fmt.Sprintf("The tree claims that the %s %s is winning (W), that is, that the nimber of %s is not %d.", what, Couple(n), n.Position, n.N)
}

// Unverified explains node id of t when the check of t has not passed, as v says: why
// nothing is proven yet, or why the tree is not a proof, then what the node claims.
func Unverified(t *engine.Tree, id int, v Verdict) string {
	claim := Claim(t, id)
	switch v.State {
	case Checking:
		return fmt.Sprintf("Not verified yet: the tree is being checked against the rules of %s. %s", t.Game, claim)
	case NotAProof:
		if v.Node == id {
			return fmt.Sprintf("Not a proof: this node fails the check: %s. %s", failure(v), claim)
		}
		if v.Node >= 0 && v.Node < len(t.Nodes) {
			return fmt.Sprintf("Not a proof: the check fails at node %d, %s: %s. So nothing this tree claims is proven. %s",
				v.Node, Couple(&t.Nodes[v.Node]), failure(v), claim)
		}
		return fmt.Sprintf("Not a proof: %s. So nothing this tree claims is proven. %s", failure(v), claim)
	}
	return fmt.Sprintf("Not verified: this tree was not checked against the rules of %s. %s", t.Game, claim)
}

// failure is why a tree is not a proof: the reason a node fails, or the error.
func failure(v Verdict) string {
	var ce *engine.CheckError
	if errors.As(v.Err, &ce) {
		return ce.Why
	}
	if v.Err == nil {
		return "unknown reason"
	}
	return v.Err.Error()
}
