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

// apply shows state s when it is a valid position, and records it when record is set.
// Otherwise it shows what is wrong and keeps the last valid position.
func (e *Editor) apply(s State, record bool) error {
	g, err := e.catalog.Lookup(s.Game)
	if err == nil {
		var p engine.Position
		if p, err = games.Parse(g, s.Notation); err == nil {
			e.show(s, g, p)
			if record {
				e.history.Record(s)
			}
			e.syncFields()
			if e.OnChanged != nil {
				e.OnChanged(g, p)
			}
			return nil
		}
	}
	e.err = err
	e.status.SetText(Explain(err))
	e.status.Importance = widget.DangerImportance
	e.status.Wrapping, e.status.Truncation = fyne.TextWrapWord, fyne.TextTruncateOff // all of what is wrong
	e.status.Refresh()
	if e.OnInvalid != nil {
		e.OnInvalid(err)
	}
	return err
}

// show makes s, a valid position p of g, the one on show.
func (e *Editor) show(s State, g games.Game, p engine.Position) {
	e.ClearMove() // a move on show belonged to the last position
	terms := splitTerms(s.Notation)
	fam := FamilyOf(g)
	if fam != e.family || g.Name() != gameName(e.game) || len(terms) != len(e.pictures) {
		e.rebuild(fam, g, terms)
	} else {
		for k, t := range terms {
			// A picture that cannot draw its new term (a heap picture given a circle, a bar
			// picture given two bars) makes way for the one that can, and the text shown in
			// its place for the family's own picture when it can again.
			_, fallback := e.pictures[k].(*textPicture)
			if e.pictures[k].Term() != t && (fallback && fam != FamilyText || e.pictures[k].SetTerm(t) != nil) {
				e.rebuild(fam, g, terms)
				break
			}
		}
	}
	e.state, e.game, e.pos, e.family, e.err = s, g, p, fam, nil
	e.status.SetText(e.help(len(terms)))
	e.status.Importance = widget.LowImportance
	e.status.Wrapping, e.status.Truncation = fyne.TextWrapOff, fyne.TextTruncateEllipsis // one line: the pictures need the room
	e.status.Refresh()
}

// gameName is g's name, or "" for no game.
func gameName(g games.Game) string {
	if g == nil {
		return ""
	}
	return g.Name()
}

// help is the status line of a valid position: how the game's positions are written.
func (e *Editor) help(terms int) string {
	en, _, _ := e.catalog.entry(e.state.Game)
	s := en.Notation
	if terms > 1 {
		s = strings.TrimSpace(s + "  · a sum of " + itoa(terms) + " components")
	}
	if s == "" {
		s = "valid position"
	}
	return s
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

// rebuild makes one picture per term, side by side with "+" between them.
func (e *Editor) rebuild(fam Family, g games.Game, terms []string) {
	e.pictures = e.pictures[:0]
	var objs []fyne.CanvasObject
	for k, t := range terms {
		p, err := e.newPicture(fam, g, t)
		if err != nil {
			p, _ = NewPicture(FamilyText, g, t)
		}
		p.SetOnChanged(func(term string) { e.termEdited(k, term) })
		e.pictures = append(e.pictures, p)
		if k > 0 {
			objs = append(objs, container.NewCenter(widget.NewLabelWithStyle("+", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})))
		}
		objs = append(objs, e.frame(k, p, len(terms) > 1))
	}
	e.parts.Objects = objs
	e.parts.Layout = partsLayout{} // the pictures scaled to the room
	e.parts.Refresh()
}

// newPicture returns the picture of family f showing term; a Sprouts picture shares the
// editor's drawings and files.
func (e *Editor) newPicture(f Family, g games.Game, term string) (Picture, error) {
	if f != FamilySprouts {
		return NewPicture(f, g, term)
	}
	p := newSproutsPicture(e.drawings)
	p.save = func() { e.fileAsked(p, e.saveDrawingAsked) }
	p.open = func() { e.fileAsked(p, e.openDrawingAsked) }
	if err := p.SetTerm(term); err != nil {
		return nil, err
	}
	return p, nil
}

