package workbench

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"image"
	"image/png"
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/editor"
	"grundy/engine"
	"grundy/viz/export"
)

// Widths the export dialog offers, in points.
const (
	columnWidth = 240.0 // one column of a two-column paper
	textWidth   = 345.0 // the text width of a one-column article (LaTeX's article class, 10 pt)
)

// PrefExportFormat keeps the format of the last export (".pdf", ".svg", ".png" or ".tex").
const PrefExportFormat = "exportFormat"

// The dialog's choices, in the order shown.
var (
	exportFormatNames = []string{"PDF", "SVG", "PNG", "TeX (TikZ)"}
	exportFormatExts  = []string{".pdf", ".svg", ".png", ".tex"}
	exportWidthNames  = []string{"Column (240 pt)", "Text width (345 pt)", "Custom (pt)"}
	exportDPINames    = []string{"150", "300", "600"}
)

// asShown is the depth choice that draws the tree as the tree view shows it.
const asShown = "As shown"

// Size of the page preview, in fyne units.
const (
	previewW = 420
	previewH = 240
)

// An exportChoice is what the export dialog's form says.
type exportChoice struct {
	format string  // a file extension of export.Formats
	width  float64 // points
	depth  int     // levels below the root, or -1: as the tree view shows it
	dpi    float64 // of a PNG
}

// exportTarget is the part of a tree to export, as the window shows it at one moment.
type exportTarget struct {
	tree     *engine.Tree
	root     int
	expanded []bool // by node id: the tree view's expansion
}

// options returns the export options that draw target as c asks.
func (c exportChoice) options(target exportTarget) []export.Option {
	opts := []export.Option{export.Root(target.root), export.MaxWidth(c.width)}
	if c.depth >= 0 {
		opts = append(opts, export.Depth(c.depth))
	} else {
		ex := target.expanded
		opts = append(opts, export.Shown(func(id int) bool { return id >= 0 && id < len(ex) && ex[id] }))
	}
	if c.format == ".png" {
		opts = append(opts, export.DPI(c.dpi))
	}
	return opts
}

// exportDialog asks how to export the tree on show: format, width, depth and resolution,
// with a preview of the page, its size and its smallest label.
type exportDialog struct {
	w       *Workbench
	subtree bool

	format  *editor.Select
	width   *editor.Select
	custom  *widget.Entry
	depth   *editor.Select
	dpi     *editor.Select
	preview *canvas.Image
	size    *widget.Label
	warning *widget.Label
	content fyne.CanvasObject
	dlg     *dialog.ConfirmDialog
	ready   bool // the form is built: its changes update the preview
	asked   int  // the number of previews asked for; each runs in a goroutine
	shown   int  // the number of the preview on show: older ones are dropped
}

// newExportDialog builds the dialog's form, set to the last format used and one column.
func newExportDialog(w *Workbench, subtree bool) *exportDialog {
	d := &exportDialog{w: w, subtree: subtree}
	d.format = editor.NewSelect(exportFormatNames, func(string) { d.update() })
	d.width = editor.NewSelect(exportWidthNames, func(string) { d.update() })
	d.custom = widget.NewEntry()
	d.custom.SetPlaceHolder("points")
	d.custom.Validator = func(s string) error { _, err := parseWidth(s); return err }
	d.custom.OnChanged = func(string) { d.update() }
	d.custom.OnSubmitted = func(string) { d.confirm() }
	d.depth = editor.NewSelect(d.depthChoices(), func(string) { d.update() })
	d.dpi = editor.NewSelect(exportDPINames, func(string) { d.update() })
	d.preview = canvas.NewImageFromImage(nil)
	d.preview.FillMode = canvas.ImageFillContain
	d.preview.ScaleMode = canvas.ImageScaleSmooth
	d.preview.SetMinSize(fyne.NewSize(previewW, previewH))
	d.size = widget.NewLabel("")
	d.warning = widget.NewLabel("")
	d.warning.Importance = widget.DangerImportance
	d.warning.Wrapping = fyne.TextWrapWord

	form := widget.NewForm(
		widget.NewFormItem("Format", d.format),
		widget.NewFormItem("Width", container.NewBorder(nil, nil, nil,
			container.NewGridWrap(fyne.NewSize(90, d.custom.MinSize().Height), d.custom), d.width)),
		widget.NewFormItem("Depth", d.depth),
		widget.NewFormItem("PNG dpi", d.dpi),
	)
	ground := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	d.content = container.NewVBox(form, container.NewStack(ground, d.preview), d.size, d.warning)

	d.format.SetSelectedIndex(indexOf(exportFormatExts, w.app.Preferences().StringWithFallback(PrefExportFormat, ".pdf")))
	d.width.SetSelectedIndex(0)
	d.custom.SetText(strconv.FormatFloat(columnWidth, 'f', -1, 64))
	d.depth.SetSelectedIndex(0)
	d.dpi.SetSelected("300")
	d.ready = true
	d.update()
	return d
}

