package sprouts

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"grundy/engine"
)

// The 2-spot game worked in shared/SPROUTS.md: each position, its nimber and its options with
// theirs, all in canonical form.
var workedGame = []struct {
	pos     string
	nimber  int
	options map[string]int
}{
	{"0*2", 0, map[string]int{"0.AB|AB": 2, "1a1a": 2}},
	{"0.AB|AB", 2, map[string]int{"0": 0, "0.2": 1, "1a2a": 1, "AB.CD|AB|CD": 3}},
	{"1a1a", 2, map[string]int{"1AB|AB": 3, "1a2a": 1, "ABCD|ABCD": 0}},
	{"1a2a", 1, map[string]int{"12": 0, "222": 0, "2AB|AB": 2, "ABC|ABC": 0}},
	{"0", 0, map[string]int{"AB|AB": 1}},
	{"AB|AB", 1, map[string]int{"!": 0}},
	{"ABCD|ABCD", 0, map[string]int{"2AB|AB": 2, "AB|AC|BC": 1}},
}

func TestWorkedGame(t *testing.T) {
	o := oracle{}
	for _, tt := range workedGame {
		t.Run(tt.pos, func(t *testing.T) {
			p := mustParse(t, tt.pos)
			if p.String() != tt.pos {
				t.Fatalf("Parse(%q).String() = %q, want it unchanged", tt.pos, p)
			}
			if got := o.nimber(p); got != tt.nimber {
				t.Errorf("nimber(%q) = %d, want %d", tt.pos, got, tt.nimber)
			}
			got := optionStrings(p)
			want := slices.Sorted(maps.Keys(tt.options))
			if !slices.Equal(got, want) {
				t.Fatalf("options(%q) = %q, want %q", tt.pos, got, want)
			}
			for q := range p.Options() {
				if got, want := o.nimber(q), tt.options[q.String()]; got != want {
					t.Errorf("nimber(%q) = %d, want %d", q, got, want)
				}
			}
		})
	}
}

func TestEqualPositions(t *testing.T) {
	tests := []struct{ a, b, want string }{
		{"a1a2", "1a2a", "1a2a"},
		{"1aa.AB|AB", "12.AB|AB", "12.AB|AB"},
		{"BA|AB.0", "0.AB|AB", "0.AB|AB"},
		{"0.0.0.0", "0*4", "0*4"},
		{"0.0.}]!", "0*2", "0*2"},
		{"0.AB.}AB.}]!", "0.AB|AB", "0.AB|AB"},
		{"ABCD|DCBA", "ABCD|ABCD", "ABCD|ABCD"},
		{"CA|BC|AB", "AB|AC|BC", "AB|AC|BC"},
	}
	for _, tt := range tests {
		a, b := mustParse(t, tt.a), mustParse(t, tt.b)
		if a.Key() != tt.want || b.Key() != tt.want {
			t.Errorf("Key(%q) = %q, Key(%q) = %q, want both %q", tt.a, a.Key(), tt.b, b.Key(), tt.want)
		}
	}
}

// TestPublished checks the nimbers of p spots (Applegate, Jacobson and Sleator 1991) by brute
// force. p = 6 takes minutes: it runs with GRUNDY_SLOW=1 only.
func TestPublished(t *testing.T) {
	want := []int{0, 0, 1, 1, 1, 0} // p = 1 … 6
	top := 5
	if os.Getenv("GRUNDY_SLOW") == "1" {
		top = 6
	} else if testing.Short() || raceEnabled {
		top = 4
	}
	o := oracle{}
	for p := 1; p <= top; p++ {
		start := time.Now()
		s := fmt.Sprintf("0*%d", p)
		if got := o.nimber(mustParse(t, s)); got != want[p-1] {
			t.Errorf("nimber(%q) = %d, want %d", s, got, want[p-1])
		}
		t.Logf("%s: %d positions known, %v", s, len(o), time.Since(start).Round(time.Millisecond))
	}
}

func TestRoundTrip(t *testing.T) {
	for _, p := range reachable(t, "0*3") {
		exact := p.Exactly().(*Position) // the canonical texts: Key may be a cheap one
		for _, s := range append(exact.Lands(), p.String()) {
			if q := mustParse(t, s); q.Key() != s {
				t.Errorf("Parse(%q).Key() = %q, want it unchanged", s, q.Key())
			}
		}
	}
}

// TestLives checks that a move costs exactly one life in the land it is played in (two
// ends lose a life each, the new spot has one), before reduction; reduction then drops the
// lives of the regions left with fewer than 2, and no other.
func TestLives(t *testing.T) {
	for _, p := range reachable(t, "0*4") {
		for _, land := range p.Lands() {
			lives := landLives(land)
			var m mover
			raw, kept := 0, 0
			m.onRaw = func(codes, dead []uint8) { raw, kept = rawLives(codes, dead) }
			m.children(land, func(child string, got int) bool {
				if raw != lives-1 || got != kept {
					t.Errorf("%s -> %s: lives %d, %d before reduction, %d after, want %d then %d",
						land, child, lives, raw, got, lives-1, kept)
				}
				if q := mustParse(t, child); q.Lives() != got {
					t.Errorf("Lives(%q) = %d, want %d", child, q.Lives(), got)
				}
				return true
			})
		}
	}
}

