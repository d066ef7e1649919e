package export

import (
	"fmt"
	"math"
)

// Defaults of the options.
const (
	DefaultDPI          = 300.0 // PNG resolution
	DefaultMaxWidth     = 240.0 // points: one column of a two-column paper, about 3.3 in
	DefaultMinLabelSize = 5.0   // points: labels are never scaled below this
)

// An Option changes how a tree is exported.
type Option func(*config)

// config is the set of options in force.
type config struct {
	dpi      float64
	root     int // a node id, or -1 for the tree's root
	depth    int // levels drawn below the root, or -1 for all
	maxWidth float64
	minLabel float64
	shown    func(id int) bool // nil: every node shows its children
	text     bool              // Sprouts positions as strings, not drawn
}

// newConfig applies opts over the defaults and checks the result.
func newConfig(opts []Option) (config, error) {
	c := config{dpi: DefaultDPI, root: -1, depth: -1, maxWidth: DefaultMaxWidth, minLabel: DefaultMinLabelSize}
	for _, o := range opts {
		o(&c)
	}
	switch {
	case !(c.dpi >= 10 && c.dpi <= 2400):
		return c, fmt.Errorf("export: resolution %g dpi, want 10 to 2400", c.dpi)
	case !(c.maxWidth >= 0) || math.IsInf(c.maxWidth, 0):
		return c, fmt.Errorf("export: maximum width %g pt, want ≥ 0", c.maxWidth)
	case !(c.minLabel > 0 && c.minLabel <= 72):
		return c, fmt.Errorf("export: minimum label size %g pt, want 0 to 72", c.minLabel)
	}
	return c, nil
}

// DPI sets the resolution of a PNG, in dots per inch (default 300). The PNG records it.
func DPI(dpi float64) Option {
	return func(c *config) { c.dpi = dpi }
}

// Root exports the subtree under the node with this id instead of the whole tree.
func Root(id int) Option {
	return func(c *config) { c.root = id }
}

// Depth cuts the drawing d levels below the root: deeper nodes are left out, and a node whose
// children are left out gets a "…" stub. A negative d (the default) draws everything; 0 draws
// the root alone.
func Depth(d int) Option {
	return func(c *config) { c.depth = d }
}

// MaxWidth sets the width, in points, that the drawing is scaled down to fit (default 240, a
// paper column). It is never scaled up, and never so far that labels get smaller than
// MinLabelSize: a drawing too wide for that keeps the minimum and overflows the width. 0 keeps
// the natural size.
func MaxWidth(pt float64) Option {
	return func(c *config) { c.maxWidth = pt }
}

// MinLabelSize sets the smallest size, in points, that scaling may give the node labels
// (default 5).
func MinLabelSize(pt float64) Option {
	return func(c *config) { c.minLabel = pt }
}

// Shown draws what a tree view shows: a node for which expanded reports false is drawn
// collapsed, with a "…" stub in place of its children, as the workbench's tree view draws it
// (expanded is typically its Expanded method). With Root, the subtree keeps the same
// expansion; with Depth, a node is drawn open only when both allow it. A nil expanded, the
// default, opens every node.
func Shown(expanded func(id int) bool) Option {
	return func(c *config) { c.shown = expanded }
}

// Text shows Sprouts positions as their strings instead of drawing them as spots and curves
// (the default for trees of at most 300 nodes drawn; larger ones always show strings).
func Text() Option {
	return func(c *config) { c.text = true }
}
