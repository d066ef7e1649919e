package store

import (
	"context"
	"errors"
	"fmt"

	"grundy/engine"
	"grundy/games"
)

// A verifier derives the facts of one game of an import again from the rules, as Certify
// does: a nimber n of P holds when (P, n) is shown losing, a value n proven ≠ when (P, n)
// is shown winning, from the nimbers of the import's other facts, of the store's facts
// proven, and of the game's theory. Each fact used is derived in turn (the check's memory
// keeps what it proved: each couple is derived once for the whole import).
type verifier struct {
	game string
	g    games.Game
	err  error // the game is not known here
	c    *certifier
}

// newVerifier returns the verifier of game's facts staged in st.
func (s *Store) newVerifier(ctx context.Context, st *stage, game string) *verifier {
	v := &verifier{game: game}
	v.g, v.err = games.Lookup(game)
	v.c = newCertifier(ctx, game)
	v.c.lookup = func(key string) (int, bool) {
		if val, err := st.get(keyOf(game, key)); err != nil {
			return 0, false
		} else if val != nil {
			sv, err := decodeStaged(val)
			if n, ok := sv.fact.Nimber(); err == nil && sv.clashLine == 0 && ok {
				return n, true
			}
		}
		f, ok, err := s.Get(game, key)
		if !ok || err != nil {
			return 0, false
		}
		return f.Nimber()
	}
	return v
}

// holds derives the fact f of the position pos (its notation; key its key) again, or says
// why it does not hold.
func (v *verifier) holds(pos, key string, f engine.Fact) error {
	if v.err != nil {
		return v.err
	}
	if pos == "" {
		return errors.New("the file gives its key only, no position to derive it from")
	}
	p, err := games.Parse(v.g, pos)
	if err != nil {
		return err
	}
	p = engine.Exactly(p)
	if comps := p.Split(); len(comps) != 1 || comps[0].Key() != key {
		return fmt.Errorf("position %s is not the one of its key", engine.Quote(pos))
	}
	if n, ok := f.Nimber(); ok {
		_, err := v.c.lose(p, n)
		return err
	}
	for _, n := range excludedValues(f) {
		if _, err := v.c.win(p, n); err != nil {
			return err
		}
	}
	return nil
}

// CheckCouple derives the couple (p, n) again from the rules, losing or winning as win says,
// from the losing couples of proof (its certificate: positions in the game's notation, each
// with its nimber) and the nimbers trusted gives (nil: none), facts checked before, which it
// takes as they are. It returns the couples of proof that the derivation showed losing,
// each with its exact key, and those only: a couple of proof that it did not need is not
// checked. A certificate that does not derive (p, n), a line of it that is no position of
// g's, is an error naming the couple or the line.
func CheckCouple(ctx context.Context, g games.Game, proof []Record, p engine.Position, n int, win bool, trusted func(key string) (int, bool)) ([]Record, error) {
	c := newCertifier(ctx, g.Name())
	c.trusted = trusted
	recs := make([]Record, 0, len(proof))
	for i, r := range proof {
		rec, empty, err := component(g, r.Position, r.Fact)
		switch {
		case err != nil:
			return nil, fmt.Errorf("the proof's couple %d: %w", i+1, err)
		case empty:
			continue
		}
		m, _ := rec.Fact.Nimber()
		if have, ok := c.nimbers[rec.Key]; ok && have != m {
			return nil, fmt.Errorf("the proof gives %s nimbers %d and %d", engine.Quote(rec.Position), have, m)
		}
		c.nimbers[rec.Key] = m
		recs = append(recs, rec)
	}
	p = engine.Exactly(p)
	var err error
	if win {
		_, err = c.win(p, n)
	} else {
		_, err = c.lose(p, n)
	}
	if err != nil {
		return nil, err
	}
	used := recs[:0]
	for _, r := range recs {
		m, _ := r.Fact.Nimber()
		if i, ok := c.ids[coupleID{r.Key, m}]; ok && c.nodes[i].Losing() {
			used = append(used, r)
		}
	}
	return used, nil
}
