package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"grundy/engine"
	"grundy/games"
)

// sameFact reports whether f and g know the same: the nimber, or the same values excluded.
func sameFacts(f, g engine.Fact) bool {
	n, okF := f.Nimber()
	m, okG := g.Nimber()
	if okF || okG {
		return okF == okG && n == m
	}
	a, b := excludedValues(f), excludedValues(g)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Every fact round trips: nimbers, ≠ sets past 64, Cram's facts (its keys are bytes) written
// as boards, and a key that no position reads back to, written in base64.
func TestJSONL_RoundTrip(t *testing.T) {
	board, err := games.Parse(lookupGame(t, "cram"), "3x3")
	if err != nil {
		t.Fatal(err)
	}
	far := engine.Fact{}.Without(0).Without(3).Without(64).Without(200)
	recs := []Record{
		{Game: "cram", Key: board.Key(), Position: board.String(), Fact: engine.Fact{}.WithNimber(0)},
		{Game: "sprouts", Key: "0*2", Position: "0*2", Fact: engine.Fact{}.WithNimber(0)},
		{Game: "sprouts", Key: "1a1a", Position: "1a1a", Fact: far},
		{Game: "kayles", Key: "7", Position: "7", Fact: engine.Fact{}.WithNimber(2)},
		{Game: "cram", Key: "\x03\x03\x01\x00", Fact: engine.Fact{}.Without(1)}, // one free cell: no key of a board
	}
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, recs); err != nil {
		t.Fatal(err)
	}
	db, err := ReadJSONL(bytes.NewReader(buf.Bytes()), "x.jsonl", nil)
	if err != nil {
		t.Fatalf("ReadJSONL: %v\n%s", err, buf.String())
	}
	if len(db.Records) != len(recs) {
		t.Fatalf("%d records, want %d:\n%s", len(db.Records), len(recs), buf.String())
	}
	for i, r := range db.Records {
		w := recs[i]
		if r.Game != w.Game || r.Key != w.Key || !sameFacts(r.Fact, w.Fact) {
			t.Errorf("record %d = %s %q %s, want %s %q %s", i, r.Game, r.Key, describeFact(r.Fact), w.Game, w.Key, describeFact(w.Fact))
		}
	}
	for _, want := range []string{`{"game":"cram","position":"3x3","nimber":0}`, `{"game":"cram","key":"AwMBAA==","not_equal":[1]}`, `"not_equal":[0,3,64,200]`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("want %s in:\n%s", want, buf.String())
		}
	}
}

// A record of a position alone, with no key (TreeRecords makes such), is written by position.
func TestWriteJSONL_PositionOnly(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, []Record{{Game: "cram", Position: "..#/...", Fact: engine.Fact{}.WithNimber(1)}}); err != nil {
		t.Fatal(err)
	}
	if want := `{"game":"cram","position":"..#/...","nimber":1}` + "\n"; buf.String() != want {
		t.Errorf("WriteJSONL wrote %q, want %q", buf.String(), want)
	}
}

