package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestMisereForms_BornByDay: the misère games born by day 0…4 are 1, 2, 3, 5 and 22 different
// ones (Conway, ONAG ch. 12): forming every set of options of the games of the day before
// gives that many forms, so that no two equal games keep two forms and no two different
// games share one.
func TestMisereForms_BornByDay(t *testing.T) {
	days := bornByDay(NewMisereForms(), 4)
	for n, want := range []int{2, 3, 5, 22} {
		if len(days[n]) != want {
			t.Fatalf("born by day %d: %d forms, want %d", n+1, len(days[n]), want)
		}
	}
}

// bornByDay forms every set of options of the games born by day k, for k = 0 … days-1, and
// returns the forms born by each day k+1, sorted.
func bornByDay(f *MisereForms, days int) [][]int32 {
	var out [][]int32
	day := []int32{0}
	for range days {
		seen := map[int32]bool{}
		for mask := 0; mask < 1<<len(day); mask++ {
			var opts []int32
			for i, g := range day {
				if mask&(1<<i) != 0 {
					opts = append(opts, g)
				}
			}
			seen[f.Node(opts)] = true
		}
		next := make([]int32, 0, len(seen))
		for g := range seen {
			next = append(next, g)
		}
		slices.Sort(next)
		out = append(out, next)
		day = next
	}
	return out
}

// TestMisereForms_ReversibleAsDefined: on random sets of options among the 22 games born by
// day 4, the form reversible finds by counting is the first one the simplification's
// definition gives, tried one by one in the same order.
func TestMisereForms_ReversibleAsDefined(t *testing.T) {
	f := NewMisereForms()
	day := bornByDay(f, 4)[3]
	// byDefinition is the first c, an option of an option, whose options are all options of
	// the game, through which every other option reverses, with the proviso.
	byDefinition := func(opts []int32) (int32, bool) {
		for _, g := range opts {
			for _, c := range f.opts[g] {
				ok := true
				for _, o := range f.opts[c] {
					ok = ok && slices.Contains(opts, o)
				}
				for _, o := range opts {
					ok = ok && (slices.Contains(f.opts[c], o) || slices.Contains(f.opts[o], c))
				}
				if ok && len(f.opts[c]) == 0 {
					ok = slices.ContainsFunc(opts, func(o int32) bool { return !f.win[o] })
				}
				if ok {
					return c, true
				}
			}
		}
		return 0, false
	}
	rng := rand.New(rand.NewPCG(4, 22))
	found := 0
	for range 5000 {
		var opts []int32
		for _, g := range day {
			if rng.IntN(4) == 0 {
				opts = append(opts, g)
			}
		}
		want, wantOK := byDefinition(opts)
		got, ok := f.reversible(opts)
		if got != want || ok != wantOK {
			t.Fatalf("options %v: reversible gives %d, %v; the definition %d, %v", opts, got, ok, want, wantOK)
		}
		if ok {
			found++
		}
	}
	if found == 0 {
		t.Fatal("no set of options had a reversible one: the test tried nothing")
	}
	t.Logf("%d of 5000 sets of options equal a form they reverse through", found)
}

// TestMisereForms_Nim: {*} is 0 (its one option reverses through 0, and both are wins with
// the proviso met), so is * + *; heaps of Nim keep forms of their own, and the forms of sums
// of up to three heaps give misère Nim's outcomes (Bouton).
func TestMisereForms_Nim(t *testing.T) {
	f := NewMisereForms()
	heaps := []int32{0}
	for n := 1; n <= 5; n++ {
		heaps = append(heaps, f.Node(slices.Clone(heaps)))
	}
	star := heaps[1]
	if got := f.Node([]int32{star}); got != 0 {
		t.Errorf("{*} = %s, want {}", f.String(got))
	}
	if got := f.Sum(star, star); got != 0 {
		t.Errorf("* + * = %s, want {}", f.String(got))
	}
	if got := len(slices.Compact(slices.Clone(heaps))); got != 6 {
		t.Errorf("heaps 0…5: %d forms, want 6", got)
	}
	for a := range 6 {
		for b := range 6 {
			for c := range 6 {
				id := f.Sum(f.Sum(heaps[a], heaps[b]), heaps[c])
				if got, want := f.Win(id), MisereNim([]int{a, b, c}); got != want {
					t.Errorf("*%d + *%d + *%d: win %v, want %v", a, b, c, got, want)
				}
			}
		}
	}
}

