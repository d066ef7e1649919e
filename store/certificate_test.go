package store

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"grundy/engine"
	"grundy/games"
)

// solvedDatabase solves pos with the engine and returns the losing couples of components in
// its solution tree, as a database of Glop would hold them.
func solvedDatabase(t *testing.T, g games.Game, pos string) (*Database, engine.Position) {
	t.Helper()
	p, err := games.Parse(g, pos)
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewSolver(engine.WithCache(engine.NewMapCache()))
	tree, err := s.ProveNimber(context.Background(), g.Name(), p)
	if err != nil {
		t.Fatal(err)
	}
	db := &Database{Name: "tree of " + pos, Format: FormatGlop}
	seen := map[string]bool{}
	for _, nd := range tree.Nodes {
		if !nd.Losing() || nd.Kind != engine.KindCouple {
			continue
		}
		q, err := games.Parse(g, nd.Position)
		if err != nil {
			t.Fatal(err)
		}
		comps := q.Split()
		if len(comps) != 1 || seen[comps[0].Key()] {
			continue
		}
		seen[comps[0].Key()] = true
		db.Records = append(db.Records, Record{Game: g.Name(), Key: comps[0].Key(), Position: comps[0].String(), Fact: engine.Fact{}.WithNimber(nd.N)})
	}
	return db, p
}

// certify runs Certify and checks its tree with the engine's checker.
func certifyChecked(t *testing.T, g games.Game, db *Database, p engine.Position, opts ...CertifyOption) (*Certificate, error) {
	t.Helper()
	cert, err := Certify(context.Background(), g.Name(), db, p, opts...)
	if err != nil {
		return nil, err
	}
	parse := func(s string) (engine.Position, error) { return games.Parse(g, s) }
	if err := engine.Check(context.Background(), cert.Tree, parse); err != nil {
		t.Fatalf("the certificate's tree does not check: %v", err)
	}
	return cert, nil
}

// componentCouples counts the losing couples of components (not the empty position) in t.
func componentCouples(t *testing.T, g games.Game, tree *engine.Tree) int {
	n := 0
	for _, nd := range tree.Nodes {
		if nd.Losing() && nd.Kind == engine.KindCouple {
			q, err := games.Parse(g, nd.Position)
			if err != nil {
				t.Fatal(err)
			}
			if len(q.Split()) == 1 {
				n++
			}
		}
	}
	return n
}

func dropKey(db *Database, key string) *Database {
	out := &Database{Name: db.Name, Format: db.Format}
	for _, r := range db.Records {
		if r.Key != key {
			out.Records = append(out.Records, r)
		}
	}
	return out
}

// The nimbers of 0*5 and 0*6 (1 and 0, published) follow from the losing couples of the
// engine's trees alone; the couples used suffice on their own; and removing any one of them
// either leaves a proof that does without it, or fails naming it.
func TestCertify_Sprouts(t *testing.T) {
	g := lookupGame(t, "sprouts")
	for _, tt := range []struct {
		pos    string
		nimber int
	}{{"0*2", 0}, {"0*5", 1}, {"0*6", 0}} {
		t.Run(tt.pos, func(t *testing.T) {
			db, p := solvedDatabase(t, g, tt.pos)
			cert, err := certifyChecked(t, g, db, p)
			if err != nil {
				t.Fatalf("Certify: %v", err)
			}
			if !cert.HasNimber || cert.Nimber != tt.nimber || cert.Win != (tt.nimber != 0) {
				t.Fatalf("Certify = nimber %d (known %v), want %d", cert.Nimber, cert.HasNimber, tt.nimber)
			}
			if len(cert.Used) == 0 || len(cert.Used) > len(db.Records) || len(cert.Used) != componentCouples(t, g, cert.Tree) {
				t.Errorf("%d couples used of %d, tree of %d losing couples of components", len(cert.Used), len(db.Records), componentCouples(t, g, cert.Tree))
			}
			small := &Database{Records: cert.Used}
			if again, err := certifyChecked(t, g, small, p); err != nil || again.Nimber != tt.nimber || len(again.Used) != len(cert.Used) {
				t.Fatalf("the smallest database alone: %v", err)
			}
			// A check that fails names the couple it could not derive; when that is a winning
			// couple with no option shown losing, the error lists the components whose lack
			// kept an option from being losing. The line removed is among them unless the
			// check first tried another option, the database's proof of which failed deeper.
			failed, named := 0, 0
			for _, r := range cert.Used {
				_, err := certifyChecked(t, g, dropKey(small, r.Key), p)
				if err == nil {
					continue
				}
				failed++
				var ce *CertifyError
				if !errors.As(err, &ce) {
					t.Fatalf("without %q: error %v, want a CertifyError", r.Position, err)
				}
				if ce.Position == r.Position || slices.Contains(ce.Lacking, r.Position) {
					named++
				}
			}
			if failed == 0 || named < failed*3/4 {
				t.Errorf("%d couples needed, %d named by the error: want some, most named", failed, named)
			}
			t.Logf("%s: %d couples in the tree's database, %d used, %d of them each needed, %d named by the error", tt.pos, len(db.Records), len(cert.Used), failed, named)
		})
	}
}

