package store

import (
	"errors"
	"hash/maphash"
	"log"
	"sync"
	"sync/atomic"

	"github.com/cockroachdb/pebble/v2"

	"grundy/engine"
)

// Facts is the store seen as one game's engine.Cache. Get reads the store (after its filter
// of the game's keys); Put queues the fact for the writer, which merges it into the store in
// batches, synced every SyncEvery and at Flush and Close. It is safe for concurrent use;
// Store.Facts returns the same Facts for a game each time.
type Facts struct {
	s      *Store
	game   string
	filter *keyFilter // of the game's stored keys, all exact
	err    error      // reading the game's keys when the Facts was made

	// Of a game with cheap keys (form not nil): the shapes of the stored keys, the cheap
	// keys the writer made exact that are not exact themselves, the cheap keys of the
	// aliases on disk, and the aliases not written yet.
	form      *keyForm
	shapes    *keyFilter
	aliasMu   sync.Mutex
	aliases   map[string]string // cheap key → exact key, when they differ
	aliasKeys *keyFilter
	unsaved   [][2]string // cheap key, exact key

	mu      sync.Mutex
	pending []pendingFact // Puts not yet handed to the writer

	// elsewhere is whether the store may hold keys of the game that did not pass through
	// the Facts' one Tier: keys on disk when the Facts was made, keys stored by Add or an
	// import, keys Put through a second Tier or not through a Tier. Until then a Tier's
	// MayHold is false at once (the cold store's case): its front saw every key it Put, and
	// asks only of others.
	elsewhere atomic.Bool
	tiers     atomic.Int64 // made by Through

	reads, hits, puts, dropped, failed atomic.Int64
	added                              atomic.Int64 // keys new to the filter: see Use.Added
	failOnce, keyOnce                  sync.Once
}

// A pendingFact is one Put waiting for the writer.
type pendingFact struct {
	key  string
	fact engine.Fact
}

const (
	// batchFacts is how many Puts a Facts hands the writer at once.
	batchFacts = 4096
	// maxPendingFacts is how many Puts a Facts keeps while the writer is behind (its queue
	// full): past it, the oldest batch is dropped (counted in Use.Dropped), so that a slow
	// disk never stops the search nor grows its memory without end. Dropped facts stay in
	// the runner's cache; only a later run loses them.
	maxPendingFacts = 64 * batchFacts
)

// Facts returns the engine.Cache of one game's facts (game: games.Game.Name()). Made on first
// use, it reads every key of the game once, into its filter; Err says whether that failed.
func (s *Store) Facts(game string) *Facts {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f := s.facts[game]; f != nil {
		return f
	}
	f := &Facts{s: s, game: game, form: formOf(game)}
	seed := maphash.MakeSeed()
	hashes, shapes, err := s.keyHashes(prefixOf(game), seed, f.form)
	if err != nil {
		f.err = err
	}
	f.filter = newKeyFilter(seed, hashes)
	f.elsewhere.Store(len(hashes) > 0 || err != nil)
	if f.form != nil {
		f.shapes = newKeyFilter(seed, shapes)
		f.aliases = make(map[string]string)
		aliases, _, aerr := s.keyHashes(tierKey(tierAliases, game, ""), seed, nil)
		if f.err == nil {
			f.err = aerr
		}
		f.aliasKeys = newKeyFilter(seed, aliases)
	}
	s.facts[game] = f
	return f
}

// allFacts returns the Facts made so far, of every game.
func (s *Store) allFacts() []*Facts {
	s.mu.Lock()
	defer s.mu.Unlock()
	all := make([]*Facts, 0, len(s.facts))
	for _, f := range s.facts {
		all = append(all, f)
	}
	return all
}

// keyHashes returns the hashes of every position key in the store after prefix (a game's
// facts, or its aliases), and their shapes when form is not nil (the facts of a game with
// cheap keys).
func (s *Store) keyHashes(prefix []byte, seed maphash.Seed, form *keyForm) (hashes, shapes []uint64, err error) {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: prefix, UpperBound: upperBound(prefix)})
	if err != nil {
		return nil, nil, s.readError(err)
	}
	for ok := it.First(); ok; ok = it.Next() {
		key := it.Key()[len(prefix):]
		hashes = append(hashes, maphash.Bytes(seed, key))
		if form != nil {
			shapes = append(shapes, form.shape(string(key)))
		}
	}
	err = it.Close()
	if err != nil {
		return nil, nil, s.readError(err)
	}
	return hashes, shapes, nil
}

