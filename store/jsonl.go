package store

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"grundy/engine"
	"grundy/games"
)

// A jsonFact is one line of the store's own format, FormatJSONL:
//
//	{"game":"sprouts","position":"0.AB|AB","nimber":2}
//	{"game":"cram","position":"..#/...","not_equal":[0,1]}
//	{"game":"kayles","key":"bWlzw6hyZToxOjc=","not_equal":[0]}
//
// "position" is the component's notation, parsed again on reading; "key" (base64) is the
// engine's key itself, for a fact whose key no position reads back to: a misère fact (of a
// sum, under a key of its own), a Sprouts key written as a search's options were (in a store
// that kept such keys), a Cram key of several components. Files written before Cram's keys
// were turned into boards give them by key too. A line gives the nimber, or the values proven
// different from it: everything an engine.Fact holds.
type jsonFact struct {
	Game     string `json:"game"`
	Position string `json:"position,omitempty"`
	Key      string `json:"key,omitempty"`
	Nimber   *int   `json:"nimber,omitempty"`
	NotEqual []int  `json:"not_equal,omitempty"`
}

// maxNotEqual bounds the values a line may prove different: a fact keeps a bit for each
// value up to the largest, so a value of 10^9 would take 125 MB.
const maxNotEqual = 1 << 16

// ReadJSONL reads the store's own format. Each line names its game; when g is not nil, every
// line must be of that game. A position is parsed again by its game and must be one
// component, as in ReadGlop; lines about one key are merged, and a disagreement is an error
// naming both lines. Blank lines are skipped; the file must end with a newline.
func ReadJSONL(r io.Reader, name string, g games.Game) (*Database, error) {
	db := &Database{Name: name, Format: FormatJSONL}
	seen := map[string]int{}
	if err := eachJSONL(r, db, g, func(rec Record) error { return db.add(seen, rec) }); err != nil {
		return nil, err
	}
	return db, nil
}

// eachJSONL reads the store's own format as ReadJSONL does, one line at a time: fn gets each
// record (lines about one key are not joined), db counts the lines about an empty position.
func eachJSONL(r io.Reader, db *Database, g games.Game, fn func(Record) error) error {
	name := db.Name
	open := map[string]games.Game{}
	return scanLines(r, name, func(n int, line string) error {
		if strings.TrimSpace(line) == "" {
			return nil
		}
		rec, empty, err := jsonLine(line, g, open)
		return db.take(n, rec, empty, err, fn)
	})
}

// jsonLine reads one object strictly: known names only, one of position and key, one of
// nimber and not_equal.
func jsonLine(line string, want games.Game, open map[string]games.Game) (rec Record, empty bool, err error) {
	if game, pos, n, ok := plainNimber(line); ok && pos != "" && n <= MaxNimber { // with nothing to allocate
		g, err := lineGame(game, want, open)
		if err != nil {
			return rec, false, err
		}
		return component(g, pos, engine.Fact{}.WithNimber(n))
	}
	jf, ok := plainLine(line)
	if !ok {
		if jf, err = decodeLine(line); err != nil {
			return rec, false, err
		}
	}
	g, err := lineGame(jf.Game, want, open)
	if err != nil {
		return rec, false, err
	}
	f, err := jf.fact()
	if err != nil {
		return rec, false, err
	}
	switch {
	case (jf.Position == "") == (jf.Key == ""):
		return rec, false, fmt.Errorf("want one of \"position\" and \"key\"")
	case jf.Key != "":
		raw, err := base64.StdEncoding.DecodeString(jf.Key)
		if err != nil || len(raw) == 0 {
			return rec, false, fmt.Errorf("key %s: want the key in base64", engine.Quote(jf.Key))
		}
		return Record{Game: g.Name(), Key: string(raw), Fact: f}, false, nil
	}
	return component(g, jf.Position, f)
}

