package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"grundy/internal/testtool"
)

// TestHelp_EveryCommand: `grundy CMD -h`, `grundy CMD --help` and `grundy help CMD` print
// the command's usage line and every flag it parses, on stdout, and exit 0.
func TestHelp_EveryCommand(t *testing.T) {
	for _, d := range docs() {
		path := strings.Fields(d.Path)
		if d.Path == "db" {
			continue // lists its subcommands (TestHelp_DB)
		}
		for _, args := range [][]string{append(path, "-h"), append(path, "--help"), append([]string{"help"}, path...)} {
			code, out, errOut := grundy(args...)
			if code != exitOK || errOut != "" {
				t.Errorf("grundy %q: exit %d, stderr %q; want 0 and nothing", args, code, errOut)
				continue
			}
			if !strings.HasPrefix(out, "usage: grundy "+d.Usage+"\n") {
				t.Errorf("grundy %q: %q, want the usage line first", args, out)
			}
			for _, f := range d.Flags {
				if !strings.Contains(out, "\n  "+f.Synopsis()+"\n") || !strings.Contains(out, strings.Fields(f.Usage)[0]) {
					t.Errorf("grundy %q does not describe %s: %q", args, f.Synopsis(), out)
				}
			}
		}
	}
}

// TestHelp_Flags checks what help says of a few flags against their definitions.
func TestHelp_Flags(t *testing.T) {
	want := map[string][]string{
		"tree":      {"\n  -o FILE\n", "\n  --dpi N\n        resolution of a .png (default 300)\n", "\n  --outcome-only\n", "\n  --algo A\n"},
		"solve":     {"\n  --timeout D\n", "\n  --db PATH\n", "\n  --json\n        print one JSON object\n"},
		"db import": {"\n  --game G\n"},
		"serve":     {"\n  --new-key ROLE:NAME\n", "\n  --window N\n"}, // --window is not in the usage line
	}
	for cmd, parts := range want {
		_, out, _ := grundy(append(strings.Fields(cmd), "-h")...)
		for _, p := range parts {
			if !strings.Contains(out, p) {
				t.Errorf("grundy %s -h lacks %q:\n%s", cmd, p, out)
			}
		}
	}
	if code, _, errOut := grundy("help", "frobnicate"); code != exitUsage || !strings.Contains(errOut, "unknown command") {
		t.Errorf("help frobnicate: exit %d, %q; want 2 and one line", code, errOut)
	}
}

func TestHelp_DB(t *testing.T) {
	for _, args := range [][]string{{"db", "-h"}, {"help", "db"}} {
		code, out, _ := grundy(args...)
		if code != exitOK || !strings.Contains(out, "grundy db import") || !strings.Contains(out, "grundy db check") {
			t.Errorf("grundy %q: exit %d, %q; want the db commands", args, code, out)
		}
	}
}

func TestVersion(t *testing.T) {
	code, out, errOut := grundy("version")
	if code != exitOK || !strings.HasPrefix(out, "grundy ") || !strings.Contains(out, "go1.") {
		t.Fatalf("version: exit %d, %q %q", code, out, errOut)
	}
	var b strings.Builder
	writeVersion(&b, &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "grundy", Version: "v0.0.0-20261128102527-3434c92df4ab+dirty"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "3434c92df4ab4e0635850be5923fb891dbea0989"},
			{Key: "vcs.time", Value: "2026-11-28T10:25:27Z"}, {Key: "vcs.modified", Value: "true"}}})
	want := "grundy v0.0.0-20261128102527-3434c92df4ab+dirty\nrevision 3434c92df4ab4e0635850be5923fb891dbea0989 (2026-11-28T10:25:27Z), with uncommitted changes\n"
	if !strings.HasPrefix(b.String(), want) {
		t.Errorf("writeVersion: %q, want it to start %q", b.String(), want)
	}
	if code, _, errOut := grundy("version", "extra"); code != exitUsage || strings.Count(errOut, "\n") != 1 {
		t.Errorf("version extra: exit %d, %q", code, errOut)
	}
}

// TestCompletion runs each shell's script where the shell is installed (skipped otherwise)
// on partial command lines, and checks what it offers.
func TestCompletion(t *testing.T) {
	lines := []struct{ line, want string }{
		{"grundy tr", "tree"},
		{"grundy tree --dp", "--dpi"},
		{"grundy solve kay", "kayles"},
		{"grundy db ex", "export"},
		{"grundy db export --format j", "jsonl"},
		{"grundy completion z", "zsh"},
		{"grundy db import --ga", "--game"},
	}
	script := func(shell string) string {
		code, out, errOut := grundy("completion", shell)
		if code != exitOK {
			t.Fatalf("completion %s: exit %d, %s", shell, code, errOut)
		}
		file := filepath.Join(t.TempDir(), "grundy."+shell)
		if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	t.Run("bash", func(t *testing.T) {
		bash := testtool.Path(t, "bash")
		for _, l := range lines {
			sh := `source "$1"; COMP_WORDS=($2); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _grundy; echo "${COMPREPLY[*]}"`
			out, err := exec.Command(bash, "-c", sh, "bash", script("bash"), l.line).CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != l.want {
				t.Errorf("bash %q: %q %v, want %q", l.line, out, err, l.want)
			}
		}
	})
	t.Run("fish", func(t *testing.T) {
		fish := testtool.Path(t, "fish")
		for _, l := range lines {
			out, err := exec.Command(fish, "--no-config", "-c", `source $argv[1]; complete -C"$argv[2]"`, script("fish"), l.line).CombinedOutput()
			if err != nil || strings.Fields(string(out))[0] != l.want {
				t.Errorf("fish %q: %q %v, want %q first", l.line, out, err, l.want)
			}
		}
	})
	t.Run("zsh", func(t *testing.T) {
		zsh := testtool.Path(t, "zsh")
		file := script("zsh")
		if out, err := exec.Command(zsh, "-n", file).CombinedOutput(); err != nil {
			t.Fatalf("zsh -n: %v %s", err, out)
		}
		// Loaded as compinit loads it: a syntax or quoting mistake stops the definition.
		sh := `autoload -U compinit && compinit -u -D && source "$1" && whence -w _grundy`
		if out, err := exec.Command(zsh, "-f", "-c", sh, "zsh", file).CombinedOutput(); err != nil || !strings.Contains(string(out), "function") {
			t.Errorf("zsh: %v %s", err, out)
		}
	})
	if code, _, errOut := grundy("completion", "tcsh"); code != exitUsage || !strings.Contains(errOut, "tcsh") {
		t.Errorf("completion tcsh: exit %d, %q", code, errOut)
	}
}