// Err is the error met reading the game's keys when the Facts was made (a corrupt store):
// the Facts then works, but knows only the facts written since.
func (f *Facts) Err() error { return f.err }

// MayHold reports whether the store may hold key, or the position of a cheap key under its
// exact key; false means it surely does not (see engine.Front, which then asks no cache
// behind it).
func (f *Facts) MayHold(key string) bool {
	if f.filter.mayHold(key) {
		return true
	}
	if f.form == nil {
		return false
	}
	if _, ok := f.alias(key); ok || f.aliasKeys.mayHold(key) {
		return true
	}
	return f.shapes.mayHoldHash(f.form.shape(key))
}

// Get returns the stored fact of key. A key that is not stored as it is may be a cheap key
// (see keyForm) of a position stored under its exact key: an alias says which (the writer's
// of this run, or one on disk), or else, when a stored key has the same shape, the game
// writes the exact key, and an alias is kept for the next run when the fact is there. A
// failed read is a miss, counted (Use.Failed) and logged once.
//
// Why aliases on disk: a search that takes up the facts of earlier runs asks for their
// positions by cheap keys, and making each exact had been a fifth of its time (Sprouts 0*27
// from a store of 0*20 … 0*26, three in four of the keys made exact found a fact).
func (f *Facts) Get(key string) (engine.Fact, bool) {
	if f.filter.mayHold(key) {
		if fact, ok := f.read(key); ok {
			return fact, true
		}
	}
	if f.form == nil {
		return engine.Fact{}, false
	}
	exact, ok := f.alias(key)
	if !ok {
		exact, ok = f.storedAlias(key)
	}
	made := !ok // the exact key made here: an alias for the next run if the fact is there
	if made {
		if !f.shapes.mayHoldHash(f.form.shape(key)) {
			return engine.Fact{}, false
		}
		var err error
		if exact, err = f.form.exact(key); err != nil {
			f.readFailed(err)
			return engine.Fact{}, false
		}
	}
	if exact == key || !f.filter.mayHold(exact) {
		return engine.Fact{}, false
	}
	fact, found := f.read(exact)
	if found && made {
		f.noteAlias(key, exact)
	}
	return fact, found
}

// alias returns the exact key of a cheap key the writer made exact, when they differ.
func (f *Facts) alias(key string) (string, bool) {
	f.aliasMu.Lock()
	exact, ok := f.aliases[key]
	f.aliasMu.Unlock()
	return exact, ok
}

// storedAlias returns the exact key the store's alias of a cheap key gives. An alias whose
// exact key has not the cheap key's shape is no writing of its position: it is passed by.
func (f *Facts) storedAlias(key string) (string, bool) {
	if !f.aliasKeys.mayHold(key) {
		return "", false
	}
	v, closer, err := f.s.db.Get(tierKey(tierAliases, f.game, key))
	if err != nil {
		if !errors.Is(err, pebble.ErrNotFound) {
			f.readFailed(err)
		}
		return "", false
	}
	exact := string(v)
	closer.Close()
	if f.form.shape(exact) != f.form.shape(key) {
		return "", false
	}
	return exact, true
}

// noteAlias keeps the alias of a cheap key for the writer to write, unless the store takes
// no write or too many wait (the writer behind: see maxPendingFacts).
func (f *Facts) noteAlias(key, exact string) {
	if f.s.readOnly != "" {
		return
	}
	f.aliasMu.Lock()
	if len(f.unsaved) < maxPendingFacts {
		f.unsaved = append(f.unsaved, [2]string{key, exact})
	}
	f.aliasMu.Unlock()
}

// takeAliases returns the aliases not written yet, and forgets them.
func (f *Facts) takeAliases() [][2]string {
	f.aliasMu.Lock()
	defer f.aliasMu.Unlock()
	a := f.unsaved
	f.unsaved = nil
	return a
}

// stored notes that key (exact) is in the store: its filters say so from now on.
func (f *Facts) stored(key string) {
	if f.filter.add(key) {
		f.added.Add(1)
	}
	if f.form != nil {
		f.shapes.addHash(f.form.shape(key))
	}
	f.elsewhere.Store(true)
}