// rawLives counts the lives of a child before reduction (every digit, every letter once
// unless the move killed it) and those in regions with 2 lives or more.
func rawLives(codes, dead []uint8) (raw, kept int) {
	alive := map[uint8]bool{} // letters: seen in a region that keeps them
	seen := map[uint8]bool{}
	region := []uint8{}
	for _, c := range codes {
		if c != sepR {
			region = append(region, c)
			continue
		}
		n, letters := 0, map[uint8]bool{}
		for _, s := range region {
			switch {
			case s == sepB || slices.Contains(dead, s):
			case isLetter(s):
				letters[s] = true
			default:
				n += digitLives(s)
			}
		}
		raw += n
		if n+len(letters) >= 2 {
			kept += n
		}
		for s := range letters {
			if !seen[s] {
				raw++
			}
			if !alive[s] && n+len(letters) >= 2 {
				kept++
				alive[s] = true
			}
			seen[s] = true
		}
		region = region[:0]
	}
	return raw, kept
}

// TestOptionsKeepReceiver checks that Options leaves its position as it was.
func TestOptionsKeepReceiver(t *testing.T) {
	for _, s := range []string{"0*3", "0.AB|AB+1a1a", "1aAa.2bBb|AB+0*2"} {
		p := mustParse(t, s)
		before := *p
		for range p.Options() {
		}
		if *p != before {
			t.Errorf("Options changed %q into %q", before.s, p)
		}
	}
}

func TestSplit(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"!", nil},
		{"0*2", []string{"0*2"}},
		{"AB|AB+0", []string{"0", "AB|AB"}},
		{"1a1a + 0*2 + 1a1a", []string{"0*2", "1a1a", "1a1a"}},
		{"0.2|AB|AB", []string{"0.2", "AB|AB"}},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.in)
		var got []string
		lives := 0
		for _, q := range p.Split() {
			got = append(got, q.String())
			lives += q.(*Position).Lives()
			if parts := q.Split(); len(parts) != 1 || parts[0].Key() != q.Key() {
				t.Errorf("Split(%q) splits again", q)
			}
		}
		if !slices.Equal(got, tt.want) || lives != p.Lives() {
			t.Errorf("Split(%q) = %q with %d lives, want %q with %d", tt.in, got, lives, tt.want, p.Lives())
		}
	}
}

// TestZeroPosition checks that the zero Position is the empty one.
func TestZeroPosition(t *testing.T) {
	var p Position
	n := 0
	for range p.Options() {
		n++
	}
	if p.String() != "!" || p.Key() != "!" || len(p.Split()) != 0 || n != 0 || p.Lives() != 0 {
		t.Errorf("zero Position = %q (key %q), %d lands, %d options, %d lives, want the empty one",
			p.String(), p.Key(), len(p.Split()), n, p.Lives())
	}
}

// TestSumOptions checks that a move in a sum is a move in one of its lands.
func TestSumOptions(t *testing.T) {
	p := mustParse(t, "0+AB|AB")
	got := optionStrings(p)
	want := []string{"0", "AB|AB+AB|AB"}
	if !slices.Equal(got, want) {
		t.Errorf("options(%q) = %q, want %q", p, got, want)
	}
}

// TestVariants writes positions reachable from 0*4 in other ways (regions and boundaries
// shuffled, rotated, reflected, letters renamed) and checks they get one key. The canonical
// form is a heuristic: this measures it on small positions, where it is exact.
func TestVariants(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 1))
	for _, p := range reachable(t, "0*4") {
		for _, land := range p.Exactly().(*Position).Lands() { // canonical, not the cheap keys
			if strings.HasPrefix(land, "0*") {
				continue
			}
			for range 3 {
				v := variant(land, rng)
				if got := mustParse(t, v).Key(); got != land {
					t.Errorf("seed %d: Key(%q) = %q, want %q", seed, v, got, land)
				}
			}
		}
	}
}

// reachable returns every position reachable from s, s included.
func reachable(t testing.TB, s string) []*Position {
	t.Helper()
	seen := map[string]bool{}
	var out []*Position
	var visit func(p engine.Position)
	visit = func(p engine.Position) {
		if seen[p.Key()] {
			return
		}
		seen[p.Key()] = true
		out = append(out, p.(*Position))
		for q := range p.Options() {
			visit(q)
		}
	}
	visit(mustParse(t, s))
	return out
}

// optionStrings returns the sorted notations of p's options.
func optionStrings(p *Position) []string {
	var out []string
	for q := range p.Options() {
		out = append(out, q.String())
	}
	slices.Sort(out)
	return out
}

func TestGuess(t *testing.T) {
	for _, c := range []struct {
		pos   string
		guess int
	}{
		{"0*12", -1200000 + 72},
		{"0.1a1a", -102000 + 16},
		{"0*3+1a2a+0.AB|AB", -401000 + 18},
		{"AB|AB", 0 + 4},
		{"0*5.AB|0*4.AB", -900000 + 34},
		{"0*8.AB|0.AB", -900000 + 52},
	} {
		if got := mustParse(t, c.pos).Guess(); got != c.guess {
			t.Errorf("Guess(%q) = %d, want %d", c.pos, got, c.guess)
		}
	}
}

// children calls emit with the option of each move of the land s and its lives, as Options
// makes them (duplicates included).
func (m *mover) children(s string, emit func(child string, lives int) bool) bool {
	return m.options(s, func() bool {
		m.ws.reset()
		m.ws.add(m.raw, m.dead)
		return emit(m.ws.joined(), m.ws.lives)
	})
}
