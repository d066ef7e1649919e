package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cockroachdb/pebble/v2"

	"grundy/engine"
)

// readError names the store's directory, and says when its files are corrupt.
func (s *Store) readError(err error) error {
	return storeError(s.dir, err)
}

// Get returns the stored fact of key in game, and whether there is one. Facts Put by a
// search are seen once written (Flush).
func (s *Store) Get(game, key string) (engine.Fact, bool, error) {
	v, closer, err := s.db.Get(keyOf(game, key))
	if errors.Is(err, pebble.ErrNotFound) {
		return engine.Fact{}, false, nil
	}
	if err != nil {
		return engine.Fact{}, false, s.readError(err)
	}
	defer closer.Close()
	f, err := decodeValue(keyOf(game, key), v)
	if err != nil {
		return engine.Fact{}, false, s.readError(err)
	}
	return f, true, nil
}

// addResult is what Add did to a key.
type addResult int

const (
	addedNothing addResult = iota // the store knew it already
	addedNew                      // the key was not stored
	addedGrown                    // the stored fact grew
)

// Add merges f into what is stored for (game, key) at once (import, merge): a fact only
// grows; a disagreement (two nimbers, or a nimber n against "≠ n") is an error that
// errors.Is ErrConflict, as a *ConflictError{Game, Key string; Have, Got engine.Fact},
// and nothing is changed. key is an exact key (engine.ExactKey), as a game's Parse gives
// for a position read from a file, and as the store keeps them. What Add writes is synced with the searches' writes, every
// SyncEvery and at Flush and Close.
func (s *Store) Add(game, key string, f engine.Fact) error {
	if s.readOnly != "" {
		return s.errReadOnly()
	}
	err := s.fence.guard(func() error {
		_, err := s.add(game, key, f)
		return err
	})
	return s.named(err)
}

// named adds the store's directory to a failure of its fence, which names none.
func (s *Store) named(err error) error {
	if errors.Is(err, ErrDiskFull) && !strings.Contains(err.Error(), s.dir) {
		return fmt.Errorf("store %s: %w", s.dir, err)
	}
	return err
}

// against compares f with the fact proven of key in game: a *ConflictError when they
// disagree; ok when there is one, known when it holds f already.
func (s *Store) against(game, key string, f engine.Fact) (ok, known bool, err error) {
	have, ok, err := s.Get(game, key)
	switch {
	case err != nil:
		return false, false, err
	case have.Conflicts(f):
		return ok, false, &ConflictError{Game: game, Key: key, Have: have, Got: f}
	}
	return ok, ok && have.Merge(f).Equal(have), nil
}

func (s *Store) add(game, key string, f engine.Fact) (addResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ok, known, err := s.against(game, key, f)
	if err != nil || known {
		return addedNothing, err
	}
	val, _ := f.AppendBinary(nil)
	if err := s.db.Merge(keyOf(game, key), val, pebble.NoSync); err != nil {
		return addedNothing, fmt.Errorf("store %s: %w", s.dir, err)
	}
	s.writer.dirty.Store(true)
	if facts := s.facts[game]; facts != nil {
		facts.stored(key)
	}
	if ok {
		return addedGrown, nil
	}
	return addedNew, nil
}

// Each calls fn on every fact of game, in key order (game "": every game, fn gets it). It
// stops at fn's first error and returns it.
func (s *Store) Each(game string, fn func(game, key string, f engine.Fact) error) error {
	return s.eachTier(game, func(g, key string, tier byte, v []byte) error {
		if tier != tierFacts {
			return nil
		}
		f, err := engine.DecodeFact(v)
		if err != nil { // decodeValue's error, its key made only now
			_, err = decodeValue(tierKey(tier, g, key), v)
			return s.readError(err)
		}
		return fn(g, key, f)
	})
}

// Stats is what a store holds.
type Stats struct {
	Games     []GameStats // by name
	DiskBytes int64       // the database's files
}

// GameStats counts one game's facts: those proven (Entries), by where they came from, and
// the claims (facts imported, not checked: see Claim).
type GameStats struct {
	Game    string
	Entries int64 // the facts proven, checked: by this machine's search, or checked here
	// From counts the facts proven by their Source: From[FromSearch] those of this
	// machine's search (and every fact of a store older than origins).
	From   [numSources]int64
	Claims int64 // facts imported and not checked, kept apart
	// ClaimsFrom counts the claims by their Source (an import, or a merge of a store that
	// held claims).
	ClaimsFrom [numSources]int64
}

// Stats counts the facts of each game, by origin, and its claims, and measures the store on
// disk.
func (s *Store) Stats() (Stats, error) {
	counts := map[string]*GameStats{}
	err := s.eachTier("", func(game, key string, tier byte, v []byte) error {
		g := counts[game]
		if g == nil {
			g = &GameStats{Game: game}
			counts[game] = g
		}
		switch tier {
		case tierFacts:
			if _, err := decodeValue(tierKey(tier, game, key), v); err != nil {
				return s.readError(err)
			}
			g.Entries++
		case tierOrigins:
			if o, err := decodeOrigin(v); err == nil && o.Source != FromSearch {
				g.From[o.Source]++
			}
		case tierClaims:
			c, err := decodeClaim(v)
			if err != nil {
				return s.readError(fmt.Errorf("%w: the claim of %s %q: %v", pebble.ErrCorruption, game, key, err))
			}
			g.Claims++
			g.ClaimsFrom[c.Origin.Source]++
		}
		return nil
	})
	if err != nil {
		return Stats{}, err
	}
	var st Stats
	for _, g := range counts {
		g.From[FromSearch] = g.Entries
		for src := FromImport; src < numSources; src++ {
			g.From[FromSearch] -= g.From[src]
		}
		st.Games = append(st.Games, *g)
	}
	slices.SortFunc(st.Games, func(a, b GameStats) int { return cmpString(a.Game, b.Game) })
	st.DiskBytes = int64(s.db.Metrics().DiskSpaceUsage())
	return st, nil
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// MergeReport is what Merge did.
type MergeReport struct {
	Read      int64 // facts read from the source
	Added     int64 // positions new to the store
	Grown     int64 // positions whose fact grew
	Claims    int64 // claims of the source (facts it imported, not checked) kept as claims
	Conflicts []ConflictError
}

// Merge adds every fact of src into s, a position new to s with its origin the merge of src
// (Origin), and src's claims as claims; conflicts are reported (both values), never
// resolved: the store keeps its own fact.
func (s *Store) Merge(src *Store) (MergeReport, error) {
	return s.MergeContext(context.Background(), src)
}

// Clear removes every fact of game ("": of every game), and gives their space back.
func (s *Store) Clear(game string) error {
	if s.readOnly != "" {
		return s.errReadOnly()
	}
	return s.named(s.fence.guard(func() error { return s.clear(game) }))
}

// clear is Clear behind the store's fence.
func (s *Store) clear(game string) error {
	start, end := []byte{1}, []byte{0xff}
	if game != "" { // its facts, their origins, its claims
		start, end = append([]byte(game), 0), append([]byte(game), 1)
	}
	if err := s.Flush(); err != nil {
		return err
	}
	if err := s.db.DeleteRange(start, end, pebble.Sync); err != nil {
		return fmt.Errorf("store %s: clearing: %w", s.dir, err)
	}
	// The games' filters still hold the cleared keys: a search asking for one reads the
	// store once and finds nothing, as for any false positive.
	if err := s.db.Compact(context.Background(), start, end, true); err != nil {
		return fmt.Errorf("store %s: clearing: %w", s.dir, err)
	}
	return nil
}
