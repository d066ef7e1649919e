package job

import (
	"context"
	"math/rand/v2"
	"testing"

	"grundy/engine"
	"grundy/games"
)

// df-pn answers what the couples search answers, and its tree, recorded by df-pn, is a
// proof of it.
func TestRun_DFPN(t *testing.T) {
	for _, c := range []struct{ game, pos, want string }{
		{"cram", "3x4", "1"},
		{"cram", "3x3 + 2x5", "1"},
		{"sprouts", "0*5", ""},
		{"sprouts", "0*7", ""},
		{"kayles", "7 9", ""},
		{"nim", "3 5 6", "0"},
	} {
		want := c.want
		if want == "" {
			want = solveWith(t, c.game, c.pos, Couples)
		}
		req := request(t, c.game, c.pos, Nimber)
		req.Algo, req.Tree = DFPN, TreeAfter
		res := runner(t, c.game).Run(context.Background(), req, nil)
		if res.Err != nil || res.Stopped {
			t.Fatalf("%s %s: err %v, stopped %v", c.game, c.pos, res.Err, res.Stopped)
		}
		if got := res.Answer.NimberText(); got != want {
			t.Errorf("%s %s by dfpn: %s, want %s (couples)", c.game, c.pos, got, want)
		}
		if res.Tree == nil {
			t.Fatalf("%s %s: no tree (%s)", c.game, c.pos, res.NoTree)
		}
		checkTree(t, res.Tree)
	}
}

// solveWith is the nimber of pos by algo, on a runner of its own.
func solveWith(t *testing.T, game, pos string, algo Algo) string {
	t.Helper()
	req := request(t, game, pos, Nimber)
	req.Algo = algo
	res := runner(t, game).Run(context.Background(), req, nil)
	if res.Err != nil || res.Stopped {
		t.Fatalf("%s %s by %s: err %v, stopped %v", game, pos, algo, res.Err, res.Stopped)
	}
	return res.Answer.NimberText()
}

// df-pn's nimbers equal the couples search's on positions reached by random play, sums of
// several lands or boards among them; under -short (the race detector's run), half of them.
func TestRun_DFPNRandomPlay(t *testing.T) {
	plays := 4
	if testing.Short() {
		plays = 2
	}
	starts := map[string][]string{
		"sprouts": {"0*5", "0*6", "0*7", "0*2.AB|0*2.AB"},
		"cram":    {"3x5", "4x4", "2x3 + 3x4"},
		"kayles":  {"13", "8 11"},
		"nim":     {"4 6 9"},
	}
	positions := 0
	for game, list := range starts {
		g, err := games.Lookup(game)
		if err != nil {
			t.Fatal(err)
		}
		for i, text := range list {
			r := rand.New(rand.NewPCG(uint64(i), 41))
			for range plays {
				p, err := games.Parse(g, text)
				if err != nil {
					t.Fatal(err)
				}
				p = randomPlay(r, p, r.IntN(4))
				want := solveWith(t, game, p.String(), Couples)
				if got := solveWith(t, game, p.String(), DFPN); got != want {
					t.Fatalf("%s %q (from %s): dfpn %s, couples %s", game, p, text, got, want)
				}
				positions++
			}
		}
	}
	if positions < 30*plays/4 {
		t.Errorf("%d positions compared, want %d or more", positions, 30*plays/4)
	}
}

// randomPlay plays up to moves random moves from p.
func randomPlay(r *rand.Rand, p engine.Position, moves int) engine.Position {
	for range moves {
		var opts []engine.Position
		for o := range p.Options() {
			opts = append(opts, o)
		}
		if len(opts) == 0 {
			break
		}
		p = opts[r.IntN(len(opts))]
	}
	return p
}

// With a budget of 1 MB, the proof-number search's DAG does not fit: it prunes it again and
// again, and answers right or stops when a pruning finds nothing proven since the last (the
// workers' order decides which); df-pn, whose table is cut down again and again, finishes
// with the couples search's nimber.
func TestRun_DFPNTinyBudget(t *testing.T) {
	const game, pos = "sprouts", "0*9"
	want := solveWith(t, game, pos, Couples)
	tiny := func(algo Algo) Result {
		r, err := NewRunner(game, Config{CacheMB: 1})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		req := request(t, game, pos, Nimber)
		req.Algo = algo
		return r.Run(context.Background(), req, nil)
	}
	if res := tiny(PNS); res.Err != nil || !res.Stopped && res.Answer.NimberText() != want {
		t.Fatalf("pns within 1 MB: %s (err %v, stopped %v, %s), want %s", res.Answer.NimberText(), res.Err, res.Stopped, res.Why, want)
	}
	res := tiny(DFPN)
	if res.Err != nil || res.Stopped || res.Answer.NimberText() != want {
		t.Fatalf("dfpn within 1 MB: %s (err %v, stopped %v, %s), want %s", res.Answer.NimberText(), res.Err, res.Stopped, res.Why, want)
	}
}
