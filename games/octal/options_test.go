package octal

import (
	"slices"
	"strings"
	"testing"

	"grundy/engine"
)

// heapOptionTests give the exact options of one heap, as CGSuite's TBCodeTest does: each
// option is the String of the position reached, the list sorted.
var heapOptionTests = []struct {
	game string
	heap int
	want string // options separated by " | "
}{
	{"kayles", 0, ""},
	{"kayles", 1, "0"},
	{"kayles", 2, "0 | 1"},
	{"kayles", 3, "1 | 1 1 | 2"},
	{"kayles", 4, "1 1 | 2 | 2 1 | 3"},
	{"kayles", 5, "2 1 | 2 2 | 3 | 3 1 | 4"},
	{"dawsons-kayles", 1, ""},
	{"dawsons-kayles", 2, "0"},
	{"dawsons-kayles", 3, "1"},
	{"dawsons-kayles", 5, "2 1 | 3"},
	{"dawsons-chess", 1, "0"},
	{"dawsons-chess", 2, "0"},
	{"dawsons-chess", 3, "0 | 1"},
	{"dawsons-chess", 5, "1 1 | 2 | 3"}, // shared/seeds/004: [3], [2] and [1] # [1]
	{"dawsons-chess", 7, "2 2 | 3 1 | 4 | 5"},
	{"octal:4.7", 1, "0"},
	{"octal:4.7", 3, "1 1 | 2 | 2 1"},
	{"octal:4.0", 5, "3 2 | 4 1"},
	{"octal:0.6", 1, ""},
	{"octal:0.6", 4, "2 1 | 3"},
	{"octal:0.51", 1, "0"},
	{"octal:0.51", 2, "0"},
	{"octal:0.51", 4, "2 1"},
	{"octal:0.123", 3, "0 | 1"},
	{"octal:0.123", 4, "1 | 2"},
	{"octal:0.04", 5, "2 1"},
	{"lasker", 3, "0 | 1 | 2 | 2 1"},
	{"lasker", 4, "0 | 1 | 2 | 2 2 | 3 | 3 1"},
	{"grundys-game", 2, ""},
	{"grundys-game", 4, "3 1"},
	{"grundys-game", 6, "4 2 | 5 1"},
	{"subtraction:1,3,4", 4, "0 | 1 | 3"},
	{"subtraction:1,3,4", 5, "1 | 2 | 4"},
	{"subtraction:2,5,7", 7, "0 | 2 | 5"},
}

func TestHeapOptions(t *testing.T) {
	for _, tt := range heapOptionTests {
		g := lookup(t, tt.game)
		if got := optionStrings(g.Heap(tt.heap)); got != tt.want {
			t.Errorf("%s Heap(%d) options = %q, want %q", tt.game, tt.heap, got, tt.want)
		}
	}
}

// optionStrings returns the Strings of p's options, sorted and joined with " | ".
func optionStrings(p engine.Position) string {
	var opts []string
	for o := range p.Options() {
		opts = append(opts, o.String())
	}
	slices.Sort(opts)
	return strings.Join(opts, " | ")
}

func TestPositionOptions(t *testing.T) {
	tests := []struct{ game, pos, want string }{
		{"kayles", "0", ""},
		{"kayles", "1 2", "1 | 1 1 | 2"}, // emptied heaps disappear
		{"kayles", "2 2", "1 2 | 2"},     // the second heap would give the same positions
		{"dawsons-kayles", "1 3", "1 1"},
		{"grundys-game", "4 2 5", "3 1 2 5 | 4 2 3 2 | 4 2 4 1"},
	}
	for _, tt := range tests {
		p := parsePos(t, tt.game, tt.pos)
		if got := optionStrings(p); got != tt.want {
			t.Errorf("%s %q options = %q, want %q", tt.game, tt.pos, got, tt.want)
		}
	}
}

func TestSplit(t *testing.T) {
	tests := []struct{ game, pos, want string }{
		{"kayles", "0", ""},
		{"kayles", "5", "5"},
		{"kayles", "5 3 5", "5 | 3 | 5"},
		{"dawsons-kayles", "1 5", "5"},
		{"dawsons-kayles", "1 1", ""},
		{"grundys-game", "2 7 1", "7"},
	}
	for _, tt := range tests {
		p := parsePos(t, tt.game, tt.pos)
		var parts []string
		for _, c := range p.Split() {
			parts = append(parts, c.String())
			if n := len(c.Split()); n != 1 {
				t.Errorf("%s %q: component %q splits in %d, want 1", tt.game, tt.pos, c, n)
			}
		}
		if got := strings.Join(parts, " | "); got != tt.want {
			t.Errorf("%s Split(%q) = %q, want %q", tt.game, tt.pos, got, tt.want)
		}
	}
}

// TestOptionsUnchanged checks that walking the options of a position leaves it as it was
// (dragontoothmg's perft check), and that the options round-trip through their notation.
func TestOptionsUnchanged(t *testing.T) {
	for _, name := range []string{"kayles", "dawsons-chess", "lasker", "grundys-game", "octal:4.7", "subtraction:1,3,4"} {
		g := lookup(t, name)
		p := parsePos(t, name, "7 3 9 3")
		str, key, heaps := p.String(), p.Key(), p.(Position).Heaps()
		for o := range p.Options() {
			checkRoundTrip(t, g, o)
			for range o.Options() {
			}
		}
		if p.String() != str || p.Key() != key || !slices.Equal(p.(Position).Heaps(), heaps) {
			t.Errorf("%s: options changed %q (key %q) into %q (key %q)", name, str, key, p.String(), p.Key())
		}
	}
}

// TestOptionCounts counts the paths of 0 to 3 moves, perft style, from a Kayles row of 6.
// Depth 1 is the 6 options: take 1 or 2 pins, leaving 5, 4+1, 3+2, 4, 3+1, 2+2. The counts
// were checked with a separate Python enumeration; a heap equal to an earlier one adds no
// options.
func TestOptionCounts(t *testing.T) {
	p := Kayles().Heap(6)
	want := []int{1, 6, 25, 68}
	for depth, w := range want {
		if got := perft(p, depth); got != w {
			t.Errorf("perft(kayles 6, %d) = %d, want %d", depth, got, w)
		}
	}
}

// perft counts the paths of depth moves from p.
func perft(p engine.Position, depth int) int {
	if depth == 0 {
		return 1
	}
	n := 0
	for o := range p.Options() {
		n += perft(o, depth-1)
	}
	return n
}

func TestOptionsStop(t *testing.T) {
	p := Lasker().Heap(10)
	n := 0
	for range p.Options() {
		n++
		if n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("options after break = %d, want 3", n)
	}
}

// parsePos parses pos in the game named game or stops the test.
func parsePos(t testing.TB, game, pos string) engine.Position {
	t.Helper()
	p, err := lookup(t, game).Parse(pos)
	if err != nil {
		t.Fatalf("%s Parse(%q) error = %v", game, pos, err)
	}
	return p
}
