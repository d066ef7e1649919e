package octal

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"grundy/games/parse"
)

// growFile opens the file of g at path, grows it to n values and closes it.
func growFile(t *testing.T, g *Game, path string, n int) *Run {
	t.Helper()
	f, err := g.OpenFile(path)
	if err != nil {
		t.Fatalf("OpenFile(%s) error = %v", path, err)
	}
	if err := f.Grow(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return f.Run()
}

// readFileValues reads a values file back, in either format.
func readFileValues(t *testing.T, g *Game, path string) *Run {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := g.readValues(path, data, filepath.Ext(path) == ".txt")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestFile_Resumes: a run stopped part way continues from its file, in both formats, and
// ends with the values of the plain mex.
func TestFile_Resumes(t *testing.T) {
	g := Grundy()
	want := plainValues(t, g, 6000)
	for _, name := range []string{"g.bin", "g.txt"} {
		path := filepath.Join(t.TempDir(), name)
		f, err := g.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := f.Grow(ctx, 6000); !errors.Is(err, context.Canceled) {
			t.Fatalf("%s: Grow after cancel error = %v, want context.Canceled", name, err)
		}
		f.Close()
		growFile(t, g, path, 2500)
		if n := readFileValues(t, g, path).Len(); n != 2500 {
			t.Fatalf("%s: %d values after the first run, want 2500", name, n)
		}
		growFile(t, g, path, 6000)
		r := readFileValues(t, g, path)
		if r.Len() != 6000 {
			t.Fatalf("%s: %d values, want 6000", name, r.Len())
		}
		for h, w := range want {
			if r.At(h) != int(w) {
				t.Fatalf("%s: g(%d) = %d in the file, want %d", name, h, r.At(h), w)
			}
		}
	}
}

// TestFile_BinaryIsOneByteAValue checks the binary format: the bytes are the values.
func TestFile_BinaryIsOneByteAValue(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kayles.bin")
	growFile(t, Kayles(), path, 20)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2}
	if string(data) != string(want) {
		t.Errorf("kayles.bin = %v, want %v", data, want)
	}
}

// TestFile_TextDropsAnUnfinishedLine: a text file cut in the middle of a line (a run killed
// while writing) loses that line and goes on.
func TestFile_TextDropsAnUnfinishedLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kayles.txt")
	if err := os.WriteFile(path, []byte("0\n1\n2\n3\n1\n4\n3\n2\n1\n4\n2\n6\n4\n1\n2\n7\n1\n4\n3\n2\n1\n4\n6\n7\n4\n1\n2\n8\n5\n4\n7\n2\n1\n8\n6\n7\n4\n1\n2\n3\n1\n4\n7\n2\n1\n8\n2\n7\n4\n1\n2\n8\n1\n4\n7\n2\n1\n4\n2\n7\n4\n1\n2\n8\n1\n4\n7\n2\n1\n8\n6\n7\n4\n1\n2\n8\n1\n4\n7\n2\n1\n8\n2\n7\n4\n1\n2\n8\n1\n4\n7\n2\n1\n8\n2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The last line, "2" with no newline after, is unfinished.
	r := growFile(t, Kayles(), path, 200)
	if p, e := r.Period(); p != 12 || e != 71 {
		t.Errorf("kayles resumed: period %d from %d, want 12 from 71", p, e)
	}
	want := plainValues(t, Kayles(), 200)
	got := readFileValues(t, Kayles(), path)
	for h, w := range want {
		if got.At(h) != int(w) {
			t.Fatalf("g(%d) = %d in the file, want %d", h, got.At(h), w)
		}
	}
}

// TestFile_Refused: a file of another game, or text that is no value, is refused with
// parse.ErrSyntax and a message naming the file.
func TestFile_Refused(t *testing.T) {
	dir := t.TempDir()
	kayles := filepath.Join(dir, "kayles.bin")
	growFile(t, Kayles(), kayles, 50)
	junk := filepath.Join(dir, "junk.txt")
	os.WriteFile(junk, []byte("0\n0\nseven\n"), 0o644)
	for _, tt := range []struct {
		g    *Game
		path string
		want string
	}{
		{Grundy(), kayles, kayles + ": g(1) = 1, but grundys-game has 0: not a file of this game"},
		{Grundy(), junk, junk + `: line 3: "seven" is not a value`},
	} {
		_, err := tt.g.OpenFile(tt.path)
		if !errors.Is(err, parse.ErrSyntax) || err.Error() != tt.want {
			t.Errorf("OpenFile(%s) error = %v, want %q (ErrSyntax)", tt.path, err, tt.want)
		}
	}
}

// TestFile_WideValueInBinary: a value above 255 cannot go in a binary file.
func TestFile_WideValueInBinary(t *testing.T) {
	path := filepath.Join(t.TempDir(), "wide.bin")
	g := Grundy()
	f, err := g.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f.r.s = newRareCommon(g, []uint16{0, 0, 0, 300})
	if err := f.Close(); !errors.Is(err, parse.ErrSyntax) {
		t.Errorf("Close with g(3) = 300 in a binary file: error = %v, want ErrSyntax", err)
	}
}

// FuzzReadValues reads a values file, text or binary, as Grundy's game. It may not panic;
// what it accepts holds as many values as the file has (text: complete lines), each the
// plain mex's for the first checkedValues of them.
func FuzzReadValues(f *testing.F) {
	f.Add([]byte("0\n0\n0\n1\n"), true)     // Grundy's game, text
	f.Add([]byte("0\n0\n0\n1\n0\n2"), true) // an unfinished last line
	f.Add([]byte("0\n 0\r\n0\n"), true)     // blanks around values
	f.Add([]byte("0\n0\n-1\n"), true)       // no value
	f.Add([]byte("99999999999\n"), true)    // too large
	f.Add([]byte{0, 0, 0, 1, 0, 2}, false)  // binary
	f.Add([]byte{0, 1}, false)              // another game's
	f.Fuzz(func(t *testing.T, data []byte, text bool) {
		r, kept, err := Grundy().readValues("fuzz", data, text)
		if err != nil {
			return
		}
		if kept > len(data) || (!text && r.Len() != len(data)) {
			t.Errorf("readValues(%q) kept %d of %d bytes, %d values", data, kept, len(data), r.Len())
		}
	})
}
