package draw

import (
	"math"
	"strings"
	"testing"
)

// count tallies the items of a picture by kind.
type count struct {
	rects, filled, circles, lines, texts int
}

func tally(p Picture) count {
	var c count
	for _, it := range p.Items {
		switch it.Op {
		case OpRect:
			c.rects++
			if it.Style.Fill == Ink {
				c.filled++
			}
		case OpCircle:
			c.circles++
		case OpLine:
			c.lines++
		case OpText:
			c.texts++
		}
	}
	return c
}

// texts returns the strings of a picture's text items.
func texts(p Picture) []string {
	var out []string
	for _, it := range p.Items {
		if it.Op == OpText {
			out = append(out, it.Text)
		}
	}
	return out
}

// checkSane fails unless p has a finite, positive size, some items, and every item inside
// its box (strokes may stick out by half their width).
func checkSane(t *testing.T, name string, p Picture) {
	t.Helper()
	if !(p.W > 0 && p.H > 0) || math.IsInf(p.W+p.H, 0) || len(p.Items) == 0 {
		t.Fatalf("%s: size %g x %g with %d items, want a positive size and items", name, p.W, p.H, len(p.Items))
	}
	const slack = 1.0
	inside := func(x, y float64) bool {
		return x >= -slack && y >= -slack && x <= p.W+slack && y <= p.H+slack
	}
	for i, it := range p.Items {
		ok := inside(it.Min.X, it.Min.Y)
		switch it.Op {
		case OpCircle:
			ok = inside(it.Min.X-it.R, it.Min.Y-it.R) && inside(it.Min.X+it.R, it.Min.Y+it.R)
		default:
			ok = ok && inside(it.Max.X, it.Max.Y)
		}
		if !ok {
			t.Errorf("%s: item %d (%+v) outside the %g x %g box", name, i, it, p.W, p.H)
		}
		if it.Op == OpText && (it.Text == "" || it.Size <= 0) {
			t.Errorf("%s: item %d: empty text or size %g", name, i, it.Size)
		}
	}
}

func TestPosition_Families(t *testing.T) {
	tests := []struct {
		game, pos string
		want      count // items of each kind the picture must have at least
		w, h      float64
	}{
		{"cram", "3x3", count{rects: 2, lines: 4}, 15, 15},
		{"cram", "##./.../...", count{rects: 4, filled: 2, lines: 4}, 15, 15},
		{"cram", "2x1 + 3x1", count{rects: 4, texts: 1}, 0, 15},
		{"chomp", "3 3 2 1", count{rects: 9, lines: 2}, 20, 15},
		{"chomp", "4x5", count{rects: 20, lines: 2}, 25, 20},
		{"nim", "3 5 7", count{circles: 15}, 7 * Token, 3 * Token},
		{"nim", "3 + 5", count{circles: 8, texts: 1}, 0, 0},
		{"nim", "27", count{circles: 7, texts: 1}, 0, 0},
		{"kayles", "4", count{circles: 4}, 4 * Token, Token},
		{"dawsons-kayles", "2 3", count{circles: 5}, 0, 0},
		{"dawsons-chess", "6", count{circles: 6}, 0, 0},
		{"lasker", "3 4", count{circles: 7}, 0, 0},
		{"grundys-game", "9", count{circles: 9}, 0, 0},
		{"octal:0.77", "12 7", count{circles: 14, texts: 1}, 0, 0},
		{"subtraction:1,3,4", "10", count{circles: 10}, 0, 0},
		{"boxing-match", "2x3", count{rects: 2, circles: 6, lines: 3}, 15, 10},
		{"boxing-match", "oo./ooo", count{rects: 2, circles: 5, lines: 3}, 15, 10},
		{"boxing-match", "o.o + 1x1", count{circles: 3, texts: 1}, 0, 0},
		{"breaking-chocolates", "bw/wb", count{rects: 4, filled: 2, lines: 2}, 10, 10},
		{"breaking-chocolates", "bw/wb w b", count{rects: 8, filled: 3}, 0, 10},
		{"sprouts", "0*11", count{texts: 1}, 0, 0},
		{"sprouts", "0.AB|AB", count{texts: 1}, 0, 0},
		{"hackenbush", "whatever", count{texts: 1}, 0, 0},
	}
	for _, tc := range tests {
		name := tc.game + " " + tc.pos
		p := Position(tc.game, tc.pos, nil)
		checkSane(t, name, p)
		got := tally(p)
		if got.rects < tc.want.rects || got.filled < tc.want.filled || got.circles < tc.want.circles ||
			got.lines < tc.want.lines || got.texts < tc.want.texts {
			t.Errorf("Position(%q, %q) has %+v, want at least %+v", tc.game, tc.pos, got, tc.want)
		}
		if (tc.w > 0 && p.W != tc.w) || (tc.h > 0 && p.H != tc.h) {
			t.Errorf("Position(%q, %q) is %g x %g, want %g x %g", tc.game, tc.pos, p.W, p.H, tc.w, tc.h)
		}
		if p.W > 200 || p.H > 200 {
			t.Errorf("Position(%q, %q) is %g x %g, too large for a node", tc.game, tc.pos, p.W, p.H)
		}
	}
}