// A database giving a wrong nimber fails the check, naming the couple shown wrong.
func TestCertify_WrongNimber(t *testing.T) {
	g := lookupGame(t, "sprouts")
	db := readTestdata(t, "sprouts-2spots.spr", g)
	p, _ := games.Parse(g, "0*2")
	if cert, err := certifyChecked(t, g, db, p); err != nil || cert.Nimber != 0 {
		t.Fatalf("the worked 2-spot game: %v", err)
	}
	for i := range db.Records {
		if db.Records[i].Key == "0.AB|AB" {
			db.Records[i].Fact = engine.Fact{}.WithNimber(0) // it is 2
		}
	}
	_, err := certifyChecked(t, g, db, p)
	var ce *CertifyError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), `couple ("0.AB|AB", 0): the database gives nimber 0: the couple is losing, not winning`) {
		t.Fatalf("error %v, want a CertifyError naming (0.AB|AB, 0)", err)
	}
}

// Without the nimber of the position, the check proves its outcome when an option of nimber
// 0 is in the database, and fails naming the position when none is.
func TestCertify_OutcomeOnly(t *testing.T) {
	g := lookupGame(t, "sprouts")
	db := readTestdata(t, "sprouts-2spots.spr", g)
	p, _ := games.Parse(g, "1a2a") // nimber 1: 12 [0] is a losing option
	cert, err := certifyChecked(t, g, dropKey(db, "1a2a"), p)
	if err != nil || cert.HasNimber || !cert.Win {
		t.Fatalf("Certify(1a2a) = %+v, %v; want winning, no nimber", cert, err)
	}
	p, _ = games.Parse(g, "0*2") // nimber 0: no option is losing
	_, err = certifyChecked(t, g, dropKey(db, "0*2"), p)
	if err == nil || !strings.Contains(err.Error(), `couple ("0*2", 0): no option of it is a losing couple`) {
		t.Errorf("Certify(0*2) error %v, want it to name (0*2, 0)", err)
	}
}

// A sum: the nimbers of its lands from the database, XORed.
func TestCertify_Sum(t *testing.T) {
	g := lookupGame(t, "sprouts")
	db, _ := solvedDatabase(t, g, "1a1a")
	more, _ := solvedDatabase(t, g, "1a2a")
	db.Records = append(db.Records, more.Records...)
	p, _ := games.Parse(g, "1a1a + 1a2a") // 2 ⊕ 1
	cert, err := certifyChecked(t, g, db, p)
	if err != nil || !cert.HasNimber || cert.Nimber != 3 {
		t.Fatalf("Certify = %+v, %v; want nimber 3", cert, err)
	}
	if root := cert.Tree.Nodes[cert.Tree.Root]; root.Kind != engine.KindSum || root.N != 3 || !root.Losing() {
		t.Errorf("root %+v, want the sum's losing couple at 3", root)
	}
	p, _ = games.Parse(g, "0*3 + 0*4") // neither is in the database
	_, err = certifyChecked(t, g, db, p)
	if err == nil || !strings.Contains(err.Error(), `has the nimber of neither "0*3" nor "0*4"`) {
		t.Fatalf("error %v, want it to name 0*3 and 0*4", err)
	}
}

