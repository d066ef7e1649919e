package octal

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games/parse"
)

// limitBound is how long a fresh game may take to answer its largest heaps. On the 2-core
// machine of issue 10 the slowest take under a second of CPU, but 1.5 s of wall time beside
// other tests, and once (with a budget 25% larger) 5.2 s under a load of 6: so the bound is
// generous, and still far below a search of such heaps or a sieve to 2^20 (minutes).
const limitBound = 10 * time.Second

// limitTests are a game of each kind with its largest heap: MaxHeap where a closed form or
// a proven period gives every value, else where sieveBudget ends (0: not written here).
var limitTests = []struct {
	game string
	max  int
}{
	{"nim", MaxHeap},
	{"kayles", MaxHeap},
	{"dawsons-kayles", MaxHeap},
	{"dawsons-chess", MaxHeap},
	{"octal:0.137", MaxHeap},
	{"octal:4.7", MaxHeap},
	{"octal:0.123456701234", 0},                          // no period in 16384 heaps
	{"octal:0.6", 56549},                                 // unsolved: no period in 16384 heaps
	{"octal:4." + strings.Repeat("4", MaxCodeDigits), 0}, // the costliest sieve per heap
	{"lasker", MaxHeap},
	{"grundys-game", 56552},
	{"subtraction:1,3,4", MaxHeap},
	{"subtraction:2,5,7", MaxHeap},
	{"subtraction:" + takesTo(MaxTake), MaxHeap}, // the costliest period proof
}

// takesTo writes the takes 1,2,...,n.
func takesTo(n int) string {
	takes := make([]string, n)
	for i := range takes {
		takes[i] = strconv.Itoa(i + 1)
	}
	return strings.Join(takes, ",")
}

// TestLimits: each heap game answers its largest heap, alone and beside a heap of 3, from
// theory within limitBound on a fresh Game, and refuses one token more with a message that
// names its limit.
func TestLimits(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector slows the sieve past any time bound")
	}
	for _, tt := range limitTests {
		name := tt.game[:min(len(tt.game), 24)]
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			g := lookup(t, tt.game)
			m := g.MaxHeap()
			if tt.max != 0 && m != tt.max || m > MaxHeap {
				t.Errorf("%s MaxHeap() = %d, want %d", name, m, tt.max)
			}
			for _, pos := range []string{strconv.Itoa(m), fmt.Sprintf("%d 3", m)} {
				checkTheory(t, g, pos, start)
			}
			if testing.Verbose() {
				t.Logf("%s MaxHeap() = %d, answered in %v", name, m, time.Since(start))
			}
			pos := fmt.Sprintf("3 %d", m+1)
			_, err := g.Parse(pos)
			want := fmt.Sprintf("heap %d is larger than %d at 2", m+1, m)
			if !errors.Is(err, parse.ErrTooLarge) || !strings.HasSuffix(err.Error(), want) {
				t.Errorf("%s Parse(%q) error = %v, want ErrTooLarge ending %q", name, pos, err, want)
			}
		})
	}
}

// checkTheory parses pos and has the solver find its nimber from theory, with no node
// searched, before start+limitBound.
func checkTheory(t *testing.T, g *Game, pos string, start time.Time) {
	t.Helper()
	ctx, cancel := context.WithDeadline(context.Background(), start.Add(limitBound))
	defer cancel()
	p, err := g.Parse(pos)
	if err != nil {
		t.Fatalf("Parse(%q) error = %v", pos, err)
	}
	want, ok := p.(Position).Value()
	if !ok {
		t.Fatalf("Value(%q) unknown", pos)
	}
	s := engine.NewSolver(engine.WithNodeLimit(1))
	if got, err := s.Nimber(ctx, p); got != want || err != nil || s.Stats().Nodes != 0 {
		t.Errorf("Nimber(%q) = %d, %v after %d nodes, want %d from theory", pos, got, err, s.Stats().Nodes, want)
	}
	if time.Since(start) > limitBound {
		t.Errorf("Nimber(%q) took %v, more than %v", pos, time.Since(start), limitBound)
	}
}
