package workbench

import (
	"bufio"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"grundy/editor"
)

// The soak test plays a long scripted run of random actions on the window, as a researcher's
// day would: every menu item, the game menu (also while the driver has lost its canvas, the
// crash of a day's run), the fields, the boards, solves, stops and resumes, the tree's
// gestures and keys, the dialogs and their keys, play against the engine. It must end with no
// panic (and, under -race, no race). GRUNDY_SOAK sets the number of actions (make soak:
// 10 000, and without -race the resident memory checked at the end and at its peak); else a
// short run that `make test` takes.
// GRUNDY_SOAK_SEED replays a run; the seed is logged. GRUNDY_SOAK_HEAP names a file for the
// heap's profile at the end.

// soakCacheMB is the cache setting of the soak: small, so that many solves fill it.
const soakCacheMB = 64

func TestSoak(t *testing.T) {
	actions := 400
	if testing.Short() {
		actions = 250
	}
	full := false
	if n, err := strconv.Atoi(os.Getenv("GRUNDY_SOAK")); err == nil && n > 0 {
		actions, full = n, true
	}
	seed := uint64(time.Now().UnixNano())
	if s, err := strconv.ParseUint(os.Getenv("GRUNDY_SOAK_SEED"), 10, 64); err == nil {
		seed = s
	}
	t.Logf("soak: %d actions, seed %d (GRUNDY_SOAK_SEED replays it)", actions, seed)
	life := fyneCacheLife
	fyneCacheLife = soakCacheLife
	t.Cleanup(func() { fyneCacheLife = life })
	w, fp, q := newTestWorkbench(t)
	w.app.Preferences().SetInt(PrefCacheMB, soakCacheMB)
	w.app.Preferences().SetInt(PrefTreeSeconds, 2) // a recording never holds the run up long
	fp.paths = nil                                 // every file dialog is cancelled
	s := &soak{t: t, w: w, q: q, r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	s.menus = menuActions(w.win.MainMenu())
	if len(s.menus) < 20 {
		t.Fatalf("only %d menu items", len(s.menus))
	}
	counts := map[string]int{}
	slow := map[string]time.Duration{}
	began := time.Now()
	for i := range actions {
		t0 := time.Now()
		name := s.step()
		counts[name]++
		s.q.drain()
		if d := time.Since(t0); d > slow[name] {
			slow[name] = d
		}
		if i%50 == 49 {
			s.settle() // let a running task report, and close what is open
		}
		if full && i%500 == 499 { // a long run says how far it got
			t.Logf("soak: %d of %d actions after %v, %d MB resident, the runtime's limit %d MB", i+1, actions,
				time.Since(began).Round(time.Second), rssMB(), debug.SetMemoryLimit(-1)>>20)
		}
	}
	s.settle()
	w.Solver.Stop()
	w.Play.Stop()
	if d := w.Solver.Done(); d != nil {
		q.runUntil(t, 60*time.Second, func() bool { return isClosed(d) })
	}
	t.Logf("soak: %d actions in %v: %v; the slowest of each kind: %v", actions, time.Since(began).Round(time.Millisecond), counts, slow)
	debug.FreeOSMemory() // what the window holds, not what the collector has yet to give back
	if path := os.Getenv("GRUNDY_SOAK_HEAP"); path != "" {
		if f, err := os.Create(path); err == nil {
			pprof.WriteHeapProfile(f)
			f.Close()
		}
	}
	if rss := rssMB(); rss > 0 {
		limit, peak := WindowMB(soakCacheMB), peakMB()
		t.Logf("soak: resident memory at the end %d MB, at its peak %d MB (limit %d MB: 1.5 × the %d MB cache + 200 MB)",
			rss, peak, limit, soakCacheMB)
		if full && !raceEnabled { // the race detector's shadow memory is resident too
			if rss > limit || peak > limit {
				t.Errorf("resident memory %d MB at the end, %d MB at its peak: over %d MB", rss, peak, limit)
			}
		}
	}
}

// A soak is the state of one run.
type soak struct {
	t     *testing.T
	w     *Workbench
	q     *uiQueue
	r     *rand.Rand
	menus []namedAction
}

type namedAction struct {
	name string
	f    func()
}

// menuActions lists every item of the main menu that acts, submenus included.
func menuActions(m *fyne.MainMenu) []namedAction {
	var out []namedAction
	var walk func(prefix string, items []*fyne.MenuItem)
	walk = func(prefix string, items []*fyne.MenuItem) {
		for _, it := range items {
			if it.IsSeparator {
				continue
			}
			if it.ChildMenu != nil {
				walk(prefix+it.Label+" › ", it.ChildMenu.Items)
			}
			if it.Action != nil {
				out = append(out, namedAction{prefix + it.Label, it.Action})
			}
		}
	}
	for _, menu := range m.Items {
		walk(menu.Label+" › ", menu.Items)
	}
	return out
}

// soakPositions are the positions the run types or opens: small ones, solved in a moment,
// and a few that take long (a stop or a change of position ends them).
var soakPositions = []editor.State{
	{Game: "nim", Notation: "1 2 3"}, {Game: "kayles", Notation: "3 4"}, {Game: "kayles", Notation: "1000 3"},
	{Game: "cram", Notation: "2x3"}, {Game: "cram", Notation: "3x4"}, {Game: "cram", Notation: "3x4 + 2x3"},
	{Game: "cram", Notation: "6x7"}, {Game: "chomp", Notation: "3x4"}, {Game: "sprouts", Notation: "0*3"},
	{Game: "boxing-match", Notation: "2x3"}, {Game: "breaking-chocolates", Notation: "bw/wb w"},
	{Game: "octal:0.137", Notation: "10 4"}, {Game: "dawsons-kayles", Notation: "9"},
	{Game: "subtraction:1,3,4", Notation: "12"}, {Game: "lasker", Notation: "3 4"},
}

// soakGames are the names the game menu offers.
var soakGames = []string{"nim", "kayles", "cram", "chomp", "sprouts", "octal:CODE", "boxing-match",
	"breaking-chocolates", "dawsons-kayles", "subtraction:S"}

// step takes one random action and returns its kind.
func (s *soak) step() string {
	w, r := s.w, s.r
	switch k := r.IntN(100); {
	case k < 14:
		a := s.menus[r.IntN(len(s.menus))]
		t0 := time.Now()
		a.f()
		if d := time.Since(t0); d > time.Second {
			s.t.Logf("soak: menu %s took %v", a.name, d)
		}
		return "menu"
	case k < 22:
		w.Editor.SetState(soakPositions[r.IntN(len(soakPositions))])
		return "position"
	case k < 27:
		sel := gameMenu(s.t, w)
		if r.IntN(3) == 0 {
			withLostDriverCanvas(func() { sel.Tapped(&fyne.PointEvent{}) })
		} else {
			sel.Tapped(&fyne.PointEvent{})
		}
		if r.IntN(2) == 0 {
			sel.OnChanged(soakGames[r.IntN(len(soakGames))])
		}
		s.escape()
		return "game menu"
	case k < 33:
		field := notationField(s.t, w)
		w.win.Canvas().Focus(field)
		switch r.IntN(4) {
		case 0:
			test.Type(field, string("0123456789 x+.#/ow"[r.IntN(18)]))
		case 1:
			field.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
		case 2:
			field.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		default:
			field.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		}
		return "position field"
	case k < 38:
		switch r.IntN(4) {
		case 0:
			w.Editor.Undo()
		case 1:
			w.Editor.Redo()
		case 2:
			w.Editor.AddTerm()
		default:
			w.Editor.RemoveTerm(r.IntN(3))
		}
		return "history"
	case k < 44:
		if b := w.Editor.CramBoard(r.IntN(2)); b != nil {
			i, j := r.IntN(4), r.IntN(4)
			if r.IntN(2) == 0 {
				b.Play(i, j, i, j+1)
			} else {
				b.Tapped(&fyne.PointEvent{Position: b.CellCentre(min(i, b.Board().Rows()-1), min(j, b.Board().Cols()-1))})
			}
		}
		return "board"
	case k < 54:
		switch r.IntN(6) {
		case 0, 1:
			w.Solver.Start(Task(r.IntN(3)))
		case 2:
			w.Solver.Stop()
		case 3:
			w.Solver.Resume()
		case 4:
			w.Solver.SmallerProof()
		default:
			w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
		}
		return "solve"
	case k < 68:
		s.treeGesture()
		return "tree"
	case k < 76:
		s.dialog()
		return "dialog"
	case k < 84:
		switch r.IntN(5) {
		case 0:
			w.SetPlayMode(r.IntN(2) == 0)
		case 1:
			w.Play.NewGame()
		case 2:
			w.Play.Hint()
		case 3:
			w.Play.EndGame()
		default:
			w.Play.Stop()
		}
		return "play"
	case k < 90:
		w.Solver.SetMisere(r.IntN(4) == 0)
		return "misère"
	case k < 95:
		w.win.Resize(fyne.NewSize(float32(800+r.IntN(800)), float32(560+r.IntN(440))))
		return "resize"
	default:
		if t := w.Tree.Tree(); t != nil {
			w.Details.SetNode(t, r.IntN(len(t.Nodes)))
			if b := w.Details.buttons[r.IntN(len(w.Details.buttons))]; !b.Disabled() {
				test.Tap(b)
			}
		}
		s.escape()
		return "details"
	}
}

// treeGesture taps, double-taps, zooms, drags or types a key on the tree view.
func (s *soak) treeGesture() {
	v, r := s.w.Tree, s.r
	size := v.Size()
	at := fyne.NewPos(float32(r.Float64())*size.Width, float32(r.Float64())*size.Height)
	switch r.IntN(9) {
	case 0, 1:
		v.Tapped(&fyne.PointEvent{Position: at})
	case 2:
		v.DoubleTapped(&fyne.PointEvent{Position: at})
	case 3:
		v.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: at}, Scrolled: fyne.Delta{DY: float32(r.IntN(200) - 100)}})
	case 4:
		v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: at}, Dragged: fyne.Delta{DX: 30, DY: -20}})
		v.DragEnd()
	case 5:
		keys := []fyne.KeyName{fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight, fyne.KeyReturn, fyne.KeySpace, fyne.KeyEscape}
		v.TypedKey(&fyne.KeyEvent{Name: keys[r.IntN(len(keys))]})
	case 6:
		v.ExpandLevel(-1)
	case 7:
		v.SetOutline(r.IntN(2) == 0)
	default:
		[]func(){v.ZoomIn, v.ZoomOut, v.Fit}[r.IntN(3)]()
	}
}