// TestMisereForms_Oracle: on random graph games, sums among them, a position's form gives
// the outcome of the oracle, and two positions with the same form have the same outcome
// beside any third one (the form is the game's misère value, not only its outcome).
func TestMisereForms_Oracle(t *testing.T) {
	for seed := uint64(1); seed <= seeds(12); seed++ {
		r := rand.New(rand.NewPCG(seed, 41))
		g := randomGraph(r, 10, 3)
		g.sums = seed%2 == 0
		f := NewMisereForms()
		byForm := map[int32][]int{}
		for v := range g.succ {
			id := f.Of(tokens{g, []int{v}})
			if got, want := f.Win(id), bruteMisere(g, []int{v}); got != want {
				t.Fatalf("seed %d: form of %d (%s) says win %v, want %v", seed, v, f.String(id), got, want)
			}
			byForm[id] = append(byForm[id], v)
		}
		for range 10 {
			p := randomPosition(r, g)
			if got, want := f.Win(f.Of(p)), bruteMisere(g, p.at); got != want {
				t.Fatalf("seed %d: form of %v says win %v, want %v", seed, p.at, got, want)
			}
			for _, vs := range byForm {
				for _, v := range vs[1:] {
					a := append([]int{vs[0]}, p.at...)
					b := append([]int{v}, p.at...)
					slices.Sort(a)
					slices.Sort(b)
					if bruteMisere(g, a) != bruteMisere(g, b) {
						t.Fatalf("seed %d: %d and %d share a form but differ beside %v", seed, vs[0], v, p.at)
					}
				}
			}
		}
	}
}

// TestMisereOutcomeByForms_Oracle: the search by forms agrees with the oracle on random graph
// games, whatever the budget (0: every component searched; small: some formed, some not;
// large: all formed), with every cache, one table of forms kept from one position to the
// next, depth first and by proof numbers in turn; for every third seed, each position with a
// table of forms of its own and the cache of the others.
func TestMisereOutcomeByForms_Oracle(t *testing.T) {
	ctx := context.Background()
	for name, cache := range caches(t) {
		for _, budget := range []int{0, 3, 1000} {
			for seed := uint64(1); seed <= seeds(20); seed++ {
				r := rand.New(rand.NewPCG(seed, 43))
				g := randomGraph(r, 12, 3)
				g.sums = seed%2 == 0
				f := NewMisereForms()
				f.Budget = budget
				s := NewSolver(WithCache(cache()))
				for i := range 6 {
					p := randomPosition(r, g)
					s.UseProofNumbers(i%2 == 1)
					if seed%3 == 0 { // a table of its own, the facts of the others' in the cache
						f = NewMisereForms()
						f.Budget = budget
					}
					win, err := s.MisereOutcomeByForms(ctx, p, f)
					if err != nil {
						t.Fatal(err)
					}
					if want := bruteMisere(g, p.at); win != want {
						t.Fatalf("%s, budget %d, seed %d, proof numbers %v: MisereOutcomeByForms(%v) = %v, want %v", name, budget, seed, i%2 == 1, p.at, win, want)
					}
				}
			}
		}
	}
}

// TestMisereOutcomeByForms_Stops: a search stopped before it ends says so.
func TestMisereOutcomeByForms_Stops(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 43))
	g := randomGraph(r, 40, 4)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f := NewMisereForms()
	f.Budget = 0
	if _, err := NewSolver().MisereOutcomeByForms(ctx, tokens{g, []int{39, 38}}, f); err == nil {
		t.Error("a cancelled search gave no error")
	}
}

// TestMisereForms_NamesAcrossTables: a form's name is the same in every table, whatever the
// order its forms came in (ids differ), and the 22 games born by day 4 have 22 names.
func TestMisereForms_NamesAcrossTables(t *testing.T) {
	a, b := NewMisereForms(), NewMisereForms()
	b.Node([]int32{b.Node(nil), b.Node([]int32{b.Node(nil)})}) // other forms first: other ids
	na, nb := dayNames(a, false), dayNames(b, true)
	if !slices.Equal(na, nb) {
		t.Fatalf("the games born by day 4 are named apart by two tables:\n%v\n%v", na, nb)
	}
	distinct := map[string]bool{}
	for _, n := range na {
		distinct[n] = true
	}
	if len(distinct) != 22 {
		t.Errorf("%d names for the 22 games born by day 4", len(distinct))
	}
}