// decodeLine decodes one line strictly, with encoding/json.
func decodeLine(line string) (jsonFact, error) {
	var jf jsonFact
	if err := strictNames(line); err != nil {
		return jf, err
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(line)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&jf); err != nil {
		return jf, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	if dec.More() {
		return jf, fmt.Errorf("%w: more than one object on the line", ErrFormat)
	}
	return jf, nil
}

// plainLine reads a line written as ExportJSONL writes a nimber, with nothing that
// encoding/json would have to decode: {"game":"G","position":"P","nimber":N}, G and P
// printable ASCII without quote nor backslash, N digits without a leading zero. It reads
// what decodeLine would, at a tenth of its cost; ok is false for any other line, which
// decodeLine reads.
func plainLine(line string) (jf jsonFact, ok bool) {
	game, pos, n, ok := plainNimber(line)
	if !ok {
		return jf, false
	}
	return jsonFact{Game: game, Position: pos, Nimber: &n}, true
}

// plainNimber is plainLine, giving the game, the position and the nimber of the line.
func plainNimber(line string) (game, pos string, n int, ok bool) {
	rest, ok := strings.CutPrefix(line, `{"game":"`)
	if !ok {
		return "", "", 0, false
	}
	if game, rest, ok = plainString(rest); !ok {
		return "", "", 0, false
	}
	if rest, ok = strings.CutPrefix(rest, `,"position":"`); !ok {
		return "", "", 0, false
	}
	if pos, rest, ok = plainString(rest); !ok {
		return "", "", 0, false
	}
	digits, ok := strings.CutPrefix(rest, `,"nimber":`)
	if digits, ok = strings.CutSuffix(digits, "}"); !ok || digits == "" || len(digits) > 9 || digits[0] == '0' && len(digits) > 1 {
		return "", "", 0, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return "", "", 0, false
		}
		n = n*10 + int(digits[i]-'0')
	}
	return game, pos, n, true
}

// plainString returns the string s starts with, up to its closing quote, and what follows
// the quote; ok is false unless every byte before it is printable ASCII other than a
// backslash.
func plainString(s string) (str, rest string, ok bool) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return s[:i], s[i+1:], true
		case c < 0x20 || c > 0x7e || c == '\\':
			return "", "", false
		}
	}
	return "", "", false
}

// jsonNames are the names of a line's object, as jsonFact's tags spell them.
var jsonNames = [...]string{"game", "position", "key", "nimber", "not_equal"}

// strictNames refuses a line whose object gives a name twice, or spells one in another case:
// encoding/json takes both (the last of two wins, "Nimber" is read as "nimber"). What else is
// wrong with the line, Decode says. It scans the line once, by hand: a second decoding
// took a third of an import's time.
func strictNames(line string) error {
	var seen [len(jsonNames)]bool
	depth := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			end := stringEnd(line, i)
			if end < 0 {
				return nil
			}
			if depth == 1 && strings.HasPrefix(strings.TrimLeft(line[end+1:], " \t\r\n"), ":") {
				if err := checkName(line[i:end+1], &seen); err != nil {
					return err
				}
			}
			i = end
		}
	}
	return nil
}

