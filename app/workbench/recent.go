package workbench

import (
	"slices"

	"fyne.io/fyne/v2"
)

// PrefRecent is the preference key of the recent files, most recent first.
const PrefRecent = "recentFiles"

// MaxRecent is how many recent files are kept.
const MaxRecent = 8

// Recent returns the recent files, most recent first.
func Recent(prefs fyne.Preferences) []string {
	return prefs.StringListWithFallback(PrefRecent, nil)
}

// AddRecent puts path first in the recent files.
func AddRecent(prefs fyne.Preferences, path string) {
	prefs.SetStringList(PrefRecent, pushFront(Recent(prefs), path, MaxRecent))
}

// pushFront returns list with s first, once, cut to at most n entries.
func pushFront(list []string, s string, n int) []string {
	out := []string{s}
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return slices.Clip(out[:min(len(out), n)])
}
