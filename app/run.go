package app

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"grundy/app/native"
	"grundy/app/workbench"
	"grundy/assets"
)

// NoDisplay is what Run prints when there is no display to open the window on.
const NoDisplay = "grundy: no display (set DISPLAY or run under xvfb-run)"

// Run opens the workbench window and returns the process's exit status when it is closed:
// 0, or 1 with a message on stderr when there is no display.
func Run() int {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Fprintln(os.Stderr, NoDisplay)
		return 1
	}
	icon := fyne.NewStaticResource("icon.png", assets.Icon())
	fyneapp.SetMetadata(fyne.AppMetadata{
		ID: "org.grundy.workbench", Name: "Grundy Workbench", Version: "0.1.0", Build: 1,
		Icon: icon, Migrations: map[string]bool{"fyneDo": true},
	})
	a := fyneapp.New()
	a.SetIcon(icon)
	win := a.NewWindow("Grundy Workbench")
	nat, own := &native.Picker{Do: fyne.Do}, workbench.FynePicker{Win: win}
	wb := workbench.New(a, win, workbench.Options{
		Picker: workbench.Fallback(nat, own), Folders: workbench.FallbackFolders(nat, own)})
	win.Resize(windowSize(os.Getenv("GRUNDY_SIZE"), workbench.LastSize(a.Preferences())))
	if os.Getenv("GRUNDY_DEMO") != "" {
		go workbench.RunDemo(wb, os.Stdin, os.Stdout, os.Getenv("GRUNDY_DEMO_OUT"))
	}
	win.ShowAndRun()
	wb.Close() // the window's close did it, unless the app quit another way: flush the store
	return 0
}

// windowSize is the window's first size: WIDTHxHEIGHT from env (GRUNDY_SIZE, which
// scripts/screenshot.sh sets), else last (the size it had when it last closed) when it is
// set, else 1280×820. The window never gets smaller than the workbench's minimum
// (workbench.MinSize), whatever is asked.
func windowSize(env string, last fyne.Size) fyne.Size {
	size := fyne.NewSize(1280, 820)
	if last.Width > 0 && last.Height > 0 {
		size = last
	}
	w, h, ok := strings.Cut(env, "x")
	if ok {
		wi, err1 := strconv.Atoi(w)
		hi, err2 := strconv.Atoi(h)
		if err1 == nil && err2 == nil && wi > 0 && hi > 0 {
			size = fyne.NewSize(float32(wi), float32(hi))
		}
	}
	return size.Max(workbench.MinSize)
}