// Cram (keys are bytes, positions split into parts) and Kayles, from their engines' trees;
// each couple of the smallest database is needed by Glop's check proper (DatabaseOnly: the
// theory gives every Kayles heap).
func TestCertify_OtherGames(t *testing.T) {
	for _, tt := range []struct{ game, pos string }{{"cram", "3x4"}, {"cram", "4x4"}, {"kayles", "9 4"}} {
		t.Run(tt.game+" "+tt.pos, func(t *testing.T) {
			g := lookupGame(t, tt.game)
			db, p := solvedDatabase(t, g, tt.pos)
			want, err := engine.NewSolver(engine.WithCache(engine.NewMapCache())).Nimber(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			cert, err := certifyChecked(t, g, db, p)
			if err != nil || !cert.HasNimber || cert.Nimber != want {
				t.Fatalf("Certify = %+v, %v; want nimber %d", cert, err, want)
			}
			failed := 0
			for _, r := range cert.Used {
				if _, err := certifyChecked(t, g, dropKey(&Database{Records: cert.Used}, r.Key), p, DatabaseOnly()); err != nil {
					failed++
				}
			}
			if failed == 0 {
				t.Error("no couple of the smallest database was needed")
			}
			keys := make([]string, len(cert.Used))
			for i, r := range cert.Used {
				keys[i] = r.Key
			}
			if !slices.IsSorted(keys) {
				t.Error("Used is not sorted by key")
			}
		})
	}
}

// A stopped context stops the check.
func TestCertify_Stops(t *testing.T) {
	g := lookupGame(t, "sprouts")
	db, p := solvedDatabase(t, g, "0*6")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Certify(ctx, "sprouts", db, p); !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}

// Whatever a database claims, what Certify accepts is true: on databases of the engine's
// tree of 0*4 with nimbers changed and lines dropped at random (seeded), every certificate
// given has a tree the engine's checker accepts and the nimber the engine finds.
func TestCertify_Sound(t *testing.T) {
	g := lookupGame(t, "sprouts")
	base, p := solvedDatabase(t, g, "0*4")
	truth := map[string]int{}
	for _, r := range base.Records {
		truth[r.Key], _ = r.Fact.Nimber()
	}
	const seed = 13
	rng := rand.New(rand.NewPCG(seed, seed))
	accepted, refused := 0, 0
	for trial := range 100 {
		db := &Database{}
		for _, r := range base.Records {
			switch rng.IntN(60) {
			case 0: // dropped
				continue
			case 1: // a wrong nimber, or by chance the right one
				r.Fact = engine.Fact{}.WithNimber(rng.IntN(4))
			}
			db.Records = append(db.Records, r)
		}
		cert, err := Certify(context.Background(), "sprouts", db, p)
		if err != nil {
			refused++
			continue
		}
		accepted++
		parse := func(s string) (engine.Position, error) { return games.Parse(g, s) }
		if err := engine.Check(context.Background(), cert.Tree, parse); err != nil {
			t.Fatalf("seed %d trial %d: the certificate's tree does not check: %v", seed, trial, err)
		}
		if cert.HasNimber && cert.Nimber != truth[p.Key()] || cert.Win != (truth[p.Key()] != 0) {
			t.Fatalf("seed %d trial %d: certified nimber %d (known %v, win %v), the engine says %d", seed, trial, cert.Nimber, cert.HasNimber, cert.Win, truth[p.Key()])
		}
		for _, r := range cert.Used {
			if n, _ := r.Fact.Nimber(); n != truth[r.Key] {
				t.Fatalf("seed %d trial %d: used %s = %d, the engine says %d", seed, trial, r.Position, n, truth[r.Key])
			}
		}
	}
	if accepted == 0 || refused == 0 {
		t.Errorf("%d accepted, %d refused: want both", accepted, refused)
	}
	t.Logf("seed %d: %d databases certified 0*4, %d refused", seed, accepted, refused)
}

// A store keeps the nimbers the search took from the game's theory, but nothing of their
// options: solving a Cram board whose free cells are a path of 12 (Dawson's Kayles: 2)
// leaves that one fact. The check derives it as the search did, from the theory, and its
// proof from the rules: Used then holds the couples the theory gave, and certifies the board
// alone, with no theory; without the theory the one fact proves nothing.
func TestCertify_Theory(t *testing.T) {
	g := lookupGame(t, "cram")
	p, err := games.Parse(g, "...../.###./.###./...##")
	if err != nil {
		t.Fatal(err)
	}
	db := &Database{Records: []Record{{Game: "cram", Key: p.Key(), Position: p.String(), Fact: engine.Fact{}.WithNimber(2)}}}
	cert, err := certifyChecked(t, g, db, p)
	if err != nil || !cert.HasNimber || cert.Nimber != 2 {
		t.Fatalf("Certify = %+v, %v; want nimber 2", cert, err)
	}
	if cert.Theory == 0 || cert.Theory != len(cert.Used)-1 {
		t.Errorf("%d couples used, %d from the theory; want all but the database's one", len(cert.Used), cert.Theory)
	}
	if again, err := certifyChecked(t, g, &Database{Records: cert.Used}, p, DatabaseOnly()); err != nil || again.Nimber != 2 || again.Theory != 0 {
		t.Fatalf("the couples used, without the theory: %+v, %v", again, err)
	}
	_, err = certifyChecked(t, g, db, p, DatabaseOnly())
	var ce *CertifyError
	if !errors.As(err, &ce) || ce.N != 2 {
		t.Fatalf("without the theory: error %v, want a CertifyError naming a couple with heap 2", err)
	}
	wrong := &Database{Records: []Record{{Game: "cram", Key: p.Key(), Position: p.String(), Fact: engine.Fact{}.WithNimber(3)}}}
	if _, err := certifyChecked(t, g, wrong, p); !errors.As(err, &ce) {
		t.Errorf("a database giving 3 against the theory's 2: error %v, want a CertifyError", err)
	}
}

// Equal components cancel in pairs (P + P = 0), as the search plays them: a sum of pairs is
// certified with no nimber of them (Kayles: a heap wins by the mirror), and each tree written
// passes the engine's checker (the sum node leaving the pairs out); a database claiming a
// couple losing whose option is a sum of pairs, nimber 0 as it, fails naming that option.
func TestCertify_MirrorPairs(t *testing.T) {
	g := lookupGame(t, "kayles")
	empty := &Database{Name: "empty", Format: FormatGlop}
	p, _ := games.Parse(g, "5 5")
	cert, err := certifyChecked(t, g, empty, p, DatabaseOnly())
	if err != nil || !cert.HasNimber || cert.Nimber != 0 || len(cert.Used) != 0 {
		t.Fatalf("Certify(5 5) from no couple = %+v, %v; want nimber 0", cert, err)
	}
	if root := cert.Tree.Nodes[cert.Tree.Root]; root.Kind != engine.KindSum || !root.Losing() || len(root.Children) != 0 {
		t.Errorf("root of 5 + 5: %+v, want a losing sum with no child", root)
	}
	db, _ := solvedDatabase(t, g, "5") // nimber 4, and its option 2 + 2 has 0
	p, _ = games.Parse(g, "3 5 3 3")
	cert, err = certifyChecked(t, g, db, p, DatabaseOnly())
	if err != nil || cert.Nimber != 4^3 {
		t.Fatalf("Certify(3 5 3 3) = %+v, %v; want nimber 7", cert, err)
	}
	if root := cert.Tree.Nodes[cert.Tree.Root]; len(root.Children) != 2 {
		t.Errorf("root of 3 + 5 + 3 + 3 has %d children, want 2 (5 and one 3)", len(root.Children))
	}
	pairs := 0
	for _, nd := range cert.Tree.Nodes {
		if nd.Kind == engine.KindSum && len(nd.Children) == 0 && !nd.Losing() {
			pairs++
		}
	}
	if pairs == 0 {
		t.Error("no winning sum of pairs (2 + 2, 4) in the tree of 5")
	}
	p, _ = games.Parse(g, "9 9 7") // 7 wins by the mirror: 3 + 3 is a losing option
	cert, err = certifyChecked(t, g, empty, p, DatabaseOnly())
	if err != nil || cert.HasNimber || !cert.Win || len(cert.Used) != 0 {
		t.Fatalf("Certify(9 9 7) from no couple = %+v, %v; want it winning, no nimber", cert, err)
	}
	if root := cert.Tree.Nodes[cert.Tree.Root]; len(root.Children) != 1 || cert.Tree.Nodes[root.Children[0]].Position != "7" {
		t.Errorf("root of 9 + 9 + 7: %+v, want one child, (7, 0)", root)
	}
	for i := range db.Records {
		if db.Records[i].Position == "5" {
			db.Records[i].Fact = engine.Fact{}.WithNimber(0) // it is 4
		}
	}
	p, _ = games.Parse(g, "5")
	_, err = certifyChecked(t, g, db, p, DatabaseOnly())
	if err == nil || !strings.Contains(err.Error(), `couple ("2 2", 0): its components cancel in pairs (P + P = 0), so the couple is losing, not winning`) {
		t.Errorf("Certify(5) claimed 0: error %v, want it to name (2 2, 0)", err)
	}
}
