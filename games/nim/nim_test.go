package nim

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games/octal"
	"grundy/games/parse"
)

var parseTests = []struct {
	in, str, key string
}{
	{"", "0", "0"},
	{"0", "0", "0"},
	{"0, 0", "0", "0"},
	{"3 5 7", "3 5 7", "3 5 7"},
	{"7,5,3", "7 5 3", "3 5 7"},
	{" 7 0\t3 ", "7 3", "3 7"},
	{"1048576", "1048576", "1048576"},
	{strings.Repeat("1,", MaxHeaps), strings.TrimSpace(strings.Repeat("1 ", MaxHeaps)), strings.TrimSpace(strings.Repeat("1 ", MaxHeaps))},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		p, err := New().Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q) error = %v", tt.in, err)
			continue
		}
		if p.String() != tt.str || p.Key() != tt.key {
			t.Errorf("Parse(%q) = %q (key %q), want %q (key %q)", tt.in, p, p.Key(), tt.str, tt.key)
		}
		checkRoundTrip(t, p)
	}
}

var parseErrorTests = []struct {
	in  string
	err error
}{
	{"x", parse.ErrSyntax},
	{"3 5 x", parse.ErrSyntax},
	{"3+5", parse.ErrSyntax},
	{"-1", parse.ErrSyntax},
	{"2.5", parse.ErrSyntax},
	{"1048577", parse.ErrTooLarge},
	{"12345678901234567890", parse.ErrTooLarge},
	{strings.Repeat("1 ", MaxHeaps+1), parse.ErrTooLarge},
	{strings.Repeat("0,", 1_000_000), parse.ErrTooLarge},
}

func TestParseErrors(t *testing.T) {
	for _, tt := range parseErrorTests {
		p, err := New().Parse(tt.in)
		if !errors.Is(err, tt.err) {
			t.Errorf("Parse(%.20q) = %v, %v, want error %v", tt.in, p, err, tt.err)
		}
		var pe *parse.ParseError
		if errors.As(err, &pe) && pe.Game != "nim" {
			t.Errorf("Parse(%.20q) error game = %q, want %q", tt.in, pe.Game, "nim")
		}
	}
}

// checkRoundTrip checks that the String of p parses back to p's Key.
func checkRoundTrip(t testing.TB, p engine.Position) {
	t.Helper()
	q, err := New().Parse(p.String())
	if err != nil || q.Key() != p.Key() {
		t.Errorf("Parse(%q) = %v, %v, want Key %q", p.String(), q, err, p.Key())
	}
}

func TestOptions(t *testing.T) {
	tests := []struct{ pos, want string }{
		{"0", ""},
		{"1", "0"},
		{"3", "0 | 1 | 2"},
		{"1 2", "1 | 1 1 | 2"},
		{"2 2", "1 2 | 2"}, // the second heap would give the same positions
		{"2 1 2", "1 1 2 | 1 2 | 2 2"},
	}
	for _, tt := range tests {
		if got := optionStrings(parsePos(t, tt.pos)); got != tt.want {
			t.Errorf("%q options = %q, want %q", tt.pos, got, tt.want)
		}
	}
}

// optionStrings returns the Strings of p's options, sorted and joined with " | ".
func optionStrings(p engine.Position) string {
	var opts []string
	for o := range p.Options() {
		opts = append(opts, o.String())
	}
	slices.Sort(opts)
	return strings.Join(opts, " | ")
}

func TestOptionsUnchanged(t *testing.T) {
	p := parsePos(t, "4 2 4 1")
	str, heaps := p.String(), p.(octal.Position).Heaps()
	n := 0
	for o := range p.Options() {
		checkRoundTrip(t, o)
		n++
	}
	if n != 7 {
		t.Errorf("%q has %d options, want 7", str, n)
	}
	if p.String() != str || !slices.Equal(p.(octal.Position).Heaps(), heaps) {
		t.Errorf("options changed %q into %q", str, p)
	}
}