// frame puts a remove button over picture k when the position is a sum.
func (e *Editor) frame(k int, p Picture, removable bool) fyne.CanvasObject {
	if !removable {
		return p
	}
	rm := smallButton("", theme.CancelIcon(), func() { e.RemoveTerm(k) })
	return container.NewBorder(container.NewHBox(widget.NewLabel("component "+itoa(k+1)), rm), nil, nil, nil, p)
}

// termEdited takes the notation of picture k after an edit by hand.
func (e *Editor) termEdited(k int, term string) {
	terms := splitTerms(e.state.Notation)
	if k >= len(terms) {
		return
	}
	terms[k] = term
	e.apply(State{Game: e.state.Game, Notation: joinTerms(terms)}, true)
}

// syncFields makes the game menu, parameter and notation fields show the current state,
// without their callbacks acting on it.
func (e *Editor) syncFields() {
	e.quiet = true
	defer func() { e.quiet = false }()
	en, param, ok := e.catalog.entry(e.state.Game)
	if ok {
		e.gameMenu.SetSelected(en.Name)
		if en.Param() {
			e.param.SetText(param)
			e.param.Show()
		} else {
			e.param.Hide()
		}
	}
	if e.notation.Text != e.state.Notation {
		e.notation.SetText(e.state.Notation)
	}
	setEnabled(e.undo, e.history.CanUndo())
	setEnabled(e.redo, e.history.CanRedo())
}

func setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// notationTyped reads the notation field after each keystroke.
func (e *Editor) notationTyped(s string) {
	if e.quiet {
		return
	}
	e.apply(State{Game: e.fieldGame(), Notation: s}, true)
}

// fieldGame is the game the fields name: the menu's, with the parameter typed (which may
// differ from the last valid position's while either field is being typed).
func (e *Editor) fieldGame() string {
	en, _, ok := e.catalog.entry(e.gameMenu.Selected)
	if !ok {
		return e.state.Game
	}
	if en.Param() {
		return fullName(en, e.param.Text)
	}
	return fullName(en, "")
}

// gameChosen switches game, keeping the notation when it is valid in the new game and
// taking the game's example otherwise.
func (e *Editor) gameChosen(name string) {
	if e.quiet {
		return
	}
	en, _, _ := e.catalog.entry(name)
	base, _, _ := strings.Cut(en.Name, ":")
	param := defaultParams[base]
	if cur, p, ok := e.catalog.entry(e.state.Game); ok && cur.Name == en.Name {
		param = p // the game on show chosen again: its code stays
	}
	e.switchGame(fullName(en, param), exampleOf(en))
}

// paramTyped reads the game's parameter field. The position stays what the field says, valid
// or not under the new parameter: a code typed must not replace it with the game's example.
func (e *Editor) paramTyped(param string) {
	if e.quiet {
		return
	}
	en, _, ok := e.catalog.entry(e.state.Game)
	if !ok {
		return
	}
	e.apply(State{Game: fullName(en, param), Notation: e.notation.Text}, true)
}

// switchGame shows the current notation in game name, or example when it is not valid there.
// The game on show chosen again changes nothing (fyne calls OnChanged for it too): a stray
// click on the game menu must not end the search of the position on show.
func (e *Editor) switchGame(name, example string) {
	if name == e.state.Game && e.notation.Text == e.state.Notation && e.err == nil {
		return
	}
	g, err := e.catalog.Lookup(name)
	if err == nil {
		if _, perr := games.Parse(g, e.notation.Text); perr != nil {
			e.apply(State{Game: name, Notation: example}, true)
			return
		}
	}
	e.apply(State{Game: name, Notation: e.notation.Text}, true)
}
