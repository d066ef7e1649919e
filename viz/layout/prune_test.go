package layout

import (
	"fmt"
	"reflect"
	"testing"
)

func TestPrune(t *testing.T) {
	// A DAG with ids far from 0..n-1: 10 → 20, 30; 20 → 40; 30 → 40, 50; 40 → 60.
	// 40 is a transposition, reached from 20 and from 30.
	dag := map[int][]int{10: {20, 30}, 20: {40}, 30: {40, 50}, 40: {60}}
	all := func(int) bool { return true }
	tests := []struct {
		name     string
		root     int
		graph    map[int][]int
		expanded func(int) bool
		want     Pruned
	}{
		{
			name: "all expanded", root: 10, graph: dag, expanded: all,
			want: Pruned{
				Tree: Tree{Children: [][]int{{1, 2}, {3}, {4, 5}, {6}}},
				IDs:  []int{10, 20, 30, 40, 40, 50, 60},
				Ref:  []int{-1, -1, -1, -1, 3, -1, -1},
			},
		},
		{
			// With 20 collapsed, 40 is first met below 30 and drawn there in full.
			name: "one collapsed", root: 10, graph: dag, expanded: func(id int) bool { return id != 20 },
			want: Pruned{
				Tree: Tree{Children: [][]int{{1, 2}, nil, {3, 4}, {5}}},
				IDs:  []int{10, 20, 30, 40, 50, 60},
				Ref:  []int{-1, -1, -1, -1, -1, -1},
			},
		},
		{
			name: "root collapsed", root: 10, graph: dag, expanded: func(int) bool { return false },
			want: Pruned{IDs: []int{10}, Ref: []int{-1}},
		},
		{
			name: "cycle", root: 1, graph: map[int][]int{1: {2}, 2: {1, 3}}, expanded: all,
			want: Pruned{
				Tree: Tree{Children: [][]int{{1}, {2, 3}}},
				IDs:  []int{1, 2, 1, 3},
				Ref:  []int{-1, -1, 0, -1},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			size := func(id int) Size { return Size{W: float64(id), H: 11} }
			got := Prune(tt.root, func(id int) []int { return tt.graph[id] }, tt.expanded, size)
			for _, id := range tt.want.IDs {
				tt.want.Sizes = append(tt.want.Sizes, size(id))
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Prune =\n%+v, want\n%+v", got, tt.want)
			}
			if _, err := Tidy(got.Tree, Options{}); err != nil {
				t.Errorf("Tidy(Prune(…)): %v", err)
			}
		})
	}
}

// ExamplePrune draws a solution tree with a transposition: both options of the root lead to
// the same position, which is laid out once.
func ExamplePrune() {
	children := map[string][]string{"3x3": {"3x3-a", "3x3-b"}, "3x3-a": {"end"}, "3x3-b": {"end"}}
	ids := []string{"3x3", "3x3-a", "3x3-b", "end"}
	index := map[string]int{}
	for i, id := range ids {
		index[id] = i
	}
	p := Prune(0,
		func(i int) []int {
			var cs []int
			for _, c := range children[ids[i]] {
				cs = append(cs, index[c])
			}
			return cs
		},
		func(int) bool { return true },
		func(int) Size { return Size{W: 30, H: 20} })
	l, err := Tidy(p.Tree, Options{SiblingGap: 10, LevelGap: 15})
	if err != nil {
		panic(err)
	}
	for i, b := range l.Boxes {
		note := ""
		if p.Ref[i] >= 0 {
			note = fmt.Sprintf(" (see node %d)", p.Ref[i])
		}
		fmt.Printf("%-5s at (%g, %g)%s\n", ids[p.IDs[i]], b.X, b.Y, note)
	}
	// Output:
	// 3x3   at (20, 0)
	// 3x3-a at (0, 35)
	// 3x3-b at (40, 35)
	// end   at (0, 70)
	// end   at (40, 70) (see node 3)
}
