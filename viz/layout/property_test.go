package layout

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
)

var seedFlag = flag.Uint64("seed", 0, "run the random property tests with this seed only (0: the fixed seeds)")

// seeds returns the fixed seeds, or the one given with -seed to replay a failure.
func seeds(fixed ...uint64) []uint64 {
	if *seedFlag != 0 {
		return []uint64{*seedFlag}
	}
	return fixed
}

// propertyOptions are the gaps the properties are checked with: asymmetric ones (so that a
// swapped gap shows), none at all (boxes packed edge to edge), and the layered drawing.
var propertyOptions = []struct {
	name string
	opt  Options
}{
	{"gaps", Options{SiblingGap: 3, LevelGap: 7}},
	{"nogaps", Options{}},
	{"layered", Options{SiblingGap: 3, LevelGap: 7, Layered: true}},
}

// propertySizes are the tree sizes; the largest is skipped in -short mode.
var propertySizes = []int{10, 1000, 100000}

// forEachCase runs f on a random tree for every size, shape, kind of box sizes, option set
// and seed, in a subtest named after them; f's error is reported with the seed.
func forEachCase(t *testing.T, f func(tr Tree, opt Options) error) {
	for _, n := range propertySizes {
		if n > 1000 && testing.Short() {
			continue
		}
		for _, s := range []shape{bushy, deep, mixed} {
			for _, few := range []bool{false, true} {
				for _, o := range propertyOptions {
					name := fmt.Sprintf("%s-%d/%s", s, n, o.name)
					if few {
						name += "/few-sizes"
					}
					t.Run(name, func(t *testing.T) {
						for _, seed := range caseSeeds(n) {
							rng := rand.New(rand.NewPCG(seed, uint64(n)))
							tr := randomTree(rng, n, s)
							if few {
								fewSizes(rng, tr)
							}
							if err := f(tr, o.opt); err != nil {
								t.Fatalf("%s, few sizes %v: %v", describe(seed, n, s, o.opt), few, err)
							}
						}
					})
				}
			}
		}
	}
}

// caseSeeds returns the seeds for trees of n nodes: one for the largest, whose single tree
// already holds many shapes.
func caseSeeds(n int) []uint64 {
	if n > 1000 {
		return seeds(1)
	}
	return seeds(1, 2, 3)
}

func TestTidy_Properties(t *testing.T) {
	forEachCase(t, func(tr Tree, opt Options) error {
		l, err := Tidy(tr, opt)
		if err != nil {
			return err
		}
		return checkAll(tr, opt, l)
	})
}

func TestTidy_Mirror(t *testing.T) {
	forEachCase(t, func(tr Tree, opt Options) error {
		l, err := Tidy(tr, opt)
		if err != nil {
			return err
		}
		m, err := Tidy(mirror(tr), opt)
		if err != nil {
			return err
		}
		return checkMirror(l, m)
	})
}

// TestTidy_Compact checks that no subtree is left further out than it must be. The check
// is quadratic, so it runs on the smaller trees only.
func TestTidy_Compact(t *testing.T) {
	forEachCase(t, func(tr Tree, opt Options) error {
		if len(tr.Sizes) > 1000 {
			return nil
		}
		l, err := Tidy(tr, opt)
		if err != nil {
			return err
		}
		return checkCompact(tr, opt, l)
	})
}

func TestTidy_IdenticalSubtrees(t *testing.T) {
	tests := []struct {
		host, tmpl, copies int
		s                  shape
	}{
		{10, 5, 3, mixed},
		{300, 30, 10, bushy},
		{1000, 100, 20, deep},
		{10000, 200, 50, mixed},
	}
	for _, tt := range tests {
		for _, o := range propertyOptions {
			t.Run(fmt.Sprintf("%s-%d/%s", tt.s, tt.host, o.name), func(t *testing.T) {
				for _, seed := range seeds(1, 2) {
					rng := rand.New(rand.NewPCG(seed, 7))
					host, tmpl := randomTree(rng, tt.host, tt.s), randomTree(rng, tt.tmpl, tt.s)
					tr, roots := graft(rng, host, tmpl, tt.copies)
					l, err := Tidy(tr, o.opt)
					if err == nil {
						err = checkCopies(l, roots, tt.tmpl, o.opt.Layered)
					}
					if err != nil {
						t.Fatalf("%s: %v", describe(seed, len(tr.Sizes), tt.s, o.opt), err)
					}
				}
			})
		}
	}
}

// TestTidy_DeepPath lays out a path of 10^5 nodes: nothing may recurse per level. Each
// parent is centred over its only child, so all centres line up.
func TestTidy_DeepPath(t *testing.T) {
	const n = 100000
	tr := path(n)
	opt := Options{SiblingGap: 2, LevelGap: 3}
	l, err := Tidy(tr, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkAll(tr, opt, l); err != nil {
		t.Fatal(err)
	}
	for i, b := range l.Boxes {
		if c := b.Center().X; c != 18.5 {
			t.Fatalf("node %d has centre %g, want 18.5", i, c)
		}
	}
	// 50000 boxes of each height, and a gap between each pair of levels.
	if want := 50000*(11+23) + (n-1)*3.0; l.Bounds != (Rect{0, 0, 37, want}) {
		t.Errorf("Bounds = %v, want {0 0 37 %g}", l.Bounds, want)
	}
}

// TestCheckers_CatchBrokenLayouts makes sure the properties are not vacuous: each spoils a
// valid layout in one way and expects the checks to notice.
func TestCheckers_CatchBrokenLayouts(t *testing.T) {
	opt := Options{SiblingGap: 3, LevelGap: 7}
	tr := randomTree(rand.New(rand.NewPCG(1, 1)), 200, mixed)
	if len(tr.Children[0]) < 2 {
		t.Fatalf("the root has %d children, want 2 or more", len(tr.Children[0]))
	}
	spoil := []struct {
		name string
		f    func(l *Layout, c []int)
	}{
		{"parent off centre", func(l *Layout, c []int) { l.Boxes[0].X += 0.5 }},
		{"child too high", func(l *Layout, c []int) { l.Boxes[c[0]].Y -= 0.5 }},
		{"siblings swapped", func(l *Layout, c []int) {
			l.Boxes[c[0]].X, l.Boxes[c[len(c)-1]].X = l.Boxes[c[len(c)-1]].X, l.Boxes[c[0]].X
		}},
		{"size swapped", func(l *Layout, c []int) { l.Boxes[3].W, l.Boxes[3].H = l.Boxes[3].H, l.Boxes[3].W }},
		{"bounds short", func(l *Layout, c []int) { l.Bounds.W-- }},
	}
	for _, s := range spoil {
		t.Run(s.name, func(t *testing.T) {
			l, err := Tidy(tr, opt)
			if err != nil {
				t.Fatal(err)
			}
			s.f(l, tr.Children[0])
			if err := checkAll(tr, opt, l); err == nil {
				t.Errorf("checks pass on a layout with %s", s.name)
			}
		})
	}
	t.Run("overlap alone", func(t *testing.T) {
		l := &Layout{Boxes: []Rect{{0, 0, 10, 10}, {12, 5, 10, 10}}, Bounds: Rect{0, 0, 22, 15}}
		if err := checkNoOverlap(Tree{}, opt, l); err == nil {
			t.Error("checkNoOverlap misses boxes 2 apart side by side with SiblingGap 3")
		}
	})
}
