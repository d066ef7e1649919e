package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestEdges_BadArgs runs the bad arguments that the probe of issue 16 found accepted, or
// answered with the wrong status or a huge message: each exits 2 with one line on stderr
// that names the problem, and no line is longer than about 300 characters, even when the
// input is 2 MB.
func TestEdges_BadArgs(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "taken.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	huge := strings.Repeat("7", 2<<20)
	hugeText := strings.Repeat("0.", 1<<20) + "\n\x1b[31m"
	cases := []struct {
		name string
		args []string
		want string // in the message
	}{
		{"tree-missing-dir", []string{"tree", "cram", "2x2", "-o", filepath.Join(dir, "no", "such", "t.json")}, "-o"},
		{"tree-dir-is-file", []string{"tree", "cram", "2x2", "-o", filepath.Join(file, "t.json")}, "not a folder"},
		{"tree-out-is-dir", []string{"tree", "cram", "2x2", "-o", filepath.Join(dir, "taken.json")}, "taken.json"},
		{"tree-dpi-nan", []string{"tree", "cram", "2x2", "-o", "t.png", "--dpi", "NaN"}, "--dpi NaN"},
		{"tree-dpi-inf", []string{"tree", "cram", "2x2", "-o", "t.png", "--dpi", "Inf"}, "--dpi +Inf"},
		{"tree-dpi-neg-inf", []string{"tree", "cram", "2x2", "-o", "t.png", "--dpi", "-Inf"}, "--dpi -Inf"},
		{"tree-width-nan", []string{"tree", "cram", "2x2", "-o", "t.svg", "--width", "nan"}, "--width NaN"},
		{"tree-width-inf", []string{"tree", "cram", "2x2", "-o", "t.svg", "--width", "+Inf"}, "--width +Inf"},
		{"tree-width-negative", []string{"tree", "cram", "2x2", "-o", "t.svg", "--width", "-240"}, "--width"},
		{"tree-depth-negative", []string{"tree", "cram", "2x2", "-o", "t.svg", "--depth", "-2"}, "--depth -2"},
		{"tree-timeout-negative", []string{"tree", "cram", "2x2", "-o", "t.json", "--timeout", "-5s"}, "--timeout -5s"},
		{"tree-from-store-no-db", []string{"tree", "cram", "2x2", "-o", "t.json", "--no-db", "--from-store"}, "--from-store"},
		{"solve-timeout-negative", []string{"solve", "cram", "2x2", "--timeout", "-5s"}, "--timeout -5s"},
		{"solve-tree-time-negative", []string{"solve", "cram", "2x2", "--tree-time", "-1s"}, "--tree-time -1s"},
		{"solve-cache-huge", []string{"solve", "cram", "2x2", "--cache-mb", "99999999999"}, "cache-mb"},
		{"seq-timeout-negative", []string{"seq", "kayles", "--to", "10", "--timeout", "-5s"}, "--timeout -5s"},
		{"seq-to-negative", []string{"seq", "kayles", "--to", "-1"}, "--to -1"},
		{"subtraction-empty-take", []string{"solve", "subtraction:1,,2", "5"}, "empty take"},
		{"subtraction-trailing-comma", []string{"solve", "subtraction:1,2,", "5"}, "',' at the end"},
		{"subtraction-leading-comma", []string{"seq", "subtraction:,1", "--to", "5"}, "empty take"},
		{"sprouts-letter-once", []string{"solve", "sprouts", "0.AB|A"}, "uppercase letter B is seen once"},
		{"sprouts-letter-thrice", []string{"solve", "sprouts", "ABC|ABC|A"}, "three times"},
		{"huge-heap", []string{"solve", "kayles", huge}, "kayles"},
		{"huge-sprouts", []string{"solve", "sprouts", hugeText}, "sprouts"},
		{"huge-cram", []string{"solve", "cram", hugeText}, "cram"},
		{"huge-octal-code", []string{"solve", "octal:0." + huge, "3"}, "octal"},
		{"huge-subtraction", []string{"solve", "subtraction:" + huge, "3"}, "subtraction"},
		{"huge-game", []string{"solve", hugeText, "3"}, "unknown game"},
		{"huge-command", []string{hugeText}, "unknown command"},
		{"huge-algo", []string{"solve", "cram", "2x2", "--algo", hugeText}, "--algo"},
		{"huge-out", []string{"tree", "cram", "2x2", "-o", hugeText}, "-o"},
		{"huge-flag-value", []string{"solve", "cram", "2x2", "--cache-mb", hugeText}, "cache-mb"},
		{"huge-flag-name", []string{"solve", "cram", "2x2", "--" + hugeText}, "not defined"},
		{"huge-check-file", []string{"check", hugeText}, "check"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := grundy(tc.args...)
			if code != exitUsage {
				t.Fatalf("exit %d, want 2 (stdout %.200q, stderr %.300q)", code, out, errOut)
			}
			if strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, "\n") || !strings.Contains(errOut, tc.want) {
				t.Errorf("stderr %.400q, want one line naming %q", errOut, tc.want)
			}
			if n := len([]rune(errOut)); n > 320 {
				t.Errorf("stderr is %d characters, want at most about 300: %.400q", n, errOut)
			}
			if strings.Contains(errOut, "\x1b") {
				t.Errorf("stderr %.400q holds a raw escape character", errOut)
			}
		})
	}
}

