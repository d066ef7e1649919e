package store

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"grundy/engine"
	"grundy/games"
)

// The formats of files the store reads and writes.
const (
	// FormatGlop is the nimber database of Glop (Lemoine and Viennot), usually a .spr file: a
	// header line [Positions+Nimber], then one losing couple a line, "position nimber", sorted.
	FormatGlop = "glop"
	// FormatSPOTS is the nimber database of SPOTS (Čížek, Balko and Schmid): the same text,
	// Sprouts positions written as SPOTS writes them (n(k) where Glop writes Z(k), runs of
	// fresh-spot boundaries as 0*k wherever they stand).
	FormatSPOTS = "spots"
	// FormatJSONL is the store's own: one JSON object a line, one fact each (jsonl.go).
	FormatJSONL = "jsonl"
)

// glopHeader is the first line of a nimber database of Glop or SPOTS.
const glopHeader = "[Positions+Nimber]"

// misereHeader starts SPOTS's misère databases, which hold losing positions, not nimbers.
const misereHeader = "[WinLoss_Misere:Losing_Position]"

// maxLineBytes bounds a line of a file: the longest position any game reads is a few KB.
const maxLineBytes = 1 << 20

// MaxNimber is the largest nimber a file may give: a losing couple (P, n) has n heap options,
// so no larger claim could be checked (engine.MaxTreeNumber).
const MaxNimber = engine.MaxTreeNumber

// A Record is one fact read from a file, or written to one.
type Record struct {
	Game     string
	Key      string // engine.Position.Key() of the component: what the engine looks up
	Position string // its notation as the game writes it, or "" when the key is all we have
	Fact     engine.Fact
	Line     int // in the file read; 0 when the record comes from elsewhere
}

// name names the record's position in a message.
func (r *Record) name() string {
	if r.Position == "" {
		return "key " + engine.Quote(base64.StdEncoding.EncodeToString([]byte(r.Key))) + " (base64)"
	}
	return "position " + engine.Quote(r.Position)
}

// A Database is what one file holds, read and validated whole: every position parsed again
// by its game, one record a key, no two lines disagreeing. Nothing is stored yet.
type Database struct {
	Name    string // the file, for messages
	Format  string
	Records []Record // in the order of the file
	// Empty counts lines about a position with no move left (nimber 0): true, but the engine
	// never looks such a position up, so they are not kept.
	Empty int
}

// A FileError is a fault of a file: its name, the line (0: the file as a whole) and what is
// wrong.
type FileError struct {
	File string
	Line int
	Err  error
}

func (e *FileError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
}

func (e *FileError) Unwrap() error { return e.Err }

// ErrFormat is the kind of error of a file that is not a database the store reads.
var ErrFormat = errors.New("not a database the store reads")

func lineErr(file string, line int, format string, args ...any) error {
	return &FileError{File: file, Line: line, Err: fmt.Errorf(format, args...)}
}

// ReadGlop reads a nimber database of Glop or SPOTS for game g (the two write the same text).
// The first line that is not blank must be the header [Positions+Nimber]; the header may come
// again further on (files joined with cat), blank lines are skipped, and every other line is
// "position nimber" (the nimber is the last word; the position may hold blanks, as ours do:
// "3 5"). Neither program writes comments, so none are read. The file must end with a newline,
// as both programs write it: a last line without one is taken for a truncated file.
//
// Each position is parsed again by g and must be one component (a Sprouts land): the engine
// caches the nimbers of components, never of sums, and a sum's nimber is no fact of any one of
// its terms. A position with no move left is counted in Empty, if its nimber is 0. Two lines
// giving one position different nimbers are an error naming both.
func ReadGlop(r io.Reader, name string, g games.Game) (*Database, error) {
	db := &Database{Name: name, Format: FormatGlop}
	seen := map[string]int{} // key → index in db.Records
	err := eachGlop(r, db, g, func(rec Record) error { return db.add(seen, rec) })
	if err != nil {
		return nil, err
	}
	return db, nil
}

// eachGlop reads a nimber database of Glop or SPOTS as ReadGlop does, one line at a time:
// fn gets each record (lines about one position are not joined), and db its format and the
// lines about an empty position (its Records are left alone).
func eachGlop(r io.Reader, db *Database, g games.Game, fn func(Record) error) error {
	name := db.Name
	header := false
	err := scanLines(r, name, func(n int, line string) error {
		text := strings.TrimSpace(line)
		switch {
		case text == "":
			return nil
		case text == glopHeader:
			header = true
			return nil
		case text == misereHeader:
			return lineErr(name, n, "%w: a misère database (losing positions of misère play), not %s", ErrFormat, glopHeader)
		case strings.HasPrefix(text, "[") && strings.HasSuffix(text, "]"):
			return lineErr(name, n, "%w: a %s database, not %s", ErrFormat, engine.Quote(text), glopHeader)
		case !header:
			return lineErr(name, n, "%w: no %s header before the first couple", ErrFormat, glopHeader)
		}
		if strings.Contains(text, "n(") {
			db.Format = FormatSPOTS // SPOTS's name of an uppercase letter past Y; Glop's is Z(k)
		}
		rec, empty, err := glopLine(g, text)
		return db.take(n, rec, empty, err, fn)
	})
	if err != nil {
		return err
	}
	if !header {
		return &FileError{File: name, Err: fmt.Errorf("%w: empty, want the header %s", ErrFormat, glopHeader)}
	}
	return nil
}

