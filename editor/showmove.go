package editor

// A moveShower is a picture that draws a move on its position without playing it.
type moveShower interface {
	// showMove draws the move from the position on show to term, one of its options, with a
	// line over the picture that says what the move is.
	showMove(term string)
	// clearMove takes the drawn move and its line away.
	clearMove()
	// moveNote returns the line that says what the drawn move is, or "".
	moveNote() string
}

// ShowMove draws on the pictures the move from the position on show to option, one of its
// options in the game's notation (a sum's option has every term): the domino placed on a
// Cram board, the squares a Chomp bite takes, the heap that changes, with a line over the
// picture that says what the move is (MoveNote). The position does not change. An empty
// option, or one with another number of terms, clears the move, as ClearMove does.
func (e *Editor) ShowMove(option string) {
	e.ClearMove()
	terms := splitTerms(option)
	if option == "" || len(terms) != len(e.pictures) {
		return
	}
	for k, t := range terms {
		if t == e.pictures[k].Term() {
			continue
		}
		if s, ok := e.pictures[k].(moveShower); ok {
			s.showMove(t)
		}
		return
	}
}

// ClearMove takes away the move ShowMove drew.
func (e *Editor) ClearMove() {
	for _, p := range e.pictures {
		if s, ok := p.(moveShower); ok {
			s.clearMove()
		}
	}
}

// MoveNote returns the line that says what the move on show is, "component k: …" in a sum,
// or "" when no move is on show.
func (e *Editor) MoveNote() string {
	for k, p := range e.pictures {
		s, ok := p.(moveShower)
		if !ok || s.moveNote() == "" {
			continue
		}
		if len(e.pictures) > 1 {
			return "component " + itoa(k+1) + ": " + s.moveNote()
		}
		return s.moveNote()
	}
	return ""
}
