package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSeqFile_ResumeAndSolve: `seq --file` grows a file across runs and says what the
// values show; `solve --values` then answers for heaps past the game's own limit.
func TestSeqFile_ResumeAndSolve(t *testing.T) {
	path := filepath.Join(t.TempDir(), "grundy.bin")
	if code, out, errOut := grundy("seq", "grundys-game", "--to", "40000", "--file", path); code != 0 ||
		!strings.Contains(out, "g(0) to g(40000) in "+path+", 40001 new") {
		t.Fatalf("seq --file to 40000: exit %d, %q, %q", code, out, errOut)
	}
	code, out, errOut := grundy("seq", "grundys-game", "--to", "60000", "--file", path, "--json")
	var r seqFileResult
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil {
		t.Fatalf("seq --file to 60000 --json: exit %d, %q, %q", code, out, errOut)
	}
	if r.Values != 60001 || r.New != 20000 || r.Mask == 0 || r.Rare == 0 {
		t.Errorf("seq --file to 60000: %+v, want 60001 values of which 20000 new, sparse", r)
	}
	if info, err := os.Stat(path); err != nil || info.Size() != 60001 {
		t.Errorf("%s: %v, want 60001 bytes", path, err)
	}
	code, out, errOut = grundy("solve", "grundys-game", "59999", "--no-db", "--values", path, "--json", "--tree-nodes", "0")
	var s struct{ Nimber *int }
	if err := json.Unmarshal([]byte(out), &s); code != 0 || err != nil || s.Nimber == nil {
		t.Fatalf("solve 59999 --values: exit %d, %q, %q", code, out, errOut)
	}
	code, out, errOut = grundy("seq", "grundys-game", "--to", "59999", "--json")
	var seq seqResult
	if err := json.Unmarshal([]byte(out), &seq); code != 0 || err != nil {
		t.Fatalf("seq --to 59999: exit %d, %q", code, errOut)
	}
	if want := seq.Values[59999]; *s.Nimber != want {
		t.Errorf("solve grundys-game 59999 --values: nimber %d, want %d (seq)", *s.Nimber, want)
	}
}

// TestSeqFile_BadInput: a file for a game that has none, a file of another game, --values
// where no file applies: exit 2 and one line.
func TestSeqFile_BadInput(t *testing.T) {
	dir := t.TempDir()
	kayles := filepath.Join(dir, "kayles.bin")
	if code, _, errOut := grundy("seq", "kayles", "--to", "100", "--file", kayles); code != 0 {
		t.Fatal(errOut)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"seq", "nim", "--to", "10", "--file", filepath.Join(dir, "nim.bin")}, "closed form"},
		{[]string{"seq", "grundys-game", "--to", "10", "--file", kayles}, "not a file of this game"},
		{[]string{"solve", "grundys-game", "9", "--values", kayles}, "not a file of this game"},
		{[]string{"solve", "cram", "3x3", "--values", kayles}, "no values file"},
		{[]string{"solve", "kayles", "9", "--values", filepath.Join(dir, "missing.bin")}, "missing.bin"},
	} {
		code, out, errOut := grundy(tc.args...)
		if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("grundy %v: exit %d, stdout %q, stderr %q; want 2 and one line naming %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestSeqFile_Timeout: a run stopped by --timeout exits 3, says how far it went, and keeps
// its values in the file for the next run.
func TestSeqFile_Timeout(t *testing.T) {
	path := filepath.Join(t.TempDir(), "grundy.txt")
	code, out, errOut := grundy("seq", "grundys-game", "--to", "1000000", "--file", path, "--timeout", "300ms", "--json")
	var r seqFileResult
	if err := json.Unmarshal([]byte(out), &r); code != exitTimeout || err != nil || !r.Stopped {
		t.Fatalf("seq --timeout 300ms: exit %d, %q, %q; want 3 and a stopped result", code, out, errOut)
	}
	if !strings.Contains(errOut, "run again to go on") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("stderr %q, want one line saying the run goes on", errOut)
	}
	data, err := os.ReadFile(path)
	if err != nil || strings.Count(string(data), "\n") != r.Values {
		t.Errorf("%s holds %d lines, want the %d values found (%v)", path, strings.Count(string(data), "\n"), r.Values, err)
	}
}
