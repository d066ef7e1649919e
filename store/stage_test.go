package store

import (
	"strings"
	"testing"

	"grundy/games"
)

// Lines about one position are joined in the stage whatever their number and their order in
// the file; the first that disagrees with those before it is named with the first line, and
// nothing of the file is imported.
func TestImportFile_StagedLinesJoined(t *testing.T) {
	nim, err := games.Lookup("nim")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, file, want string
	}{
		{"repeated", "[Positions+Nimber]\n5 5\n7 7\n5 5\n5 5\n", ""},
		{"third line", "[Positions+Nimber]\n5 5\n7 7\n5 5\n5 4\n", `f.spr:5: position "5": nimber 4 here, nimber 5 at line 2`},
		{"after others", "[Positions+Nimber]\n9 9\n5 5\n1 1\n7 7\n5 6\n7 7\n", `f.spr:6: position "5": nimber 6 here, nimber 5 at line 3`},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := openTemp(t)
			rep, err := ImportFile(s, strings.NewReader(c.file), "f.spr", nim)
			if c.want == "" {
				if err != nil || rep.Claimed != 2 {
					t.Fatalf("ImportFile = %+v, %v, want 2 claims", rep, err)
				}
				return
			}
			if err == nil || err.Error() != c.want {
				t.Fatalf("ImportFile error %v, want %s", err, c.want)
			}
			claims := 0
			if err := s.EachClaim("", func(string, string, Claim) error { claims++; return nil }); err != nil {
				t.Fatal(err)
			}
			if claims != 0 {
				t.Errorf("%d claims stored by a file refused", claims)
			}
		})
	}
}
