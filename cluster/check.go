package cluster

import (
	"context"
	"errors"
	"fmt"
	"log"

	"grundy/engine"
	"grundy/games"
	"grundy/store"
)

// A worker's result is a claim until its proof holds: the coordinator derives the unit's
// outcome again from the losing couples the result carries and the game's rules
// (store.CheckCouple), taking as proven the facts it checked before, before the result
// decides anything and before its facts enter the coordinator's cache, its store and the
// facts stream. A proof that does not hold is rejected, logged with the worker's name and
// key, and its sender is trusted no more: its later results are ignored, and each unit it
// answered is published again for another worker. A restarted coordinator, applying the
// results of the stream again in order, rejects the same and trusts the same.

// check reports whether the result r of the job s may be taken; it takes the facts of its
// proof when it holds.
func (co *Coordinator) check(ctx context.Context, s *jobState, r Result) bool {
	c := s.tree.byID[r.Unit]
	if c == nil || c.outcome != Undecided {
		return true // a duplicate, or a unit the tree does not hold: it changes nothing
	}
	id, who := co.sender(r)
	if co.distrusted[id] {
		if !co.ignored[id] {
			co.ignored[id] = true
			log.Printf("cluster: job %s: a result of worker %s ignored, as every later one: a proof it sent did not hold", s.job.ID, who)
		}
		co.reissue(s, c)
		return false
	}
	if r.Outcome != Win && r.Outcome != Loss {
		return true // undecided: the couple is split, nothing is taken as proven
	}
	facts, err := co.verify(ctx, s.job.Game, c, r)
	if err == nil {
		co.take(ctx, s.job.Game, r.Worker, facts)
		s.note(facts)
		return true
	}
	if ctx.Err() != nil {
		return false
	}
	unit := fmt.Sprintf("job %s: the result of unit %s, (%s, %d) %s, from worker %s", s.job.ID, c.id, engine.Quote(c.pos.String()), c.n, r.Outcome, who)
	switch co.dispute(ctx, s.job.Game, c, r) {
	case Loss, Win:
		if co.disputed == nil {
			co.disputed = map[string]bool{}
		}
		if !co.disputed[id] {
			co.disputed[id] = true
			log.Printf("cluster: %s: its proof does not hold alone (%v), but the coordinator's own search finds the same (logged once a worker)", unit, err)
		}
		return true
	case Undecided:
		log.Printf("cluster: %s not taken: its proof does not hold alone (%v), and the coordinator's own search did not decide the couple within its budget; the unit is published again", unit, err)
		co.reissue(s, c)
		return false
	}
	co.distrusted[id] = true
	log.Printf("cluster: %s rejected: its proof does not hold: %v; the coordinator's own search finds the contrary; that worker is trusted no more, its results are ignored from now on", unit, err)
	co.reissue(s, c)
	return false
}

// dispute decides the couple c by the coordinator's own search, on its cache of facts
// checked, within four times a unit's budget, when a proof did not hold alone: a proof of
// a worker stops at the couples it knows checked, which the coordinator may not hold (after
// a restart, before it has read them back). It returns r's outcome when the search finds
// it, "" (Undecided) when the budget runs out, else "false".
func (co *Coordinator) dispute(ctx context.Context, game string, c *couple, r Result) string {
	s := engine.NewSolver(engine.WithCache(co.cache(game)), engine.WithNodeLimit(4*co.cfg.UnitNodes))
	win, err := s.Outcome(ctx, c.pos, c.n)
	switch {
	case err != nil:
		return Undecided
	case outcomeOf(win) == r.Outcome:
		return r.Outcome
	}
	return "false"
}

// sender names the sender of r: by the key the server vouches for and the name the worker
// gave itself (workers may share a key: the credentials folder holds one for all), else by
// the name alone; id is what distrust is kept by.
func (co *Coordinator) sender(r Result) (id, who string) {
	if r.Sender == "" || r.Sender == openSender {
		return "name " + r.Worker, fmt.Sprintf("%q (a name it gave itself)", r.Worker)
	}
	name := co.merger.names[r.Sender]
	if name == "" {
		name = "a key of no user"
	}
	return "key " + r.Sender + " " + r.Worker, fmt.Sprintf("%q, key %s (%s)", r.Worker, r.Sender, name)
}

// reissue publishes c's unit again: the worker whose result was not taken acked it.
func (co *Coordinator) reissue(s *jobState, c *couple) {
	c.reissued = true
	s.unsent = append(s.unsent, c)
}

// verify derives the outcome r gives of the couple c again from r's proof, and returns the
// losing couples the derivation showed.
func (co *Coordinator) verify(ctx context.Context, game string, c *couple, r Result) ([]store.Record, error) {
	g, err := games.Lookup(game)
	if err != nil {
		return nil, err
	}
	proof, err := decodeProof(r.Proof)
	if err != nil {
		return nil, err
	}
	return store.CheckCouple(ctx, g, proof, c.pos, c.n, r.Outcome == Win, co.trusted(game))
}

// trusted gives the nimbers the coordinator checked before (or proved itself): those of the
// facts stream's checked batches, its cache's, then its store's.
func (co *Coordinator) trusted(game string) func(key string) (int, bool) {
	cache := co.cache(game)
	return func(key string) (int, bool) {
		if n, ok := co.checked.nimber(game, key); ok {
			return n, true
		}
		if f, ok := cache.Get(key); ok {
			if n, ok := f.Nimber(); ok {
				return n, true
			}
		}
		if co.st == nil {
			return 0, false
		}
		if f, ok, err := co.st.Get(game, key); ok && err == nil {
			return f.Nimber()
		}
		return 0, false
	}
}

// take puts the facts checked, proven by worker, into the coordinator's cache and store, and
// on the facts stream for the workers.
func (co *Coordinator) take(ctx context.Context, game, worker string, recs []store.Record) {
	if len(recs) == 0 {
		return
	}
	cache := co.cache(game)
	facts := make([]keyedFact, 0, len(recs))
	origin := store.Origin{Source: store.FromWorker, Name: worker}
	for _, r := range recs {
		co.checked.add(game, r.Key, r.Fact)
		have, _ := cache.Get(r.Key)
		if !have.Conflicts(r.Fact) {
			cache.Put(r.Key, have.Merge(r.Fact))
		}
		if co.st != nil {
			err := co.st.AddFrom(game, r.Key, r.Fact, origin)
			var ce *store.ConflictError
			switch {
			case errors.As(err, &ce): // a fact checked against a store's of before: the store is wrong
				co.merger.conflict(game, r.Key, ce.Have, ce.Got, fmt.Sprintf("worker %q, checked", worker))
			case err != nil:
				co.merger.logOnce.Do(func() { log.Printf("cluster: the store: %v (reported once)", err) })
			}
		}
		facts = append(facts, keyedFact{r.Key, r.Fact})
	}
	if _, err := publishFacts(ctx, co.c, subjectChecked, worker, game, facts); err != nil && ctx.Err() == nil {
		log.Printf("cluster: publishing the facts checked: %v", err)
	}
}