func TestReadJSONL_File(t *testing.T) {
	f, err := os.Open("testdata/mixed.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	db, err := ReadJSONL(f, "mixed.jsonl", lookupGame(t, "sprouts"))
	if err != nil {
		t.Fatal(err)
	}
	if len(db.Records) != 2 || !db.Records[1].Fact.Excludes(70) || db.Records[1].Fact.Excludes(2) {
		t.Errorf("records %+v", db.Records)
	}
}

func TestReadJSONL_Errors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"unknown field", `{"game":"sprouts","position":"0*2","nimbr":0}`, `unknown field "nimbr"`},
		{"both", `{"game":"sprouts","position":"0*2","nimber":0,"not_equal":[1]}`, "both"},
		{"neither", `{"game":"sprouts","position":"0*2"}`, `want "nimber" or a non-empty "not_equal"`},
		{"no position", `{"game":"sprouts","nimber":0}`, `want one of "position" and "key"`},
		{"bad key", `{"game":"sprouts","key":"%%","nimber":0}`, "want the key in base64"},
		{"other game", `{"game":"kayles","position":"3","nimber":3}`, `game "kayles", want "sprouts"`},
		{"far value", `{"game":"sprouts","position":"0*2","not_equal":[100000000]}`, "not_equal value 100000000"},
		{"conflict", `{"game":"sprouts","position":"1a1a","nimber":2}` + "\n" + `{"game":"sprouts","position":"a1a1","not_equal":[2]}`, `position "1a1a": ≠ 2 here, nimber 2 at line 1`},
		{"two objects", `{"game":"sprouts","position":"0*2","nimber":0} {}`, "more than one object"},
		{"truncated", `{"game":"sprouts","position":"0*2","nim`, "no newline at the end"},
		{"sum", `{"game":"sprouts","position":"0*2+1a1a","nimber":2}`, "sum of 2 components"},
		{"twice", `{"game":"sprouts","position":"0*2","nimber":0,"nimber":1}`, `"nimber" given twice`},
		{"case", `{"game":"sprouts","position":"0*2","Nimber":0}`, `name "Nimber", want "nimber"`},
		{"twice escaped", `{"game":"sprouts","position":"0*2","nimber":0,"nim\u0062er":1}`, `"nimber" given twice`},
		{"not a name twice", `{"game":"sprouts","position":"0*2","not_equal":[1],"x":{"nimber":1,"nimber":2}}`, `unknown field "x"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.text
			if tt.name != "truncated" {
				text += "\n"
			}
			_, err := ReadJSONL(strings.NewReader(text), "x.jsonl", lookupGame(t, "sprouts"))
			var fe *FileError
			if err == nil || !errors.As(err, &fe) || fe.Line == 0 {
				t.Fatalf("error %v, want a FileError with a line", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

// plainLine reads what decodeLine reads, and leaves every other line to it.
func TestPlainLine_AsDecoded(t *testing.T) {
	for _, line := range []string{
		`{"game":"nim","position":"5","nimber":5}`,
		`{"game":"cram","position":"..#/...","nimber":0}`,
		`{"game":"nim","position":"","nimber":1}`,
		`{"game":"","position":"3","nimber":3}`,
		`{"game":"nim","position":"3 4","nimber":123456789}`,
		`{"game":"nim","position":"5","nimber":05}`,
		`{"game":"nim","position":"5","nimber":-5}`,
		`{"game":"nim","position":"5","nimber":5.0}`,
		`{"game":"nim","position":"5","nimber":1234567890}`,
		`{"game":"nim","position":"5","nimber":}`,
		`{"game":"nim","position":"5","nimber":5} `,
		`{"game":"nim","position":"5","nimber":5}{}`,
		`{"game":"nim","position":"a\"b","nimber":5}`,
		`{"game":"nim","position":"a\u0041","nimber":5}`,
		`{"game":"nim","position":"é","nimber":5}`,
		`{"game":"nim","position":"5","nimber":5,"nimber":6}`,
		`{"game":"nim","position":"5","Nimber":5}`,
		`{"game":"nim","position":"5","not_equal":[0]}`,
		`{"game":"nim","key":"NQ==","nimber":5}`,
		`{"game": "nim","position":"5","nimber":5}`,
	} {
		plain, ok := plainLine(line)
		decoded, err := decodeLine(line)
		if !ok {
			continue
		}
		if err != nil {
			t.Errorf("plainLine(%s) read it, decodeLine refuses it: %v", line, err)
			continue
		}
		if plain.Game != decoded.Game || plain.Position != decoded.Position || plain.Key != decoded.Key ||
			*plain.Nimber != *decoded.Nimber || plain.NotEqual != nil {
			t.Errorf("plainLine(%s) = %+v, decodeLine %+v", line, plain, decoded)
		}
	}
	if _, ok := plainLine(`{"game":"nim","position":"5","nimber":5}`); !ok {
		t.Errorf("plainLine does not read the lines ExportJSONL writes")
	}
}

// A nimber line written without encoding/json is the line json.Marshal writes.
func TestJSONLWriter_PlainAsMarshal(t *testing.T) {
	for _, pos := range []string{"5", "3 4 7", "..#/...", "a<b", "x&y", `q"r`, "é", ""} {
		var buf bytes.Buffer
		jw := newJSONLWriter(&buf)
		if err := jw.write(Record{Game: "nim", Position: pos, Fact: nimber(12)}); err != nil {
			t.Fatal(err)
		}
		jw.Flush()
		jf := jsonFact{Game: "nim", Position: pos, Nimber: new(int)}
		*jf.Nimber = 12
		if pos == "" || !utf8.ValidString(pos) {
			continue // by key
		}
		want, _ := json.Marshal(&jf)
		if got := buf.String(); got != string(want)+"\n" {
			t.Errorf("position %q: wrote %q, json.Marshal %q", pos, got, want)
		}
	}
}
