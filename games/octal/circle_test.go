package octal

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games/parse"
)

// pennRow is one line of seed 004's table: a row of n dots, its value, and a winning move.
type pennRow struct {
	n, value int
	move     []int // the rows the winning move leaves; nil when there is none
}

func readPenn(t *testing.T) []pennRow {
	t.Helper()
	f, err := os.Open("testdata/penn-seed004.table")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []pennRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		var r pennRow
		r.n, _ = strconv.Atoi(fields[0])
		r.value, _ = strconv.Atoi(fields[1])
		if fields[2] != "-" {
			r.move = []int{}
			for _, s := range fields[2:] {
				if h, _ := strconv.Atoi(s); h > 0 {
					r.move = append(r.move, h)
				}
			}
		}
		rows = append(rows, r)
	}
	if len(rows) != 21 {
		t.Fatalf("testdata/penn-seed004.table has %d rows, want 0 to 20", len(rows))
	}
	return rows
}

// TestPennTable checks seed 004's table of the row game, Dawson's chess, up to 20 dots: the
// values, from the sieve and from plain mex, and that each winning move it gives is an
// option that leaves nimber 0.
func TestPennTable(t *testing.T) {
	g := DawsonsChess()
	values, _, _, err := g.Nimbers(context.Background(), 20)
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]int{}
	for _, r := range readPenn(t) {
		if values[r.n] != r.value || mexNimber(g.Heap(r.n), memo) != r.value {
			t.Errorf("dawsons-chess Nimber(%d) = %d (mex %d), want %d", r.n, values[r.n], mexNimber(g.Heap(r.n), memo), r.value)
		}
		if r.move == nil {
			continue
		}
		want := Position{g: g}
		for _, h := range r.move {
			want.heaps = append(want.heaps, int32(h))
		}
		found := false
		for o := range g.Heap(r.n).Options() {
			found = found || o.Key() == want.Key()
		}
		if v, _ := want.Value(); !found || v != 0 {
			t.Errorf("dawsons-chess %d: the seed's winning move %q is an option: %v, has nimber %d, want 0", r.n, want, found, v)
		}
	}
}

