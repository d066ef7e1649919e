package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"grundy/engine"
	"grundy/games"
	"grundy/internal/atomicfile"
	"grundy/job"
	"grundy/store"
	"grundy/viz/export"
)

var cmdTree = &Command{
	Name:      "tree",
	UsageLine: "tree GAME POSITION -o FILE [--algo A] [--outcome-only] [--minimize D|Nx [--seed S]] [--certificate FILE] [--misere [--forms]] [--timeout D] [--progress] [--cache-mb N] [--dpi N] [--depth D] [--width PT] [--workers N] [--db PATH | --no-db]",
	Short:     "save the solution tree (.json, .svg, .pdf, .png, .tex), or its certificate alone",
	Run:       runTree,
}

// A treeWriter writes a tree in one file format; pictures take the export options.
type treeWriter func(w io.Writer, t *engine.Tree, opts ...export.Option) error

// treeWriters are the file formats `tree` writes, by extension: the tree file, and the
// pictures of viz/export (one exporter for the window and the command line).
var treeWriters = map[string]treeWriter{
	".json": func(w io.Writer, t *engine.Tree, _ ...export.Option) error { return engine.WriteTree(w, t) },
	".svg":  picture(".svg"),
	".pdf":  picture(".pdf"),
	".png":  picture(".png"),
	".tex":  picture(".tex"),
}

func picture(format string) treeWriter {
	return func(w io.Writer, t *engine.Tree, opts ...export.Option) error {
		return export.Write(w, format, t, opts...)
	}
}

