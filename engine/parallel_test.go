package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"
)

// sharedCaches are the caches a team searches with: each safe for concurrent use.
func sharedCaches(t testing.TB) map[string]func() Cache {
	return map[string]func() Cache{
		"none":         func() Cache { return NoCache{} },
		"map":          func() Cache { return NewMapCache() },
		"shared-front": func() Cache { return NewSharedFront(NewMapCache(), 4) },
		"write-back": func() Cache {
			f := NewSharedFront(NewMapCache(), 4)
			f.WriteBack()
			return f
		},
		"shared-front-ristretto": func() Cache {
			r, err := NewRistretto(1)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(r.Close)
			return NewSharedFront(r, 10)
		},
	}
}

// TestWorkers_AgainstBruteForce gives teams of 1, 2 and 4 workers, depth first, by proof
// numbers and by df-pn, the random games of TestNimber_AgainstBruteForce, larger: every nimber and outcome
// is the oracle's.
func TestWorkers_AgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	for name, newCache := range sharedCaches(t) {
		for _, algo := range searchAlgos {
			for _, workers := range []int{1, 2, 4} {
				for seed := uint64(1); seed <= seeds(25); seed++ {
					r := rand.New(rand.NewPCG(seed, 17))
					size := 16
					if name == "none" {
						size = 10
					}
					g := randomGraph(r, size, 4)
					g.sums = seed%2 == 0
					solver := func() *Solver {
						s := NewSolver(WithCache(newCache()), WithWorkers(workers))
						useAlgo(s, algo)
						return s
					}
					for range 4 {
						p := randomPosition(r, g)
						want := bruteNimber(g, p.at)
						got, err := solver().Nimber(ctx, p)
						if err != nil || got != want {
							t.Fatalf("%s, %s, %d workers, seed %d: Nimber(%q) = %d, %v; want %d", name, algo, workers, seed, p, got, err, want)
						}
						for n := range 3 {
							win, err := solver().Outcome(ctx, p, n)
							if err != nil || win != (want != n) {
								t.Fatalf("%s, %s, %d workers, seed %d: Outcome(%q, %d) = %v, %v; nimber %d", name, algo, workers, seed, p, n, win, err, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestWorkers_ShareTheWork runs two workers on a position large enough for both: each
// expands nodes of its own, the solver's Stats count both, and the answer is one worker's.
func TestWorkers_ShareTheWork(t *testing.T) {
	ctx := context.Background()
	g := randomGraph(rand.New(rand.NewPCG(21, 21)), 20000, 16)
	g.sums = true
	p := tokens{g, []int{19997, 19998, 19999}}
	alone := NewSolver(WithCache(NewMapCache()))
	want, err := alone.Nimber(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSolver(WithCache(NewSharedFront(NewMapCache(), 12)), WithWorkers(2))
	got, err := s.Nimber(ctx, p)
	if err != nil || got != want {
		t.Fatalf("2 workers: Nimber(%q) = %d, %v; want %d", p, got, err, want)
	}
	own, helper := s.c.nodes.Load(), s.par.team.workers[1].c.nodes.Load()
	if own == 0 || helper == 0 {
		t.Fatalf("nodes by worker: %d and %d; want both working", own, helper)
	}
	if st := s.Stats(); st.Nodes != own+helper {
		t.Fatalf("Stats().Nodes = %d, want %d + %d", st.Nodes, own, helper)
	}
	if again, _ := s.Nimber(ctx, p); again != want || s.Stats().Nodes != 0 {
		t.Fatalf("second Nimber = %d after %d nodes; want %d from the cache", again, s.Stats().Nodes, want)
	}
}

// TestWorkers_StopKeepsFacts stops a two-worker search midway: both end with the context's
// error, what they proved stays in the cache, and a new search on that cache ends with the
// right nimber in fewer nodes than a fresh one.
func TestWorkers_StopKeepsFacts(t *testing.T) {
	g := randomGraph(rand.New(rand.NewPCG(23, 23)), 20000, 16)
	g.sums = true
	p := tokens{g, []int{19997, 19998, 19999}}
	fresh := NewSolver(WithCache(NewMapCache()))
	want, err := fresh.Nimber(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	cache := NewMapCache()
	s := NewSolver(WithCache(cache), WithWorkers(2))
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		for s.Stats().Nodes < fresh.Stats().Nodes/4 {
			time.Sleep(100 * time.Microsecond)
		}
		cancel()
	}()
	_, err = s.Nimber(ctx, p)
	<-stopped
	if err == nil {
		t.Skipf("the search ended before the stop (%d nodes)", s.Stats().Nodes)
	}
	if u := cache.Usage(); u.Entries == 0 {
		t.Fatal("a stopped search left nothing in the cache")
	}
	again := NewSolver(WithCache(cache), WithWorkers(2))
	got, err := again.Nimber(context.Background(), p)
	if err != nil || got != want {
		t.Fatalf("after the stop: Nimber(%q) = %d, %v; want %d", p, got, err, want)
	}
	if again.Stats().Nodes >= fresh.Stats().Nodes {
		t.Fatalf("after the stop: %d nodes, a fresh search %d: nothing was kept", again.Stats().Nodes, fresh.Stats().Nodes)
	}
}

// TestWorkers_NodeLimitCountsTheTeam gives a team a node limit: the search stops with
// ErrNodeLimit once the workers together pass it, not each.
func TestWorkers_NodeLimitCountsTheTeam(t *testing.T) {
	g := randomGraph(rand.New(rand.NewPCG(21, 21)), 20000, 16)
	g.sums = true
	s := NewSolver(WithCache(NewMapCache()), WithWorkers(2), WithNodeLimit(5_000))
	_, err := s.Nimber(context.Background(), tokens{g, []int{19997, 19998, 19999}})
	if !errors.Is(err, ErrNodeLimit) {
		t.Fatalf("Nimber = %v, want ErrNodeLimit", err)
	}
	if n := s.Stats().Nodes; n > 5_000+4*checkEvery {
		t.Fatalf("the team expanded %d nodes past a limit of 5 000", n)
	}
}

// TestSharedFront_MergesConcurrentPuts has eight goroutines prove "≠ i" of the same keys at
// once: the front, and the cache behind it, end with every value excluded.
func TestSharedFront_MergesConcurrentPuts(t *testing.T) {
	behind := NewMapCache()
	front := NewSharedFront(behind, 6)
	keys := []string{"a", "b", "c", "d"}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 200 {
				for _, k := range keys {
					f, _ := front.Get(k)
					front.Put(k, f.Without(i))
				}
			}
		})
	}
	wg.Wait()
	for _, k := range keys {
		for name, c := range map[string]Cache{"front": front, "behind": behind} {
			if f, _ := c.Get(k); f.Excluded() != 8 {
				t.Errorf("%s: %s knows %q, want ≠ 0…7", name, k, f.Describe(10))
			}
		}
	}
}

// TestSharedFront_WriteBack: a front made WriteBack gives the cache behind only the keys
// that left their slot, and knows every fact Put through it, in its slots or behind, even
// when workers Put and probe at once.
func TestSharedFront_WriteBack(t *testing.T) {
	behind := NewMapCache()
	front := NewSharedFront(behind, 3)
	front.WriteBack()
	const keys = 200
	key := func(i int) string { return "k" + strconv.Itoa(i) }
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := w; i < keys; i += 4 {
				f, _ := front.Get(key(i))
				front.Put(key(i), f.Without(i%5))
				front.Get(key((i * 7) % keys)) // a probe that may take another key's slot
			}
		})
	}
	wg.Wait()
	checkWrittenBack(t, front, behind, keys, key)
}

// TestWorkers_FollowTheSolversSearch runs a team by proof numbers, then depth first: the
// answers are right, and the helpers searched depth first the second time, as the solver.
func TestWorkers_FollowTheSolversSearch(t *testing.T) {
	g := randomGraph(rand.New(rand.NewPCG(27, 27)), 2000, 8)
	s := NewSolver(WithCache(NewSharedFront(NewMapCache(), 10)), WithWorkers(2))
	for i, pns := range []bool{true, false} {
		p := tokens{g, []int{1999 - i}}
		want := bruteNimber(g, p.at)
		s.UseProofNumbers(pns)
		got, err := s.Nimber(context.Background(), p)
		if err != nil || got != want {
			t.Fatalf("pns %v: Nimber(%q) = %d, %v; want %d", pns, p, got, err, want)
		}
	}
	if h := s.par.team.workers[1]; h.pns != nil {
		t.Fatal("a helper searched by proof numbers after the solver was set depth first")
	}
}

// TestWorkers_CriticalCPU reads the critical CPU and the workers' CPU of a search alone and
// of a team's, depth first and by proof numbers: some CPU, and no more than the process spent
// meanwhile; none when the solver was not asked to measure it (its workers then do not hold
// their threads).
func TestWorkers_CriticalCPU(t *testing.T) {
	if _, ok := threadCPU(); !ok {
		t.Skip("threads' CPU cannot be read here")
	}
	g := randomGraph(rand.New(rand.NewPCG(21, 21)), 20000, 16)
	g.sums = true
	p := tokens{g, []int{19997, 19998, 19999}}
	for _, c := range []struct {
		workers int
		pns     bool
	}{{1, false}, {2, false}, {2, true}} {
		free := NewSolver(WithCache(NewSharedFront(NewMapCache(), 12)), WithWorkers(c.workers))
		free.UseProofNumbers(c.pns)
		if _, err := free.Nimber(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		if free.CriticalCPU() != 0 || free.WorkersCPU() != 0 {
			t.Errorf("%d workers, pns %v, not WithThreadCPU: critical CPU %v, workers' %v", c.workers, c.pns, free.CriticalCPU(), free.WorkersCPU())
		}
		s := NewSolver(WithCache(NewSharedFront(NewMapCache(), 12)), WithWorkers(c.workers), WithThreadCPU())
		s.UseProofNumbers(c.pns)
		before := processCPU()
		if _, err := s.Nimber(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		spent := processCPU() - before
		if crit := s.CriticalCPU(); crit <= 0 || crit > spent {
			t.Errorf("%d workers, pns %v: critical CPU %v, the process spent %v", c.workers, c.pns, crit, spent)
		}
		// The workers' CPU holds the busiest's and is at most the process's (a tenth of slack
		// for the kernel's accounting of threads); alone, it is the critical CPU.
		if all, crit := s.WorkersCPU(), s.CriticalCPU(); all < crit || all > spent+spent/10 || (!c.pns && c.workers == 1 && all != crit) {
			t.Errorf("%d workers, pns %v: workers' CPU %v, critical %v, the process spent %v", c.workers, c.pns, all, crit, spent)
		}
	}
}

// processCPU is the process's user and system time so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// A team's queue of options hands them out from both ends, then those still being proven,
// oldest first, so that an idle worker races one; an option proven twice counts once.
func TestOptionQueue_RacesTheRunning(t *testing.T) {
	q := newOptionQueue(3)
	var got []int
	for _, front := range []bool{true, false, true} {
		i, ok := q.take(front)
		if !ok {
			t.Fatalf("took %v, then nothing", got)
		}
		got = append(got, i)
	}
	if !slices.Equal(got, []int{0, 2, 1}) {
		t.Fatalf("taken %v, want front 0, back 2, front 1", got)
	}
	if !q.finish(0) || q.finish(0) {
		t.Error("option 0 proven twice, or not once")
	}
	if i, ok := q.take(true); !ok || i != 2 {
		t.Errorf("with none left, took %d %v; want 2, the oldest still being proven", i, ok)
	}
	q.finish(2)
	q.finish(1)
	if i, ok := q.take(false); ok {
		t.Errorf("every option proven, yet took %d", i)
	}
}

// searchAlgos are the searches a team runs: depth first, by proof numbers, by df-pn.
var searchAlgos = []string{"couples", "pns", "dfpn"}

// useAlgo sets the solver's search to algo, one of searchAlgos.
func useAlgo(s *Solver, algo string) {
	s.UseProofNumbers(algo == "pns")
	s.UseDFPN(0)
	if algo == "dfpn" {
		s.UseDFPN(1 << 20)
	}
}
