package layout_test

import (
	"fmt"

	"grundy/viz/layout"
)

// A couple proven "= 0" with two options, each "≠ 0"; the second is drawn wider, as a
// picture of a larger board would be.
func ExampleTidy() {
	tree := layout.Tree{
		Children: [][]int{{1, 2}},
		Sizes:    []layout.Size{{W: 40, H: 30}, {W: 30, H: 20}, {W: 50, H: 20}},
	}
	l, err := layout.Tidy(tree, layout.Options{SiblingGap: 10, LevelGap: 15})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, b := range l.Boxes {
		fmt.Printf("node %d: top-left (%g, %g), size %gx%g\n", i, b.X, b.Y, b.W, b.H)
	}
	fmt.Printf("bounds: %gx%g\n", l.Bounds.W, l.Bounds.H)
	// Output:
	// node 0: top-left (20, 0), size 40x30
	// node 1: top-left (0, 45), size 30x20
	// node 2: top-left (40, 45), size 50x20
	// bounds: 90x65
}
