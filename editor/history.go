package editor

// A State is what the editor shows: a game and the notation of a position of it.
type State struct {
	Game     string // the game's full name, parameter included: "cram", "octal:0.77"
	Notation string // the position, terms of a sum joined by " + "
}

// maxHistory bounds the undo list; the oldest states are forgotten first.
const maxHistory = 200

// A History is a list of states with a cursor, for undo and redo. Recording a new state
// drops the states that were undone. The zero History is empty and ready to use.
type History struct {
	states []State
	at     int // index of the current state; meaningless when states is empty
}

// Record makes s the current state. It does nothing when s is the current state already.
func (h *History) Record(s State) {
	if len(h.states) > 0 {
		if h.states[h.at] == s {
			return
		}
		h.states = h.states[:h.at+1]
	}
	h.states = append(h.states, s)
	if len(h.states) > maxHistory {
		h.states = append(h.states[:0], h.states[len(h.states)-maxHistory:]...)
	}
	h.at = len(h.states) - 1
}

// Current returns the current state; ok is false when nothing was recorded.
func (h *History) Current() (s State, ok bool) {
	if len(h.states) == 0 {
		return State{}, false
	}
	return h.states[h.at], true
}

// CanUndo reports whether there is a state before the current one.
func (h *History) CanUndo() bool { return len(h.states) > 0 && h.at > 0 }

// CanRedo reports whether a state was undone and can come back.
func (h *History) CanRedo() bool { return h.at < len(h.states)-1 }

// Undo steps back and returns the state before; ok is false when there is none.
func (h *History) Undo() (s State, ok bool) {
	if !h.CanUndo() {
		return State{}, false
	}
	h.at--
	return h.states[h.at], true
}

// Redo steps forward again after an Undo; ok is false when there is nothing to redo.
func (h *History) Redo() (s State, ok bool) {
	if !h.CanRedo() {
		return State{}, false
	}
	h.at++
	return h.states[h.at], true
}
