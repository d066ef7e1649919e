package store

import (
	"bytes"
	"context"

	"grundy/engine"
	"grundy/games"
)

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

// CertifyRecords checks recs as the file they would be written to is checked: written in
// Glop's format, read back (each position parsed again from its text) and derived by Certify.
// name names the database in messages.
func CertifyRecords(ctx context.Context, g games.Game, name string, recs []Record, p engine.Position, opts ...CertifyOption) (*Certificate, error) {
	var file bytes.Buffer
	if _, _, err := WriteGlop(&file, FormatGlop, recs); err != nil {
		return nil, err
	}
	db, err := ReadDatabase(&file, name, g)
	if err != nil {
		return nil, err
	}
	return Certify(ctx, g.Name(), db, p, opts...)
}