// take passes fn the record read from line n of the file, or the line's error naming the
// file and the line; a record of an empty position is only counted (Empty).
func (db *Database) take(n int, rec Record, empty bool, err error, fn func(Record) error) error {
	switch {
	case err != nil:
		return &FileError{File: db.Name, Line: n, Err: err}
	case empty:
		db.Empty++
		return nil
	}
	rec.Line = n
	return fn(rec)
}

// add keeps rec, or merges it into the record of the same key, failing on a disagreement.
func (db *Database) add(seen map[string]int, rec Record) error {
	i, ok := seen[rec.Game+"\x00"+rec.Key]
	if !ok {
		// Kept: its strings copied from the line's bytes (scanLines).
		rec.Key, rec.Position = strings.Clone(rec.Key), strings.Clone(rec.Position)
		seen[rec.Game+"\x00"+rec.Key] = len(db.Records)
		db.Records = append(db.Records, rec)
		return nil
	}
	have := &db.Records[i]
	merged, err := mergeFacts(have.Fact, rec.Fact)
	if err != nil {
		return lineErr(db.Name, rec.Line, "%s: %s here, %s at line %d", have.name(), describeFact(rec.Fact), describeFact(have.Fact), have.Line)
	}
	have.Fact = merged
	return nil
}

// glopLine reads "position nimber". empty reports a position with no move left (nimber 0).
func glopLine(g games.Game, text string) (rec Record, empty bool, err error) {
	cut := strings.LastIndexAny(text, " \t")
	if cut < 0 {
		return rec, false, fmt.Errorf("%s: want \"position nimber\"", engine.Quote(text))
	}
	pos, num := strings.TrimSpace(text[:cut]), text[cut+1:]
	n, err := strconv.ParseUint(num, 10, 31)
	if err != nil {
		return rec, false, fmt.Errorf("nimber %s: want a whole number from 0 to %d", engine.Quote(num), MaxNimber)
	}
	return component(g, pos, engine.Fact{}.WithNimber(int(n)))
}

// component parses pos, a position of g, and returns its record: the position must be one
// component. empty reports a position with no move left, whose nimber is 0 by the rules.
func component(g games.Game, pos string, f engine.Fact) (rec Record, empty bool, err error) {
	if isNotationKey(g, pos) {
		return Record{Game: g.Name(), Key: pos, Position: pos, Fact: f}, false, nil
	}
	p, err := parsePosition(g, strings.Clone(pos)) // pos may be a line's bytes (scanLines)
	if err != nil {
		return rec, false, err
	}
	comps := p.Split()
	switch len(comps) {
	case 0:
		if known, win := f.Outcome(0); known && win {
			return rec, false, fmt.Errorf("position %s has no move left: its nimber is 0, not %s", engine.Quote(pos), describeFact(f))
		}
		return rec, true, nil
	case 1:
		c := comps[0]
		return Record{Game: g.Name(), Key: c.Key(), Position: c.String(), Fact: f}, false, nil
	}
	return rec, false, fmt.Errorf("position %s is a sum of %d components: a database gives one component a line (the engine looks up components, and a sum's nimber is no fact of any one of them)", engine.Quote(pos), len(comps))
}

// isNotationKey reports whether g says, without parsing, that pos is one component whose key
// and notation are pos (games.NotationKeyer): a heap game's heap.
func isNotationKey(g games.Game, pos string) bool {
	nk, ok := g.(games.NotationKeyer)
	return ok && nk.IsNotationKey(pos)
}

// parsePosition parses pos with g (Sprouts reads the letters past the alphabet of both
// programs, m(k), n(k) and Z(k)).
func parsePosition(g games.Game, pos string) (engine.Position, error) {
	return games.Parse(g, pos)
}

// scanLines calls fn with each line of r and its number, from 1: the line is the reader's
// bytes, valid until fn returns (copied where kept: Database.add, component, lineGame). A
// line longer than maxLineBytes, a read error and a last line without a newline are errors
// naming the file.
func scanLines(r io.Reader, name string, fn func(n int, line string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLineBytes)
	unended := false
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		if atEOF && len(data) > 0 && bytes.IndexByte(data, '\n') < 0 {
			unended = true
		}
		return bufio.ScanLines(data, atEOF)
	})
	n := 0
	for sc.Scan() {
		n++
		if unended {
			return lineErr(name, n, "no newline at the end of the file: it looks truncated (Glop, SPOTS and grundy end every line with one)")
		}
		if err := fn(n, unsafeString(sc.Bytes())); err != nil {
			return err
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return lineErr(name, n+1, "%w: a line longer than %d bytes", ErrFormat, maxLineBytes)
	}
	if sc.Err() != nil {
		return &FileError{File: name, Err: sc.Err()}
	}
	return nil
}

