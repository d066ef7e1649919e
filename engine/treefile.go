package engine

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// WriteTree writes t as JSON, one node a line so that saved trees diff well.
func WriteTree(w io.Writer, t *Tree) error {
	bw := bufio.NewWriter(w)
	head, err := json.Marshal(struct {
		Format     string `json:"format"`
		Convention string `json:"convention,omitempty"`
		Game       string `json:"game"`
		Split      string `json:"split,omitempty"`
		Root       int    `json:"root"`
		FormBudget int    `json:"form_budget,omitempty"`
		FormHint   int    `json:"form_hint,omitempty"`
	}{t.Format, t.Convention, t.Game, t.Split, t.Root, t.FormBudget, t.FormHint})
	if err != nil {
		return err
	}
	bw.Write(head[:len(head)-1])
	if len(t.Forms) > 0 {
		bw.WriteString(`,"forms":[`)
		for i, opts := range t.Forms {
			if i > 0 {
				bw.WriteByte(',')
			}
			bw.WriteString("\n[")
			for j, o := range opts {
				if j > 0 {
					bw.WriteByte(',')
				}
				bw.WriteString(strconv.Itoa(int(o)))
			}
			bw.WriteByte(']')
		}
		bw.WriteString("\n]")
	}
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

// MaxTreeNumber bounds every id and heap ReadTree accepts. An L couple (P, n) has its n heap
// options as children, so no L claim above MaxTreeNodes can be checked, and a sum's last heap
// is a nim-sum of such values (below 1<<25); 1<<31 leaves room for hand-made W couples while
// keeping every heap an int32, so that no per-heap work can be asked for.
const MaxTreeNumber = 1<<31 - 1

// ReadTree reads a tree written by WriteTree (or by hand) and checks its shape: the format
// tag, unique ids, children that exist, results L or W. Whether it proves anything is the
// business of Check.
//
// The reader is strict, so that it reads a file as every other JSON tool does: names are
// matched exactly (a name equal to a known one but for case, such as "N", is refused, where
// encoding/json would take it for "n"), no object has a name twice, nothing but white space
// follows the tree, ids, heaps and the root are integers written without fraction or exponent,
// from 0 to MaxTreeNumber, a result is "L" or "W", a "convention", when there is one, is
// "normal" or "misere" (a file without it, as every file before misère trees, proves under
// normal play), and "forms", when there are, belong to a misère tree, begin with [] and name
// as options only forms before their own. Names it does not know are skipped, as DESIGN.md asks of readers. Its time
// and memory are linear in the file's size.
func ReadTree(r io.Reader) (*Tree, error) {
	t := &Tree{}
	tr := &treeReader{dec: json.NewDecoder(r)}
	tr.dec.UseNumber()
	err := readFile(tr, t, func() (int, error) {
		var err error
		t.Nodes, err = tr.nodes()
		return len(t.Nodes), err
	})
	if err != nil {
		return nil, err
	}
	if err := t.renumber(); err != nil {
		return nil, err
	}
	return t, nil
}

// A fileReader reads the values of a tree file: treeReader by encoding/json's tokens,
// treeScanner a byte at a time, with the same errors.
type fileReader interface {
	// object reads one object, calling field for each known name (at most 64) and skipping
	// the others. It refuses a name seen twice and one that differs from a known name only
	// in case.
	object(known []string, field func(name string) error) (namesSeen, error)
	str(name string) (string, error)
	// number reads an integer from 0 to MaxTreeNumber, written as one: no sign, fraction
	// or exponent ("1e3" and "1.0" are refused).
	number(name string) (int, error)
	// atEnd reports whether nothing but white space is left.
	atEnd() bool
	// array reads a list, calling item for each of its values.
	array(what string, item func() error) error
}

// readFile reads a tree file: the fields of its object into head, its "nodes" by nodes,
// which returns how many it read; then it checks the format and that there are nodes.
func readFile(tr fileReader, head *Tree, nodes func() (int, error)) error {
	count := 0
	seen, err := tr.object(treeNames, func(name string) error {
		var err error
		switch name {
		case "format":
			head.Format, err = tr.str(name)
		case "convention":
			head.Convention, err = convention(tr)
		case "game":
			head.Game, err = tr.str(name)
		case "split":
			head.Split, err = tr.str(name)
		case "root":
			head.Root, err = tr.number(name)
		case "nodes":
			count, err = nodes()
		case "forms":
			head.Forms, err = forms(tr)
		case "form_budget":
			head.FormBudget, err = tr.number(name)
		case "form_hint":
			head.FormHint, err = tr.number(name)
		}
		return err
	})
	if err == nil {
		err = seen.need(treeNames, "format", "game", "root", "nodes")
	}
	if err == nil && !tr.atEnd() {
		err = fmt.Errorf("data after the tree")
	}
	switch {
	case err != nil:
		return fmt.Errorf("tree: %w", err)
	case head.Format != TreeFormat:
		return fmt.Errorf("tree: format %s, want %q", Quote(head.Format), TreeFormat)
	case count == 0:
		return fmt.Errorf("tree: 0 nodes, want 1 to %d", MaxTreeNodes)
	case len(head.Forms) > 0 && head.Convention != Misere:
		return fmt.Errorf(`tree: "forms" in a normal-play tree: only misère trees add forms to their couples`)
	}
	return nil
}

// forms reads a tree's "forms": lists of options, each an index below the form's own, the
// first list empty (the game with no option, the form of a couple without one).
func forms(tr fileReader) ([][]int32, error) {
	var out [][]int32
	total := 0
	err := tr.array(`"forms" as a list of forms`, func() error {
		if len(out) == MaxTreeNodes {
			return fmt.Errorf("more than %d forms", MaxTreeNodes)
		}
		opts := []int32{}
		err := tr.array(`a form as a list of indexes`, func() error {
			o, err := tr.number("forms")
			switch {
			case err != nil:
				return err
			case o >= len(out):
				return fmt.Errorf("form %d has the option %d: each option's index must be smaller than its own", len(out), o)
			case total == 4*MaxTreeNodes:
				return fmt.Errorf("more than %d options of forms", 4*MaxTreeNodes)
			}
			total++
			opts = append(opts, int32(o))
			return nil
		})
		out = append(out, opts)
		return err
	})
	switch {
	case err != nil:
		return nil, err
	case len(out) == 0 || len(out[0]) > 0:
		return nil, fmt.Errorf(`"forms" must begin with [], the game with no option`)
	}
	return out, nil
}

// treeReader walks the tokens of a tree file, seeing each name as it is written.
type treeReader struct {
	dec *json.Decoder
}

// treeNames are the names of a tree file's object.
var treeNames = []string{"format", "convention", "game", "split", "root", "nodes", "forms", "form_budget", "form_hint"}

// namesSeen are the known names an object gave, a bit each by its place in the known list:
// no map an object (a tree has millions of nodes).
type namesSeen uint64

// need refuses an object that lacks one of names, of known.
func (seen namesSeen) need(known []string, names ...string) error {
	for _, name := range names {
		if seen&(1<<slices.Index(known, name)) == 0 {
			return fmt.Errorf("no %q", name)
		}
	}
	return nil
}

func (tr *treeReader) object(known []string, field func(name string) error) (namesSeen, error) {
	if err := tr.delim('{', "an object"); err != nil {
		return 0, err
	}
	var seen namesSeen
	var others map[string]bool // the unknown names, made when one comes
	for tr.dec.More() {
		tok, err := tr.dec.Token()
		if err != nil {
			return 0, err
		}
		name := tok.(string) // the decoder gives only names here
		if i := slices.Index(known, name); i >= 0 {
			if seen&(1<<i) != 0 {
				return 0, fmt.Errorf("%s appears twice", Quote(name))
			}
			seen |= 1 << i
			if err := field(known[i]); err != nil {
				return 0, err
			}
			continue
		}
		if err := unknownName(&others, known, name); err != nil {
			return 0, err
		}
		var skip json.RawMessage
		if err := tr.dec.Decode(&skip); err != nil {
			return 0, err
		}
	}
	return seen, tr.delim('}', "the end of an object")
}

// unknownName notes a name not in known in others (made when one comes) and refuses it when
// seen before or when it differs from a known name only in case.
func unknownName(others *map[string]bool, known []string, name string) error {
	if (*others)[name] {
		return fmt.Errorf("%s appears twice", Quote(name))
	}
	if *others == nil {
		*others = map[string]bool{}
	}
	(*others)[name] = true
	for _, k := range known {
		if strings.EqualFold(k, name) {
			return fmt.Errorf("%s: names are case-sensitive, want %q", Quote(name), k)
		}
	}
	return nil
}

func (tr *treeReader) array(what string, item func() error) error {
	if err := tr.delim('[', what); err != nil {
		return err
	}
	for tr.dec.More() {
		if err := item(); err != nil {
			return err
		}
	}
	return tr.delim(']', "the end of "+what)
}

func (tr *treeReader) atEnd() bool {
	_, err := tr.dec.Token()
	return err == io.EOF
}

func (tr *treeReader) delim(d json.Delim, what string) error {
	tok, err := tr.dec.Token()
	if err == io.EOF {
		return fmt.Errorf("unexpected end of file, want %s", what)
	}
	if err != nil {
		return err
	}
	if tok != d {
		return fmt.Errorf("%s, want %s", describe(tok), what)
	}
	return nil
}

// describe names a token in an error message.
func describe(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		return fmt.Sprintf("%q", string(v))
	case string:
		return "string " + Quote(v)
	case json.Number:
		return "number " + Quote(string(v))
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", tok)
}

// convention reads the convention a tree proves under: "misere", or "normal", which is
// also what a file without the field proves under (Normal).
func convention(tr fileReader) (string, error) {
	s, err := tr.str("convention")
	if err != nil {
		return "", err
	}
	switch s {
	case "normal":
		return Normal, nil
	case Misere:
		return Misere, nil
	}
	return "", fmt.Errorf(`"convention" is %s, want "normal" or %q`, Quote(s), Misere)
}

func (tr *treeReader) str(name string) (string, error) {
	tok, err := tr.dec.Token()
	if err != nil {
		return "", err
	}
	s, ok := tok.(string)
	if !ok {
		return "", fmt.Errorf("%q is %s, want a string", name, describe(tok))
	}
	return s, nil
}

func (tr *treeReader) number(name string) (int, error) {
	tok, err := tr.dec.Token()
	if err != nil {
		return 0, err
	}
	num, ok := tok.(json.Number)
	if !ok {
		return 0, fmt.Errorf("%q is %s, want an integer", name, describe(tok))
	}
	v, err := strconv.ParseUint(string(num), 10, 31)
	if err != nil {
		return 0, fmt.Errorf("%q is %s, want an integer from 0 to %d", name, Quote(string(num)), MaxTreeNumber)
	}
	return int(v), nil
}

func (tr *treeReader) nodes() ([]Node, error) {
	if err := tr.delim('[', `"nodes" as an array`); err != nil {
		return nil, err
	}
	var nodes []Node
	for tr.dec.More() {
		if len(nodes) == MaxTreeNodes {
			return nil, fmt.Errorf("more than %d nodes", MaxTreeNodes)
		}
		n, err := tr.node()
		if err != nil {
			return nil, fmt.Errorf("node %d of the file: %w", len(nodes), err)
		}
		nodes = append(nodes, n)
	}
	return nodes, tr.delim(']', `the end of "nodes"`)
}

var nodeNames = []string{"id", "position", "n", "result", "kind", "children"}

func (tr *treeReader) node() (Node, error) {
	var n Node
	seen, err := tr.object(nodeNames, func(name string) error {
		var err error
		switch name {
		case "id":
			n.ID, err = tr.number(name)
		case "position":
			n.Position, err = tr.str(name)
		case "n":
			n.N, err = tr.number(name)
		case "result":
			n.Result, err = tr.str(name)
			n.Result = interned(n.Result, "L", "W")
		case "kind":
			n.Kind, err = tr.str(name)
			n.Kind = interned(n.Kind, KindSum)
		case "children":
			n.Children, err = tr.children()
		}
		return err
	})
	if err != nil {
		return n, err
	}
	return n, seen.need(nodeNames, "id", "position", "n", "result")
}

// interned is s, or the one of common equal to it: a node's result and kind then share the
// constants' bytes rather than hold a copy each.
func interned(s string, common ...string) string {
	for _, c := range common {
		if s == c {
			return c
		}
	}
	return s
}

// children reads a list of ids; null, as encoding/json writes an empty list, is none.
func (tr *treeReader) children() ([]int, error) {
	tok, err := tr.dec.Token()
	if err != nil {
		return nil, err
	}
	if tok == nil {
		return nil, nil
	}
	if tok != json.Delim('[') {
		return nil, fmt.Errorf(`"children" is %s, want a list of ids`, describe(tok))
	}
	kids := []int{}
	for tr.dec.More() {
		k, err := tr.number("children")
		if err != nil {
			return nil, err
		}
		kids = append(kids, k)
	}
	return kids, tr.delim(']', `the end of "children"`)
}

// renumber puts every node at the index of its id, so that ids may come in any order in the
// file, and checks the references.
func (t *Tree) renumber() error {
	if inOrder(t.Nodes) {
		return t.checkInOrder()
	}
	at := make(map[int]int, len(t.Nodes))
	for i, n := range t.Nodes {
		if _, dup := at[n.ID]; dup {
			return fmt.Errorf("tree: node id %d appears twice", n.ID)
		}
		at[n.ID] = i
		if err := n.valid(); err != nil {
			return err
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

// valid checks a node's result, kind and heap.
func (n *Node) valid() error {
	switch {
	case n.Result != "L" && n.Result != "W":
		return fmt.Errorf("tree: node %d: result %s, want \"L\" or \"W\"", n.ID, Quote(n.Result))
	case n.Kind != KindCouple && n.Kind != KindSum:
		return fmt.Errorf("tree: node %d: unknown kind %s", n.ID, Quote(n.Kind))
	case n.N < 0:
		return fmt.Errorf("tree: node %d: negative heap %d", n.ID, n.N)
	}
	return nil
}

// inOrder reports whether each node's id is its index, as WriteTree writes them.
func inOrder(nodes []Node) bool {
	for i := range nodes {
		if nodes[i].ID != i {
			return false
		}
	}
	return true
}

// checkInOrder is renumber of a tree whose ids are its indexes: the same checks, with no
// copy of the nodes nor map of the ids.
func (t *Tree) checkInOrder() error {
	for _, n := range t.Nodes {
		if err := n.valid(); err != nil {
			return err
		}
		for _, c := range n.Children {
			if c < 0 || c >= len(t.Nodes) {
				return fmt.Errorf("tree: no node with id %d (child of node %d)", c, n.ID)
			}
		}
	}
	if t.Root < 0 || t.Root >= len(t.Nodes) {
		return fmt.Errorf("tree: no node with id %d (the root)", t.Root)
	}
	return nil
}

// maxQuoted is how many bytes of a position or a name a message shows.
const maxQuoted = 200

// Quote writes s for a message: Go-quoted, so that no newline or escape code of a file reaches
// the terminal raw, and cut to its first 200 bytes (at a rune boundary) with "..." after.
func Quote(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}
