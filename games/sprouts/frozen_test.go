package sprouts

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// frozenFile holds positions reached by random play from 0*3 … 0*12, each with its canonical
// text and its options' texts as the canon wrote them when the file was made. Any faster
// canon must write the same bytes: a text is a key of the caches and of the facts store.
const frozenFile = "testdata/canon_frozen.txt.gz"

// frozenLines writes, for each position reached by random play (fixed seed), a line
// "P text exact" (exact: the full search saw every way) then, for each option in the order
// Options yields it, "c key canonical" (the cheap key and what reading it back gives) and
// for each option of the canonical position "x text".
func frozenLines(tb testing.TB, maxP int, yield func(string)) {
	rng := rand.New(rand.NewPCG(34, 2026))
	seen := map[string]bool{}
	for p := 3; p <= maxP; p++ {
		for range 24 {
			pos := mustParse(tb, fmt.Sprintf("0*%d", p))
			for pos.s != empty {
				_, exact, err := readPosition(pos.s)
				if err != nil {
					tb.Fatal(err)
				}
				var opts []*Position
				for o := range pos.Exactly().Options() {
					opts = append(opts, o.(*Position))
				}
				if !seen[pos.s] {
					seen[pos.s] = true
					yield(fmt.Sprintf("P %s %v", pos.s, exact))
					for o := range pos.Options() {
						yield(fmt.Sprintf("c %s %s", o.Key(), o.(*Position).String()))
					}
					for _, o := range opts {
						yield("x " + o.s)
					}
				}
				if len(opts) == 0 {
					break
				}
				pos = opts[rng.IntN(len(opts))]
			}
		}
	}
}

// TestCanonFrozen checks that the canon writes, for every position of frozenFile, the same
// canonical text, option keys and options' texts as when the file was made: the positions
// from 0*3 … 0*6, all of them with GRUNDY_SOAK. With
// GRUNDY_FREEZE=1 it writes the file instead, from the code as it is.
func TestCanonFrozen(t *testing.T) {
	if os.Getenv("GRUNDY_FREEZE") != "" {
		var buf bytes.Buffer
		z := gzip.NewWriter(&buf)
		n := 0
		frozenLines(t, 12, func(s string) {
			if s[0] == 'P' {
				n++
			}
			fmt.Fprintln(z, s)
		})
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(frozenFile, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%d positions written to %s", n, frozenFile)
		return
	}
	f, err := os.Open(frozenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(z)
	sc.Buffer(nil, 1<<20)
	// The file is in order of p: a shorter run checks the first of it (well under 2 s).
	maxP := 6
	if os.Getenv("GRUNDY_SOAK") != "" {
		maxP = 12
	}
	lines := 0
	frozenLines(t, maxP, func(s string) {
		lines++
		if !sc.Scan() {
			t.Fatalf("line %d: %q is past the end of %s", lines, s, frozenFile)
		}
		if got := sc.Text(); got != s {
			t.Fatalf("line %d: frozen %q, now %q", lines, got, s)
		}
	})
	if sc.Scan() && maxP == 12 {
		t.Fatalf("line %d: %q frozen, no longer written", lines+1, strings.TrimSpace(sc.Text()))
	}
	if lines < 1000 {
		t.Fatalf("only %d lines checked", lines)
	}
}
