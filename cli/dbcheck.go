package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"grundy/engine"
	"grundy/games"
	"grundy/internal/atomicfile"
	"grundy/internal/numfmt"
	"grundy/store"
)

func runDBCheck(ctx context.Context, env *Env, args []string) int {
	fs := flag.NewFlagSet("db check", flag.ContinueOnError)
	gameName := fs.String("game", "", "the game of the database and the position")
	small := fs.String("o", "", "write the couples the proof used here, in the file's format")
	treeOut := fs.String("tree", "", "write the proof here, a grundy-tree/1 that `grundy check` verifies")
	timeout := fs.Duration("timeout", 0, "stop after this long (e.g. 30s)")
	noTheory := fs.Bool("no-theory", false, "take every nimber from the file, none from the game's theory (Glop's check proper)")
	shrink := fs.Bool("shrink", false, "with -o: then leave the couples out one at a time, each the position is still derived without (minutes on a few hundred couples; a stop keeps the smallest so far)")
	smallest := fs.Bool("smallest", false, "with -o: the fewest of the file's couples that derive the same result, every choice weighed at once by a 0-1 program that COIN-OR CBC (the cbc command) solves; nimbers from the file alone; a stop keeps the smallest found, and --timeout ends the search only: the smallest found is then checked, however long that takes")
	from := fs.String("from", "", "with --smallest: start from this certificate of the same result, found before (its couples all in FILE): improve it, a part at a time, instead of starting from the plain check's")
	outcomeOnly := fs.Bool("outcome-only", false, "derive the outcome only: the file's line giving a position of one component a nimber other than 0 is not read, so the proof shows it winning from its options")
	pos, err := parseArgs(fs, args)
	switch {
	case err != nil:
	case len(pos) < 2:
		err = usagef("want FILE --game G POSITION")
	case *gameName == "":
		err = usagef("want --game G, the game of %s", quote(pos[0]))
	case *timeout < 0:
		err = usagef("--timeout %v: want 0 (none) or more", *timeout)
	case *shrink && *small == "":
		err = usagef("--shrink: want -o FILE, where the smaller certificate goes")
	case *smallest && *small == "":
		err = usagef("--smallest: want -o FILE, where the smallest certificate goes")
	case *from != "" && !*smallest:
		err = usagef("--from: want --smallest, which starts from it")
	}
	if err != nil {
		return dbFail(env, "check", err)
	}
	g, err := games.Lookup(*gameName)
	if err != nil {
		return dbFail(env, "check", err)
	}
	file, text := pos[0], strings.Join(pos[1:], " ")
	p, err := games.Parse(g, text)
	if err != nil {
		return dbFail(env, "check", err)
	}
	start := time.Now()
	signals := ctx // a --smallest run's stop proper: its timeout ends its search only
	ctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	var opts []store.CertifyOption
	if *noTheory || *smallest {
		opts = append(opts, store.DatabaseOnly())
	}
	certify := func(g games.Game, p engine.Position) (*store.Database, *store.Certificate, error) {
		db, err := readFor(file, g, p, *outcomeOnly)
		if err != nil {
			return nil, nil, err
		}
		cert, err := store.Certify(ctx, g.Name(), db, p, opts...)
		if err != nil {
			return nil, nil, fmt.Errorf("%s does not prove %s: %w", file, quote(text), err)
		}
		return db, cert, nil
	}
	db, cert, err := certify(g, p)
	first := false // the file holds positions split by the game's first rule
	if fg, ok := firstRule(g); ok && err != nil && ctx.Err() == nil {
		if fp, e := games.Parse(fg, text); e == nil {
			if fdb, fc, e := certify(fg, fp); e == nil {
				g, p, db, cert, err, first = fg, fp, fdb, fc, nil, true
			}
		}
	}
	if err != nil {
		return dbFail(env, "check", err)
	}
	printCertificate(env.Stdout, file, db, cert, time.Since(start))
	if first {
		fmt.Fprintf(env.Stdout, "%s: read with the positions split as the game first split them (a file written before %s's components were reduced)\n", file, g.Name())
	}
	what, code := "the proof used", exitOK
	if *smallest {
		used := len(cert.Used)
		said := used
		var deadline time.Time
		if *timeout > 0 {
			deadline = start.Add(*timeout)
		}
		var begin *store.Certificate
		if *from != "" {
			if begin, err = startFrom(ctx, g, *from, p, *outcomeOnly); err != nil {
				return dbFail(env, "check", err)
			}
			said = len(begin.Used)
			fmt.Fprintf(env.Stderr, "smallest: from %s's %s couples (%v)\n", *from, numfmt.Grouped(int64(said)), time.Since(start).Round(time.Second))
		}
		best, err := store.Smallest(signals, g, db, p, cert, begin, store.CBC{
			Progress: func(n int, _ time.Duration) {
				if n < said { // each of the solver's runs says its sets from the largest
					said = n
					fmt.Fprintf(env.Stderr, "smallest: a certificate of %s couples (%v)\n", numfmt.Grouped(int64(n)), time.Since(start).Round(time.Second))
				}
			},
			Bound: func(lower float64) {
				fmt.Fprintf(env.Stderr, "smallest: none has fewer than %s couples (the relaxation's bound, %v)\n", numfmt.Grouped(int64(math.Ceil(lower-1e-6))), time.Since(start).Round(time.Second))
			},
		}, deadline)
		switch {
		case best == nil:
			return dbFail(env, "check", err)
		case err != nil:
			code = exitTimeout
			what = fmt.Sprintf("of the smallest certificate found, of the %s the proof used (stopped before it was shown the smallest: %v)", numfmt.Grouped(int64(used)), err)
		default:
			what = fmt.Sprintf("of the smallest certificate the file holds, of the %s the proof used", numfmt.Grouped(int64(used)))
		}
		cert = best
	}
	if *shrink {
		var err error
		used := len(cert.Used)
		if cert, err = store.Shrink(ctx, g.Name(), db.Name, db.Format, p, cert, opts...); err != nil {
			code = exitTimeout
		}
		what = fmt.Sprintf("left of the %s after leaving out those the proof does without", numfmt.Grouped(int64(used)))
		if code == exitTimeout {
			what += " (stopped: some may still be left out)"
		}
	}
	if err := writeCertificate(cert, db.Format, *small, *treeOut); err != nil {
		return dbFail(env, "check", err)
	}
	if *small != "" {
		fmt.Fprintf(env.Stdout, "%s: the %s couples %s (%s)%s\n", *small, numfmt.Grouped(int64(len(cert.Used))), what, db.Format, theoryNote(cert, ", %s of them from the game's theory"))
	}
	if *treeOut != "" {
		fmt.Fprintf(env.Stdout, "%s: the proof, %s nodes (grundy check verifies it)\n", *treeOut, numfmt.Grouped(int64(len(cert.Tree.Nodes))))
	}
	return code
}

