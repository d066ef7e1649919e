// Package app is the Grundy Workbench's entry point: Run opens the main window. It is the
// only package that starts fyne's GL driver (and, through app/native, GTK): the window's
// content lives in app/workbench, which tests headless with fyne's test driver.
//
// Run checks for a display first, and says so instead of panicking when there is none. It
// sets the app's metadata itself (ID, name, icon, and the fyneDo migration: widgets are only
// touched on the UI goroutine, through fyne.Do from the solver's goroutines), so that a plain
// `go build` runs like a packaged app; FyneApp.toml says the same for the fyne tool.
//
// With GRUNDY_DEMO=1 the window plays a scripted demo for screenshots (see
// workbench.RunDemo and scripts/screenshot.sh); GRUNDY_DEMO_OUT names the folder for the
// drawings it exports.
package app