// marked notes that the keys of the hashes given are in the store, as stored does, with
// their shapes when the game has cheap keys (the writer's hashes: see writeWindow).
func (f *Facts) marked(hashes, shapes []uint64) {
	for _, h := range hashes {
		if f.filter.addHash(h) {
			f.added.Add(1)
		}
	}
	if f.form != nil {
		for _, h := range shapes {
			f.shapes.addHash(h)
		}
	}
}

// read reads the fact stored under key (exact), counting the read and what it found.
func (f *Facts) read(key string) (engine.Fact, bool) {
	f.reads.Add(1)
	v, closer, err := f.s.db.Get(keyOf(f.game, key))
	if errors.Is(err, pebble.ErrNotFound) {
		return engine.Fact{}, false
	}
	if err != nil {
		f.readFailed(err)
		return engine.Fact{}, false
	}
	fact, err := engine.DecodeFact(v)
	closer.Close()
	if err != nil {
		f.readFailed(err)
		return engine.Fact{}, false
	}
	f.hits.Add(1)
	return fact, true
}

// keyFailed counts and logs (once) a cheap key the game could not make exact, whose fact is
// not written: a key the game wrote always parses back, so only a wrong game can cause it.
func (f *Facts) keyFailed(err error) {
	f.failed.Add(1)
	f.keyOnce.Do(func() { log.Printf("store %s: a fact of %s not written: %v (reported once)", f.s.dir, f.game, err) })
}

func (f *Facts) readFailed(err error) {
	f.failed.Add(1)
	f.failOnce.Do(func() { log.Printf("store %s: reading a fact of %s: %v (reported once)", f.s.dir, f.game, err) })
}

// Put queues f for the store. It never blocks on the disk: see maxPendingFacts. A Put not
// made through a Tier is one from elsewhere (see Tier.MayHold).
func (f *Facts) Put(key string, fact engine.Fact) {
	if !f.elsewhere.Load() {
		f.elsewhere.Store(true)
	}
	f.put(key, fact)
}

// put queues f for the store.
func (f *Facts) put(key string, fact engine.Fact) {
	f.puts.Add(1)
	f.mu.Lock()
	f.pending = append(f.pending, pendingFact{key, fact})
	if len(f.pending)%batchFacts == 0 {
		f.handOver()
	}
	f.mu.Unlock()
}

// handOver gives the pending Puts to the writer when its queue has room, and drops the
// oldest batch when too many wait. f.mu is held.
func (f *Facts) handOver() {
	select {
	case f.s.writer.queue <- factBatch{f, f.pending}:
		f.pending = f.s.writer.emptyBatch()
		return
	default:
	}
	if len(f.pending) >= maxPendingFacts {
		f.dropped.Add(batchFacts)
		f.pending = append(f.pending[:0], f.pending[batchFacts:]...)
	}
}

// take returns the pending Puts and forgets them.
func (f *Facts) take() []pendingFact {
	f.mu.Lock()
	defer f.mu.Unlock()
	p := f.pending
	f.pending = nil
	return p
}

// aliasBytes is about the memory of an alias: two Sprouts keys of some 30 bytes, their
// headers and the map's slot.
const aliasBytes = 120

// Use is what a game's Facts did: facts read from the store and queued for it.
type Use struct {
	Reads   int64 // reads of the store (keys its filter did not rule out)
	Hits    int64 // facts found
	Puts    int64 // facts queued for the store (a fact each time it grew)
	Dropped int64 // of those, dropped because the writer was behind
	Failed  int64 // reads that failed (a corrupt store), and cheap keys not made exact
	// Added counts the facts new to the store (positions it did not hold) written since
	// the Facts was made, as the writer writes them (every SyncEvery): its filter tells, so
	// a new position taken for a stored one (1 in 1 000 at most) is not counted. Puts count
	// a fact each time it grew; Added, once a position.
	Added int64
}

// Use returns what f did so far.
func (f *Facts) Use() Use {
	return Use{Reads: f.reads.Load(), Hits: f.hits.Load(), Puts: f.puts.Load(),
		Dropped: f.dropped.Load(), Failed: f.failed.Load(), Added: f.added.Load()}
}

