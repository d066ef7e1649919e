package engine

import (
	"context"
	"fmt"
)

// The conventions a Tree may prove under (its Convention field). A tree without the field
// is a normal-play one: every file written before misère trees existed.
const (
	Normal = ""       // normal play: who cannot move loses
	Misere = "misere" // misère play: who cannot move wins
)

// A misereProof is one whole position proven under misère play: a win with the key of its
// losing option (none when it has no move at all), a loss with the keys of all its options.
type misereProof struct {
	pos  Position
	win  bool
	kids []string
}

// A misereRecorder keeps every position a misère search proves, with its proof, so that the
// tree can be read out after the search whatever the cache forgot.
type misereRecorder struct {
	facts  map[string]Fact
	proofs map[string]*misereProof
	bytes  int64 // estimated memory kept: the search stops past the solver's tree budget
}

func (r *misereRecorder) add(key string, pr *misereProof) {
	if _, ok := r.proofs[key]; ok {
		return
	}
	r.proofs[key] = pr
	r.facts[key] = misereFact(pr.win)
	r.bytes += proofBytes + factBytes + recordPosBytes + int64(2*len(key))
	for _, k := range pr.kids {
		r.bytes += kidBytes + int64(len(k))
	}
}

// ProveMisere finds the misère outcome of p and records its solution tree: each position that
// is a win with one losing option, each loss with all its options, down to positions with no
// move, which are wins. It reads no cache and no theory (it writes what it proves to the
// cache), so that the tree holds a proof of everything it uses; Check verifies it.
func (s *Solver) ProveMisere(ctx context.Context, game string, p Position) (*Tree, error) {
	p = Exactly(p) // a tree's nodes are exact positions, as in prove
	rec := &misereRecorder{facts: map[string]Fact{}, proofs: map[string]*misereProof{}}
	m := &misereSearch{s: s, rec: rec, memo: map[string][]compOption{}}
	s.begin(ctx)
	parts := sortParts(partsOf(p.Split()))
	root := MisereKeyPrefix + sumKey(parts)
	m.outcome(p, parts, root)
	var t *Tree
	var err error
	if s.err == nil {
		t, err = rec.tree(game, root, s.stopped)
	}
	if stopErr := s.end(); stopErr != nil {
		return nil, stopErr
	}
	return t, err
}

// tree reads the proof of root out of the recorder, numbering nodes breadth first. stop is
// looked at now and then: a stop gives no tree (the caller's error says why).
func (r *misereRecorder) tree(game, root string, stop func() bool) (*Tree, error) {
	var keys []string
	var at []Position
	halted := func(i int) bool { return i%1024 == 0 && stop() }
	nodes, stopped, err := readOut(root, func(key string) (Node, []string, error) {
		pr, ok := r.proofs[key]
		if !ok {
			return Node{}, nil, fmt.Errorf("engine: no misère proof recorded for %q", key)
		}
		keys, at = append(keys, key), append(at, pr.pos)
		return Node{Result: result(pr.win)}, pr.kids, nil
	}, halted)
	if err == nil && !stopped {
		stopped = asReached(nodes, keys, at, MisereKey, MisereKey, halted) // each node as its parent's move reaches it
	}
	if err != nil || stopped {
		return nil, err
	}
	return &Tree{Format: TreeFormat, Convention: Misere, Game: game, Nodes: nodes}, nil
}