// dialog opens one of the window's dialogs and closes it with Esc or Enter.
func (s *soak) dialog() {
	w, r := s.w, s.r
	switch r.IntN(6) {
	case 0:
		w.askServer()
		w.win.Canvas().Unfocus()
	case 1:
		w.Export(r.IntN(2) == 0)
	case 2:
		if v := w.ShowSequence(); v != nil {
			v.Close()
		}
	case 3:
		w.showText("Notations", NotationHelp())
	case 4:
		w.Solver.ui.showSettings()
	default:
		w.AskClear(w.gameName())
	}
	s.q.drain()
	if r.IntN(4) == 0 {
		pressKey(w, fyne.KeyReturn) // solves through the server (none answers), or clears, or closes
		s.q.drain()
	}
	s.escape()
}

// escape closes what is open over the window: dialogs, the settings, a list.
func (s *soak) escape() {
	c := s.w.win.Canvas()
	for range 8 {
		top := c.Overlays().Top()
		if top == nil {
			return
		}
		c.Unfocus()
		pressKey(s.w, fyne.KeyEscape)
		if c.Overlays().Top() == top {
			if os.Getenv("GRUNDY_SOAK_DEBUG") != "" {
				s.t.Logf("soak: removed %T (%d key handlers stacked)", top, len(keyDialogs))
			}
			c.Overlays().Remove(top) // a pop-up that takes no key: the user clicks beside it
		}
	}
}