// stringEnd returns the place of the quote that ends the JSON string starting at line[at],
// or -1.
func stringEnd(line string, at int) int {
	for i := at + 1; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// checkName refuses the quoted name of a line's object when it was seen before, or is one of
// jsonNames in another case.
func checkName(quoted string, seen *[len(jsonNames)]bool) error {
	name := quoted[1 : len(quoted)-1]
	if strings.IndexByte(name, '\\') >= 0 && json.Unmarshal([]byte(quoted), &name) != nil {
		return nil
	}
	for k, n := range jsonNames {
		switch {
		case n == name && seen[k]:
			return fmt.Errorf("%w: %s given twice", ErrFormat, engine.Quote(name))
		case n == name:
			seen[k] = true
			return nil
		case strings.EqualFold(n, name):
			return fmt.Errorf("%w: name %s, want %q", ErrFormat, engine.Quote(name), n)
		}
	}
	return nil
}

// lineGame opens the game a line names, once a file.
func lineGame(name string, want games.Game, open map[string]games.Game) (games.Game, error) {
	if want != nil && name != want.Name() {
		return nil, fmt.Errorf("game %s, want %s", engine.Quote(name), engine.Quote(want.Name()))
	}
	if g, ok := open[name]; ok {
		return g, nil
	}
	g, err := games.Lookup(name)
	if err != nil {
		return nil, err
	}
	open[strings.Clone(name)] = g // name may be a line's bytes (scanLines)
	return g, nil
}

// fact builds the engine.Fact a line gives.
func (jf *jsonFact) fact() (engine.Fact, error) {
	var f engine.Fact
	switch {
	case jf.Nimber != nil && jf.NotEqual != nil:
		return f, fmt.Errorf("both \"nimber\" and \"not_equal\": a nimber says all")
	case jf.Nimber != nil:
		if *jf.Nimber < 0 || *jf.Nimber > MaxNimber {
			return f, fmt.Errorf("nimber %d: want 0 to %d", *jf.Nimber, MaxNimber)
		}
		return f.WithNimber(*jf.Nimber), nil
	case len(jf.NotEqual) == 0:
		return f, fmt.Errorf("want \"nimber\" or a non-empty \"not_equal\"")
	}
	for _, v := range jf.NotEqual {
		if v < 0 || v > maxNotEqual {
			return f, fmt.Errorf("not_equal value %d: want 0 to %d", v, maxNotEqual)
		}
		f = f.Without(v)
	}
	return f, nil
}

// WriteJSONL writes every record, one object a line, in the order given. A record is written
// by its "position" when that reads back as its very key (see byPosition), else by its "key".
func WriteJSONL(w io.Writer, recs []Record) error {
	jw := newJSONLWriter(w)
	for _, r := range recs {
		if err := jw.write(r); err != nil {
			return err
		}
	}
	return jw.Flush()
}

// A jsonlWriter writes records one line each, as WriteJSONL does.
type jsonlWriter struct {
	*bufio.Writer
	open map[string]games.Game
	buf  []byte // a line
}

func newJSONLWriter(w io.Writer) *jsonlWriter {
	return &jsonlWriter{Writer: bufio.NewWriter(w), open: map[string]games.Game{}}
}

// write writes r's line, none for a fact that knows nothing.
func (jw *jsonlWriter) write(r Record) error {
	var err error
	if jw.buf, err = appendJSONL(jw.buf[:0], r, jw.open); err != nil {
		return err
	}
	_, err = jw.Write(jw.buf)
	return err
}

// appendJSONL appends r's line to b, with its newline, as WriteJSONL writes it: none for a
// fact that knows nothing.
func appendJSONL(b []byte, r Record, open map[string]games.Game) ([]byte, error) {
	jf := jsonFact{Game: r.Game}
	if byPosition(r, open) {
		jf.Position = r.Position
	} else {
		jf.Key = base64.StdEncoding.EncodeToString([]byte(r.Key))
	}
	if n, ok := r.Fact.Nimber(); ok {
		jf.Nimber = &n
	} else if jf.NotEqual = excludedValues(r.Fact); len(jf.NotEqual) == 0 {
		return b, nil // nothing known: nothing to write
	}
	if jf.Nimber != nil && jf.Key == "" && plainJSON(jf.Game) && plainJSON(jf.Position) {
		return appendPlainJSONL(b, jf.Game, jf.Position, *jf.Nimber), nil
	}
	line, err := json.Marshal(&jf)
	if err != nil {
		return b, err
	}
	return append(append(b, line...), '\n'), nil
}

// appendPlainJSONL appends the line of a nimber of a position, game and position written as
// they are (plainJSON), as json.Marshal writes it at a tenth of its cost; plainLine reads it
// so.
func appendPlainJSONL[S string | []byte](b []byte, game string, pos S, n int) []byte {
	b = append(append(append(append(b, jsonHead...), game...), jsonPosition...), pos...)
	return append(strconv.AppendInt(append(b, jsonNimber...), int64(n), 10), '}', '\n')
}

// plainJSON reports whether json.Marshal writes s as it is, between quotes: printable ASCII
// without a quote, a backslash, nor the characters it escapes for HTML (<, >, &).
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// byPosition reports whether r's position reads back, as ReadJSONL reads it, as r's key: a key
// that is its own notation does, and so does a board that Export made of a Cram key. A Sprouts
// key written as a search's options were reads back as another key of the position, and goes
// by key, so that a file keeps the store's keys as they are. A record made of a position
// alone (TreeRecords) has no key: its position is all there is to write.
func byPosition(r Record, open map[string]games.Game) bool {
	if r.Position == "" || !utf8.ValidString(r.Position) {
		return false
	}
	if r.Position == r.Key || r.Key == "" {
		return true
	}
	g, err := lineGame(r.Game, nil, open)
	if err != nil {
		return false
	}
	back, empty, err := component(g, r.Position, r.Fact)
	return err == nil && !empty && back.Key == r.Key
}
