package workbench

import (
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// An OverflowItem is one tool of an Overflow row: the object shown in the row, and the menu
// item that stands for it when the row is too narrow to show it.
type OverflowItem struct {
	Object fyne.CanvasObject
	Menu   *fyne.MenuItem
}

// OverflowButton is a flat tool button; label names it in the overflow menu and, unless
// iconOnly, on the button too.
func OverflowButton(label string, icon fyne.Resource, iconOnly bool, action func()) OverflowItem {
	text := label
	if iconOnly {
		text = ""
	}
	b := widget.NewButtonWithIcon(text, icon, action)
	b.Importance = widget.LowImportance
	it := fyne.NewMenuItem(label, action)
	it.Icon = icon
	return OverflowItem{Object: b, Menu: it}
}

// An Overflow is a row of tools that never asks for more width than its "…" button: the
// tools that do not fit are hidden, and the "…" button, shown then, lists them in a menu.
type Overflow struct {
	widget.BaseWidget

	items []OverflowItem
	more  *widget.Button
}

// NewOverflow returns a row of items, in order.
func NewOverflow(items ...OverflowItem) *Overflow {
	o := &Overflow{items: items}
	o.more = widget.NewButtonWithIcon("", theme.MoreHorizontalIcon(), o.showMenu)
	o.more.Importance = widget.LowImportance
	o.ExtendBaseWidget(o)
	return o
}

// Hidden returns the menu items of the tools that do not fit.
func (o *Overflow) Hidden() []*fyne.MenuItem {
	var hidden []*fyne.MenuItem
	for _, it := range o.items {
		if !it.Object.Visible() {
			hidden = append(hidden, it.Menu)
		}
	}
	return hidden
}

// More returns the "…" button.
func (o *Overflow) More() *widget.Button { return o.more }

// showMenu pops the menu of the hidden tools up under the "…" button.
func (o *Overflow) showMenu() {
	c := fyne.CurrentApp().Driver().CanvasForObject(o.more)
	if c == nil {
		return
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(o.more)
	pos.Y += o.more.Size().Height
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", o.Hidden()...), c, pos)
}

// CreateRenderer lays the row out with overflowLayout.
func (o *Overflow) CreateRenderer() fyne.WidgetRenderer {
	objs := make([]fyne.CanvasObject, 0, len(o.items)+1)
	for _, it := range o.items {
		objs = append(objs, it.Object)
	}
	objs = append(objs, o.more)
	return widget.NewSimpleRenderer(container.New(overflowLayout{}, objs...))
}

// overflowLayout places its objects from the left, the last one being the "…" button: all of
// them when they fit without it, else as many as fit beside it.
type overflowLayout struct{}

func (overflowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) == 0 {
		return
	}
	tools, more := objs[:len(objs)-1], objs[len(objs)-1]
	pad := theme.Padding()
	need := float32(0)
	for i, t := range tools {
		if i > 0 {
			need += pad
		}
		need += t.MinSize().Width
	}
	room := size.Width
	if need > size.Width {
		room -= more.MinSize().Width + pad
	}
	x := float32(0)
	all := true
	for _, t := range tools {
		w := t.MinSize().Width
		if all && x+w <= room {
			t.Move(fyne.NewPos(x, 0))
			t.Resize(fyne.NewSize(w, size.Height))
			t.Show()
			x += w + pad
			continue
		}
		all = false
		t.Hide()
	}
	if all {
		more.Hide()
		return
	}
	w := more.MinSize().Width
	more.Move(fyne.NewPos(x, 0))
	more.Resize(fyne.NewSize(w, size.Height))
	more.Show()
}

// MinSize is the "…" button's width and the tallest tool's height.
func (overflowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for i, o := range objs {
		m := o.MinSize()
		if i == len(objs)-1 {
			s.Width = m.Width
		}
		s.Height = max(s.Height, m.Height)
	}
	return s
}

// NewOverflowOf returns a row of objs, as NewOverflow does; a button stands in the menu under
// its text, or, without text, under its icon's name ("zoomIn.svg" as "Zoom In"), and runs its
// OnTapped. Other objects are left out of the menu.
func NewOverflowOf(objs ...fyne.CanvasObject) *Overflow {
	items := make([]OverflowItem, len(objs))
	for i, obj := range objs {
		items[i] = OverflowItem{Object: obj, Menu: fyne.NewMenuItemSeparator()}
		if r, ok := obj.(*widget.RadioGroup); ok {
			items[i].Menu = radioItem(r)
		}
		if b, ok := obj.(*widget.Button); ok {
			label := b.Text
			if label == "" && b.Icon != nil {
				label = iconLabel(b.Icon.Name())
			}
			items[i].Menu = fyne.NewMenuItem(label, func() {
				if b.OnTapped != nil && !b.Disabled() {
					b.OnTapped()
				}
			})
			items[i].Menu.Icon = b.Icon
		}
	}
	return NewOverflow(items...)
}

// radioItem stands for a radio group in the menu: a submenu of its choices, the selected one
// checked.
func radioItem(r *widget.RadioGroup) *fyne.MenuItem {
	it := fyne.NewMenuItem(strings.Join(r.Options, " | "), nil)
	it.ChildMenu = fyne.NewMenu("")
	for _, opt := range r.Options {
		choice := fyne.NewMenuItem(opt, func() { r.SetSelected(opt) })
		choice.Checked = r.Selected == opt
		it.ChildMenu.Items = append(it.ChildMenu.Items, choice)
	}
	return it
}

// iconLabel makes a menu label of an icon's name: its words, capitalised, without the theme's
// prefix, the extension and the word "view" ("Foreground_view-zoom-in", "zoomIn.svg": "Zoom In").
func iconLabel(name string) string {
	if i := strings.LastIndexByte(name, '_'); i >= 0 {
		name = name[i+1:]
	}
	name = strings.TrimSuffix(strings.TrimSuffix(name, ".svg"), ".png")
	var words []string
	word := []rune{}
	flush := func() {
		if len(word) > 0 {
			words = append(words, string(word))
			word = word[:0]
		}
	}
	for _, r := range name {
		switch {
		case r == '-' || r == ' ':
			flush()
			continue
		case unicode.IsUpper(r):
			flush()
		}
		word = append(word, r)
	}
	flush()
	var out []string
	for _, w := range words {
		if strings.EqualFold(w, "view") || strings.EqualFold(w, "foreground") {
			continue
		}
		r := []rune(w)
		out = append(out, string(unicode.ToUpper(r[0]))+string(r[1:]))
	}
	return strings.Join(out, " ")
}
