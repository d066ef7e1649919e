package layout

import "testing"

// treeFromBytes decodes a small tree: two bytes of gaps and a layered flag, then three bytes
// per node after the root: which earlier node is its parent, its width (0 to 63) and its
// height (1 to 64). Zero widths and gaps are allowed; zero heights are not, as a box with no
// height and no LevelGap has no side-by-side neighbours for the compactness check.
func treeFromBytes(data []byte) (Tree, Options) {
	var opt Options
	if len(data) >= 2 {
		opt = Options{SiblingGap: float64(data[0] % 16), LevelGap: float64(data[1] % 16), Layered: data[0]&0x80 != 0}
		data = data[2:]
	}
	n := 1 + len(data)/3
	t := Tree{Children: make([][]int, n), Sizes: make([]Size, n)}
	t.Sizes[0] = Size{37, 11}
	for i := 1; i < n; i++ {
		b := data[3*(i-1):]
		p := int(b[0]) % i
		t.Children[p] = append(t.Children[p], i)
		t.Sizes[i] = Size{float64(b[1] % 64), 1 + float64(b[2]%64)}
	}
	return t, opt
}

// FuzzTidy checks every property on trees made from arbitrary bytes, where sizes and gaps
// repeat and tie far more often than in the random trees.
func FuzzTidy(f *testing.F) {
	f.Add([]byte{})                                       // the root alone
	f.Add([]byte{3, 7, 0, 37, 11, 0, 11, 37})             // two children, asymmetric
	f.Add([]byte{0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1})        // zero widths, no gaps
	f.Add([]byte{0x82, 5, 0, 10, 50, 0, 10, 5, 2, 30, 5}) // layered, tall leaf beside a subtree
	f.Add([]byte{2, 3, 0, 10, 5, 0, 4, 5, 0, 10, 5, 1, 50, 5, 3, 50, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 3*300 {
			return
		}
		tr, opt := treeFromBytes(data)
		l, err := Tidy(tr, opt)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Tidy(mirror(tr), opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, check := range []func() error{
			func() error { return checkAll(tr, opt, l) },
			func() error { return checkCompact(tr, opt, l) },
			func() error { return checkMirror(l, m) },
		} {
			if err := check(); err != nil {
				t.Fatalf("%v, %+v: %v", tr.Children, opt, err)
			}
		}
	})
}
