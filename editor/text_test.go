package editor

import (
	"fmt"
	"iter"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"grundy/engine"
	"grundy/games"
	"grundy/games/cram"
)

// toy is a game the editor has no picture for: its positions are words of 'a's and 'b's.
type toy struct{}

func (toy) Name() string { return "toy" }
func (toy) Parse(s string) (engine.Position, error) {
	for i, r := range s {
		if r != 'a' && r != 'b' {
			return nil, fmt.Errorf("toy: bad letter %q at %d", r, i)
		}
	}
	return word(s), nil
}

type word string

func (w word) Options() iter.Seq[engine.Position] { return func(func(engine.Position) bool) {} }
func (w word) Split() []engine.Position           { return []engine.Position{w} }
func (w word) Key() string                        { return string(w) }
func (w word) String() string                     { return string(w) }

func TestEditor_TextGame(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	test.NewTempApp(t)
	c := Catalog{
		Entries: []games.Entry{{Name: "toy", Notation: "a word of a and b", Example: "abba"}},
		Lookup: func(name string) (games.Game, error) {
			if name != "toy" {
				return nil, fmt.Errorf("no game %q", name)
			}
			return toy{}, nil
		},
	}
	e := New(c)
	test.NewTempWindow(t, e)
	if s := e.State(); s.Game != "toy" || s.Notation != "abba" {
		t.Fatalf("a new editor shows %+v, want the example", s)
	}
	p, ok := e.Pictures()[0].(*textPicture)
	if !ok || p.Term() != "abba" {
		t.Fatalf("picture %T %q, want the notation as text", e.Pictures()[0], e.Pictures()[0].Term())
	}
	e.SetNotation("abc")
	if e.Err() == nil || e.Status() != "toy: bad letter 'c' at 2" {
		t.Fatalf("bad toy word: status %q", e.Status())
	}
	e.SetNotation("ab + ba")
	if len(e.Pictures()) != 2 || e.Pictures()[1].Term() != "ba" {
		t.Fatalf("a toy sum shows %d pictures", len(e.Pictures()))
	}
}

func TestCramBoard_Golden(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	test.NewTempApp(t)
	b0, _ := cram.Parse("#..../...../.....")
	b := NewCramBoard(b0)
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(200, 130))
	b.Play(1, 1, 2, 1)
	b.Play(0, 3, 0, 4)
	test.AssertRendersToImage(t, "cram_board.png", w.Canvas())
}