func runTree(ctx context.Context, env *Env, args []string) int {
	fs := flag.NewFlagSet("tree", flag.ContinueOnError)
	out := fs.String("o", "", "the file to write: .json, .svg, .pdf, .png or .tex (TikZ); left out with --certificate, the certificate alone")
	outcomeOnly := fs.Bool("outcome-only", false, "prove the outcome only: the root is (P, 0)")
	misere := fs.Bool("misere", false, "prove the misère outcome (the last player to move loses): a tree of whole positions")
	forms := fs.Bool("forms", false, "with --misere: a tree of couples (position, misère form), each option's small components carried as their form; far smaller, checked with the theory of misère forms")
	timeout := fs.Duration("timeout", 0, "stop after this long")
	progress := fs.Bool("progress", false, "report progress on stderr every second: the search's counts and how far the root is, then the proof's as it is read out")
	dpi := fs.Float64("dpi", 300, "resolution of a .png")
	depth := fs.Int("depth", -1, "draw the tree to this depth only (pictures)")
	width := fs.Float64("width", 240, "the width to fit in points: 240 is a paper column")
	memMB := fs.Int("cache-mb", 0, "memory budget in megabytes: the cache keeps half of it, the proof a quarter (0: 3072, or the largest of 2048, 1024, 512 and 256 that the machine has room for)")
	algo := fs.String("algo", "", "the search whose facts the proof is read from: couples (depth first), pns (proof-number search) or dfpn (df-pn, in bounded memory); default: pns for sprouts, dfpn for cram, couples for the others")
	minimize := fs.String("minimize", "", "make the proof smaller for this long (30s) or this many rounds (200x), keeping the fewest losing couples")
	seed := fs.Uint64("seed", 1, "the seed of --minimize's random orders: the same seed and rounds give the same proof")
	certificate := fs.String("certificate", "", "also write the proof's losing couples here, a [Positions+Nimber] database that `grundy db check` verifies; without -o, only them: the proof's edges are never kept, and a proof of tens of millions of couples fits")
	var db storeFlags // the store takes what the search proves; the proof reads nothing from it but with --from-store
	db.register(fs)
	fromStore := fs.Bool("from-store", false, "read the proof out of what the store holds too (a long `solve --db` that decided the position): the search starts from its facts, every option of the proof made again from the rules; the proof may differ as the store grows")
	workers := workersFlag{n: 1}
	fs.IntVar(&workers.n, "workers", 1, "searches running at once on one position, sharing the cache (0: one per core); with one the proof is the same on every run, with more the search is faster and the proof read out of what it proved may differ from run to run (each checks)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return fail(env, "tree", err)
	}
	g, text, err := gameAndPosition(pos)
	if err != nil {
		return fail(env, "tree", err)
	}
	certOnly := *out == "" && *certificate != ""
	write, ok := treeWriters[strings.ToLower(filepath.Ext(*out))]
	if !ok && !certOnly {
		return fail(env, "tree", usagef("-o %s: want a file ending in %s", quote(*out), extensions()))
	}
	if err := checkTreeFlags(*out, *dpi, *width, *depth, *timeout); err != nil {
		return fail(env, "tree", err)
	}
	if err := checkFolder("--certificate", *certificate); err != nil {
		return fail(env, "tree", err)
	}
	if *memMB < 0 || *memMB > 1<<20 {
		return fail(env, "tree", usagef("--cache-mb %d: want 1 to %d, or 0 for the default", *memMB, 1<<20))
	}
	if *algo != "" && *algo != "couples" && *algo != "pns" && *algo != "dfpn" {
		return fail(env, "tree", usagef("unknown --algo %s: want couples, pns or dfpn", quote(*algo)))
	}
	if err := db.check(); err != nil {
		return fail(env, "tree", err)
	}
	if *fromStore && db.none {
		return fail(env, "tree", usagef("--from-store with --no-db: no store to read"))
	}
	min, err := minimizeFlag(*minimize, *seed)
	if err != nil {
		return fail(env, "tree", err)
	}
	if *forms && !*misere {
		return fail(env, "tree", usagef("--forms: only a misère tree adds forms to its positions (add --misere)"))
	}
	if *certificate != "" && *misere {
		return fail(env, "tree", usagef("--certificate: a misère tree has no nimbers to list"))
	}
	if certOnly && (min.Time > 0 || min.Rounds > 0) {
		return fail(env, "tree", usagef("--minimize: only a tree is made smaller (add -o FILE)"))
	}
	if err := workers.check(); err != nil {
		return fail(env, "tree", err)
	}
	p, err := games.Parse(g, text)
	if err != nil {
		return fail(env, "tree", err)
	}
	began := time.Now() // --timeout's start
	ctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	if *memMB == 0 {
		*memMB = job.TreeMemoryMB()
	}
	st, err := db.open(g.Name(), *memMB)
	if err != nil {
		return fail(env, "tree", err)
	}
	if st != nil {
		defer st.Close()
	}
	// The store takes what the search proves and gives it nothing: the proof, read out of what
	// the search proved, is then the same on every run, whatever earlier runs left there.
	// --from-store reads it too, for a position only a long run decided: its facts guide the
	// read-out, which proves every couple again from the rules, and `grundy check` verifies.
	cfg := job.Config{CacheMB: *memMB, Store: st, StoreWriteOnly: !*fromStore, Workers: workers.count()}
	if *progress {
		cfg.Every = time.Second
	}
	r, err := job.NewRunner(g.Name(), cfg)
	if errors.Is(err, job.ErrMemory) {
		return fail(env, "tree", usagef("%v", err))
	}
	if err != nil {
		return fail(env, "tree", err)
	}
	req := job.Request{Game: g, Position: p, Task: job.Nimber, Tree: job.TreeOnly, Algo: job.Algo(*algo)}
	if *outcomeOnly {
		req.Task = job.Outcome
	}
	req.Misere = *misere
	req.MisereForms = *forms
	req.Minimize, req.ReadOut, req.CertificateOnly = min, true, certOnly
	var report func(job.Phase, engine.Stats)
	if w := newWatch(env, r, g.Name(), p, watchOf{progress: *progress, root: !*misere}); w != nil {
		report = w.report
	}
	res := r.Run(ctx, req, report)
	if res.Err != nil {
		hint := "`grundy solve` finds its nimber"
		if errors.Is(res.Err, engine.ErrTreeTooLarge) && !certOnly {
			hint = "--certificate FILE without -o writes its losing couples alone, in less memory; " + hint
		}
		return fail(env, "tree", usagef("%v; %s", res.Err, hint))
	}
	if res.Stopped {
		// The command's time since --timeout began: a deadline may pass before the search starts.
		fmt.Fprintf(env.Stderr, "grundy tree: stopped after %v: %s\n", time.Since(began).Round(time.Millisecond), stopWhy(ctx, &res))
		return exitTimeout
	}
	if certOnly {
		return writeCertificateOnly(env, st, g, text, *certificate, &res)
	}
	t := res.Tree
	opts := []export.Option{export.DPI(*dpi), export.MaxWidth(*width)}
	if *depth >= 0 {
		opts = append(opts, export.Depth(*depth))
	}
	if err := atomicfile.Write(*out, func(w io.Writer) error { return write(w, t, opts...) }); err != nil {
		return fail(env, "tree", usageError{err.Error()}) // exit 1 is a failed check only
	}
	if strings.ToLower(filepath.Ext(*out)) != ".json" {
		warnWidth(env, *out, t, *width, opts)
	}
	if *certificate != "" {
		recs := store.TreeRecords(t)
		if min.Time > 0 || min.Rounds > 0 {
			recs = checkedRecords(ctx, g, p, recs)
		}
		if err := writeGlopFile(*certificate, recs); err != nil {
			return fail(env, "tree", usageError{err.Error()})
		}
		fmt.Fprintf(env.Stdout, "%s: the certificate, %d losing couples (grundy db check %s --game %s %s verifies it)\n",
			*certificate, len(recs), *certificate, g.Name(), quote(text))
	}
	root := t.Nodes[t.Root]
	if t.Convention == engine.Misere {
		if len(t.Forms) > 0 {
			fmt.Fprintf(env.Stdout, "%s: %s is %s under misère play; %d nodes, %d losing couples, %d forms\n",
				*out, root.Position, root.Result, len(t.Nodes), t.LosingCouples(), len(t.Forms))
			return storeStatus(env, "tree", st, exitOK)
		}
		fmt.Fprintf(env.Stdout, "%s: %s is %s under misère play; %d nodes, %d losing positions\n",
			*out, root.Position, root.Result, len(t.Nodes), t.LosingCouples())
		return storeStatus(env, "tree", st, exitOK)
	}
	fmt.Fprintf(env.Stdout, "%s: (%s, %d) is %s; %d nodes, %d losing couples; searched in %s, proof read out in %s\n",
		*out, root.Position, root.N, root.Result, len(t.Nodes), t.LosingCouples(), seconds(res.Search.Elapsed), seconds(res.Record.Elapsed))
	return storeStatus(env, "tree", st, exitOK)
}