// settle runs the UI queue a moment, so that tasks report, then closes what is open, and
// cleans fyne's caches as the desktop driver's loop does (at most every 10 s).
func (s *soak) settle() {
	deadline := time.Now().Add(50 * time.Millisecond)
	for time.Now().Before(deadline) {
		s.q.drain()
		time.Sleep(5 * time.Millisecond)
	}
	s.escape()
	ageFyneCache(s.w.win.Canvas())
}

// withLostDriverCanvas runs f while the driver knows no object's canvas, as fyne's desktop
// driver does for a moment after its cache entries expire.
func withLostDriverCanvas(f func()) {
	a := fyne.CurrentApp()
	fyne.SetCurrentApp(lostApp{a})
	defer fyne.SetCurrentApp(a)
	f()
}

type lostApp struct{ fyne.App }

func (a lostApp) Driver() fyne.Driver { return lostDriver{a.App.Driver()} }

type lostDriver struct{ fyne.Driver }

func (lostDriver) CanvasForObject(fyne.CanvasObject) fyne.Canvas { return nil }

// rssMB is the process's resident memory in MB, or 0 where /proc does not say.
func rssMB() int { return statusMB("VmRSS:") }

// peakMB is the process's largest resident memory so far in MB, or 0 where /proc does not say.
func peakMB() int { return statusMB("VmHWM:") }

// statusMB reads a size in kB from /proc/self/status, in MB.
func statusMB(field string) int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), field); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kb >> 10
		}
	}
	return 0
}
