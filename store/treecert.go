package store

import "grundy/engine"

// TreeRecords returns the losing couples of components of a normal-play tree as records of
// a database, positions in the game's notation: the certificate of the tree's root, from
// which Certify (`grundy db check`, and Glop's check) derives the root's value again with
// the rules alone. A position has one nimber, so no two records name one position; a
// position with no move needs no record (its nimber is 0 by the rules).
func TreeRecords(t *engine.Tree) []Record {
	var recs []Record
	seen := map[string]bool{}
	for i := range t.Nodes {
		n := &t.Nodes[i]
		if !n.Losing() || n.Kind != engine.KindCouple || len(n.Children) == 0 || seen[n.Position] {
			continue
		}
		seen[n.Position] = true
		recs = append(recs, Record{Game: t.Game, Position: n.Position, Fact: engine.Fact{}.WithNimber(n.N)})
	}
	return recs
}
