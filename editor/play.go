package editor

// SetLocked locks the fields that change the game or type a position (the game menu, its
// parameter and the notation field) while a game is played on the board, or unlocks them.
// The pictures stay live: their gestures are the players' moves, and the window undoes any
// change that is not a legal move.
func (e *Editor) SetLocked(on bool) {
	for _, w := range []interface {
		Enable()
		Disable()
	}{e.gameMenu, e.param, e.notation} {
		if on {
			w.Disable()
		} else {
			w.Enable()
		}
	}
}

// Locked reports whether SetLocked locked the fields.
func (e *Editor) Locked() bool { return e.notation.Disabled() }