// Added returns, by game, the facts new to the store written since it was opened: the
// Use.Added of each game's Facts made so far.
func (s *Store) Added() map[string]int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	added := make(map[string]int64, len(s.facts))
	for game, f := range s.facts {
		added[game] = f.added.Load()
	}
	return added
}

// Usage reports the memory f holds: its filter and the Puts not yet written.
func (f *Facts) Usage() engine.Usage {
	f.mu.Lock()
	pending := int64(len(f.pending))
	f.mu.Unlock()
	bytes := f.filter.bytes() + pending*48
	if f.form != nil {
		f.aliasMu.Lock()
		bytes += f.shapes.bytes() + f.aliasKeys.bytes() + int64(len(f.aliases)+len(f.unsaved))*aliasBytes
		f.aliasMu.Unlock()
	}
	return engine.Usage{Bytes: bytes, Rejected: f.dropped.Load()}
}

// A Tier is the cache a runner searches through with a store: a cache in memory (near,
// ristretto), then the store. What the store gives is kept near; every Put goes to both,
// or, behind a WriteBack front, to the store at once (Journal) and near once evicted.
// Put it behind an engine.Front, which asks MayHold before skipping it.
type Tier struct {
	near       engine.Cache
	far        *Facts
	hits, puts atomic.Int64
	journaled  atomic.Bool // a front journals its Puts to the tier (see Journal)
	writeOnly  bool        // the store takes the facts and gives none (see WriteOnly)
}

var _ engine.Journal = (*Tier)(nil)

// Through returns the tier of near before the store's facts far.
func Through(near engine.Cache, far *Facts) *Tier {
	if far.tiers.Add(1) > 1 {
		far.elsewhere.Store(true)
	}
	return &Tier{near: near, far: far}
}

// WriteOnly returns the tier of near before far whose store takes what is proven and reads
// nothing back: a search through it, and a proof read out of what it proved, depend on the
// position alone, not on what earlier runs left in the store.
func WriteOnly(near engine.Cache, far *Facts) *Tier {
	t := Through(near, far)
	t.writeOnly = true
	return t
}

func (t *Tier) Get(key string) (engine.Fact, bool) {
	if f, ok := t.near.Get(key); ok || t.writeOnly {
		return f, ok
	}
	f, ok := t.far.Get(key)
	if ok {
		t.hits.Add(1)
		t.near.Put(key, f)
	}
	return f, ok
}

// Put passes f to the cache near and to the store; behind a front that journals its Puts
// (see Journal), to the cache near only: the front evicts it, and the store has it already.
func (t *Tier) Put(key string, f engine.Fact) {
	t.near.Put(key, f)
	if t.journaled.Load() {
		return
	}
	t.far.put(key, f)
	t.puts.Add(1)
}

// Journal takes a Put of a WriteBack front (engine.Journal): the store gets it at once, so
// that a kill loses at most SyncEvery of facts, and the cache near (ristretto) only once the
// front evicts it (Put), which spares ristretto's goroutine the Sets of the facts that stay
// in the front, as without a store.
func (t *Tier) Journal(key string, f engine.Fact) {
	if !t.journaled.Load() {
		t.journaled.Store(true)
	}
	t.far.put(key, f)
	t.puts.Add(1)
}

// MayHold reports whether the store may hold key, which the front before the tier (who
// asks) never Put. While the store holds only keys Put through this tier, it does not: no
// filter is asked. A game with cheap keys asks its filters always: a key the front never
// Put may be another writing of a position it Put.
func (t *Tier) MayHold(key string) bool {
	if t.writeOnly || t.far.form == nil && !t.far.elsewhere.Load() {
		return false
	}
	return t.far.MayHold(key)
}

// Usage is that of the cache near.
func (t *Tier) Usage() engine.Usage {
	if u, ok := t.near.(engine.Usager); ok {
		return u.Usage()
	}
	return engine.Usage{}
}

// StoreHits is the number of facts this tier read from the store.
func (t *Tier) StoreHits() int64 { return t.hits.Load() }

// StorePuts is the number of facts this tier queued for the store.
func (t *Tier) StorePuts() int64 { return t.puts.Load() }

// StoreDropped is the number of facts of the tier's game dropped, never written, because the
// writer was behind (see maxPendingFacts): those of every tier of the game, since the game's
// Facts share one queue.
func (t *Tier) StoreDropped() int64 { return t.far.dropped.Load() }
