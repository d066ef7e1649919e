// Package earlyenv runs before fyne's packages are initialised, and only for that. fyne's
// lang package reads the user's locale in its init and logs "Fyne error: Error parsing user
// locale C" when LANG is C or POSIX (as on many servers and in CI). That line would break the
// command line's contract of one line on stderr for bad input. Go initialises ready packages
// in the order of their import paths, so this module's path sorts before fyne.io; its init
// gives the C locale its English name before fyne looks.
package earlyenv

import (
	"os"
	"strings"
)

func init() {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		value := os.Getenv(v)
		base, _, _ := strings.Cut(value, ".")
		if base == "C" || base == "POSIX" {
			os.Setenv(v, "en_US.UTF-8")
		}
	}
}
