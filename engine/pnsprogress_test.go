package engine

import (
	"context"
	"iter"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// joined is tokens played as one position, never split: its couples are many more than its
// tokens' (a search of thousands of expansions on a small graph).
type joined struct{ tokens }

func (j joined) Options() iter.Seq[Position] {
	return wrapped(j.tokens, func(t tokens) Position { return joined{t} })
}

func (j joined) Split() []Position {
	if len(j.tokens.Split()) == 0 {
		return nil
	}
	return []Position{j}
}

// several is a sum of positions, written with " + ".
type several []Position

func (s several) Options() iter.Seq[Position] {
	return func(yield func(Position) bool) {
		for i, c := range s {
			for o := range c.Options() {
				if !yield(append(append(slices.Clone(s[:i]), o), s[i+1:]...)) {
					return
				}
			}
		}
	}
}

func (s several) Split() []Position {
	var out []Position
	for _, c := range s {
		out = append(out, c.Split()...)
	}
	return out
}

func (s several) Key() string { return s.String() }
func (s several) String() string {
	texts := make([]string, len(s))
	for i, c := range s {
		texts[i] = c.String()
	}
	return strings.Join(texts, " + ")
}

// progressGame is a position whose proof-number search reports progress several times (a
// report every checkEvery expansions): three tokens on a random graph, played as one.
func progressGame() (*graph, joined) {
	g := randomGraph(rand.New(rand.NewPCG(9, 9)), 400, 4)
	return g, joined{tokens{g, []int{399, 398, 397}}}
}

// parseJoined reads a joined position of g as String writes it.
func parseJoined(g *graph, s string) (Position, error) {
	t, err := g.parse(s)
	if err != nil {
		return nil, err
	}
	return joined{t.(tokens)}, nil
}

// copyProof is a deep copy of a report, to see later that the search did not change it.
func copyProof(p *ProofProgress) ProofProgress {
	c := *p
	c.Path = slices.Clone(p.Path)
	return c
}

// isOption reports whether the couple (to, m) is an option of (from, n): a move of from with
// the same heap, or from with a smaller heap.
func isOption(g *graph, from, to ProofStep) bool {
	if from.Position == to.Position {
		return to.N < from.N
	}
	p, err := parseJoined(g, from.Position)
	if err != nil || to.N != from.N {
		return false
	}
	for o := range p.Options() {
		if o.String() == to.Position {
			return true
		}
	}
	return false
}

// checkPath fails unless the report's path is a most-proving path as it should be: from its
// root, its steps in order, at most MaxPathSteps of them, the first and the last, each an
// option of the one before when no step is left out between them.
func checkPath(t *testing.T, g *graph, p *ProofProgress) {
	t.Helper()
	if p.PathLen < 1 || len(p.Path) != min(p.PathLen, MaxPathSteps) {
		t.Fatalf("path of %d steps shows %d: want min(%d, %d)", p.PathLen, len(p.Path), p.PathLen, MaxPathSteps)
	}
	if p.Path[0] != p.Root || p.Path[len(p.Path)-1].Depth != p.PathLen-1 {
		t.Fatalf("path %v of length %d, root %v: want the root first and the last step at depth %d", p.Path, p.PathLen, p.Root, p.PathLen-1)
	}
	for i := 1; i < len(p.Path); i++ {
		a, b := p.Path[i-1], p.Path[i]
		if b.Depth <= a.Depth {
			t.Fatalf("path %v: depths do not rise", p.Path)
		}
		if b.Depth == a.Depth+1 && !isOption(g, a, b) {
			t.Fatalf("path %v: (%s, %d) is not an option of (%s, %d)", p.Path, b.Position, b.N, a.Position, a.N)
		}
	}
}

// Each proof-number search reports its root's numbers, its memory (the DAG, or df-pn's
// table) and its most-proving path (df-pn's stack) while it runs, each report a value the
// search never changes after; its last report says the root is proven, as the answer says.
func TestProofSearch_ProgressReports(t *testing.T) {
	for _, search := range proofSearches {
		t.Run(search.name, func(t *testing.T) {
			g, p := progressGame()
			var reports []*ProofProgress
			var copies []ProofProgress
			depths := map[*ProofProgress]int{}
			s := search.new(NewMapCache(), WithProgress(func(st Stats) {
				if st.Proof == nil {
					t.Fatal("a proof-number search reported no proof numbers")
				}
				reports = append(reports, st.Proof)
				copies = append(copies, copyProof(st.Proof))
				depths[st.Proof] = st.Depth
			}, 0))
			win, err := s.Outcome(context.Background(), p, 1)
			if err != nil {
				t.Fatal(err)
			}
			if len(reports) < 3 {
				t.Fatalf("%d reports in %d nodes: the test needs a longer search", len(reports), s.Stats().Nodes)
			}
			checkRunning(t, g, p, reports[:len(reports)-1], depths, search.table)
			for i, r := range reports {
				if got := copyProof(r); got.PN != copies[i].PN || got.DN != copies[i].DN || got.Couples != copies[i].Couples ||
					got.PathLen != copies[i].PathLen || !slices.Equal(got.Path, copies[i].Path) {
					t.Fatalf("report %d changed after it was handed out: %+v, was %+v", i, got, copies[i])
				}
			}
			last := reports[len(reports)-1]
			if !last.Proven() || last.Won() != win || len(last.Path) != 0 || last.Table != search.table {
				t.Errorf("last report: proven %v, won %v, path %v, table %v; want proven, won %v, no path, table %v",
					last.Proven(), last.Won(), last.Path, last.Table, win, search.table)
			}
			if st := s.Stats(); st.Proof != last {
				t.Errorf("Stats after the search: %+v, want the last report", st.Proof)
			}
		})
	}
}

// checkRunning checks the reports of a search of (p, 1) while it ran: its root's numbers open,
// the root and path right, the depth of the search the path's, and numbers or memory changing
// from one report to another.
func checkRunning(t *testing.T, g *graph, p Position, running []*ProofProgress, depths map[*ProofProgress]int, table bool) {
	t.Helper()
	changed := false
	for i, r := range running {
		if r.Proven() || r.PN <= 0 || r.DN <= 0 || r.Couples < 0 || r.Bytes < 0 || r.Table != table || !table && (r.Couples == 0 || r.Bytes == 0) {
			t.Fatalf("report %d while running: %+v", i, *r)
		}
		if r.Root.Position != p.String() || r.Root.N != 1 || r.Left != 0 {
			t.Errorf("report %d: root (%s, %d), %d left; want (%s, 1), 0", i, r.Root.Position, r.Root.N, r.Left, p)
		}
		if depths[r] != r.PathLen-1 {
			t.Errorf("report %d: path of %d couples at depth %d", i, r.PathLen, depths[r])
		}
		checkPath(t, g, r)
		changed = changed || r.PN != running[0].PN || r.DN != running[0].DN || r.Couples != running[0].Couples
	}
	if !changed {
		t.Error("the root's numbers and the memory's size never changed between reports")
	}
}

// A nimber's reports show the couple decided now, (P, k) for the heap k tried (of the first
// component left, with how many others are left), and at the end (P, its nimber) proven
// losing.
func TestProofSearch_ProgressOfNimber(t *testing.T) {
	for _, search := range proofSearches {
		for _, c := range []struct {
			name string
			at   []int
		}{{"one component", []int{399, 398, 397}}, {"three", []int{399, 398, 397, 396, 395, 393}}} {
			t.Run(search.name+"/"+c.name, func(t *testing.T) {
				g, _ := progressGame()
				var p Position = joined{tokens{g, c.at}}
				if len(c.at) > 3 {
					p = several{joined{tokens{g, c.at[:2]}}, joined{tokens{g, c.at[2:4]}}, joined{tokens{g, c.at[4:]}}}
				}
				var running []ProofProgress
				s := search.new(NewMapCache(), WithProgress(func(st Stats) { running = append(running, *st.Proof) }, 0))
				n, err := s.Nimber(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				last := s.Stats().Proof
				if last.Root.Position != p.String() || last.Root.N != n || last.Won() || !last.Proven() || last.Largest == 0 {
					t.Errorf("last report: (%s, %d), proven %v, won %v, largest %d; want (%s, %d) proven losing, the memory's size",
						last.Root.Position, last.Root.N, last.Proven(), last.Won(), last.Largest, p, n)
				}
				running = running[:len(running)-1]
				if len(running) < 2 {
					t.Fatalf("%d reports while running: the test needs more", len(running))
				}
				for i, r := range running[1:] {
					was := running[i]
					if r.Left > was.Left || r.Left > len(p.Split())-1 || r.Proven() {
						t.Fatalf("report %d: %d components left after %d, proven %v", i+1, r.Left, was.Left, r.Proven())
					}
					if r.Left == was.Left && r.Root.Position == was.Root.Position && r.Root.N < was.Root.N {
						t.Fatalf("report %d: heap %d tried after %d", i+1, r.Root.N, was.Root.N)
					}
					if len(c.at) == 3 && r.Root.Position != p.String() {
						t.Fatalf("report %d decides (%s, %d), want a couple of %s", i+1, r.Root.Position, r.Root.N, p)
					}
				}
			})
		}
	}
}

// The depth-first search reports no proof numbers, nor does a depth-first search on a solver
// whose last search was a proof-number one.
func TestPNS_NoProgressForDepthFirst(t *testing.T) {
	_, p := progressGame()
	ctx := context.Background()
	var seen []*ProofProgress
	s := NewSolver(WithProgress(func(st Stats) { seen = append(seen, st.Proof) }, 0))
	if _, err := s.Nimber(ctx, p); err != nil {
		t.Fatal(err)
	}
	s.UseProofNumbers(true)
	if _, err := s.Outcome(ctx, p, 5); err != nil {
		t.Fatal(err)
	}
	if s.Stats().Proof == nil {
		t.Fatal("no proof numbers after a proof-number search")
	}
	s.UseProofNumbers(false)
	if _, err := s.Outcome(ctx, p, 6); err != nil {
		t.Fatal(err)
	}
	if s.Stats().Proof != nil {
		t.Errorf("a depth-first search after a proof-number one shows %+v", *s.Stats().Proof)
	}
	if seen[0] != nil {
		t.Errorf("the depth-first search reported %+v", *seen[0])
	}
}

// Stats read from another goroutine while a proof-number search runs carry whole reports
// (run with -race: a report shares nothing with the DAG, or df-pn's stack).
func TestProofSearch_ProgressWhileRunning(t *testing.T) {
	for _, search := range proofSearches {
		t.Run(search.name, func(t *testing.T) {
			g, p := progressGame()
			s := search.new(NewMapCache(), WithProgress(func(Stats) {}, 0))
			done := make(chan error)
			go func() {
				_, err := s.Nimber(context.Background(), p)
				done <- err
			}()
			read := 0
			for {
				select {
				case err := <-done:
					if err != nil {
						t.Fatal(err)
					}
					if read == 0 {
						t.Log("the search ended before any report was read")
					}
					return
				default:
				}
				if pr := s.Stats().Proof; pr != nil && !pr.Proven() {
					checkPath(t, g, pr)
					read++
				}
				time.Sleep(time.Millisecond)
			}
		})
	}
}

// A long position's text is cut on the path, whole runes kept.
func TestPNS_StepTextIsShort(t *testing.T) {
	long := tokens{&graph{}, nil}
	for i := range 60 {
		long.at = append(long.at, 1000+i)
	}
	st := stepOf(&pnNode{pos: long, ref: ref{n: 3}}, 2)
	if len(st.Position) > maxStepText+len("…") || !strings.HasSuffix(st.Position, "…") || !strings.HasPrefix(long.String(), strings.TrimSuffix(st.Position, "…")) {
		t.Errorf("step text %q (%d bytes) of %d bytes", st.Position, len(st.Position), len(long.String()))
	}
	if st.N != 3 || st.Depth != 2 {
		t.Errorf("step %+v, want heap 3 at depth 2", st)
	}
}

// A recording runs two searches, the nimber's, then its couple's, closed at once by what the
// first proved: its last report gives the couple proven losing and the DAG at its largest,
// the first search's.
func TestPNS_ProgressOfRecording(t *testing.T) {
	_, p := progressGame()
	most := 0
	s := pnsSolver(NewMapCache(), WithProgress(func(st Stats) { most = max(most, st.Proof.Couples) }, 0))
	tree, err := s.ProveNimber(context.Background(), "joined", p)
	if err != nil {
		t.Fatal(err)
	}
	n := tree.Nodes[tree.Root].N
	last := s.Stats().Proof
	if last.Root.Position != p.String() || last.Root.N != n || !last.Proven() || last.Won() {
		t.Errorf("last report: (%s, %d), proven %v, won %v; want (%s, %d) losing", last.Root.Position, last.Root.N, last.Proven(), last.Won(), p, n)
	}
	if last.Largest < most || last.Largest <= last.Couples || last.LargestBytes <= last.Bytes {
		t.Errorf("DAG at the end %d couples (%d bytes), at its largest %d (%d bytes); reports saw %d", last.Couples, last.Bytes, last.Largest, last.LargestBytes, most)
	}
}

// A team of workers decides each couple by its options: the reports show the couple, how many
// of its options are proven, and the option the reporting worker proves, first on the path
// after the couple; the last report gives the nimber's couple proven losing.
func TestPNS_ProgressOfTeam(t *testing.T) {
	g, p := progressGame()
	var reports []ProofProgress
	s := pnsSolver(NewMapCache(), WithWorkers(2), WithProgress(func(st Stats) { reports = append(reports, *st.Proof) }, 0))
	n, err := s.Nimber(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) < 3 {
		t.Fatalf("%d reports: the test needs more", len(reports))
	}
	for i, r := range reports[:len(reports)-1] {
		if r.Root.Position != p.String() || r.Options == 0 || r.OptionsWon > r.Options || r.Proven() {
			t.Fatalf("report %d: root (%s, %d), %d of %d options won, proven %v; want (%s, k) split at its options",
				i, r.Root.Position, r.Root.N, r.OptionsWon, r.Options, r.Proven(), p)
		}
		if !isOption(g, r.Root, r.Option) {
			t.Fatalf("report %d: (%s, %d) is not an option of (%s, %d)", i, r.Option.Position, r.Option.N, r.Root.Position, r.Root.N)
		}
		if r.Replies != 0 || r.Answered != 0 {
			t.Fatalf("report %d: %d of %d replies answered: a team's worker proves an option, whose kids are not the root's", i, r.Answered, r.Replies)
		}
		if len(r.Path) > 0 && (r.Path[0] != r.Root || r.Path[1].Position != r.Option.Position || r.Path[1].Depth != 1 || r.PathLen < 2) {
			t.Fatalf("report %d: path %v of %d, want the root, then the option %v", i, r.Path, r.PathLen, r.Option)
		}
	}
	last := reports[len(reports)-1]
	if last.Root.Position != p.String() || last.Root.N != n || !last.Proven() || last.Won() || last.Largest == 0 {
		t.Errorf("last report %+v: want (%s, %d) proven losing, and the DAG's size", last, p, n)
	}
}

// The reports of a proof-number search say how far the root's option nearest to a proof is
// (the second step of the path, once expanded): its options and heap options, and how many
// are proven winning; the count grows as the search goes on.
func TestPNS_ProgressNearestOption(t *testing.T) {
	g, p := progressGame()
	var reports []ProofProgress
	s := pnsSolver(NewMapCache(), WithProgress(func(st Stats) { reports = append(reports, copyProof(st.Proof)) }, 0))
	if _, err := s.Outcome(context.Background(), p, 1); err != nil {
		t.Fatal(err)
	}
	counted, answered := 0, 0
	for _, r := range reports {
		if r.Replies == 0 {
			continue
		}
		counted++
		if len(r.Path) < 2 || r.Path[1].Depth != 1 {
			t.Fatalf("%d replies counted with the path %v: want the nearest option second", r.Replies, r.Path)
		}
		x := r.Path[1]
		o, err := parseJoined(g, x.Position)
		if err != nil {
			t.Fatal(err)
		}
		distinct := map[string]bool{}
		for q := range o.Options() {
			distinct[q.Key()] = true
		}
		if want := len(distinct) + x.N; r.Replies != want || r.Answered < 0 || r.Answered > r.Replies {
			t.Fatalf("(%s, %d): %d of %d replies answered; want 0 … %d of %d (its options and heap options)",
				x.Position, x.N, r.Answered, r.Replies, want, want)
		}
		if r.Answered > 0 {
			answered++
		}
	}
	if counted == 0 || answered == 0 {
		t.Fatalf("%d reports counted replies, %d with some answered, of %d: the test needs both", counted, answered, len(reports))
	}
}