// show opens the dialog over the window; Enter confirms it and Esc cancels it.
func (d *exportDialog) show() {
	title := "Export the tree"
	if d.subtree {
		title = "Export the subtree"
	}
	d.dlg = dialog.NewCustomConfirm(title, "Export…", "Cancel", d.content, func(ok bool) {
		if ok {
			d.export()
		}
	}, d.w.win)
	withKeys(d.w.win, d.dlg, d.confirm, d.dlg.Dismiss)
	d.dlg.Show()
}

// confirm confirms the dialog, unless the custom width is not a width.
func (d *exportDialog) confirm() {
	if _, err := d.choice(); err != nil {
		d.warning.SetText(err.Error())
		return
	}
	d.dlg.Confirm()
}

// target returns the part of the tree on show to export: the whole tree, or the subtree
// under the selected node, with the tree view's expansion as it is now.
func (d *exportDialog) target() (exportTarget, bool) {
	t := d.w.Tree.Tree()
	if t == nil {
		return exportTarget{}, false
	}
	root := t.Root
	if id := d.w.Tree.Selected(); d.subtree && id >= 0 && id < len(t.Nodes) {
		root = id
	}
	ex := make([]bool, len(t.Nodes))
	for id := range ex {
		ex[id] = d.w.Tree.Expanded(id)
	}
	return exportTarget{tree: t, root: root, expanded: ex}, true
}

// choice reads the form.
func (d *exportDialog) choice() (exportChoice, error) {
	c := exportChoice{format: ".pdf", width: columnWidth, depth: -1, dpi: export.DefaultDPI}
	if i := d.format.SelectedIndex(); i >= 0 {
		c.format = exportFormatExts[i]
	}
	switch d.width.SelectedIndex() {
	case 1:
		c.width = textWidth
	case 2:
		w, err := parseWidth(d.custom.Text)
		if err != nil {
			return c, err
		}
		c.width = w
	}
	if s := d.depth.Selected; s != asShown && s != "" {
		c.depth, _ = strconv.Atoi(strings.Fields(s)[0])
	}
	if v, err := strconv.ParseFloat(d.dpi.Selected, 64); err == nil {
		c.dpi = v
	}
	return c, nil
}

// parseWidth reads a custom width in points.
func parseWidth(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "pt")), 64)
	if err != nil || !(v >= 20 && v <= 5000) {
		return 0, fmt.Errorf("width %q: want a number of points from 20 to 5000", s)
	}
	return v, nil
}