// TestPosition_Empty: positions with nothing left show ∅ (a circle and a stroke).
func TestPosition_Empty(t *testing.T) {
	tests := []struct{ game, pos string }{
		{"cram", "##/##"}, {"cram", "0x0"}, {"chomp", "0 0"}, {"nim", "0"}, {"nim", ""},
		{"kayles", "0 0"}, {"sprouts", "!"}, {"sprouts", ""}, {"unknown", ""},
		{"boxing-match", "../.."}, {"breaking-chocolates", "0"},
	}
	want := Empty()
	for _, tc := range tests {
		p := Position(tc.game, tc.pos, nil)
		if got := tally(p); got != (count{circles: 1, lines: 1}) || p.W != want.W {
			t.Errorf("Position(%q, %q) = %+v, want the empty symbol", tc.game, tc.pos, got)
		}
	}
}

// TestPosition_Malformed: notations that do not parse fall back to their text.
func TestPosition_Malformed(t *testing.T) {
	tests := []struct{ game, pos string }{
		{"cram", "3y3"}, {"cram", "..x/..."}, {"cram", "../..."}, {"cram", "99x99"},
		{"chomp", "a b"}, {"chomp", "3 -1"}, {"nim", "3 -1"}, {"nim", "1e9999"},
		{"nim", strings.Repeat("1 ", 100)}, {"kayles", "3 ++ 4"},
		{"boxing-match", "ox/oo"}, {"breaking-chocolates", "bw/w"}, {"breaking-chocolates", "2x2"},
	}
	for _, tc := range tests {
		p := Position(tc.game, tc.pos, nil)
		checkSane(t, tc.game+" "+tc.pos, p)
		got := texts(p)
		if len(got) != 1 || p.Items[0].Font != Mono {
			t.Errorf("Position(%q, %q): texts %q, want the notation as one monospace text", tc.game, tc.pos, got)
		}
	}
}

// TestPosition_LongText cuts long notations.
func TestPosition_LongText(t *testing.T) {
	p := Position("sprouts", strings.Repeat("0.", 100)+"\x00", nil)
	got := texts(p)
	if len(got) != 1 || !strings.HasSuffix(got[0], "…") || len([]rune(got[0])) != maxText {
		t.Errorf("long notation drawn as %q, want %d characters ending in …", got, maxText)
	}
}

func TestLabel(t *testing.T) {
	tests := []struct {
		n      int
		losing bool
		want   string
	}{
		{0, true, "= 0"}, {3, true, "= 3"}, {0, false, "≠ 0"}, {12, false, "≠ 12"},
	}
	for _, tc := range tests {
		if got := Label(tc.n, tc.losing); got != tc.want {
			t.Errorf("Label(%d, %v) = %q, want %q", tc.n, tc.losing, got, tc.want)
		}
	}
}