// dayNames forms every set of options of the games born by day 3 (each day's games ordered
// by name, so that a set of options means the same games in every table), in the order of
// the sets or in reverse, and returns the names of the forms, by set.
func dayNames(f *MisereForms, reverse bool) []string {
	day := []int32{0}
	var names []string
	for range 4 {
		slices.SortFunc(day, func(x, y int32) int { return strings.Compare(f.nameOf(x), f.nameOf(y)) })
		masks := 1 << len(day)
		names = make([]string, masks)
		ids := map[int32]bool{}
		for i := range masks {
			mask := i
			if reverse {
				mask = masks - 1 - i
			}
			var opts []int32
			for j, g := range day {
				if mask&(1<<j) != 0 {
					opts = append(opts, g)
				}
			}
			id := f.Node(opts)
			names[mask] = f.nameOf(id)
			ids[id] = true
		}
		day = day[:0]
		for id := range ids {
			day = append(day, id)
		}
	}
	return names
}

// CheckMiserePNUpdates makes every misère proof-number search until t ends check, after each
// update, that every position's numbers are those a pass over its moves gives and those its
// parents were told; it returns the count of positions checked.
func CheckMiserePNUpdates(t testing.TB) *int {
	checked := new(int)
	mpnUpdated = func(g *miserePN) {
		for _, v := range g.nodes {
			if v.told != [2]int64{v.pn, v.dn} || v.stale || v.queued {
				t.Fatalf("%s: numbers %d %d, told %v, stale %v, queued %v after an update", v.key, v.pn, v.dn, v.told, v.stale, v.queued)
			}
			if !v.expanded || v.proven() {
				continue
			}
			pn, dn := pnInf, int64(0)
			for _, k := range v.kids {
				pn, dn = min(pn, k.dn), addPN(dn, k.pn)
			}
			if pn != v.pn || dn != v.dn {
				t.Fatalf("%s: numbers %d %d, its moves give %d %d", v.key, v.pn, v.dn, pn, dn)
			}
			*checked++
		}
	}
	t.Cleanup(func() { mpnUpdated = nil })
	return checked
}

// TestMiserePN_NumbersFollowMoves: after each update of a misère proof-number search, every
// position's numbers are those a pass over its moves gives, and what its parents were told,
// though the update passes over a position's moves only when a change may raise its least
// disproof number; with room for the whole DAG and with cuts (fit), with forms (a move in a
// form keeps the hint: a parent may be taken from the queue before such a move) and without.
// (TestMisereByForms_NumbersFollowMoves does the same on Sprouts.)
func TestMiserePN_NumbersFollowMoves(t *testing.T) {
	ctx := context.Background()
	checked := CheckMiserePNUpdates(t)
	for _, tt := range []struct {
		forms int
		tree  int64
	}{{0, 0}, {3, 0}, {0, 16 << 10}, {3, 16 << 10}} {
		tree := tt.tree
		for seed := uint64(1); seed <= 12; seed++ { // hundredths of a second: every seed, -short too
			r := rand.New(rand.NewPCG(seed, 34))
			g := randomGraph(r, 40, 4)
			g.sums = seed%2 == 0
			f := NewMisereForms()
			f.Budget = tt.forms // 0: every component searched, a deep DAG; 3: moves in a form too
			var opts []SolverOption
			if tree > 0 {
				opts = append(opts, WithTreeBytes(tree))
			}
			s := NewSolver(opts...)
			s.UseProofNumbers(true)
			p := randomPosition(r, g)
			win, err := s.MisereOutcomeByForms(ctx, p, f)
			if err != nil {
				if tree > 0 && errors.Is(err, ErrWorkTooLarge) {
					continue // the root's moves did not fit
				}
				t.Fatal(err)
			}
			if want := bruteMisere(g, p.at); win != want {
				t.Fatalf("seed %d, tree %d: misère %v = %v, want %v", seed, tree, p.at, win, want)
			}
		}
	}
	if *checked < 100 {
		t.Fatalf("%d positions checked: the positions are too small to test the update", *checked)
	}
	t.Logf("%d positions checked", *checked)
}