// TestCircles_DawsonsChess checks circles to 100 against the rows: a circle of N ≥ 4 has the
// single option row N−3, a circle of 1, 2 or 3 the single option of nothing, and so its
// nimber is the mex of that one value. Penn's circles of 19 and 20 are second-player wins,
// by theory and by a search that asks none.
func TestCircles_DawsonsChess(t *testing.T) {
	g := DawsonsChess()
	rows, _, _, err := g.Nimbers(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 100; n++ {
		c, err := g.Circle(n)
		if err != nil {
			t.Fatal(err)
		}
		var opts []string
		for o := range c.Options() {
			opts = append(opts, o.String())
		}
		want := strconv.Itoa(max(n-3, 0))
		if len(opts) != 1 || opts[0] != want {
			t.Errorf("dawsons-chess o%d options = %q, want [%s]", n, opts, want)
		}
		wantValue := 0
		if rows[max(n-3, 0)] == 0 {
			wantValue = 1
		}
		if v, ok := c.Value(); !ok || v != wantValue {
			t.Errorf("dawsons-chess o%d Value = %d, %v, want %d", n, v, ok, wantValue)
		}
	}
	for _, s := range []string{"o19", "o20"} {
		p, err := g.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		n, err := engine.NewSolver(engine.WithoutTheory()).Nimber(context.Background(), p)
		if err != nil || n != 0 {
			t.Errorf("dawsons-chess %s nimber = %d, %v, want 0 (seed 004: a second-player win)", s, n, err)
		}
	}
}

// ringNimber is an oracle that knows nothing of octal codes: the nimber of the dots left on
// a ring of n places (bit i: place i still has its dot), each move taking dots by the
// physical rule of the game, memoised on the set of dots.
func ringNimber(n int, dots uint32, moves func(n int, dots uint32) []uint32, memo map[uint32]int) int {
	if v, ok := memo[dots]; ok {
		return v
	}
	var seen uint64
	for _, o := range moves(n, dots) {
		seen |= 1 << ringNimber(n, o, moves, memo)
	}
	v := 0
	for seen>>v&1 == 1 {
		v++
	}
	memo[dots] = v
	return v
}

// neighbours returns the places next to i on a ring of n.
func neighbours(n, i int) uint32 { return 1<<((i+1)%n) | 1<<((i+n-1)%n) }

// The physical rules: Penn's (cross out a dot and its neighbours), Kayles (knock down a pin
// or two adjacent pins), Dawson's Kayles (two adjacent pins).
var ringRules = map[string]func(n int, dots uint32) []uint32{
	"dawsons-chess": func(n int, dots uint32) (out []uint32) {
		for i := range n {
			if dots>>i&1 == 1 {
				out = append(out, dots&^(1<<i|neighbours(n, i)))
			}
		}
		return out
	},
	"kayles": func(n int, dots uint32) (out []uint32) {
		for i := range n {
			if dots>>i&1 == 1 {
				out = append(out, dots&^(1<<i))
				if j := (i + 1) % n; j != i && dots>>j&1 == 1 {
					out = append(out, dots&^(1<<i|1<<j))
				}
			}
		}
		return out
	},
	"dawsons-kayles": func(n int, dots uint32) (out []uint32) {
		for i := range n {
			if j := (i + 1) % n; j != i && dots>>i&1 == 1 && dots>>j&1 == 1 {
				out = append(out, dots&^(1<<i|1<<j))
			}
		}
		return out
	},
}

// TestCircles_PhysicalRules checks the circles of three octal games, up to 16 dots, against
// the games played on a ring of dots by their own rules.
func TestCircles_PhysicalRules(t *testing.T) {
	for name, rule := range ringRules {
		g := lookup(t, name)
		for n := 1; n <= 16; n++ {
			want := ringNimber(n, 1<<n-1, rule, map[uint32]int{})
			c, _ := g.Circle(n)
			if v, ok := c.Value(); !ok || v != want {
				t.Errorf("%s o%d Value = %d, %v, want %d (on a ring)", name, n, v, ok, want)
			}
		}
	}
}

// TestCircles_BruteForce checks random sums of circles and rows of several codes: the
// nimber from theory (Value) against plain mex through Split, Options and Key.
func TestCircles_BruteForce(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 2))
	for _, name := range []string{"dawsons-chess", "kayles", "dawsons-kayles", "octal:0.6", "octal:0.51", "octal:0.123456701234", "octal:0.4"} {
		g := lookup(t, name)
		memo := map[string]int{}
		for range 30 {
			var terms []string
			for range 1 + rng.IntN(3) {
				terms = append(terms, fmt.Sprintf("o%d", rng.IntN(12)))
			}
			for range rng.IntN(3) {
				terms = append(terms, strconv.Itoa(rng.IntN(8)))
			}
			p, err := g.Parse(strings.Join(terms, " "))
			if err != nil {
				t.Fatal(err)
			}
			v, ok := p.(Position).Value()
			if want := mexNimber(p, memo); !ok || v != want {
				t.Errorf("%s %q Value = %d, %v, want %d (mex); seed %d", name, p, v, ok, want, seed)
			}
		}
	}
}

var circleParseTests = []struct {
	game, in, str, key string
}{
	{"dawsons-chess", "o19", "o19", "o19"},
	{"dawsons-chess", "o20 7", "o20 7", "o20 7"},
	{"dawsons-chess", "7 o20", "o20 7", "o20 7"},
	{"dawsons-chess", "o20,3 o4 12", "o20 o4 3 12", "o4 o20 3 12"},
	{"dawsons-chess", "o0", "0", "0"},
	{"dawsons-chess", "o0 0", "0", "0"},
	{"kayles", "o1", "o1", "o1"},
	{"dawsons-kayles", "o1 o2", "o1 o2", "o2"},  // a lone pin on a circle has no move
	{"octal:0.3", "o5 o1 1", "o5 o1 1", "o1 1"}, // taking from the end only: a circle has no end
}

