package editor

import (
	"encoding/json"
	"strings"
	"testing"

	"grundy/assets"
	"grundy/games"
)

// TestExamples_EveryGame checks that every registered game has a bundled example with a
// title, whose position the game reads and the editor shows.
func TestExamples_EveryGame(t *testing.T) {
	type file struct{ Game, Position, Title string }
	byGame := map[string][]file{}
	for _, ex := range assets.Examples() {
		var f file
		if err := json.Unmarshal(ex.Data, &f); err != nil {
			t.Fatalf("%s: %v", ex.Name, err)
		}
		base, _, _ := strings.Cut(f.Game, ":")
		byGame[base] = append(byGame[base], f)
		if f.Title == "" {
			t.Errorf("%s has no title", ex.Name)
		}
		g, err := games.Lookup(f.Game)
		if err != nil {
			t.Errorf("%s: game %q: %v", ex.Name, f.Game, err)
			continue
		}
		if _, err := games.Parse(g, f.Position); err != nil {
			t.Errorf("%s: %s %q: %v", ex.Name, f.Game, f.Position, err)
		}
	}
	for _, en := range games.List() {
		base, _, _ := strings.Cut(en.Name, ":")
		if len(byGame[base]) == 0 {
			t.Errorf("no example of %s", en.Name)
		}
	}
	e, _ := newTestEditor(t, State{Game: "nim", Notation: "1"})
	for _, fs := range byGame {
		for _, f := range fs {
			if err := e.SetState(State{Game: f.Game, Notation: f.Position}); err != nil {
				t.Errorf("the editor cannot show %s %q: %v", f.Game, f.Position, err)
			}
		}
	}
}