// update shows the page the form describes: its preview, its size and smallest label, and a
// warning when the width would take the labels under 5 pt.
func (d *exportDialog) update() {
	if !d.ready {
		return
	}
	c, err := d.choice()
	if d.width.SelectedIndex() == 2 {
		d.custom.Enable()
	} else {
		d.custom.Disable()
	}
	if c.format == ".png" {
		d.dpi.Enable()
	} else {
		d.dpi.Disable()
	}
	if err != nil {
		d.warning.SetText(err.Error())
		return
	}
	target, ok := d.target()
	if !ok {
		d.show0(errNoTree.Error())
		return
	}
	// Measuring and drawing a large tree takes time: it runs off the UI goroutine, and a
	// preview that a later change made stale is dropped.
	d.asked++
	n := d.asked
	go func() {
		p, err := previewOf(target, c)
		d.w.do(func() {
			if n < d.asked {
				return
			}
			d.shown = n
			if err != nil {
				d.show0(err.Error())
				return
			}
			d.preview.Image = p.image
			d.preview.Refresh()
			d.size.SetText(p.sizeText())
			d.warning.SetText(joinWarnings(checkWarning(d.w.verdict()), p.warning))
		})
	}()
}

// show0 shows a page that cannot be drawn, and why.
func (d *exportDialog) show0(why string) {
	d.preview.Image = nil
	d.preview.Refresh()
	d.size.SetText("")
	d.warning.SetText(why)
}

// A pagePreview is what the dialog shows of an export.
type pagePreview struct {
	size    export.Size
	image   image.Image // the page at a low resolution
	warning string      // "" when the labels keep export.DefaultMinLabelSize
}

// sizeText says the page's size and its smallest label.
func (p pagePreview) sizeText() string {
	const cmPerPt = 2.54 / 72
	return fmt.Sprintf("Page %.0f × %.0f pt (%.1f × %.1f cm), smallest label %.1f pt",
		p.size.Width, p.size.Height, p.size.Width*cmPerPt, p.size.Height*cmPerPt, p.size.MinLabelPt)
}

// previewOf measures the export of target as c asks and draws it small.
func previewOf(target exportTarget, c exportChoice) (pagePreview, error) {
	opts := c.options(target)
	size, err := export.Measure(target.tree, opts...)
	if err != nil {
		return pagePreview{}, err
	}
	p := pagePreview{size: size, warning: widthWarning(target, c, size)}
	// Twice the preview's size, so that it stays sharp on a high-density screen.
	dpi := min(300, 2*72*previewW/size.Width, 2*72*previewH/size.Height)
	var buf bytes.Buffer
	if err := export.WritePNG(&buf, target.tree, append(opts, export.DPI(max(dpi, 10)))...); err != nil {
		return p, err
	}
	p.image, err = png.Decode(&buf)
	return p, err
}

// widthWarning says, when the picture is wider than c's width because fitting it would take
// its labels under the minimum, how small they would be and which depth fits.
func widthWarning(target exportTarget, c exportChoice, size export.Size) string {
	if size.Width <= c.width+0.5 {
		return ""
	}
	would := size.MinLabelPt * c.width / size.Width
	msg := fmt.Sprintf("At %g pt wide the labels would be %.1f pt, under %g pt: the page is kept %.0f pt wide.",
		c.width, would, export.DefaultMinLabelSize, size.Width)
	// FitDepth counts whole levels, whatever the tree view shows.
	switch fit := export.FitDepth(target.tree, c.width, export.Root(target.root)); {
	case fit < 0:
		msg += " Not even the root alone fits."
	case fit == 0:
		msg += " Only the root alone (depth 0) fits."
	default:
		msg += fmt.Sprintf(" Depth %d fits %g pt.", fit, c.width)
	}
	return msg
}

// depthChoices lists "As shown" and the depths of the tree under the node to export.
func (d *exportDialog) depthChoices() []string {
	out := []string{asShown}
	target, ok := d.target()
	if !ok {
		return out
	}
	deepest := deepestBelow(target.tree, target.root)
	for k := 0; k <= min(deepest, 40); k++ {
		s := strconv.Itoa(k)
		if k == 0 {
			s += " (the root alone)"
		}
		out = append(out, s)
	}
	return out
}

// deepestBelow returns the depth of the deepest node under root, breadth first.
func deepestBelow(t *engine.Tree, root int) int {
	depth := map[int]int{root: 0}
	queue, deepest := []int{root}, 0
	for k := 0; k < len(queue); k++ {
		id := queue[k]
		for _, c := range t.Nodes[id].Children {
			if _, seen := depth[c]; !seen && c >= 0 && c < len(t.Nodes) {
				depth[c] = depth[id] + 1
				deepest = max(deepest, depth[c])
				queue = append(queue, c)
			}
		}
	}
	return deepest
}