func TestParse_Circles(t *testing.T) {
	for _, tt := range circleParseTests {
		g := lookup(t, tt.game)
		p, err := g.Parse(tt.in)
		if err != nil {
			t.Errorf("%s Parse(%q) error = %v", tt.game, tt.in, err)
			continue
		}
		if p.String() != tt.str || p.Key() != tt.key {
			t.Errorf("%s Parse(%q) = %q (key %q), want %q (key %q)", tt.game, tt.in, p.String(), p.Key(), tt.str, tt.key)
		}
		checkRoundTrip(t, g, p)
	}
}

func TestParse_CircleErrors(t *testing.T) {
	tests := []struct {
		game, in string
		kind     error
		offset   int
		msg      string
	}{
		{"nim", "o5", parse.ErrSyntax, 0, "circles are not defined for nim, a game of heaps: only octal codes play on rows and circles at 0"},
		{"lasker", "3 o5", parse.ErrSyntax, 2, ""},
		{"grundys-game", "o5", parse.ErrSyntax, 0, ""},
		{"subtraction:1,2", "o5", parse.ErrSyntax, 0, "circles are not defined for subtraction:1,2, a game of heaps: only octal codes play on rows and circles at 0"},
		{"octal:4.7", "o5", parse.ErrSyntax, 0, "circles are not defined for octal:4.7, whose code splits a heap without taking at 0"},
		{"kayles", "o", parse.ErrSyntax, 0, `unexpected 'o', want a circle as oN, such as o19 at 0`},
		{"kayles", "3o5", parse.ErrSyntax, 1, ""},
		{"kayles", "o 5", parse.ErrSyntax, 0, ""},
		{"kayles", "oo5", parse.ErrSyntax, 0, ""},
		{"kayles", "o5 x", parse.ErrSyntax, 3, `unexpected 'x', want a number at 3`},
		{"kayles", "o2000000", parse.ErrTooLarge, 1, "larger than 1048576 at 1"},
		{"kayles", strings.Repeat("o1 ", MaxHeaps) + "1", parse.ErrTooLarge, -1, ""},
	}
	for _, tt := range tests {
		_, err := lookup(t, tt.game).Parse(tt.in)
		var pe *parse.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, tt.kind) || pe.Offset != tt.offset || pe.Input != tt.in {
			t.Errorf("%s Parse(%q) error = %v, want kind %v at %d", tt.game, tt.in, err, tt.kind, tt.offset)
			continue
		}
		if tt.msg != "" && !strings.HasSuffix(err.Error(), tt.msg) {
			t.Errorf("%s Parse(%q) error = %q, want it to end with %q", tt.game, tt.in, err, tt.msg)
		}
	}
}

// TestCircle_OptionsUnchanged checks that making the options of circles leaves the position as
// it was, and that a circle's options are rows.
func TestCircle_OptionsUnchanged(t *testing.T) {
	g := Kayles()
	p, _ := g.Parse("o6 4 o6 o3")
	before := p.String()
	var got []string
	for o := range p.Options() {
		got = append(got, o.String())
	}
	if p.String() != before {
		t.Errorf("Options changed %q to %q", before, p)
	}
	// The heap 4 (4 options), then o6 once (rows 5 and 4), then o3 (rows 2 and 1).
	want := []string{"o6 o6 o3 3", "o6 o6 o3 2 1", "o6 o6 o3 2", "o6 o6 o3 1 1", "o6 o3 4 5", "o6 o3 4 4", "o6 o6 4 2", "o6 o6 4 1"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("Kayles %q options = %q, want %q", before, got, want)
	}
}
