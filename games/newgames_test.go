package games_test

import (
	"context"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games"
)

// TestNewGames_ThroughRegistry checks issue 15's games as the command line and the window
// reach them: by name, with sums, and the answers of the seeds.
func TestNewGames_ThroughRegistry(t *testing.T) {
	tests := []struct {
		game, pos string
		nimber    int
	}{
		{"dawsons-chess", "o19", 0},          // seed 004: a second-player win
		{"dawsons-chess", "o20", 0},          // seed 004: a second-player win
		{"dawsons-chess", "o20 7 + o19", 1},  // row 7 is worth 1
		{"kayles", "o5 + 3", 3},              // o5 leaves rows 4 (1) and 3 (3): 0
		{"boxing-match", "oo./ooo + 1x1", 2}, // oo./ooo: options 1 (the 2x2), 2 (a full 2x2 left), 0: worth 3
		{"breaking-chocolates", "bw/wb + w", 0},
		{"breaking-chocolates", "wb/bw w b", 0},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.game, tt.pos)
		n, err := engine.NewSolver().Nimber(context.Background(), p)
		if err != nil || n != tt.nimber {
			t.Errorf("%s %q nimber = %d, %v, want %d", tt.game, tt.pos, n, err, tt.nimber)
		}
		if tt.game == "dawsons-chess" {
			continue // rows of 16 and 17 are too long for the brute force on whole positions
		}
		if want := bruteNimber(p, map[string]int{}); want != tt.nimber {
			t.Errorf("%s %q brute nimber = %d, want %d", tt.game, tt.pos, want, tt.nimber)
		}
	}
	start := time.Now()
	win, err := engine.NewSolver().Outcome(context.Background(), mustParse(t, "boxing-match", "10x20"), 0)
	if err != nil || !win || time.Since(start) > 2*time.Second {
		t.Errorf("boxing-match 10x20: outcome W = %v, %v, in %v; want W at once", win, err, time.Since(start))
	}
	g, _ := games.Lookup("lasker")
	if _, err := games.Parse(g, "3 + o5"); err == nil {
		t.Errorf("lasker 3 + o5: no error, want circles refused")
	}
}

func mustParse(t *testing.T, game, pos string) engine.Position {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p, err := games.Parse(g, pos)
	if err != nil {
		t.Fatalf("%s %q: %v", game, pos, err)
	}
	return p
}