// WriteGlop writes the records that give a nimber as a database of Glop (FormatGlop) or SPOTS
// (FormatSPOTS): the header, then "position nimber" lines sorted by byte, each ending with a
// newline, as both programs write them; written counts the records written, and a Sprouts
// position may take several lines in a SPOTS file (sproutsTexts). Records with values proven
// ≠ only are left out (the format holds losing couples), and so are misère outcomes (kept as
// "= 0" or "≠ 0" under keys of their own, engine.IsMisereKey: no nimber of normal play);
// skipped says how many. Every record must be of one game.
func WriteGlop(w io.Writer, format string, recs []Record) (written, skipped int, err error) {
	gw := newGlopWriter(format)
	defer gw.close()
	for _, r := range recs {
		if err := gw.add(r); err != nil {
			return 0, 0, err
		}
	}
	if err := gw.writeTo(context.Background(), w); err != nil {
		return 0, 0, err
	}
	return gw.written, gw.skipped, nil
}

// A glopWriter writes records as WriteGlop does, as they come: their lines are sorted
// (lineSorter) and written at the end.
type glopWriter struct {
	format           string
	sort             lineSorter
	line             []byte // the line being added
	written, skipped int
}

func newGlopWriter(format string) *glopWriter { return &glopWriter{format: format} }

// add takes the lines of r, or counts it skipped.
func (gw *glopWriter) add(r Record) error {
	var kept bool
	var err error
	if gw.line, kept, err = appendGlop(gw.line[:0], gw.format, r); err != nil {
		return err
	}
	if !kept {
		gw.skipped++
		return nil
	}
	for b := gw.line; len(b) > 0; {
		i := bytes.IndexByte(b, '\n')
		if err := gw.sort.add(b[:i]); err != nil {
			return err
		}
		b = b[i+1:]
	}
	gw.written++
	return nil
}

// appendGlop appends to b the lines of r as WriteGlop writes them, each followed by a
// newline (a Sprouts position may take several, sproutsTexts); kept is false for a record
// left out: no nimber, or a misère outcome.
func appendGlop(b []byte, format string, r Record) (_ []byte, kept bool, err error) {
	n, ok := r.Fact.Nimber()
	if !ok || engine.IsMisereKey(r.Key) {
		return b, false, nil
	}
	pos := r.Position
	if pos == "" {
		// No component of the game reads back to this key (Cram's keys of several
		// components, which the engine never keeps, or bytes no board writes).
		return b, false, fmt.Errorf("%s: %s is no position of one component, as a line needs: export it as %s", r.Game, r.name(), FormatJSONL)
	}
	texts := []string{pos}
	if r.Game == "sprouts" {
		if texts, err = sproutsTexts(pos, format); err != nil {
			return b, false, err
		}
	}
	for _, text := range texts {
		if strings.ContainsAny(text, "\n\r") || strings.TrimSpace(text) != text || text == "" {
			return b, false, fmt.Errorf("%s: position %s cannot be written on one line", r.Game, engine.Quote(text))
		}
		b = append(strconv.AppendInt(append(append(b, text...), ' '), int64(n), 10), '\n')
	}
	return b, true, nil
}

// writeTo writes the header and the lines, sorted, to w.
func (gw *glopWriter) writeTo(ctx context.Context, w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString(glopHeader + "\n")
	if err := gw.sort.writeTo(ctx, bw); err != nil {
		return err
	}
	return bw.Flush()
}

func (gw *glopWriter) close() { gw.sort.close() }

// mergeFacts returns what f and g know together, or an error when they disagree.
func mergeFacts(f, g engine.Fact) (engine.Fact, error) {
	if n, ok := f.Nimber(); ok && g.Excludes(n) {
		return f, errConflict
	}
	if n, ok := g.Nimber(); ok && f.Excludes(n) {
		return f, errConflict
	}
	return f.Merge(g), nil
}

var errConflict = errors.New("facts disagree")

// describeFact writes a fact for a message: "nimber 2", "≠ 0, 1".
func describeFact(f engine.Fact) string {
	if n, ok := f.Nimber(); ok {
		return "nimber " + strconv.Itoa(n)
	}
	vals := excludedValues(f)
	if len(vals) == 0 {
		return "nothing known"
	}
	parts := make([]string, 0, min(len(vals), 8))
	for i, v := range vals {
		if i == 8 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, strconv.Itoa(v))
	}
	return "≠ " + strings.Join(parts, ", ")
}

// excludedValues lists the values f is proven different from, when its nimber is unknown.
func excludedValues(f engine.Fact) []int {
	if _, ok := f.Nimber(); ok {
		return nil
	}
	want := f.Excluded()
	vals := make([]int, 0, want)
	for n := 0; len(vals) < want; n++ {
		if f.Excludes(n) {
			vals = append(vals, n)
		}
	}
	return vals
}
