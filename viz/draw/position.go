package draw

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxTokens is the largest heap drawn token by token; a larger one is drawn short, with its
// size written beside it.
const maxTokens = 10

// maxText is the number of characters of a notation shown as text before it is cut with "…".
const maxText = 28

// Position returns the picture of a position of game from its notation (DESIGN.md
// "Position notations"): a Cram board as a grid, a Chomp board as columns of squares with
// the poisoned one crossed, heaps as rows of tokens, a Boxing Match board as cells holding
// stones, Breaking Chocolates as bars of black and white cells, anything else (Sprouts, unknown games,
// malformed notations) as monospace text. A sum "A + B" shows its terms side by side, and an
// empty position the symbol ∅. m measures text; nil means Estimate.
func Position(game, pos string, m Measurer) Picture {
	if m == nil {
		m = Estimate{}
	}
	parts := splitSum(pos)
	if parts == nil {
		return textPicture(pos, m)
	}
	if len(parts) == 1 {
		return component(game, parts[0], m)
	}
	return terms(game, parts, nil, nil, m)
}

// component draws one term of a position.
func component(game, s string, m Measurer) Picture {
	switch familyOf(game) {
	case boards:
		if rows, ok := parseCram(s); ok {
			return cramPicture(rows)
		}
	case chomps:
		if cols, ok := parseChomp(s); ok {
			return chompPicture(cols)
		}
	case heaps:
		if hs, ok := parseHeaps(s); ok {
			return heapsPicture(hs, m)
		}
	case stones:
		if rows, ok := parseGrid(s, 'o', '.', true); ok {
			return stonesPicture(rows)
		}
	case bars:
		if bs, ok := parseBars(s); ok {
			return barsPicture(bs)
		}
	default:
		if s == "" || s == "!" {
			return Empty()
		}
	}
	return textPicture(s, m)
}

// Empty returns the picture of a position with nothing left to play: the symbol ∅, drawn
// with a circle and a stroke so that it needs no glyph.
func Empty() Picture {
	const side, r = 10.0, 3.4
	p := Picture{W: side, H: side}
	p.circle(side/2, side/2, r, emptyStyle)
	p.line(side/2-r*0.9, side/2+r*1.3, side/2+r*0.9, side/2-r*1.3, emptyStyle)
	return p
}

// textPicture shows s in monospace, cut to maxText characters.
func textPicture(s string, m Measurer) Picture {
	s = strings.Map(func(r rune) rune {
		if r < ' ' || r == utf8.RuneError {
			return '?'
		}
		return r
	}, s)
	if utf8.RuneCountInString(s) > maxText {
		s = string([]rune(s)[:maxText-1]) + "…"
	}
	if s == "" {
		return Empty()
	}
	w := m.Measure(s, Mono, monoSize)
	p := Picture{W: w, H: rowHeight}
	p.text(s, Mono, monoSize, 0, 0, w, rowHeight, Ink)
	return p
}

// cramPicture draws a board, filled cells dark; a board with no free cell is Empty.
func cramPicture(rows [][]bool) Picture {
	if len(rows) == 0 || len(rows[0]) == 0 || allFilled(rows) {
		return Empty()
	}
	return grid(rows, func(p *Picture, x, y float64, filled bool) {
		if filled {
			p.rect(x, y, x+Cell, y+Cell, filledStyle)
		}
	})
}

// allFilled reports whether no cell of rows is free.
func allFilled(rows [][]bool) bool {
	for _, row := range rows {
		for _, f := range row {
			if !f {
				return false
			}
		}
	}
	return true
}

// chompPicture draws columns of squares standing on a common baseline, the bottom-left
// (poisoned) square crossed.
func chompPicture(cols []int) Picture {
	top := 0
	for _, h := range cols {
		top = max(top, h)
	}
	if top == 0 {
		return Empty()
	}
	p := Picture{W: float64(len(cols)) * Cell, H: float64(top) * Cell}
	for i, h := range cols {
		for j := range h {
			x, y := float64(i)*Cell, float64(top-1-j)*Cell
			p.rect(x, y, x+Cell, y+Cell, squareStyle)
		}
	}
	if cols[0] > 0 {
		const in = 1.1
		y := p.H - Cell
		p.line(in, y+in, Cell-in, p.H-in, poisonStyle)
		p.line(in, p.H-in, Cell-in, y+in, poisonStyle)
	}
	return p
}

// heapsPicture draws one row of tokens per non-empty heap, left-aligned; no heap is Empty.
func heapsPicture(hs []int, m Measurer) Picture {
	var p Picture
	for _, h := range hs {
		if h == 0 {
			continue
		}
		row := heapRow(h, m)
		p.Add(row, 0, p.H)
		p.W = max(p.W, row.W)
		p.H += row.H
	}
	if p.H == 0 {
		return Empty()
	}
	return p
}

// heapRow draws one heap: h tokens, or for a large heap two tokens, an ellipsis, two tokens
// and the size.
func heapRow(h int, m Measurer) Picture {
	const r = Token * 0.36
	p := Picture{H: Token}
	if h > maxTokens {
		p.H = partSize * 1.1 // room for the size written beside
	}
	dot := func() {
		p.circle(p.W+Token/2, p.H/2, r, tokenStyle)
		p.W += Token
	}
	if h <= maxTokens {
		for range h {
			dot()
		}
		return p
	}
	dot()
	dot()
	for i := range 3 { // an ellipsis on the tokens' midline, drawn so that it needs no glyph
		p.circle(p.W+1.5+float64(i)*1.5, p.H/2, 0.45, tokenStyle)
	}
	p.W += 4.5
	dot()
	dot()
	n := strconv.Itoa(h)
	w := m.Measure(n, Serif, partSize)
	p.text(n, Serif, partSize, p.W+1.5, 0, p.W+1.5+w, p.H, Ink)
	p.W += 1.5 + w
	return p
}
