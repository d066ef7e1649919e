package workbench

import (
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"grundy/store"
)

// A FolderPicker asks the user for a directory, as a Picker does for a file: the answer
// comes to done on the UI goroutine, "" when the user cancelled.
type FolderPicker interface {
	Folder(title string, done func(path string, err error))
}

// FallbackFolders returns a FolderPicker that uses primary, and secondary whenever primary
// reports ErrNoDialog (no GTK).
func FallbackFolders(primary, secondary FolderPicker) FolderPicker {
	return folderFallback{primary, secondary}
}

type folderFallback struct{ primary, secondary FolderPicker }

func (f folderFallback) Folder(title string, done func(string, error)) {
	f.primary.Folder(title, func(path string, err error) {
		if errors.Is(err, ErrNoDialog) {
			f.secondary.Folder(title, done)
			return
		}
		done(path, err)
	})
}

// Folder shows fyne's folder dialog.
func (p FynePicker) Folder(title string, done func(string, error)) {
	d := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil || u == nil {
			done("", err)
			return
		}
		done(u.Path(), nil)
	}, p.Win)
	withKeys(p.Win, d, nil, d.Dismiss)
	d.Show()
}

// storeMenu is the File menu's Facts Store submenu: the store in use (checked), the choice
// of another, of the default one or of none, and the clearing of its facts.
func (w *Workbench) storeMenu() *fyne.MenuItem {
	pref := w.app.Preferences().String(PrefStore)
	def, _ := store.DefaultDir()
	choose := fyne.NewMenuItem("Choose Folder…", w.ChooseStore)
	choose.Checked = pref != "" && pref != StoreNone
	if choose.Checked {
		choose.Label = "Folder " + pref + "…"
	}
	useDefault := fyne.NewMenuItem("Default ("+def+")", func() { w.failed(w.UseStore("")) })
	useDefault.Checked = pref == ""
	none := fyne.NewMenuItem("None: Keep Nothing", func() { w.failed(w.UseStore(StoreNone)) })
	none.Checked = pref == StoreNone
	clearGame := fyne.NewMenuItem("Clear Facts of This Game…", func() { w.AskClear(w.gameName()) })
	clearAll := fyne.NewMenuItem("Clear All Facts…", func() { w.AskClear("") })
	clearGame.Disabled, clearAll.Disabled = w.facts.s == nil, w.facts.s == nil
	it := fyne.NewMenuItem("Facts Store", nil)
	it.ChildMenu = fyne.NewMenu("", useDefault, choose, none, fyne.NewMenuItemSeparator(), clearGame, clearAll)
	return it
}

// gameName is the name of the editor's game, or "".
func (w *Workbench) gameName() string {
	if g, _ := w.Editor.Current(); g != nil {
		return g.Name()
	}
	return ""
}

// ChooseStore asks for a directory and uses the store there (a new one when it is empty).
func (w *Workbench) ChooseStore() {
	w.folders.Folder("Choose the facts store's folder", func(path string, err error) {
		if w.failed(err) || path == "" {
			return
		}
		w.failed(w.UseStore(path))
	})
}

// AskClear counts the facts of game ("": of every game) in the background, then asks to
// confirm that they go, saying how many; Enter confirms, Esc cancels.
func (w *Workbench) AskClear(game string) {
	s := w.facts.s
	switch {
	case s == nil:
		w.failed(errors.New("no facts store to clear"))
		return
	case w.Solver.Running():
		w.failed(errTaskRuns)
		return
	}
	w.facts.counts.Add(1)
	go func() {
		st, err := s.Stats()
		w.facts.counts.Done()
		w.do(func() {
			if w.facts.s != s || w.failed(err) {
				return
			}
			w.confirmClear(st, game)
		})
	}()
}

// confirmClear asks whether the facts of game go, and clears them on yes.
func (w *Workbench) confirmClear(st store.Stats, game string) {
	title := "Clear the facts of " + game
	if game == "" {
		title = "Clear all facts"
	}
	msg := widget.NewLabel(ClearQuestion(st, game, w.facts.s.Dir()))
	msg.Wrapping = fyne.TextWrapWord
	var d *dialog.ConfirmDialog
	d = dialog.NewCustomConfirm(title, "Clear", "Cancel", msg, func(yes bool) {
		if yes {
			w.failed(w.clearFacts(game))
		}
	}, w.win)
	d.SetConfirmImportance(widget.DangerImportance)
	withKeys(w.win, d, d.Confirm, d.Dismiss)
	d.Resize(fyne.NewSize(460, 0))
	d.Show()
}

// storeRows adds the facts store's rows to the progress table: what each phase reused from
// it and wrote to it, and what it holds.
func (u *panelUI) storeRows(table *fyne.Container) {
	bold := fyne.TextStyle{Bold: true}
	table.Add(widget.NewLabelWithStyle("Store", fyne.TextAlignLeading, bold))
	table.Add(container.NewGridWithColumns(2, u.storeUse[0], u.storeUse[1]))
	table.Add(widget.NewLabelWithStyle("Facts store", fyne.TextAlignLeading, bold))
	table.Add(u.storeSize)
}

// showStoreUse writes the store's row: each phase's reuse and writes, "" for a blank cell;
// and the Facts store row again (storeSizeText), so that what the store holds grows with
// what a search writes, instead of waiting for the count at its end.
func (u *panelUI) showStoreUse(cells [2]string) {
	u.storeUse[0].SetText(cells[0])
	u.storeUse[1].SetText(cells[1])
	if u.storeSizeText == nil {
		return
	}
	if text := u.storeSizeText(); text != u.storeSize.Text {
		u.storeSize.SetText(text)
	}
}

// showResume shows Resume, on the row of the moves' summary (a stopped search has no moves
// to list), or hides it.
func (u *panelUI) showResume(on bool) {
	if on {
		u.resume.Show()
	} else {
		u.resume.Hide()
	}
}