func TestSplit(t *testing.T) {
	tests := []struct{ pos, want string }{
		{"0", ""},
		{"5", "5"},
		{"5 3 5", "5 | 3 | 5"},
	}
	for _, tt := range tests {
		var parts []string
		for _, c := range parsePos(t, tt.pos).Split() {
			parts = append(parts, c.String())
		}
		if got := strings.Join(parts, " | "); got != tt.want {
			t.Errorf("Split(%q) = %q, want %q", tt.pos, got, tt.want)
		}
	}
}

func TestHeap(t *testing.T) {
	for _, n := range []int{0, 1, 9, MaxHeap} {
		p := New().Heap(n)
		if p.Key() != strconv.Itoa(n) || p.(octal.Position).Hint() != n {
			t.Errorf("Heap(%d) = %q (key %q, hint %d)", n, p, p.Key(), p.(octal.Position).Hint())
		}
	}
}

// plainNimber is the oracle: mex over the options of the whole position, never splitting it,
// memoised on the sorted heap sizes.
func plainNimber(p octal.Position, memo map[string]int) int {
	key := fmt.Sprint(slices.Sorted(slices.Values(p.Heaps())))
	if v, ok := memo[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for o := range p.Options() {
		seen[plainNimber(o.(octal.Position), memo)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[key] = v
	return v
}

// TestNimbersPublished checks the table in testdata against the nim-sum of Nimbers and the
// plain mex search.
func TestNimbersPublished(t *testing.T) {
	f, err := os.Open("testdata/positions.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	values, _, _, err := New().Nimbers(context.Background(), 12)
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		pos, nimber, ok := strings.Cut(sc.Text(), ": ")
		if !ok || strings.HasPrefix(pos, "#") {
			continue
		}
		want, err := strconv.Atoi(nimber)
		if err != nil {
			t.Fatalf("testdata: %q: %v", sc.Text(), err)
		}
		p := parsePos(t, pos).(octal.Position)
		sum := 0
		for _, h := range p.Heaps() {
			sum ^= values[h]
		}
		if got := plainNimber(p, memo); got != want || sum != want {
			t.Errorf("Nimber(%q) = %d (nim-sum %d), want %d", pos, got, sum, want)
		}
	}
}

// TestNimberOfSum checks on random positions that the plain mex search gives the nim-sum.
func TestNimberOfSum(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 2))
	memo := map[string]int{}
	for range 50 {
		var heaps []string
		want := 0
		for range 1 + rng.IntN(4) {
			h := rng.IntN(6)
			heaps = append(heaps, strconv.Itoa(h))
			want ^= h
		}
		pos := strings.Join(heaps, " ")
		if got := plainNimber(parsePos(t, pos).(octal.Position), memo); got != want {
			t.Errorf("Nimber(%q) = %d, want %d; seed %d", pos, got, want, seed)
		}
	}
}

func TestNimbers(t *testing.T) {
	values, p, e, err := New().Nimbers(context.Background(), 100)
	if err != nil || len(values) != 101 || p != 0 || e != 0 {
		t.Fatalf("Nimbers(100) = %d values, %d, %d, %v, want 101 values, 0, 0", len(values), p, e, err)
	}
	for n, v := range values {
		if v != n {
			t.Errorf("Nimber(%d) = %d, want %d", n, v, n)
		}
	}
	for _, tt := range []struct {
		n   int
		err error
	}{{-1, parse.ErrSyntax}, {MaxSequence + 1, parse.ErrTooLarge}} {
		if _, _, _, err := New().Nimbers(context.Background(), tt.n); !errors.Is(err, tt.err) {
			t.Errorf("Nimbers(%d) error = %v, want %v", tt.n, err, tt.err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, _, err := New().Nimbers(ctx, 10); !errors.Is(err, context.Canceled) {
		t.Errorf("Nimbers on a cancelled context: error = %v, want %v", err, context.Canceled)
	}
}

// parsePos parses a Nim position or stops the test.
func parsePos(t testing.TB, pos string) engine.Position {
	t.Helper()
	p, err := New().Parse(pos)
	if err != nil {
		t.Fatalf("Parse(%q) error = %v", pos, err)
	}
	return p
}

func BenchmarkNimbers(b *testing.B) {
	for _, n := range []int{100_000, 10_000_000} {
		b.Run("nim-"+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, _, err := New().Nimbers(context.Background(), n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
