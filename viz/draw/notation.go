package draw

import (
	"strconv"
	"strings"
)

// Limits past which a notation is shown as text: a picture that large would be unreadable at
// a node's size anyway, and the limits keep a hostile string from allocating much.
const (
	maxSide  = 40 // rows or columns of a board
	maxHeaps = 16 // heaps in one picture
	maxTerms = 8  // components of a sum
)

// A family is how a game's positions are drawn.
type family uint8

const (
	textual family = iota // the notation as text
	boards                // Cram: a grid of free and filled cells
	chomps                // Chomp: columns of squares
	heaps                 // heap games: rows of tokens
	stones                // Boxing Match: a grid of cells holding a stone or not
	bars                  // Breaking Chocolates: bars of black and white cells
)

// familyOf returns how to draw positions of game, named as in the games registry.
func familyOf(game string) family {
	switch {
	case game == "cram":
		return boards
	case game == "chomp":
		return chomps
	case game == "boxing-match":
		return stones
	case game == "breaking-chocolates":
		return bars
	case strings.HasPrefix(game, "octal:"), strings.HasPrefix(game, "subtraction:"):
		return heaps
	}
	switch game {
	case "nim", "kayles", "dawsons-kayles", "dawsons-chess", "lasker", "grundys-game":
		return heaps
	}
	return textual
}

// splitSum splits a sum "A + B" into its trimmed terms. It returns nil when a term is empty
// or there are too many, so that the caller shows the notation as text.
func splitSum(s string) []string {
	parts := strings.Split(s, "+")
	if len(parts) > maxTerms {
		return nil
	}
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
		if parts[i] == "" && len(parts) > 1 {
			return nil
		}
	}
	return parts
}

// parseDims reads "RxC"; ok is false when s is not of that form or too large.
func parseDims(s string) (r, c int, ok bool) {
	rs, cs, found := strings.Cut(strings.ToLower(s), "x")
	if !found {
		return 0, 0, false
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || r < 0 || c < 0 || r > maxSide || c > maxSide {
		return 0, 0, false
	}
	return r, c, true
}

// parseCram reads a Cram board, "RxC" or rows of '.' (free) and '#' (filled) joined by '/',
// as rows of cells, true where filled.
func parseCram(s string) ([][]bool, bool) { return parseGrid(s, '#', '.', false) }

// parseChomp reads a Chomp board, "RxC" or column heights from left to right.
func parseChomp(s string) ([]int, bool) {
	if r, c, ok := parseDims(s); ok {
		cols := make([]int, c)
		for i := range cols {
			cols[i] = r
		}
		return cols, true
	}
	cols, ok := parseInts(s, maxSide)
	if !ok || len(cols) > maxSide {
		return nil, false
	}
	return cols, true
}

// parseHeaps reads heap sizes separated by spaces (or commas).
func parseHeaps(s string) ([]int, bool) {
	hs, ok := parseInts(s, -1)
	if !ok || len(hs) > maxHeaps {
		return nil, false
	}
	return hs, true
}

// parseInts reads non-negative integers separated by spaces or commas, each at most limit
// when limit ≥ 0.
func parseInts(s string, limit int) ([]int, bool) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(fields) > maxHeaps*4 {
		return nil, false
	}
	out := make([]int, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || (limit >= 0 && n > limit) {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}
