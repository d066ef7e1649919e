package workbench

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"grundy/games"
)

// Shortcuts lists the window's keys, as Help › Keyboard Shortcuts shows them.
var Shortcuts = [][2]string{
	{"Enter (in the position field)", "solve the nimber"},
	{"Ctrl+Enter, F5", "solve the nimber"},
	{"Esc", "stop the search (also in a field or the tree), or close a dialog"},
	{"Ctrl+Z / Ctrl+Y, Ctrl+Shift+Z", "undo / redo the position (in a field: its text)"},
	{"Ctrl+O, Ctrl+S, Ctrl+E", "open a file, save the position, export the tree"},
	{"Tree: tap", "select a node; tap the selected node to fold or unfold it"},
	{"Tree: double tap", "open the node's position in the editor"},
	{"Tree: arrows", "parent, first child, siblings"},
	{"Tree: Enter, Space", "fold or unfold the selected node"},
	{"Tree: + and −, the wheel, a drag", "zoom, zoom about the pointer, pan"},
}

// NotationHelp is the text of Help › Notations: how each game's positions are written, with
// examples, and how a sum is written.
func NotationHelp() string {
	var b strings.Builder
	b.WriteString("A sum of independent components is written A + B. Examples open in the editor as typed.\n\n")
	for _, e := range games.List() {
		fmt.Fprintf(&b, "%s: %s. For example %s.\n", e.Name, e.Notation, e.Example)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// ShortcutsHelp is the text of Help › Keyboard Shortcuts.
func ShortcutsHelp() string {
	var b strings.Builder
	for _, s := range Shortcuts {
		fmt.Fprintf(&b, "%s: %s\n", s[0], s[1])
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// helpMenu is the Help menu: the notations, the keys, the nimber sequence of a heap game.
func (w *Workbench) helpMenu() *fyne.Menu {
	return fyne.NewMenu("Help",
		fyne.NewMenuItem("Notations", func() { w.showText("Notations", NotationHelp()) }),
		fyne.NewMenuItem("Keyboard Shortcuts", func() { w.showText("Keyboard shortcuts", ShortcutsHelp()) }),
	)
}

// showText shows a text in a dialog that Enter and Esc close, and returns it.
func (w *Workbench) showText(title, text string) dialog.Dialog {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	s := container.NewVScroll(l)
	s.SetMinSize(fyne.NewSize(560, 360))
	d := dialog.NewCustom(title, "Close", s, w.win)
	withKeys(w.win, d, d.Hide, d.Hide)
	d.Show()
	return d
}
