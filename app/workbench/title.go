package workbench

import (
	"encoding/json"

	"grundy/editor"
)

// AppTitle is the window's title; an example opened adds its own after it.
const AppTitle = "Grundy Workbench"

// setExampleTitle shows an example's title, for as long as the editor shows its position.
func (w *Workbench) setExampleTitle(title string) {
	w.titled = w.Editor.State()
	w.setTitle(title)
}

// positionChanged takes an example's title away once the editor shows another position
// (another file, an example without a title, a move opened, an edit).
func (w *Workbench) positionChanged() {
	if w.Editor.State() != w.titled {
		w.titled = editor.State{}
		w.setTitle("")
	}
}

// setTitle shows title in the window's title bar after the app's name, or the app's name
// alone when title is "".
func (w *Workbench) setTitle(title string) {
	if w.win == nil {
		return
	}
	if title == "" {
		w.win.SetTitle(AppTitle)
		return
	}
	w.win.SetTitle(AppTitle + " — " + title)
}

// exampleTitle returns the title of a bundled example file, or "" when it has none.
func exampleTitle(data []byte) string {
	var f struct {
		Title string `json:"title"`
	}
	if json.Unmarshal(data, &f) != nil {
		return ""
	}
	return f.Title
}
