package treeview

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/viz/draw"
)

// An Outline shows a solution tree as an indented list of its couples, one line each,
// "(position, n) = n" or "≠ n" with the outcome letter: the way to read a tree too wide to
// draw. It is filled lazily: a node's children are made into lines only when it is opened,
// so a tree of 10^5 nodes costs what is open.
type Outline struct {
	widget.BaseWidget

	// OnSelected is called with the id of the node whose line the user selects.
	OnSelected func(id int)

	tree *engine.Tree
	list *widget.Tree
	ids  map[widget.TreeNodeID]int // the lines made so far → node ids
}

// A line's UID is its path from the root: "0" for the root, "0/2" for its third child, so
// that a node met along two paths (a transposition) gets two lines.
const outlineRoot = "0"

// NewOutline returns an empty outline.
func NewOutline() *Outline {
	o := &Outline{ids: map[widget.TreeNodeID]int{}}
	o.list = &widget.Tree{
		ChildUIDs:  o.childUIDs,
		IsBranch:   o.isBranch,
		CreateNode: func(bool) fyne.CanvasObject { return widget.NewLabel("") },
		UpdateNode: func(uid widget.TreeNodeID, _ bool, obj fyne.CanvasObject) {
			obj.(*widget.Label).SetText(o.Line(uid))
		},
		OnSelected: func(uid widget.TreeNodeID) {
			if id, ok := o.ids[uid]; ok && o.OnSelected != nil {
				o.OnSelected(id)
			}
		},
	}
	o.list.ExtendBaseWidget(o.list)
	o.ExtendBaseWidget(o)
	return o
}

// SetTree shows t with its root open (nil: nothing).
func (o *Outline) SetTree(t *engine.Tree) {
	o.tree = t
	o.ids = map[widget.TreeNodeID]int{}
	o.list.UnselectAll()
	o.list.CloseAllBranches()
	if t != nil && len(t.Nodes) > 0 {
		o.ids[outlineRoot] = t.Root
		o.list.OpenBranch(outlineRoot)
	}
	o.list.Refresh()
}

// childUIDs returns the lines under uid, making them now.
func (o *Outline) childUIDs(uid widget.TreeNodeID) []widget.TreeNodeID {
	if o.tree == nil || len(o.tree.Nodes) == 0 {
		return nil
	}
	if uid == "" {
		return []widget.TreeNodeID{outlineRoot}
	}
	id, ok := o.ids[uid]
	if !ok {
		return nil
	}
	kids := o.tree.Nodes[id].Children
	out := make([]widget.TreeNodeID, len(kids))
	for i, c := range kids {
		out[i] = uid + "/" + strconv.Itoa(i)
		o.ids[out[i]] = c
	}
	return out
}

func (o *Outline) isBranch(uid widget.TreeNodeID) bool {
	if uid == "" {
		return true
	}
	id, ok := o.ids[uid]
	return ok && len(o.tree.Nodes[id].Children) > 0
}

// Line returns the text of the line uid: "(3x4, 0) = 0   L".
func (o *Outline) Line(uid widget.TreeNodeID) string {
	id, ok := o.ids[uid]
	if !ok || o.tree == nil {
		return ""
	}
	n := &o.tree.Nodes[id]
	heap := n.N
	if len(o.tree.Forms) > 0 {
		heap = 0 // n is the index of a form, which Couple writes
	}
	var b strings.Builder
	b.WriteString(o.tree.Couple(id))
	b.WriteString(" ")
	b.WriteString(draw.Label(heap, n.Losing()))
	b.WriteString("   ")
	b.WriteString(draw.Outcome(n.Losing()))
	return b.String()
}

// Open opens the line uid, making its children's lines.
func (o *Outline) Open(uid widget.TreeNodeID) { o.list.OpenBranch(uid) }

// Select selects the line uid, as a tap on it does.
func (o *Outline) Select(uid widget.TreeNodeID) { o.list.Select(uid) }

// Lines returns how many lines have been made, open or not.
func (o *Outline) Lines() int { return len(o.ids) }

// CreateRenderer returns the renderer of the list.
func (o *Outline) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(o.list) }

// SetOutline shows the tree as an outline (true) or as a drawing (false).
func (v *TreeView) SetOutline(on bool) {
	if on == (v.outline != nil) {
		return
	}
	if on {
		v.outline = NewOutline()
		v.outline.OnSelected = func(id int) {
			v.selected = id
			if v.OnSelected != nil {
				v.OnSelected(id)
			}
		}
		v.outline.SetTree(v.Tree())
	} else {
		v.outline = nil // its lines go with it
		v.reveal(v.selected)
	}
	v.Refresh()
}

// Outline returns the outline on show, or nil when the tree is drawn.
func (v *TreeView) Outline() *Outline { return v.outline }