// minimizeFlag reads --minimize: a duration ("30s") or a number of rounds ("200x"), "" for
// none.
func minimizeFlag(s string, seed uint64) (engine.Minimize, error) {
	m := engine.Minimize{Seed: seed}
	if s == "" {
		return m, nil
	}
	if rounds, ok := strings.CutSuffix(s, "x"); ok {
		n, err := strconv.Atoi(rounds)
		if err != nil || n < 1 {
			return m, usagef("--minimize %s: want rounds as 200x, or a duration as 30s", quote(s))
		}
		m.Rounds = n
		return m, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return m, usagef("--minimize %s: want a duration as 30s, or rounds as 200x", quote(s))
	}
	m.Time = d
	return m, nil
}

// checkTreeFlags checks the flags of `tree` before any work: ranges (NaN and infinities
// fail them), and that the folder of the output exists, so that a typing slip there is not
// found after a long search.
func checkTreeFlags(out string, dpi, width float64, depth int, timeout time.Duration) error {
	switch {
	case !(dpi >= 10 && dpi <= 2400):
		return usagef("--dpi %g: want 10 to 2400", dpi)
	case !(width >= 50 && width <= 100000):
		return usagef("--width %g: want 50 to 100000 points", width)
	case depth < -1:
		return usagef("--depth %d: want 0 or more (-1, the default: the whole tree)", depth)
	case timeout < 0:
		return usagef("--timeout %v: want a positive duration (0: none)", timeout)
	}
	return checkFolder("-o", out)
}

