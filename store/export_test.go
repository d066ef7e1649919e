package store

import (
	"bytes"
	"context"
	"errors"
	"io"
	"runtime"
	"strconv"
	"testing"

	"grundy/engine"
	"grundy/games"
)

// exportStore opens a store of a few thousand facts of nim's heaps in two tables (keys that
// are their notation), and unless nimOnly some known ≠ only and a misère outcome;
// Kayles'; Sprouts' lands (keys that are not their text) and a cheap key; Cram's regions
// (keys of bytes).
func exportStore(t *testing.T, nimOnly bool) *Store {
	t.Helper()
	s := openTemp(t)
	add := func(game, key string, f engine.Fact) {
		if err := s.Add(game, key, f); err != nil {
			t.Fatal(err)
		}
	}
	flush := func() {
		if err := s.Flush(); err != nil {
			t.Fatal(err)
		}
		if err := s.db.Flush(); err != nil { // a table more
			t.Fatal(err)
		}
	}
	for n := 1; n <= 3000; n++ {
		s.Facts("nim").Put(strconv.Itoa(n), engine.Fact{}.WithNimber(n))
		if n == 1500 {
			flush()
		}
	}
	if nimOnly {
		flush()
		return s
	}
	add("nim", "3001", engine.Fact{}.Without(0).Without(5))
	nim := lookupGame(t, "nim")
	sum, err := games.Parse(nim, "1 2 3")
	if err != nil {
		t.Fatal(err)
	}
	add("nim", engine.MisereKey(sum), engine.Fact{}.WithNimber(0))
	for n := 1; n <= 500; n++ {
		s.Facts("kayles").Put(strconv.Itoa(n), engine.Fact{}.WithNimber(n%8))
	}
	positions := map[string][]string{
		"sprouts": {"0*2", "0*3", "0*4", "0*5", "0*7", "0*12", "1a1a", "2ABC|ABC", "0*3|0*4", "0*3.AB|0.AB", "0.0.A.BC|0.1aAa|1a2a.BC", "0.1abc1cba", "0*5.AB|0*4.AB"},
		"cram":    {"...", "..../....", "../..", ".../...", "..#/...", ".#./...", "..../..#.", "#.../..../...."},
	}
	seen := map[string]bool{}
	for game, texts := range positions {
		g := lookupGame(t, game)
		for i, text := range texts {
			p, err := games.Parse(g, text)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range p.Split() {
				if !seen[game+c.Key()] {
					seen[game+c.Key()] = true
					s.Facts(game).Put(c.Key(), engine.Fact{}.WithNimber(i%3))
				}
			}
		}
	}
	add("sprouts", "2ABC|ABC", engine.Fact{}.WithNimber(1)) // a cheap key
	add("sprouts", "0*2", engine.Fact{}.Without(1))
	flush()
	return s
}

// ExportGlop and ExportJSONL write, byte for byte, what WriteGlop and WriteJSONL write of
// Export's records, whether the store is read whole by one goroutine or in parts by two.
func TestExport_SameAsWriters(t *testing.T) {
	s := exportStore(t, false)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	ctx := context.Background()
	for _, part := range []uint64{exportPartBytes, 2 << 10} {
		defer func(old uint64) { exportPartBytes = old }(exportPartBytes)
		exportPartBytes = part
		if n := len(s.exportRanges("nim")); part < 1<<20 && n < 3 {
			t.Fatalf("%d parts of nim's keys, want several", n)
		}
		for _, game := range []string{"nim", "kayles", "sprouts", "cram", ""} {
			recs, err := Export(s, game)
			if err != nil {
				t.Fatal(err)
			}
			var want, got bytes.Buffer
			if err := WriteJSONL(&want, recs); err != nil {
				t.Fatal(err)
			}
			n, err := ExportJSONL(ctx, s, game, &got)
			if err != nil || n != len(recs) || !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("parts of %d bytes: ExportJSONL(%q) = %d, %v, %d bytes; want %d facts, the %d bytes of WriteJSONL", part, game, n, err, got.Len(), len(recs), want.Len())
			}
			if game == "" {
				continue
			}
			for _, format := range []string{FormatGlop, FormatSPOTS} {
				want.Reset()
				got.Reset()
				ww, ws, werr := WriteGlop(&want, format, recs)
				gw, gs, gerr := ExportGlop(ctx, s, game, format, &got)
				if gw != ww || gs != ws || (gerr == nil) != (werr == nil) || !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Errorf("parts of %d bytes: ExportGlop(%q, %s) = %d, %d, %v, %d bytes; want %d, %d, %v, the %d bytes of WriteGlop", part, game, format, gw, gs, gerr, got.Len(), ww, ws, werr, want.Len())
				}
			}
		}
	}
}

// An export stopped (its context ended) returns an error wrapping the context's, whether
// one goroutine or several read the store.
func TestExport_Stopped(t *testing.T) {
	s := exportStore(t, true)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	defer func(old uint64) { exportPartBytes = old }(exportPartBytes)
	for _, part := range []uint64{exportPartBytes, 2 << 10} {
		exportPartBytes = part
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := ExportJSONL(ctx, s, "nim", io.Discard); !errors.Is(err, context.Canceled) {
			t.Errorf("parts of %d bytes: ExportJSONL stopped: %v, want context.Canceled", part, err)
		}
		if _, _, err := ExportGlop(ctx, s, "nim", FormatGlop, io.Discard); !errors.Is(err, context.Canceled) {
			t.Errorf("parts of %d bytes: ExportGlop stopped: %v, want context.Canceled", part, err)
		}
	}
}

// The lines made straight from a key of digits and its nimber's bytes are those of the
// writers, next to lines that are not (a fact that excludes nimbers), with nimbers of one to
// three bytes, in a game whose heap of 1 has no move.
func TestExport_DigitLines(t *testing.T) {
	s := openTemp(t)
	for n := 2; n <= 400; n++ { // the heap of 1 has no move: no line of Glop
		f := engine.Fact{}.WithNimber(n * n % 100_000)
		if n%7 == 0 {
			f = engine.Fact{}.Without(0).Without(n % 5)
		}
		s.Facts("dawsons-kayles").Put(strconv.Itoa(n), f)
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	recs, err := Export(s, "dawsons-kayles")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var want, got bytes.Buffer
	if err := WriteJSONL(&want, recs); err != nil {
		t.Fatal(err)
	}
	if n, err := ExportJSONL(ctx, s, "dawsons-kayles", &got); err != nil || n != len(recs) || !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("ExportJSONL = %d, %v:\n%.300s\nwant %d facts:\n%.300s", n, err, got.Bytes(), len(recs), want.Bytes())
	}
	want.Reset()
	got.Reset()
	ww, ws, werr := WriteGlop(&want, FormatGlop, recs)
	gw, gs, gerr := ExportGlop(ctx, s, "dawsons-kayles", FormatGlop, &got)
	if gw != ww || gs != ws || werr != nil || gerr != nil || !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("ExportGlop = %d, %d, %v:\n%.300s\nwant %d, %d:\n%.300s", gw, gs, gerr, got.Bytes(), ww, ws, want.Bytes())
	}
}
