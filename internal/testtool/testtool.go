// Package testtool finds the programs that tests run (shells, validators, man), skipping
// the test where one is not installed.
package testtool

import (
	"os/exec"
	"testing"
)

// Path is the path of the program name, or skips t when it is not installed.
func Path(t testing.TB, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not installed", name)
	}
	return path
}