// export asks where to save the page the form describes, then writes the tree as the window
// shows it when the file's name is confirmed (with a native dialog, the same moment), as the
// other save dialogs do.
func (d *exportDialog) export() {
	w := d.w
	c, err := d.choice()
	if w.failed(err) {
		return
	}
	target, err := d.proof()
	if w.failed(err) {
		return
	}
	w.app.Preferences().SetString(PrefExportFormat, c.format)
	name := defaultExportName(target.tree.Game, target.tree.Nodes[target.root].Position, c.format)
	w.picker.Save("Export the tree", name, []string{strings.TrimPrefix(c.format, ".")}, func(path string, err error) {
		if w.failed(err) || path == "" {
			return
		}
		target, err := d.proof()
		if w.failed(err) {
			return
		}
		path = withExt(path, c.format)
		w.saved(path, ExportTree(path, target.tree, c.options(target)...))
		if warn := checkWarning(w.verdict()); warn != "" && strings.HasPrefix(w.Status(), "Saved ") {
			w.status.SetText(w.Status() + ". " + warn)
		}
	})
}

// checkWarning says what the drawing of a tree claims beyond its check: nothing for a checked
// proof.
func checkWarning(v Verdict) string {
	switch v.State {
	case Checking:
		return "The tree's check has not ended: the drawing is not yet a checked proof."
	case Unchecked:
		return "The tree was not checked: the drawing is not a checked proof."
	case NotAProof:
		return "Not a proof (" + failure(v) + "): it is not exported."
	}
	return ""
}

// joinWarnings joins the warnings that are not "".
func joinWarnings(ws ...string) string {
	var out []string
	for _, w := range ws {
		if w != "" {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// proof returns the part of the tree on show to export, or why there is none: no tree, or
// a tree that is not a proof, which is not exported since the drawing would not say so.
func (d *exportDialog) proof() (exportTarget, error) {
	target, ok := d.target()
	if !ok {
		return target, errNoTree
	}
	if v := d.w.verdict(); v.State == NotAProof {
		return target, fmt.Errorf("not exported: the tree on show is not a proof: %s", failure(v))
	}
	return target, nil
}

// defaultExportName returns a file name for the export of a position, safe on every file
// system: the game and the position in lower case, letters and digits kept, a sum's terms
// joined by "+", a dot kept between two digits or letters (octal codes), every other run of
// characters made one "-"; "cram 3x4" is cram-3x4.pdf. A position with no letter or digit
// (a Cram board drawn with '.' and '#') is named by a short hash of its notation.
func defaultExportName(game, position, ext string) string {
	pos := safeName(strings.ReplaceAll(position, " + ", "+"))
	if pos == "" || strings.Trim(pos, "+-.") == "" {
		h := fnv.New32a()
		h.Write([]byte(position))
		pos = fmt.Sprintf("%08x", h.Sum32())
	}
	name := safeName(game) + "-" + pos
	if r := []rune(name); len(r) > 80 {
		name = strings.TrimRight(string(r[:80]), "+-.")
	}
	return name + ext
}

// safeName keeps letters, digits, '+' and the dots between two letters or digits of s, in
// lower case, and turns every other run of characters into one "-".
func safeName(s string) string {
	rs := []rune(strings.ToLower(s))
	alnum := func(i int) bool {
		return i >= 0 && i < len(rs) && rs[i] < unicode.MaxASCII && (unicode.IsLetter(rs[i]) || unicode.IsDigit(rs[i]))
	}
	var b strings.Builder
	dash := false
	for i, r := range rs {
		switch {
		case alnum(i), r == '+', r == '.' && alnum(i-1) && alnum(i+1):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	return b.String()
}

// indexOf returns the index of s in list, or 0.
func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}
