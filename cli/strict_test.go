package cli

import (
	"strings"
	"testing"
)

// Inputs that used to mean something else are refused with one line: an empty or blank
// position is not the empty one, and a --timeout that rounds to 0 is not "no limit".
func TestStrictInputs(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"solve", "nim", "", "--no-db"}, "is empty"},
		{[]string{"solve", "nim", "   ", "--no-db"}, "is empty"},
		{[]string{"tree", "nim", "", "-o", "x.json", "--no-db"}, "is empty"},
		{[]string{"solve", "nim", "3", "--timeout", "-0.5ns", "--no-db"}, "rounds to 0"},
		{[]string{"solve", "nim", "3", "--timeout", "0.4ns", "--no-db"}, "rounds to 0"},
		{[]string{"check", "x.json", "--timeout", "-0.5ns"}, "rounds to 0"},
		{[]string{"db", "import", "x.jsonl", "--timeout", "-1s"}, "--timeout -1s"},
	}
	for _, tt := range tests {
		code, out, errOut := grundy(tt.args...)
		if code != exitUsage || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tt.want) {
			t.Errorf("grundy %q: exit %d, %q %q; want exit 2 and one line with %q", tt.args, code, out, errOut, tt.want)
		}
	}
}
