package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// `--algo pns` answers as the couples search does, measures its tree, and `tree --algo pns`
// writes a proof that `check` accepts.
func TestSolve_ProofNumbers(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	for _, tc := range []struct {
		args    []string
		outcome string
		nimber  int
	}{
		{[]string{"solve", "cram", "3x5", "--json", "--algo", "pns"}, "W", 1},
		{[]string{"solve", "cram", "3x3", "+", "3x6", "--json", "--algo", "pns"}, "W", 4},
		{[]string{"solve", "sprouts", "0*4", "--json", "--algo", "pns"}, "W", 1},
	} {
		code, out, errOut := grundy(tc.args...)
		if code != 0 {
			t.Fatalf("grundy %v: exit %d, %s", tc.args, code, errOut)
		}
		var r struct {
			Outcome string
			Nimber  int
			Stats   struct {
				Nodes             int64
				TreeLosingCouples *int `json:"tree_losing_couples"`
			}
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("grundy %v: %v in %q", tc.args, err, out)
		}
		if r.Outcome != tc.outcome || r.Nimber != tc.nimber || r.Stats.Nodes == 0 || r.Stats.TreeLosingCouples == nil {
			t.Errorf("grundy %v: %s", tc.args, out)
		}
	}
	file := filepath.Join(t.TempDir(), "t.json")
	if code, _, errOut := grundy("tree", "sprouts", "0*5", "--algo", "pns", "-o", file); code != 0 {
		t.Fatalf("tree --algo pns: exit %d, %s", code, errOut)
	}
	if code, out, errOut := grundy("check", file); code != 0 {
		t.Fatalf("check of the pns tree: exit %d, %s %s", code, out, errOut)
	}
	for _, args := range [][]string{
		{"tree", "cram", "3x3", "-o", file, "--algo", "magic"},
		{"solve", "cram", "3x3", "--algo", "dfs"},
	} {
		if code, _, errOut := grundy(args...); code != 2 || !strings.Contains(errOut, "--algo") {
			t.Errorf("grundy %v: exit %d, %q; want 2 naming --algo", args, code, errOut)
		}
	}
}
