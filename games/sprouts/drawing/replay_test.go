package drawing

import (
	"testing"
)

// Every option of the first positions is drawn, and the drawing reads as the option.
func TestReplay_FirstMoves(t *testing.T) {
	for n := 1; n <= 5; n++ {
		d := New(n)
		for _, o := range options(t, d.String()) {
			next, err := d.Replay(o)
			if err != nil {
				t.Errorf("0*%d: %v", n, err)
				continue
			}
			if got := next.String(); got != o {
				t.Errorf("0*%d → %s: the drawing reads %s", n, o, got)
			}
			if err := next.Check(); err != nil {
				t.Errorf("0*%d → %s: %v", n, o, err)
			}
		}
	}
}
