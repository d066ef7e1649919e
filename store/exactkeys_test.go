package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cockroachdb/pebble/v2"

	"grundy/engine"
	"grundy/games"
)

// keyLog is a cache that remembers every key Put through it, and the last fact of each.
type keyLog struct {
	engine.Cache
	mu   sync.Mutex
	puts map[string]engine.Fact
}

func newKeyLog(c engine.Cache) *keyLog { return &keyLog{Cache: c, puts: map[string]engine.Fact{}} }

func (l *keyLog) Put(key string, f engine.Fact) {
	l.mu.Lock()
	l.puts[key] = f
	l.mu.Unlock()
	l.Cache.Put(key, f)
}

// MayHold passes the store's filter on to the front, as a Tier does.
func (l *keyLog) MayHold(key string) bool {
	if h, ok := l.Cache.(engine.Holder); ok {
		return h.MayHold(key)
	}
	return false
}

// sproutsNimber solves pos through cache and returns its nimber and the nodes it took.
func sproutsNimber(t *testing.T, pos string, cache engine.Cache) (int, int64) {
	t.Helper()
	p, err := games.Parse(lookupGame(t, "sprouts"), pos)
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewSolver(engine.WithCache(engine.NewFront(cache, 12)))
	n, err := s.Nimber(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return n, s.Stats().Nodes
}

// cheapOnly returns the keys of puts whose exact key differs, with their exact keys.
func cheapOnly(t *testing.T, puts map[string]engine.Fact) map[string]string {
	t.Helper()
	form := formOf("sprouts")
	out := map[string]string{}
	for k := range puts {
		exact, err := form.exact(k)
		if err != nil {
			t.Fatal(err)
		}
		if exact != k {
			out[k] = exact
		}
	}
	return out
}

// The Sprouts search keys positions by cheap keys; the store holds exact ones. A Glop file
// of the nimbers of exactly those positions whose canonical text is not the search's key
// imports, and a search through the store finds and uses them: the same nimber in fewer
// nodes. After the search every stored key is the game's exact key of its position.
func TestSprouts_CanonicalFactsFoundByCheapKeys(t *testing.T) {
	const pos = "0*7"
	cold := newKeyLog(engine.NewMapCache())
	want, coldNodes := sproutsNimber(t, pos, cold)
	cheap := cheapOnly(t, cold.puts)
	var lines []string
	for k, exact := range cheap {
		if n, ok := cold.puts[k].Nimber(); ok {
			lines = append(lines, fmt.Sprintf("%s %d", exact, n))
		}
	}
	if len(lines) < 5 {
		t.Fatalf("the search of %s met %d positions whose cheap key is not canonical, with a nimber: too few to test", pos, len(lines))
	}
	slices.Sort(lines)
	file := "[Positions+Nimber]\n" + strings.Join(lines, "\n") + "\n"

	s := openTemp(t)
	db, err := ReadDatabase(strings.NewReader(file), "cheap.spr", lookupGame(t, "sprouts"))
	if err != nil {
		t.Fatal(err)
	}
	// As an import that verified them adds them: under the keys the file's positions parse to.
	for _, r := range db.Records {
		if err := s.AddFrom(r.Game, r.Key, r.Fact, Origin{Source: FromImport, Name: db.Name}); err != nil {
			t.Fatal(err)
		}
	}
	facts := s.Facts("sprouts")
	warm := newKeyLog(Through(engine.NewMapCache(), facts))
	got, warmNodes := sproutsNimber(t, pos, warm)
	if got != want || warmNodes >= coldNodes {
		t.Fatalf("%s with the imported facts: nimber %d in %d nodes; without: %d in %d", pos, got, warmNodes, want, coldNodes)
	}
	if hits := facts.Use().Hits; hits == 0 {
		t.Errorf("no fact read from the store")
	}
	t.Logf("%s: %d facts imported (canonical text ≠ cheap key); %d nodes without, %d with them; %d read",
		pos, len(lines), coldNodes, warmNodes, facts.Use().Hits)

	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	stored := map[string]bool{}
	err = s.Each("sprouts", func(_, key string, _ engine.Fact) error {
		stored[key] = true
		p, err := games.Parse(lookupGame(t, "sprouts"), key)
		if err != nil {
			return err
		}
		if exact := engine.ExactKey(p); exact != key {
			t.Errorf("stored key %q; its position's exact key is %q", key, exact)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	madeExact := 0
	for k, exact := range cheapOnly(t, warm.puts) {
		if stored[k] || !stored[exact] {
			t.Errorf("the search wrote cheap key %q: stored %v; its exact key %q stored %v", k, stored[k], exact, stored[exact])
		}
		madeExact++
	}
	if madeExact == 0 {
		t.Errorf("the search wrote no cheap key that differs from its exact one: the test proves nothing")
	}
}

// A position's cheap keys and exact key have one shape, which a read of a cheap key asks the
// store's filter of shapes for: a fact under the exact key is never missed for want of it.
func TestSproutsShape_SameForEveryKeyOfAPosition(t *testing.T) {
	log := newKeyLog(engine.NewMapCache())
	sproutsNimber(t, "0*7", log)
	pairs := cheapOnly(t, log.puts)
	if len(pairs) == 0 {
		t.Fatal("no cheap key that differs from its exact key")
	}
	for cheap, exact := range pairs {
		if sproutsShape(cheap) != sproutsShape(exact) {
			t.Errorf("shape of %q ≠ shape of %q", cheap, exact)
		}
	}
	// The shape tells positions apart well enough to spare most reads the exact key.
	shapes := map[uint64]bool{}
	for k := range log.puts {
		shapes[sproutsShape(k)] = true
	}
	if len(shapes) < len(log.puts)/4 {
		t.Errorf("%d shapes for %d keys", len(shapes), len(log.puts))
	}
	t.Logf("%d keys, %d of them cheap ≠ exact, %d shapes", len(log.puts), len(pairs), len(shapes))
	misere := engine.MisereKeyPrefix + "3:0*2" + "8:2ABC|ABC"
	if got, err := exactKey(lookupGame(t, "sprouts"), misere); err != nil || got != engine.MisereKeyPrefix+"3:0*2"+"8:2ABC|ACB" {
		t.Errorf("exact misère key of %q = %q, %v", misere, got, err)
	}
	if sproutsShape(misere) != sproutsShape(engine.MisereKeyPrefix+"8:2ABC|ACB"+"3:0*2") {
		t.Errorf("a misère key's shape depends on its order")
	}
	// A position with small components carried as one form: the form's name stays as it is.
	name := "~form:00112233445566778899aabbccddeeff"
	withForm := engine.MisereKeyPrefix + "8:2ABC|ABC" + fmt.Sprintf("%d:%s", len(name), name)
	want := engine.MisereKeyPrefix + "8:2ABC|ACB" + fmt.Sprintf("%d:%s", len(name), name)
	if got, err := exactKey(lookupGame(t, "sprouts"), withForm); err != nil || got != want {
		t.Errorf("exact misère key of %q = %q, %v; want %q", withForm, got, err, want)
	}
}

// countExact counts the keys f's game makes exact from now on.
func countExact(f *Facts) *int {
	n := new(int)
	exact := f.form.exact
	f.form = &keyForm{shape: f.form.shape, exact: func(key string) (string, error) { *n++; return exact(key) }}
	return n
}

// A run that takes up a store asks for its positions by the cheap keys its search writes: the
// aliases the writer kept on disk give their exact keys, so that no key is made exact again;
// an alias whose exact key is no writing of the position is passed by; and an alias a read
// made (a fact found under the exact key of a cheap key with no alias) is kept for the next run.
func TestSprouts_AliasesOnDiskSpareTheExactKey(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	first := newKeyLog(Through(engine.NewMapCache(), s.Facts("sprouts")))
	sproutsNimber(t, "0*7", first)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	cheap := cheapOnly(t, first.puts)
	if len(cheap) < 10 {
		t.Fatalf("%d cheap keys that differ from their exact ones: too few to test", len(cheap))
	}

	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	facts := s.Facts("sprouts")
	made := countExact(facts)
	for k := range cheap {
		if _, ok := facts.Get(k); !ok {
			t.Errorf("the fact of cheap key %q not found", k)
		}
	}
	if *made != 0 {
		t.Errorf("%d of %d cheap keys made exact again: their aliases were not read", *made, len(cheap))
	}

	// A false alias: a cheap key given the exact key of another position.
	var victim, other string
	for k, exact := range cheap {
		for _, o := range cheap {
			if sproutsShape(o) != sproutsShape(exact) {
				victim, other = k, o
				break
			}
		}
		if victim != "" {
			break
		}
	}
	if err := s.db.Set(tierKey(tierAliases, "sprouts", victim), []byte(other), pebble.Sync); err != nil {
		t.Fatal(err)
	}
	want, _ := facts.read(cheap[victim])
	if got, ok := facts.Get(victim); !ok || got != want {
		t.Errorf("a false alias of %q (to %q): read %v, %v; want %v", victim, other, got, ok, want)
	}
	if *made != 1 {
		t.Errorf("the key with a false alias made exact %d times, not once", *made)
	}

	// A fact stored under its exact key alone, found through a cheap key with no alias.
	var lone string
	for k := range cheap {
		if k != victim {
			lone = k
			if err := s.db.Delete(tierKey(tierAliases, "sprouts", k), pebble.Sync); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for round, wantMade := range []int{1, 0} {
		s, err = Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		facts := s.Facts("sprouts")
		made := countExact(facts)
		if _, ok := facts.Get(lone); !ok {
			t.Errorf("run %d: the fact of %q not found", round+1, lone)
		}
		if *made != wantMade {
			t.Errorf("run %d: %q made exact %d times, want %d", round+1, lone, *made, wantMade)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