// startFrom is the certificate of p that file, a smaller one found before, gives.
func startFrom(ctx context.Context, g games.Game, file string, p engine.Position, outcomeOnly bool) (*store.Certificate, error) {
	db, err := readFor(file, g, p, outcomeOnly)
	if err != nil {
		return nil, err
	}
	cert, err := store.Certify(ctx, g.Name(), db, p, store.DatabaseOnly())
	if err != nil {
		return nil, fmt.Errorf("--from %s does not prove %s: %w", file, engine.Quote(p.String()), err)
	}
	return cert, nil
}

// readFor reads file, a database of g, for the check of p: with --outcome-only, without p's
// own line (withoutComponents).
func readFor(file string, g games.Game, p engine.Position, outcomeOnly bool) (*store.Database, error) {
	db, err := readDatabase(file, g)
	if err != nil || !outcomeOnly {
		return db, err
	}
	return withoutComponents(db, p), nil
}

// withoutComponents leaves out of db the line of p, a position of one component, when it
// gives p a nimber other than 0: the check then derives p's outcome from its options (a
// winning couple (p, 0)), not its nimber. A losing p's line is its outcome, and is kept.
func withoutComponents(db *store.Database, p engine.Position) *store.Database {
	comps := engine.Exactly(p).Split()
	if len(comps) != 1 {
		return db
	}
	out := *db
	out.Records = nil
	for _, r := range db.Records {
		if n, ok := r.Fact.Nimber(); r.Key != comps[0].Key() || (ok && n == 0) {
			out.Records = append(out.Records, r)
		}
	}
	return &out
}

func printCertificate(w io.Writer, file string, db *store.Database, cert *store.Certificate, took time.Duration) {
	outcome := "a second-player win (L)"
	if cert.Win {
		outcome = "a first-player win (W)"
	}
	what := fmt.Sprintf("nimber(%s) = %d, %s", engine.Quote(cert.Position), cert.Nimber, outcome)
	if !cert.HasNimber {
		what = fmt.Sprintf("%s is %s (the file lacks the nimber of a component, so no nimber)", engine.Quote(cert.Position), outcome)
	}
	fmt.Fprintf(w, "ok: %s: %s, from %s of its %s couples%s (%v)\n", file, what,
		numfmt.Grouped(int64(len(cert.Used)-cert.Theory)), numfmt.Grouped(int64(len(db.Records))), theoryNote(cert, " and %s from the game's theory"), took.Round(time.Millisecond))
}

// theoryNote says, in format, how many couples of the proof the game's theory gave, when it
// gave some.
func theoryNote(cert *store.Certificate, format string) string {
	if cert.Theory == 0 {
		return ""
	}
	return fmt.Sprintf(format, numfmt.Grouped(int64(cert.Theory)))
}

// writeCertificate writes the couples used and the proof, each atomically, when asked.
func writeCertificate(cert *store.Certificate, format, small, treeOut string) error {
	if small != "" {
		err := atomicfile.Write(small, func(w io.Writer) error {
			if format == store.FormatJSONL {
				return store.WriteJSONL(w, cert.Used)
			}
			_, _, err := store.WriteGlop(w, format, cert.Used)
			return err
		})
		if err != nil {
			return err
		}
	}
	if treeOut != "" {
		return atomicfile.Write(treeOut, func(w io.Writer) error { return engine.WriteTree(w, cert.Tree) })
	}
	return nil
}

// firstRule returns g reading its positions split by its first rule, "", when g's way of
// splitting positions has changed since (games.RuleParser: Cram, whose components are now
// reduced): a certificate written before holds positions split that way.
func firstRule(g games.Game) (games.Game, bool) {
	if _, ok := g.(games.RuleParser); !ok {
		return nil, false
	}
	return ruleGame{g}, true
}

// A ruleGame is a game (a games.RuleParser) whose positions are read split by its first rule.
type ruleGame struct{ games.Game }

func (r ruleGame) Parse(s string) (engine.Position, error) {
	return r.Game.(games.RuleParser).ParseRule("", s)
}
