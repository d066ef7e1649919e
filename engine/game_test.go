package engine

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The engine's tests play a game of their own, so that the engine is tested without any real
// game: tokens on a random directed acyclic graph. A move slides one token along an edge;
// a token on a sink is stuck. Every impartial game is one of these, and a position with
// several tokens is a sum, each token a component.

// A graph is the board: succ[v] lists the vertices a token on v may move to (all < v).
type graph struct {
	succ [][]int
	sums bool // if set, a move from an odd vertex v to w ≥ 2 also adds a token on w/2 (a split)

	// The oracle's nimbers, kept across its calls (a test asks it of many positions of one
	// graph), one map for each value of sums; a vertex added later leaves them true, as its
	// edges go down.
	mu   sync.Mutex
	memo [2]map[string]int
}

func randomGraph(r *rand.Rand, n, maxOut int) *graph {
	g := &graph{succ: make([][]int, n)}
	for v := 1; v < n; v++ {
		k := r.IntN(maxOut + 1)
		for range k {
			g.succ[v] = append(g.succ[v], r.IntN(v))
		}
	}
	return g
}

// spawn adds the token a move from v to w makes, if it makes one. The game stays finite:
// 2^v > 2^w + 2^(w/2), so the sum of 2^vertex over the tokens always decreases.
func (g *graph) spawn(at []int, v, w int) []int {
	if g.sums && v%2 == 1 && w >= 2 {
		at = append(at, w/2)
	}
	return at
}

// tokens is a position: the vertices the tokens stand on, sorted.
type tokens struct {
	g  *graph
	at []int
}

var _ Position = tokens{}

func (t tokens) Options() iter.Seq[Position] {
	return func(yield func(Position) bool) {
		for i, v := range t.at {
			for _, w := range t.g.succ[v] {
				next := slices.Clone(t.at)
				next[i] = w
				next = t.g.spawn(next, v, w)
				slices.Sort(next)
				if !yield(tokens{t.g, next}) {
					return
				}
			}
		}
	}
}

// wrapped yields t's options, each wrapped by as: the options of a test type built on tokens.
func wrapped(t tokens, as func(tokens) Position) iter.Seq[Position] {
	return func(yield func(Position) bool) {
		for o := range t.Options() {
			if !yield(as(o.(tokens))) {
				return
			}
		}
	}
}

func (t tokens) Split() []Position {
	var out []Position
	for _, v := range t.at {
		if len(t.g.succ[v]) > 0 {
			out = append(out, tokens{t.g, []int{v}})
		}
	}
	return out
}

func (t tokens) Key() string    { return t.String() }
func (t tokens) Hint() int      { return slices.Max(append([]int{0}, t.at...)) }
func (t tokens) String() string { return joinInts(t.at) }

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, " ")
}

// parse reads a position of g written by String.
func (g *graph) parse(s string) (Position, error) {
	t := tokens{g: g}
	for _, f := range strings.Fields(s) {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 || v >= len(g.succ) {
			return nil, fmt.Errorf("bad vertex %q", f)
		}
		t.at = append(t.at, v)
	}
	slices.Sort(t.at)
	return t, nil
}

// bruteNimber is the oracle: the mex rule straight from the definition, on the graph alone
// (Sprague–Grundy: a token's nimber is the mex of its successors'; tokens add by XOR). It
// knows nothing of Options, Split or the engine.
func bruteNimber(g *graph, at []int) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	k := 0
	if g.sums {
		k = 1
	}
	if g.memo[k] == nil {
		g.memo[k] = map[string]int{}
	}
	memo := g.memo[k]
	var nim func(at []int) int
	nim = func(at []int) int {
		key := vertexKey(at)
		if m, ok := memo[key]; ok {
			return m
		}
		seen := map[int]bool{}
		for i, v := range at {
			for _, w := range g.succ[v] {
				next := slices.Clone(at)
				next[i] = w
				next = g.spawn(next, v, w)
				slices.Sort(next)
				seen[nim(next)] = true
			}
		}
		m := 0
		for seen[m] {
			m++
		}
		memo[key] = m
		return m
	}
	return nim(at)
}

// vertexKey is a memo's key of tokens: two bytes a vertex, cheaper than their text. A
// vertex past two bytes would share its key with another: the oracle refuses it.
func vertexKey(at []int) string {
	b := make([]byte, 2*len(at))
	for i, v := range at {
		if v < 0 || v > 0xffff {
			panic(fmt.Sprintf("vertexKey: vertex %d does not fit two bytes", v))
		}
		b[2*i], b[2*i+1] = byte(v>>8), byte(v)
	}
	return string(b)
}

// seeds is how many random games a test plays: fewer under -short (the race detector's run).
func seeds(n uint64) uint64 {
	if testing.Short() {
		return n / 5
	}
	return n
}
