package store

import (
	"cmp"
	"context"
	"fmt"
	"os"
)

// A merge, like an import, is all or nothing: it compares every fact and claim of the source
// with the store's, in key order, writing what the store lacks to sstables in a directory of
// its own, which the store ingests at once. A merge stopped (its context ended) or failed
// before then leaves the store as it was.

// MergeContext is Merge, stopped when ctx ends, with an error wrapping ctx's: nothing is
// merged then, the store is as it was (the report counts what was read).
func (s *Store) MergeContext(ctx context.Context, src *Store) (MergeReport, error) {
	if s.readOnly != "" {
		return MergeReport{}, s.errReadOnly()
	}
	if err := s.Flush(); err != nil {
		return MergeReport{}, err
	}
	// In the store's directory, as an import's stage: Open removes one a process left.
	tmp, err := os.MkdirTemp(s.dir, stagePrefix)
	if err := s.fence.check(s.dir, err); err != nil {
		return MergeReport{}, s.named(cmp.Or(s.fence.failure(), fmt.Errorf("store %s: merging %s: %w", s.dir, src.dir, err)))
	}
	var r MergeReport
	err = s.fence.guard(func() error { return s.mergeInto(ctx, src, tmp, &r) })
	if s.fence.failure() == nil { // else the merge may still be writing there, held
		os.RemoveAll(tmp)
	}
	if err != nil {
		return MergeReport{Read: r.Read}, s.named(err)
	}
	return r, nil
}

// mergeInto is MergeContext behind the store's fence, writing its tables in dir.
func (s *Store) mergeInto(ctx context.Context, src *Store, dir string, r *MergeReport) error {
	s.mu.Lock() // no Add between the comparison and the ingestion
	defer s.mu.Unlock()
	mine, err := s.newSeeker()
	if err != nil {
		return err
	}
	defer mine.Close()
	theirs, err := src.newSeeker()
	if err != nil {
		return err
	}
	defer theirs.Close()
	t := s.newTables(dir)
	defer t.abort()
	m := &merging{s: s, src: src, t: t, mine: mine, theirs: theirs, r: r,
		origin: Origin{Source: FromMerge, Name: src.dir}.append(nil)}
	n := 0
	err = src.eachTier("", func(game, key string, tier byte, v []byte) error {
		if n++; n%checkEvery == 0 && ctx.Err() != nil {
			return fmt.Errorf("store %s: merge of %s stopped, nothing merged: %w", s.dir, src.dir, context.Cause(ctx))
		}
		switch tier {
		case tierFacts:
			return m.fact(game, key, v)
		case tierClaims:
			return m.claim(game, key, v)
		}
		return nil // the source's origins: a fact new here comes from the merge
	})
	if err != nil {
		return err
	}
	paths, err := t.finish()
	switch {
	case err != nil:
		return fmt.Errorf("store %s: merging %s: %w", s.dir, src.dir, err)
	case len(paths) == 0:
		return nil
	case ctx.Err() != nil:
		return fmt.Errorf("store %s: merge of %s stopped, nothing merged: %w", s.dir, src.dir, context.Cause(ctx))
	}
	if err := s.db.Ingest(context.Background(), paths); err != nil {
		return fmt.Errorf("store %s: merging %s: %w", s.dir, src.dir, err)
	}
	for _, k := range m.stored { // the filters of the games' Facts open
		k.facts.stored(k.key)
	}
	return nil
}

// merging is the state of one merge.
type merging struct {
	s, src       *Store
	t            *tables
	mine, theirs *seeker
	r            *MergeReport
	origin, val  []byte
	stored       []storedKey // the keys merged of games whose Facts are open
}

type storedKey struct {
	facts *Facts
	key   string
}

// fact merges the source's fact v of key in game: a conflict is reported, the store's
// fact kept; a fact the store knows is passed over.
func (m *merging) fact(game, key string, v []byte) error {
	f, err := decodeValue(tierKey(tierFacts, game, key), v)
	if err != nil {
		return m.src.readError(err)
	}
	m.r.Read++
	have, ok, err := m.mine.fact(game, key)
	switch {
	case err != nil:
		return err
	case have.Conflicts(f):
		m.r.Conflicts = append(m.r.Conflicts, ConflictError{Game: game, Key: key, Have: have, Got: f})
		return nil
	case ok && have.Merge(f).Equal(have):
		return nil
	case ok:
		m.r.Grown++
	default:
		m.r.Added++
		if err := m.add(game, tierOrigins, key, m.origin, opSet); err != nil {
			return err
		}
	}
	m.val, _ = f.AppendBinary(m.val[:0])
	if err := m.add(game, tierFacts, key, m.val, opMerge); err != nil {
		return err
	}
	if facts := m.s.facts[game]; facts != nil {
		m.stored = append(m.stored, storedKey{facts, key})
	}
	return nil
}

// claim keeps the source's claim v of key in game as a claim, joined with the store's: one
// the facts (the store's, with the source's merged) know is passed over; one they
// contradict, or that contradicts the store's claim, is a conflict, reported.
func (m *merging) claim(game, key string, v []byte) error {
	c, err := decodeClaim(v)
	if err != nil {
		return m.src.readError(fmt.Errorf("the claim of %s %q: %v", game, key, err))
	}
	have, _, err := m.mine.fact(game, key)
	if err != nil {
		return err
	}
	if theirs, ok, err := m.theirs.fact(game, key); err != nil {
		return err
	} else if ok && !have.Conflicts(theirs) {
		have = have.Merge(theirs) // merged above
	}
	switch {
	case have.Conflicts(c.Fact):
		m.r.Conflicts = append(m.r.Conflicts, ConflictError{Game: game, Key: key, Have: have, Got: c.Fact})
		return nil
	case have.Merge(c.Fact).Equal(have):
		return nil
	}
	old, had, err := m.mine.claim(game, key)
	switch {
	case err != nil:
		return err
	case had && old.Fact.Conflicts(c.Fact):
		m.r.Conflicts = append(m.r.Conflicts, ConflictError{Game: game, Key: key, Have: old.Fact, Got: c.Fact})
		return nil
	case had && old.Fact.Merge(c.Fact).Equal(old.Fact):
		return nil
	case had:
		c.Fact = old.Fact.Merge(c.Fact)
	}
	m.r.Claims++
	return m.add(game, tierClaims, key, appendClaim(m.val[:0], c), opSet)
}

// add writes key to the merge's tables.
func (m *merging) add(game string, tier byte, key string, val []byte, op int) error {
	if err := m.t.add(game, tier, key, val, op); err != nil {
		return fmt.Errorf("store %s: merging %s: %w", m.s.dir, m.src.dir, err)
	}
	return nil
}
