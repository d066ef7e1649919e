// Package native adapts sqweek/dialog's native (GTK) file dialogs to the workbench's Picker.
// It is the only package besides the app's entry point that needs cgo and a display, so the
// rest of the app tests without them.
//
// sqweek/dialog blocks the goroutine that calls it, so the dialogs run on their own goroutine
// and answer on the UI goroutine through Do; one dialog is open at a time. When GTK cannot
// start (no X server, a Wayland session without GTK), sqweek/dialog panics: the picker turns
// that into workbench.ErrNoDialog, and workbench.Fallback then shows fyne's own dialogs.
package native
