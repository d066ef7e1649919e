package editor

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/games"
)

// An Editor builds a position: a game menu (with a field for the game's parameter, such as
// an octal code or a subtraction set), a notation field, a line that says what is wrong with
// a bad entry, and the position's picture: one Picture per term of a sum, side by side. The
// notation and the pictures stay in step both ways. Every valid change is recorded for Undo
// and Redo.
type Editor struct {
	widget.BaseWidget

	// OnChanged is called after each change to a valid position, with its game.
	OnChanged func(g games.Game, p engine.Position)
	// OnInvalid is called when an entry is not a valid position, with what is wrong: the
	// editor keeps the last valid position (Current), but it is no longer what the entry says.
	OnInvalid func(err error)
	// OnSubmitted is called when Enter is pressed in the position field (or the parameter
	// field) and the entry is a valid position: the window solves it.
	OnSubmitted func()
	// OnEscape is called when Esc is pressed in one of the editor's fields (the game menu,
	// its parameter, the position), which take the key from the window.
	OnEscape func()
	// Files asks for the files of Save drawing and Open drawing (Sprouts); without it those
	// buttons say there is no file dialog.
	Files FilePicker

	catalog  Catalog
	history  History
	drawings drawingMemo // the Sprouts drawings shown, by position, for Undo and Redo

	gameMenu *Select
	param    *Entry
	notation *Entry
	status   *widget.Label
	undo     *widget.Button
	redo     *widget.Button
	parts    *fyne.Container

	// What is on show: the last valid state, its game and position, and its pictures.
	state    State
	game     games.Game
	pos      engine.Position
	family   Family
	pictures []Picture
	err      error

	quiet bool // set while the editor changes its own fields, to ignore their callbacks
}

// New returns an editor of the games of c, showing the example position of its first game.
func New(c Catalog) *Editor {
	e := &Editor{catalog: c, drawings: drawingMemo{}}
	e.ExtendBaseWidget(e)
	e.build()
	if len(c.Entries) > 0 {
		first := c.Entries[0]
		base, _, _ := strings.Cut(first.Name, ":")
		e.SetState(State{Game: fullName(first, defaultParams[base]), Notation: exampleOf(first)})
	}
	return e
}

// build makes the fields and buttons.
func (e *Editor) build() {
	names := make([]string, len(e.catalog.Entries))
	for i, en := range e.catalog.Entries {
		names[i] = en.Name
	}
	e.gameMenu = NewSelect(names, e.gameChosen)
	e.param = NewEntry()
	e.param.OnChanged = e.paramTyped
	e.param.Hide()
	e.notation = NewEntry()
	e.notation.OnChanged = e.notationTyped
	e.notation.OnSubmitted = e.submitted
	e.param.OnSubmitted = e.submitted
	escape := func() {
		if e.OnEscape != nil {
			e.OnEscape()
		}
	}
	e.gameMenu.Escape, e.param.Escape, e.notation.Escape = escape, escape, escape
	e.status = widget.NewLabel("")
	e.status.Wrapping = fyne.TextWrapWord
	e.undo = widget.NewButtonWithIcon("", theme.ContentUndoIcon(), e.Undo)
	e.redo = widget.NewButtonWithIcon("", theme.ContentRedoIcon(), e.Redo)
	e.parts = container.NewHBox()
}

// submitted passes Enter in a field on to OnSubmitted, when the entry is a valid position.
func (e *Editor) submitted(string) {
	if e.err == nil && e.OnSubmitted != nil {
		e.OnSubmitted()
	}
}

// CreateRenderer lays the editor out: the game and history on top, then the notation and
// its status, then the pictures.
func (e *Editor) CreateRenderer() fyne.WidgetRenderer {
	top := container.NewBorder(nil, nil, widget.NewLabel("Game"),
		container.NewHBox(e.undo, e.redo),
		container.NewGridWithColumns(2, e.gameMenu, e.param))
	field := container.NewBorder(nil, nil, widget.NewLabel("Position"), nil, e.notation)
	head := container.NewVBox(top, field, e.status)
	addTerm := smallButton("Add component", theme.ContentAddIcon(), e.AddTerm)
	body := container.NewBorder(nil, container.NewHBox(addTerm), nil, nil,
		container.NewScroll(e.parts))
	return widget.NewSimpleRenderer(container.NewBorder(head, nil, nil, nil, body))
}

// State returns the game and notation of the last valid position.
func (e *Editor) State() State { return e.state }

// Current returns the last valid position and its game.
func (e *Editor) Current() (games.Game, engine.Position) { return e.game, e.pos }

// Err returns what is wrong with the current entry, or nil when it is a valid position.
func (e *Editor) Err() error { return e.err }

// Status returns the line under the notation field.
func (e *Editor) Status() string { return e.status.Text }

// Notation returns the text of the notation field, valid or not.
func (e *Editor) Notation() string { return e.notation.Text }

// SetNotation types s into the notation field, as a user would.
func (e *Editor) SetNotation(s string) { e.notation.SetText(s) }

// Pictures returns the pictures on show, one per term.
func (e *Editor) Pictures() []Picture { return e.pictures }

// SetState shows the position of s and records it for Undo. A bad state changes nothing and
// its error is returned (the caller says it where it came from: a file, a tree): the fields
// keep showing the position on show, so the editor neither turns red nor stops Solve. The
// position on show changes nothing either.
func (e *Editor) SetState(s State) error {
	g, err := e.catalog.Lookup(s.Game)
	if err == nil {
		_, err = games.Parse(g, s.Notation)
	}
	if err != nil {
		return err
	}
	if s == e.state && e.err == nil && e.notation.Text == s.Notation {
		return nil // on show already: nothing changes, a search of it goes on
	}
	return e.apply(s, true)
}

// Undo goes back to the position before the last change.
func (e *Editor) Undo() {
	if s, ok := e.history.Undo(); ok {
		e.apply(s, false)
	}
}

// Redo goes forward again after an Undo.
func (e *Editor) Redo() {
	if s, ok := e.history.Redo(); ok {
		e.apply(s, false)
	}
}

// AddTerm adds a component to the sum: a copy of the last one.
func (e *Editor) AddTerm() {
	terms := splitTerms(e.state.Notation)
	terms = append(terms, terms[len(terms)-1])
	e.apply(State{Game: e.state.Game, Notation: joinTerms(terms)}, true)
}

// RemoveTerm removes component k of the sum; the last component stays.
func (e *Editor) RemoveTerm(k int) {
	terms := splitTerms(e.state.Notation)
	if len(terms) < 2 || k >= len(terms) {
		return
	}
	terms = append(terms[:k], terms[k+1:]...)
	e.apply(State{Game: e.state.Game, Notation: joinTerms(terms)}, true)
}

// CramBoard returns the Cram board of component k, or nil when component k is not drawn as
// a Cram board; scripts use it to play moves as a user would.
func (e *Editor) CramBoard(k int) *CramBoard {
	if k < 0 || k >= len(e.pictures) {
		return nil
	}
	if p, ok := e.pictures[k].(*cramPicture); ok {
		return p.board
	}
	return nil
}
