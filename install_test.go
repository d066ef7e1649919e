package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"grundy/internal/testtool"
)

// installed are the files make install puts under PREFIX.
var installed = []string{
	"bin/grundy",
	"share/man/man1/grundy.1",
	"share/bash-completion/completions/grundy",
	"share/zsh/site-functions/_grundy",
	"share/fish/vendor_completions.d/grundy.fish",
	"share/icons/hicolor/512x512/apps/org.grundy.workbench.png",
	"share/applications/org.grundy.workbench.desktop",
	"share/metainfo/org.grundy.workbench.metainfo.xml",
}

// TestInstall: make install under a temporary PREFIX puts every file in its place; the
// installed grundy answers version, tree -h and completion; man finds the page, and
// desktop-file-validate and appstreamcli validate find nothing wrong in what was installed
// (each where it is installed: scripts/deps.sh desktop-file-utils appstream); make uninstall
// takes every file away.
func TestInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	mk := testtool.Path(t, "make")
	dir := t.TempDir()
	prefix := filepath.Join(dir, "prefix")
	vars := []string{"PREFIX=" + prefix, "BUILDDIR=" + filepath.Join(dir, "build")}
	if out, err := exec.Command(mk, append([]string{"-s", "install"}, vars...)...).CombinedOutput(); err != nil {
		t.Fatalf("make install: %v\n%s", err, out)
	}
	for _, f := range installed {
		if _, err := os.Stat(filepath.Join(prefix, f)); err != nil {
			t.Errorf("make install: %v", err)
		}
	}
	bin := filepath.Join(prefix, "bin", "grundy")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"version"}, "grundy "},
		{[]string{"tree", "-h"}, "usage: grundy tree GAME POSITION -o FILE"},
		{[]string{"completion", "bash"}, "complete -F _grundy grundy"},
	} {
		if code, out, errOut := run(bin, c.args...); code != 0 || errOut != "" || !strings.Contains(out, c.want) {
			t.Errorf("installed grundy %q: exit %d, %.200q %q; want %q", c.args, code, out, errOut, c.want)
		}
	}
	share := filepath.Join(prefix, "share")
	t.Run("man", func(t *testing.T) {
		man := testtool.Path(t, "man")
		cmd := exec.Command(man, "--warnings", "grundy")
		cmd.Env = append(os.Environ(), "MANPATH="+filepath.Join(share, "man"), "MANPAGER=cat", "MANWIDTH=80", "LANG=C.UTF-8")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "grundy db import") || strings.Contains(string(out), "warning") {
			t.Errorf("man grundy: %v\n%.600s", err, out)
		}
	})
	t.Run("desktop-file-validate", func(t *testing.T) {
		validate := testtool.Path(t, "desktop-file-validate")
		entry := filepath.Join(share, "applications", "org.grundy.workbench.desktop")
		if out, err := exec.Command(validate, entry).CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("desktop-file-validate: %v\n%s", err, out)
		}
		b, _ := os.ReadFile(entry)
		if !strings.Contains(string(b), "\nExec="+bin+"\n") {
			t.Errorf("desktop entry: %s\nwant Exec=%s", b, bin)
		}
	})
	t.Run("appstreamcli", func(t *testing.T) {
		as := testtool.Path(t, "appstreamcli")
		meta := filepath.Join(share, "metainfo", "org.grundy.workbench.metainfo.xml")
		if out, err := exec.Command(as, "validate", "--no-net", "--pedantic", meta).CombinedOutput(); err != nil {
			t.Errorf("appstreamcli validate: %v\n%s", err, out)
		}
	})
	if out, err := exec.Command(mk, append([]string{"-s", "uninstall"}, vars...)...).CombinedOutput(); err != nil {
		t.Fatalf("make uninstall: %v\n%s", err, out)
	}
	filepath.WalkDir(prefix, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			t.Errorf("make uninstall left %s", path)
		}
		return nil
	})
}
