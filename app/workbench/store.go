package workbench

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"grundy/store"
)

// Preference of the facts store: "" (the default) is the user's data directory
// (store.DefaultDir), StoreNone is no store, anything else the store's directory.
const (
	PrefStore = "factsStore"
	StoreNone = "none"
)

// storeWait is how long closing the window waits for a stopped task to let go of the store.
const storeWait = 10 * time.Second

// A factsStore is the window's facts store, as the command line's is: the one the
// preferences choose, opened once when the window opens and closed (flushed) when it closes.
// The solver panel's runners search through it. Its counts (Stats reads every key) are
// taken in the background, when it opens and after each task, never on a frame.
type factsStore struct {
	s   *store.Store // nil: none chosen, or the chosen one could not be opened
	dir string       // the chosen directory; "" for none
	err error        // why the chosen store could not be opened

	stats    store.Stats
	statsErr error
	addedAt  map[string]int64 // the store's Added when stats were counted: see liveStats
	counted  bool             // stats hold a count of s
	counting bool             // a count runs
	again    bool             // count again when it ends: facts were written meanwhile
	delayed  bool             // a count waits for nextCount
	counts   sync.WaitGroup   // the counts running: s is closed only once they end
	// nextCount is when the next count may start: counting reads every key (about 2 s of
	// CPU for 3 million facts), so a count waits countGap times the last one's time, and
	// takes at most one part in countGap+1 of a core whatever the tasks.
	nextCount time.Time
}

// countGap is how many times a count's time the next one waits.
const countGap = 20

// storeDirOf returns the directory that a store preference chooses, or "" for none.
func storeDirOf(pref string) (string, error) {
	switch pref {
	case StoreNone:
		return "", nil
	case "":
		return store.DefaultDir()
	}
	return pref, nil
}

// openStore opens the store the preferences choose. One that cannot be opened (in use by
// another grundy, corrupt) leaves the window without a store, saying why once.
func (w *Workbench) openStore() {
	dir, err := storeDirOf(w.app.Preferences().String(PrefStore))
	var s *store.Store
	if dir != "" && err == nil {
		s, err = store.Open(dir)
	}
	w.installStore(dir, s, err)
}

// installStore makes s, the store of dir (nil: none, or err says why it could not be
// opened), the window's.
func (w *Workbench) installStore(dir string, s *store.Store, err error) {
	f := &w.facts
	f.s, f.err, f.counted, f.statsErr, f.nextCount = s, err, false, nil, time.Time{}
	f.dir = dir
	w.Solver.SetStore(f.s)
	w.Solver.ui.storeSizeText = func() string { return StoreSizeText(&w.facts, w.gameName()) }
	if f.err != nil {
		w.status.SetText("No facts store: " + f.err.Error() + ". The window works without one (File ▸ Facts Store).")
	}
	w.showStoreSize()
	w.countFacts()
}

// Store returns the window's facts store, or nil when it has none.
func (w *Workbench) Store() *store.Store { return w.facts.s }

// errTaskRuns is what changing the store says while a task searches through it.
var errTaskRuns = errors.New("a task is running: stop it before changing the facts store")

// UseStore chooses the facts store: a directory, "" for the user's default one, or StoreNone.
// The new store is opened first: one that cannot be (a folder that is not a store, a store in
// use) changes nothing, neither the store in use nor the preferences, and the error says why.
// Otherwise the choice is kept in the preferences and the store in use until then is closed
// (flushed).
func (w *Workbench) UseStore(choice string) error {
	if w.Solver.Running() {
		return errTaskRuns
	}
	dir, err := storeDirOf(choice)
	if err != nil {
		return err
	}
	var s *store.Store
	same := dir != "" && dir == w.facts.dir && w.facts.s != nil
	if dir != "" && !same {
		if s, err = store.Open(dir); err != nil {
			return fmt.Errorf("%w; the facts store in use is kept", err)
		}
	}
	w.app.Preferences().SetString(PrefStore, choice)
	if !same {
		if err := w.closeStore(); err != nil {
			w.status.SetText(err.Error())
		}
		w.installStore(dir, s, nil)
	}
	w.refreshMenu()
	return nil
}

// closeStore takes the store from the panel and closes it, once its counts have ended.
func (w *Workbench) closeStore() error {
	f := &w.facts
	w.Solver.SetStore(nil)
	f.counts.Wait()
	s := f.s
	f.s = nil
	if s == nil {
		return nil
	}
	return s.Close()
}

// Close stops the running task, waits (a while) for it to let go of the store, and closes
// the panel's runner and the store, which writes what is pending. The window calls it when
// it closes; later calls do nothing.
func (w *Workbench) Close() {
	if w.closed {
		return
	}
	w.closed = true
	w.unlimit() // the window's memory limit goes with it
	w.keepSize()
	w.session.close()
	if !w.Solver.letGo(storeWait) {
		// The task did not stop: closing the store under it would crash the search. Its
		// facts were flushed at each Run's end and are synced every few seconds.
		return
	}
	w.Solver.Close()
	if err := w.closeStore(); err != nil {
		fmt.Fprintln(os.Stderr, "grundy:", err) // the window is gone: the terminal is all that is left
	}
}

