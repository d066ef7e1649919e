package engine

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// WriteTree writes t as JSON, one node a line so that saved trees diff well.
func WriteTree(w io.Writer, t *Tree) error {
	bw := bufio.NewWriter(w)
	head, err := json.Marshal(struct {
		Format string `json:"format"`
		Game   string `json:"game"`
		Root   int    `json:"root"`
	}{t.Format, t.Game, t.Root})
	if err != nil {
		return err
	}
	bw.Write(head[:len(head)-1])
	bw.WriteString(`,"nodes":[`)
	for i := range t.Nodes {
		line, err := json.Marshal(&t.Nodes[i])
		if err != nil {
			return err
		}
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n")
		bw.Write(line)
	}
	bw.WriteString("\n]}\n")
	return bw.Flush()
}

// MaxTreeNodes bounds the trees ReadTree accepts.
const MaxTreeNodes = 1 << 24

// ReadTree reads a tree written by WriteTree (or by hand) and checks its shape: the format
// tag, unique ids, children that exist, results L or W. Whether it proves anything is the
// business of Check.
func ReadTree(r io.Reader) (*Tree, error) {
	var t Tree
	dec := json.NewDecoder(r)
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("tree: %w", err)
	}
	if t.Format != TreeFormat {
		return nil, fmt.Errorf("tree: format %q, want %q", t.Format, TreeFormat)
	}
	if len(t.Nodes) == 0 || len(t.Nodes) > MaxTreeNodes {
		return nil, fmt.Errorf("tree: %d nodes, want 1 to %d", len(t.Nodes), MaxTreeNodes)
	}
	if err := t.renumber(); err != nil {
		return nil, err
	}
	return &t, nil
}

// renumber puts every node at the index of its id, so that ids may come in any order in the
// file, and checks the references.
func (t *Tree) renumber() error {
	at := make(map[int]int, len(t.Nodes))
	for i, n := range t.Nodes {
		if _, dup := at[n.ID]; dup {
			return fmt.Errorf("tree: node id %d appears twice", n.ID)
		}
		at[n.ID] = i
		if n.Result != "L" && n.Result != "W" {
			return fmt.Errorf("tree: node %d: result %q, want L or W", n.ID, n.Result)
		}
		if n.Kind != KindCouple && n.Kind != KindSum {
			return fmt.Errorf("tree: node %d: unknown kind %q", n.ID, n.Kind)
		}
		if n.N < 0 {
			return fmt.Errorf("tree: node %d: negative heap %d", n.ID, n.N)
		}
	}
	index := func(id int) (int, error) {
		i, ok := at[id]
		if !ok {
			return 0, fmt.Errorf("tree: no node with id %d", id)
		}
		return i, nil
	}
	nodes := make([]Node, len(t.Nodes))
	for _, n := range t.Nodes {
		i, _ := index(n.ID)
		kids := make([]int, len(n.Children))
		for j, c := range n.Children {
			k, err := index(c)
			if err != nil {
				return fmt.Errorf("%w (child of node %d)", err, n.ID)
			}
			kids[j] = k
		}
		n.ID, n.Children = i, kids
		nodes[i] = n
	}
	root, err := index(t.Root)
	if err != nil {
		return fmt.Errorf("%w (the root)", err)
	}
	t.Nodes, t.Root = nodes, root
	return nil
}
