package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `grundy tree sprouts` draws its positions as spots and curves in the pictures it writes.
func TestTree_SproutsDrawn(t *testing.T) {
	dir := t.TempDir()
	for ext, curve := range map[string]string{".svg": `<path d="M`, ".tex": `\path[curve]`} {
		out := filepath.Join(dir, "t"+ext)
		if code, _, errOut := grundy("tree", "sprouts", "0*2", "--no-db", "-o", out); code != 0 {
			t.Fatalf("tree -o %s: exit %d, %s", out, code, errOut)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), curve) {
			t.Errorf("%s of sprouts 0*2 has no curve %q", ext, curve)
		}
	}
}