// countFacts counts the store's facts in the background and shows them; a count asked for
// while one runs is taken once it ends.
func (w *Workbench) countFacts() {
	f := &w.facts
	s := f.s
	if s == nil || w.closed {
		return
	}
	if f.counting {
		f.again = true
		return
	}
	if f.delayed {
		return
	}
	if wait := time.Until(f.nextCount); wait > 0 {
		f.delayed = true
		time.AfterFunc(wait, func() {
			w.do(func() {
				f.delayed = false
				w.countFacts()
			})
		})
		return
	}
	f.counting, f.again = true, false
	f.counts.Add(1)
	go func() {
		began := time.Now()
		addedAt := s.Added() // before the count: a fact added meanwhile is counted twice until the next
		st, err := s.Stats()
		if n, derr := dirBytes(s.Dir()); derr == nil {
			st.DiskBytes = n // every file of the store, its log too
		}
		took := time.Since(began)
		f.counts.Done()
		w.do(func() {
			f.counting = false
			f.nextCount = time.Now().Add(countGap * took)
			if f.s != s {
				return // another store was chosen meanwhile
			}
			f.stats, f.statsErr, f.counted, f.addedAt = st, err, true, addedAt
			w.showStoreSize()
			if f.again {
				w.countFacts()
			}
		})
	}()
}

// dirBytes is the size of the files under dir.
func dirBytes(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n, err
}

// showStoreSize shows what the store holds for the editor's game, in the panel.
func (w *Workbench) showStoreSize() {
	game := ""
	if g, _ := w.Editor.Current(); g != nil {
		game = g.Name()
	}
	w.Solver.ShowStoreSize(StoreSizeText(&w.facts, game))
}

// StoreSizeText says what the store holds: the facts of game and of all games, its size on
// disk and its directory; or that there is none, and why. The facts are those of the last
// count and those a search added since, as the store's writer writes them (every 2 s), so
// that the row grows with a search; the size on disk is the last count's.
func StoreSizeText(f *factsStore, game string) string {
	switch {
	case f.s == nil && f.err != nil:
		return "none: " + f.err.Error()
	case f.s == nil:
		return "none (File ▸ Facts Store)"
	case f.statsErr != nil:
		return "cannot count: " + f.statsErr.Error()
	case !f.counted:
		return "counting… (" + f.s.Dir() + ")"
	}
	return fmt.Sprintf("%s; %s on disk (%s)", factsOf(f.liveStats(), game), memory(f.stats.DiskBytes), f.s.Dir())
}

// liveStats is the last count's, plus the facts new to the store written since (by game).
func (f *factsStore) liveStats() store.Stats {
	st := store.Stats{DiskBytes: f.stats.DiskBytes, Games: slices.Clone(f.stats.Games)}
	for game, n := range f.s.Added() {
		grown := n - f.addedAt[game]
		if grown <= 0 {
			continue
		}
		i := slices.IndexFunc(st.Games, func(g store.GameStats) bool { return g.Game == game })
		if i < 0 {
			st.Games = append(st.Games, store.GameStats{Game: game})
			i = len(st.Games) - 1
		}
		st.Games[i].Entries += grown
	}
	return st
}

// factsOf counts the facts of game and of all games: "cram 12 345 of 20 000 facts".
func factsOf(st store.Stats, game string) string {
	var mine, all int64
	for _, g := range st.Games {
		all += g.Entries
		if g.Game == game {
			mine = g.Entries
		}
	}
	if game == "" {
		return count(all) + " facts"
	}
	return fmt.Sprintf("%s %s of %s facts", game, count(mine), count(all))
}

// entriesOf counts the stored facts of game ("": of every game).
func entriesOf(st store.Stats, game string) int64 {
	var n int64
	for _, g := range st.Games {
		if game == "" || g.Game == game {
			n += g.Entries
		}
	}
	return n
}

// ClearQuestion asks to confirm the clearing of game's facts ("": every game's), saying how
// many go.
func ClearQuestion(st store.Stats, game, dir string) string {
	n := count(entriesOf(st, game))
	if game == "" {
		var per []string
		for _, g := range st.Games {
			per = append(per, g.Game+" "+count(g.Entries))
		}
		q := "Remove all " + n + " facts of the store in " + dir
		if len(per) > 0 {
			q += " (" + strings.Join(per, ", ") + ")"
		}
		return q + "? What they proved must then be searched again."
	}
	return fmt.Sprintf("Remove the %s facts of %s from the store in %s? What they proved must then be searched again.", n, game, dir)
}

// clearFacts removes the facts of game ("": of all games) from the store, at once.
func (w *Workbench) clearFacts(game string) error {
	s := w.facts.s
	switch {
	case s == nil:
		return errors.New("no facts store to clear")
	case w.Solver.Running():
		return errTaskRuns
	}
	w.facts.counts.Wait() // a count reading what is cleared would count it
	if err := s.Clear(game); err != nil {
		return err
	}
	// The runner's cache still holds what it proved: a new one reads the cleared store.
	w.Solver.SetStore(s)
	what := "every game"
	if game != "" {
		what = game
	}
	w.status.SetText("Cleared the facts of " + what + " from " + s.Dir() + ".")
	w.countFacts()
	return nil
}
