package store

import (
	"context"
	"testing"

	"grundy/engine"
	"grundy/games"
)

// recorded is a cache that keeps every fact, for a test to read them all.
type recorded map[string]engine.Fact

func (r recorded) Get(key string) (engine.Fact, bool) { f, ok := r[key]; return f, ok }
func (r recorded) Put(key string, f engine.Fact)      { r[key] = f }

// solveWith solves cram pos with an empty cache and the claims, returning the nimber and
// the nodes searched.
func solveWith(t testing.TB, pos string, claims engine.Claims) (int, int64) {
	t.Helper()
	g, err := games.Lookup("cram")
	if err != nil {
		t.Fatal(err)
	}
	p, err := games.Parse(g, pos)
	if err != nil {
		t.Fatal(err)
	}
	opts := []engine.SolverOption{engine.WithCache(recorded{})}
	if claims != nil {
		opts = append(opts, engine.WithClaims(claims))
	}
	s := engine.NewSolver(opts...)
	n, err := s.Nimber(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return n, s.Stats().Nodes
}

// claimAll keeps every nimber of facts as a claim in s, changed by lie.
func claimAll(t testing.TB, s *Store, facts recorded, lie func(int) int) {
	t.Helper()
	for key, f := range facts {
		if n, ok := f.Nimber(); ok {
			c := Claim{Fact: nimber(lie(n)), Origin: Origin{Source: FromImport, Name: "told.spr"}, Line: 2}
			if _, err := s.addClaim("cram", key, c); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Claims order a search's options, never answer: true claims save nodes, false ones change
// no nimber.
func TestClaims_OrderNeverProve(t *testing.T) {
	const pos = "3x5"
	truth := recorded{}
	g, _ := games.Lookup("cram")
	p, _ := games.Parse(g, pos)
	want, err := engine.NewSolver(engine.WithCache(truth)).Nimber(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	_, plain := solveWith(t, pos, nil)

	honest := open(t, t.TempDir())
	defer honest.Close()
	claimAll(t, honest, truth, func(n int) int { return n })
	claims, err := honest.Claims("cram")
	if err != nil || claims == nil {
		t.Fatalf("Claims: %v, %v", claims, err)
	}
	got, told := solveWith(t, pos, claims)
	if got != want {
		t.Errorf("with true claims: nimber %d, want %d", got, want)
	}
	t.Logf("cram %s: %d nodes, %d with %d true claims", pos, plain, told, len(claims.(claimMap)))
	if told >= plain {
		t.Errorf("true claims: %d nodes, want fewer than %d", told, plain)
	}

	for name, lie := range map[string]func(int) int{
		"every nimber off by one": func(n int) int { return n ^ 1 },
		"every nimber 0":          func(int) int { return 0 },
	} {
		liar := open(t, t.TempDir())
		claimAll(t, liar, truth, lie)
		claims, err := liar.Claims("cram")
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := solveWith(t, pos, claims); got != want {
			t.Errorf("claims %s: nimber %d, want %d", name, got, want)
		}
		liar.Close()
	}
}

// BenchmarkClaims_Nodes reports the nodes of a search with no claims and with true ones.
func BenchmarkClaims_Nodes(b *testing.B) {
	for _, pos := range []string{"3x7", "4x5"} {
		truth := recorded{}
		g, _ := games.Lookup("cram")
		p, _ := games.Parse(g, pos)
		engine.NewSolver(engine.WithCache(truth)).Nimber(context.Background(), p)
		s, err := Open(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		claimAll(b, s, truth, func(n int) int { return n })
		claims, _ := s.Claims("cram")
		b.Run(pos+"/none", func(b *testing.B) {
			for range b.N {
				_, nodes := solveWith(b, pos, nil)
				b.ReportMetric(float64(nodes), "nodes")
			}
		})
		b.Run(pos+"/true", func(b *testing.B) {
			for range b.N {
				_, nodes := solveWith(b, pos, claims)
				b.ReportMetric(float64(nodes), "nodes")
			}
		})
		s.Close()
	}
}