// checkFolder checks, before a long search, that the folder of the file the flag names is
// there to write it in ("": no file).
func checkFolder(flag, file string) error {
	if file == "" {
		return nil
	}
	dir := filepath.Dir(file)
	if fi, err := os.Stat(dir); err != nil {
		return usagef("%s %s: folder %s: %v", flag, quote(file), quote(dir), errors.Unwrap(err))
	} else if !fi.IsDir() {
		return usagef("%s %s: %s is not a folder", flag, quote(file), quote(dir))
	}
	return nil
}

// writeGlopFile writes recs to file, atomically, as a [Positions+Nimber] database.
func writeGlopFile(file string, recs []store.Record) error {
	return atomicfile.Write(file, func(w io.Writer) error {
		_, _, err := store.WriteGlop(w, store.FormatGlop, recs)
		return err
	})
}

// writeCertificateOnly writes the certificate a request read out alone (tree --certificate
// without -o) and says what it proves.
func writeCertificateOnly(env *Env, st *store.Store, g games.Game, text, file string, res *job.Result) int {
	c := res.Certificate
	recs := make([]store.Record, len(c.Losing))
	for i, l := range c.Losing {
		recs[i] = store.Record{Game: g.Name(), Position: l.Position, Fact: engine.Fact{}.WithNimber(l.N)}
	}
	if err := writeGlopFile(file, recs); err != nil {
		return fail(env, "tree", usageError{err.Error()})
	}
	outcome := "L"
	if c.Win {
		outcome = "W"
	}
	fmt.Fprintf(env.Stdout, "%s: (%s, %d) is %s; the certificate, %d losing couples of a proof of %d couples (grundy db check %s --game %s %s verifies it); searched in %s, read out in %s\n",
		file, c.Root.Position, c.Root.N, outcome, len(recs), c.Nodes, file, g.Name(), quote(text), seconds(res.Search.Elapsed), seconds(res.Record.Elapsed))
	return storeStatus(env, "tree", st, exitOK)
}

// warnWidth says on stderr, in one line, when the picture written is wider than the width
// asked, which happens when fitting it would make its labels too small, and how deep a
// drawing fits.
func warnWidth(env *Env, out string, t *engine.Tree, width float64, opts []export.Option) {
	size, err := export.Measure(t, opts...)
	if err != nil || size.Width <= width+0.01 {
		return
	}
	fit := "not even the root fits"
	if d := export.FitDepth(t, width, opts...); d >= 0 {
		fit = fmt.Sprintf("--depth %d fits", d)
	}
	fmt.Fprintf(env.Stderr, "grundy tree: %s is %.0f pt wide, more than --width %g, to keep labels at %g pt or more; %s\n",
		out, math.Ceil(size.Width), width, export.DefaultMinLabelSize, fit)
}

func extensions() string {
	var exts []string
	for _, e := range []string{".json", ".svg", ".pdf", ".png", ".tex"} {
		if _, ok := treeWriters[e]; ok {
			exts = append(exts, e)
		}
	}
	return strings.Join(exts, ", ")
}

// seconds writes d to a tenth of a second ("0.0 s" below a twentieth).
func seconds(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

// checkedRecords passes a minimised proof's certificate through Glop's check (store.Certify,
// without theory) and returns the couples its derivation used: a winning couple may be won
// by any losing option the certificate holds, so that fewer may do (sprouts 0*7: 55 to 54).
// Where the check fails or stops, the records are kept as they are.
func checkedRecords(ctx context.Context, g games.Game, p engine.Position, recs []store.Record) []store.Record {
	cert, err := store.CertifyRecords(ctx, g, "certificate", recs, p, store.DatabaseOnly())
	if err != nil || len(cert.Used) == 0 || len(cert.Used) > len(recs) {
		return recs
	}
	return cert.Used
}
