package octal

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"grundy/games/parse"
)

// A published is a table of nimbers from testdata, with the source in its comments.
type published struct {
	game              string
	period, preperiod int
	values            []int
}

// readPublished reads a testdata table: "#" comments, "key: value" lines (game, period,
// preperiod), then the values separated by spaces.
func readPublished(t *testing.T, path string) published {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var pub published
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		key, value, isField := strings.Cut(line, ": ")
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case isField && key == "game":
			pub.game = value
		case isField && key == "period":
			pub.period, err = strconv.Atoi(value)
		case isField && key == "preperiod":
			pub.preperiod, err = strconv.Atoi(value)
		default:
			for _, f := range strings.Fields(line) {
				n, e := strconv.Atoi(f)
				pub.values, err = append(pub.values, n), errors.Join(err, e)
			}
		}
		if err != nil {
			t.Fatalf("%s: %q: %v", path, line, err)
		}
	}
	return pub
}

func TestNimbersPublished(t *testing.T) {
	paths, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no tables in testdata: %v", err)
	}
	for _, path := range paths {
		pub := readPublished(t, path)
		g := lookup(t, pub.game)
		values, p, e, err := g.Nimbers(context.Background(), len(pub.values)-1)
		if err != nil {
			t.Errorf("%s Nimbers(%d) error = %v", pub.game, len(pub.values)-1, err)
			continue
		}
		for n, want := range pub.values {
			if values[n] != want {
				t.Errorf("%s Nimber(%d) = %d, want %d (%s)", pub.game, n, values[n], want, path)
			}
		}
		if p != pub.period || e != pub.preperiod {
			t.Errorf("%s period, preperiod = %d, %d, want %d, %d", pub.game, p, e, pub.period, pub.preperiod)
		}
	}
}

// TestNimbersLasker checks the closed form of Lasker's Nim on both sides of where Nimbers
// switches from mex to the formula: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4,
// g(4k+4) = 4k+3 (shared/seeds/001).
func TestNimbersLasker(t *testing.T) {
	values, _, _, err := Lasker().Nimbers(context.Background(), 3*laskerSieved)
	if err != nil {
		t.Fatal(err)
	}
	for n, got := range values {
		want := []int{n - 1, n, n, n + 1}[n%4]
		if n == 0 {
			want = 0
		}
		if got != want {
			t.Errorf("lasker Nimber(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestNimbersDawsonsShift checks g_0.07(n+1) = g_0.137(n) far beyond the published table.
func TestNimbersDawsonsShift(t *testing.T) {
	ctx := context.Background()
	kayles, _, _, err1 := DawsonsKayles().Nimbers(ctx, 2001)
	chess, _, _, err2 := DawsonsChess().Nimbers(ctx, 2000)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	for n, want := range chess {
		if got := kayles[n+1]; got != want {
			t.Errorf("dawsons-kayles Nimber(%d) = %d, want dawsons-chess Nimber(%d) = %d", n+1, got, n, want)
		}
	}
}

// TestNimbersFilled checks that the values Nimbers fills in by the period are those the
// sieve computes one by one.
func TestNimbersFilled(t *testing.T) {
	const n = 3000
	for _, name := range []string{"kayles", "dawsons-chess", "octal:4.7", "octal:0.123", "subtraction:2,5,7"} {
		g := lookup(t, name)
		values, p, _, err := g.Nimbers(context.Background(), n)
		if err != nil || p == 0 {
			t.Fatalf("%s Nimbers(%d) period = %d, error = %v, want a period", name, n, p, err)
		}
		s := newSieve(g, n+1)
		if err := s.grow(context.Background(), n+1); err != nil {
			t.Fatal(err)
		}
		if want := ints(s.v, n+1); !slices.Equal(values, want) {
			t.Errorf("%s Nimbers(%d) differs from the sieve", name, n)
		}
	}
}

// periodTests give the period and preperiod of codes whose values were also computed by a
// separate Python mex; Kayles and the Dawson games are in testdata with their sources. 0.6
// is unsolved, so Nimbers must find no period.
var periodTests = []struct {
	game      string
	period    int
	preperiod int
}{
	{"octal:0.0", 1, 0},
	{"octal:4.0", 2, 1},
	{"octal:0.1", 1, 2},
	{"octal:4.7", 2, 1},
	{"octal:0.123", 5, 5},
	{"octal:0.51", 1, 1},
	{"subtraction:2,5,7", 22, 0},
	{"octal:0.6", 0, 0},
	{"lasker", 0, 0},
	{"grundys-game", 0, 0},
}

func TestNimbersPeriod(t *testing.T) {
	for _, tt := range periodTests {
		_, p, e, err := lookup(t, tt.game).Nimbers(context.Background(), 10)
		if err != nil || p != tt.period || e != tt.preperiod {
			t.Errorf("%s Nimbers(10) period, preperiod = %d, %d, %v, want %d, %d", tt.game, p, e, err, tt.period, tt.preperiod)
		}
	}
}

// TestNimbersShort asks for fewer heaps than the period proof needs.
func TestNimbersShort(t *testing.T) {
	for n := range 4 {
		values, p, e, err := Kayles().Nimbers(context.Background(), n)
		if err != nil || len(values) != n+1 || p != 12 || e != 71 {
			t.Errorf("kayles Nimbers(%d) = %v, %d, %d, %v, want %d values, 12, 71", n, values, p, e, err, n+1)
		}
	}
}

func TestNimbersErrors(t *testing.T) {
	tests := []struct {
		n   int
		err error
	}{
		{-1, parse.ErrSyntax},
		{MaxSequence + 1, parse.ErrTooLarge},
	}
	for _, tt := range tests {
		if _, _, _, err := Kayles().Nimbers(context.Background(), tt.n); !errors.Is(err, tt.err) {
			t.Errorf("Nimbers(%d) error = %v, want %v", tt.n, err, tt.err)
		}
	}
}

func TestNimbersCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, g := range []*Game{Grundy(), lookup(t, "octal:0.6"), Lasker()} {
		values, _, _, err := g.Nimbers(ctx, MaxSequence)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s Nimbers on a cancelled context: error = %v, want %v", g.Name(), err, context.Canceled)
		}
		if len(values) > MaxSequence/2 {
			t.Errorf("%s Nimbers on a cancelled context: %d values, want few", g.Name(), len(values))
		}
	}
}

func BenchmarkNimbers(b *testing.B) {
	benchmarks := []struct {
		name, game string
		n          int
	}{
		{"kayles-1e5", "kayles", 100_000}, // a period proven at 256, the rest filled
		{"dawsons-kayles-1e5", "dawsons-kayles", 100_000},
		{"lasker-1e5", "lasker", 100_000},
		{"grundy-1e4", "grundys-game", 10_000}, // the baseline of the quadratic sieve
		{"grundy-1e5", "grundys-game", 100_000},
		{"octal-0.6-1e4", "octal:0.6", 10_000}, // no period: sieved to proofLimit
	}
	for _, bm := range benchmarks {
		g := lookup(b, bm.game)
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, _, err := g.Nimbers(context.Background(), bm.n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
