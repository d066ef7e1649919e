package draw

import (
	"strconv"
	"strings"
)

// A Couple is what a node of a solution tree shows: the couple (Position, N) and what was
// proven about it. It mirrors engine.Node without importing the engine.
type Couple struct {
	Game     string // the tree's game, which picks how positions are drawn
	Position string // the position's notation; a sum's terms are joined by " + "
	N        int    // the heap of the couple
	Losing   bool   // L: the nimber of Position is N ("= N"); W: it is not ("≠ N")
	Sum      bool   // the position splits into independent components
	// Form, in a misère tree by forms, is the index of the form beside the position (0:
	// none): the label reads "+ F5 = 0".
	Form int
	// Parts is what a sum node's children prove about its components, in order: the node
	// shows these components joined by "+", each with its label, rather than Position.
	Parts []Fact
	// Cut marks a node whose children are left out of the drawing: a "…" stub hangs below.
	Cut bool
	// Repeat marks a node proven in full elsewhere in the drawing (a transposition).
	Repeat bool
	// Drawing, when set, is the picture of Position, drawn by the caller (a Sprouts position
	// as spots and curves, see SproutsTree), shown instead of the picture of its notation.
	Drawing *Picture
	// PartDrawings, when set, holds the pictures of a sum's components, in the order of
	// Parts; a nil one is drawn from its notation.
	PartDrawings []*Picture
}

// A Fact is one proven couple: Position's nimber is N (Losing) or is not N.
type Fact struct {
	Position string
	N        int
	Losing   bool
}

// Label returns the paper's notation of a couple's result (Figure 11): "= n" when it is
// losing (the nimber is n), "≠ n" when it is winning.
func Label(n int, losing bool) string {
	if losing {
		return "= " + strconv.Itoa(n)
	}
	return "≠ " + strconv.Itoa(n)
}

// Outcome returns the outcome letter of a couple, "L" or "W".
func Outcome(losing bool) string {
	if losing {
		return "L"
	}
	return "W"
}

// Node returns the picture of one node: the position inside a frame, solid on white for an
// L node and dashed on a light shade for a W node, with the label ("= n" or "≠ n") and the
// outcome letter under the position. A repeated node says "repeat" inside its frame (below
// it, the edges of neighbours could cross the word); a cut node has a short edge ending in
// an ellipsis below its frame. m measures text; nil means Estimate.
func Node(c Couple, m Measurer) Picture {
	if m == nil {
		m = Estimate{}
	}
	content := nodeContent(c, m)
	label, letter := Label(c.N, c.Losing), Outcome(c.Losing)
	if c.Form > 0 {
		label = "+ F" + strconv.Itoa(c.Form) + "  " + label
	}
	lw := m.Measure(label, Serif, LabelSize)
	ow := m.Measure(letter, Serif, letterSize)
	const gap = 2.5
	rowW := lw + gap + ow
	noteW, noteH := 0.0, 0.0
	if c.Repeat {
		noteW, noteH = m.Measure(repeatNote, Serif, partSize), partSize
	}
	fw := max(content.W, rowW, noteW) + 2*pad
	fh := pad + content.H + 1.5 + rowHeight + noteH + pad/3

	frame := Picture{W: fw, H: fh}
	style := WinningFrame
	if c.Losing {
		style = LosingFrame
	}
	frame.rect(0, 0, fw, fh, style)
	frame.Add(content, (fw-content.W)/2, pad)
	x, y := (fw-rowW)/2, pad+content.H+1.5
	frame.text(label, Serif, LabelSize, x, y, x+lw, y+rowHeight, Ink)
	frame.text(letter, Serif, letterSize, x+lw+gap, y, x+rowW, y+rowHeight, Grey)
	if c.Repeat {
		y += rowHeight - 1
		frame.text(repeatNote, Serif, partSize, (fw-noteW)/2, y, (fw+noteW)/2, y+noteH, Grey)
		return frame
	}
	if c.Cut {
		return withStub(frame)
	}
	return frame
}

// repeatNote marks a node proven in full elsewhere in the drawing.
const repeatNote = "repeat"

// nodeContent draws the position of c. A sum node shows its components as its children
// name them, joined by "+", each with what was proven about it (Figure 10): the engine
// records a sum's position whole, and its children are the components' couples.
func nodeContent(c Couple, m Measurer) Picture {
	if !c.Sum || len(c.Parts) < 2 || len(c.Parts) > maxTerms {
		if c.Drawing != nil {
			return *c.Drawing
		}
		return Position(c.Game, c.Position, m)
	}
	parts := make([]string, len(c.Parts))
	labels := make([]string, len(c.Parts))
	for i, f := range c.Parts {
		parts[i], labels[i] = strings.TrimSpace(f.Position), Label(f.N, f.Losing)
	}
	return terms(c.Game, parts, labels, c.PartDrawings, m)
}

// withStub adds below frame a short edge ending in an ellipsis, for the children that are
// not drawn. The ellipsis is drawn as dots, so that it needs no glyph and sits where the
// edge stops. A cut node is at the last level drawn, so no edge passes beside its stub.
func withStub(frame Picture) Picture {
	p := Picture{W: frame.W, H: frame.H + stubHeight}
	p.Add(frame, 0, 0)
	mid, y := p.W/2, frame.H+stubHeight*0.55
	p.line(mid, frame.H, mid, y-1.5, EdgeStyle)
	for i := -1; i <= 1; i++ {
		p.circle(mid+float64(i)*1.6, y+1, 0.5, tokenStyle)
	}
	return p
}

// terms draws the terms of a sum side by side, vertically centred, with "+" between them and
// each term's label, when it has one, under it. A term with a picture in drawn is shown so.
func terms(game string, parts, labels []string, drawn []*Picture, m Measurer) Picture {
	pics := make([]Picture, len(parts))
	top, labelled := 0.0, false
	for i, s := range parts {
		if i < len(drawn) && drawn[i] != nil {
			pics[i] = *drawn[i]
		} else {
			pics[i] = component(game, s, m)
		}
		top = max(top, pics[i].H)
		labelled = labelled || (i < len(labels) && labels[i] != "")
	}
	plus := m.Measure("+", Serif, LabelSize) + 4
	var p Picture
	p.H = top
	if labelled {
		p.H += rowHeight
	}
	for i, q := range pics {
		if i > 0 {
			p.text("+", Serif, LabelSize, p.W, 0, p.W+plus, top, Ink)
			p.W += plus
		}
		w := q.W
		if i < len(labels) && labels[i] != "" {
			lw := m.Measure(labels[i], Serif, partSize)
			w = max(w, lw)
			p.text(labels[i], Serif, partSize, p.W+(w-lw)/2, top, p.W+(w+lw)/2, p.H, Ink)
		}
		p.Add(q, p.W+(w-q.W)/2, (top-q.H)/2)
		p.W += w
	}
	return p
}