// TestEdges_LenientForms: the lenient spellings that stay accepted are the documented ones
// (docs/notations.md, the table): an octal code may leave out its leading 0, as Winning Ways writes
// ·77, and a subtraction set may list a take twice or out of order.
func TestEdges_LenientForms(t *testing.T) {
	for _, tc := range []struct{ args []string }{
		{[]string{"solve", "octal:.77", "12 7", "--json"}},
		{[]string{"solve", "subtraction:4,1,3,1", "10", "--json"}},
	} {
		code, out, errOut := grundy(tc.args...)
		if code != 0 {
			t.Errorf("grundy %q: exit %d, stderr %q", tc.args, code, errOut)
			continue
		}
		var r solveResult
		if err := json.Unmarshal([]byte(out), &r); err != nil || r.Nimber == nil {
			t.Errorf("grundy %q: %q, want a nimber", tc.args, out)
		}
	}
}

// TestEdges_SeqTimeout: `seq --timeout` stops a long sequence, prints the values found so
// far (text and JSON, with "stopped":true) and exits 3.
func TestEdges_SeqTimeout(t *testing.T) {
	_, out, _ := grundy("seq", "grundys-game", "--to", "30", "--json")
	var first seqResult
	if err := json.Unmarshal([]byte(out), &first); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := grundy("seq", "grundys-game", "--to", "10000000", "--timeout", "200ms", "--json")
	if code != exitTimeout {
		t.Fatalf("--json: exit %d, want 3 (stderr %q)", code, errOut)
	}
	var r struct {
		seqResult
		StoppedSet *bool `json:"stopped"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("--json: %.200q: %v", out, err)
	}
	if r.StoppedSet == nil || !*r.StoppedSet || len(r.Values) <= len(first.Values) || len(r.Values) > 10_000_001 ||
		!slices.Equal(r.Values[:len(first.Values)], first.Values) || r.Period != 0 {
		t.Errorf("--json after a stop: stopped %v, %d values, period %d; want stopped, the values so far",
			r.StoppedSet, len(r.Values), r.Period)
	}
	if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "stopped") {
		t.Errorf("--json: stderr %q, want one line saying it stopped", errOut)
	}

	code, out, errOut = grundy("seq", "grundys-game", "--to", "10000000", "--timeout", "200ms")
	if code != exitTimeout {
		t.Fatalf("text: exit %d, want 3 (stderr %q)", code, errOut)
	}
	row := strings.Fields(strings.SplitN(out, "\n", 2)[0])
	if strings.Join(row, " ") != "0+ 0 0 0 1 0 2 1 0 2 1 0 2" ||
		!strings.Contains(out, "\nstopped after g(") || strings.Contains(out, "period") {
		t.Errorf("text after a stop: %.300q…, want the values so far and the stop", out)
	}
}

// TestEdges_TreeTimeoutInSearch: `tree --timeout` that runs out while the search runs says
// how long it ran, not the read-out's zero.
func TestEdges_TreeTimeoutInSearch(t *testing.T) {
	out := filepath.Join(t.TempDir(), "t.json")
	code, _, errOut := grundy("tree", "sprouts", "0*16", "--outcome-only", "--no-db", "--timeout", "300ms", "-o", out)
	if code != exitTimeout {
		t.Fatalf("exit %d, want 3 (stderr %q)", code, errOut)
	}
	if !strings.Contains(errOut, "stopped after") || strings.Contains(errOut, "stopped after 0s") {
		t.Errorf("stderr %q, want the time the search ran", errOut)
	}
}
