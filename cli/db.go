package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"grundy/engine"
	"grundy/games"
	"grundy/internal/atomicfile"
	"grundy/internal/ctxio"
	"grundy/internal/numfmt"
	"grundy/store"
)

var cmdDB = &Command{
	Name:      "db",
	UsageLine: "db stats|import|export|merge|repair|check … [--db PATH]",
	Short:     "the facts store: its size, Glop's and SPOTS's databases in and out, merges, repair, Glop's certificate check",
	Run:       runDB,
}

// A dbCommand is one subcommand of `grundy db`.
type dbCommand struct {
	name, usage, short string
	run                func(ctx context.Context, env *Env, args []string) int
}

var dbCommands []dbCommand

func init() {
	dbCommands = []dbCommand{
		{"stats", "db stats [--db PATH]", "facts per game, where they came from, claims, and size on disk", runDBStats},
		{"import", "db import FILE… --game G [--verify] [--db PATH] [--timeout D]",
			"add Glop or SPOTS nimber databases ([Positions+Nimber]) or our jsonl, each file all or nothing: as claims, or with --verify as facts checked", runDBImport},
		{"export", "db export --format glop|spots|jsonl [--game G] -o FILE [--db PATH] [--timeout D]",
			"write the store for Glop, SPOTS (losing couples only: facts with a nimber) or as jsonl (every fact)", runDBExport},
		{"merge", "db merge PATH… [--db PATH] [--timeout D]", "add other stores' facts, each store all or nothing; conflicts are reported with both values (exit 1)", runDBMerge},
		{"repair", "db repair [--db PATH]",
			"salvage a damaged store: what its tables and logs hold goes into a new store in its place, the old files aside", runDBRepair},
		{"check", "db check FILE --game G POSITION [-o SMALL [--shrink] [--smallest]] [--outcome-only] [--tree PROOF.json] [--timeout D] [--no-theory]",
			"Glop's check: the position's outcome and nimber from the file's losing couples and the game's theory", runDBCheck},
	}
}

func runDB(ctx context.Context, env *Env, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		w := env.Stderr
		if len(args) > 0 {
			w = env.Stdout
		}
		fmt.Fprintln(w, "grundy db: the facts store (default $XDG_DATA_HOME/grundy, else ~/.local/share/grundy)")
		for _, c := range dbCommands {
			fmt.Fprintf(w, "  grundy %s\n        %s\n", c.usage, c.short)
		}
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range dbCommands {
		if c.name == args[0] {
			return c.run(ctx, env, args[1:])
		}
	}
	fmt.Fprintf(env.Stderr, "grundy db: unknown command %s: want stats, import, export, merge, repair or check\n", quote(args[0]))
	return exitUsage
}

// dbFail prints err as the one line of a failed db command: exit 1 for a conflict or a
// database that proves nothing, 3 for a stop, 2 for anything else (bad input or files).
func dbFail(env *Env, cmd string, err error) int {
	var h helpRequest
	if errors.As(err, &h) {
		return printHelp(env, "db "+cmd, h.fs)
	}
	fmt.Fprintf(env.Stderr, "grundy db %s: %s\n", cmd, oneLine(err.Error()))
	var ce *store.CertifyError
	switch {
	case errors.Is(err, store.ErrConflict) || errors.As(err, &ce):
		return exitFailed
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return exitTimeout
	}
	return exitUsage
}

// storeDir is the store --db names, or the user's.
func storeDir(path string) (string, error) {
	if path != "" {
		return path, nil
	}
	return store.DefaultDir()
}

// openExisting opens the store in dir, which must be there: reading commands create none.
func openExisting(dir string) (*store.Store, error) {
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil, usagef("no store at %s", quote(dir))
	}
	return store.Open(dir)
}

func dbFlags(name string) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet("db "+name, flag.ContinueOnError)
	return fs, fs.String("db", "", "the facts store (default $XDG_DATA_HOME/grundy, else ~/.local/share/grundy)")
}

// timeoutFlag adds --timeout to the flags of a db command that may run long.
func timeoutFlag(fs *flag.FlagSet) *time.Duration {
	d := new(time.Duration)
	fs.Var((*durationValue)(d), "timeout", "stop after this long (e.g. 30s), leaving the store as it was")
	return d
}

// dbTimeout is ctx ended after --timeout d, which must not be negative.
func dbTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc, error) {
	if d < 0 {
		return ctx, func() {}, usagef("--timeout %v: want 0 (none) or more", d)
	}
	ctx, cancel := withTimeout(ctx, d)
	return ctx, cancel, nil
}

func runDBStats(ctx context.Context, env *Env, args []string) int {
	flags, dbPath := dbFlags("stats")
	pos, err := parseArgs(flags, args)
	if err == nil && len(pos) > 0 {
		err = usagef("unexpected %s: want only [--db PATH]", quote(pos[0]))
	}
	if err != nil {
		return dbFail(env, "stats", err)
	}
	dir, err := storeDir(*dbPath)
	if err != nil {
		return dbFail(env, "stats", err)
	}
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(env.Stdout, "store %s: none yet, 0 facts\n", dir)
		return exitOK
	}
	s, err := store.Open(dir)
	if err != nil {
		return dbFail(env, "stats", err)
	}
	defer s.Close()
	st, err := s.Stats()
	if err != nil {
		return dbFail(env, "stats", err)
	}
	var total, claims int64
	for _, g := range st.Games {
		total, claims = total+g.Entries, claims+g.Claims
	}
	fmt.Fprintf(env.Stdout, "store %s: %d games, %s facts, %s on disk%s\n", dir, len(st.Games), numfmt.Grouped(total), bytesText(st.DiskBytes), claimsTotal(claims))
	for _, g := range st.Games {
		fmt.Fprintf(env.Stdout, "  %-20s %12s%s\n", g.Game, numfmt.Grouped(g.Entries), provenance(g))
	}
	return storeStatus(env, "db stats", s, exitOK)
}

func claimsTotal(n int64) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %s claims, not checked", numfmt.Grouped(n))
}

// provenance says where a game's facts came from, when not all from this machine's search:
// "(3 searched here, 2 imported; checked) + 1 claim, imported, not checked".
func provenance(g store.GameStats) string {
	var from []string
	for src, n := range g.From {
		if n > 0 {
			from = append(from, numfmt.Grouped(n)+" "+store.Source(src).String())
		}
	}
	var b strings.Builder
	if len(from) > 1 || len(from) == 1 && g.From[store.FromSearch] == 0 {
		fmt.Fprintf(&b, "  (%s; checked)", strings.Join(from, ", "))
	}
	if g.Claims > 0 {
		var by []string
		for src, n := range g.ClaimsFrom {
			if n > 0 {
				by = append(by, numfmt.Grouped(n)+" "+store.Source(src).String())
			}
		}
		fmt.Fprintf(&b, "  + claims, not checked: %s", strings.Join(by, ", "))
	}
	return b.String()
}

// bytesText writes a size on disk: 812 B, 52 KB, 1.3 MB, 2.0 GB.
func bytesText(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%d KB", (n+1<<9)>>10)
	case n < 1<<30:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
}

// lookupFlag opens the game --game names ("": none, nil).
func lookupFlag(name string) (games.Game, error) {
	if name == "" {
		return nil, nil
	}
	return games.Lookup(name)
}

func runDBImport(ctx context.Context, env *Env, args []string) int {
	fs, dbPath := dbFlags("import")
	gameName := fs.String("game", "", "the game of Glop and SPOTS files (jsonl lines name theirs)")
	timeout := timeoutFlag(fs)
	verify := fs.Bool("verify", false, "derive every fact again from the rules, as db check does, and add those that hold as proven; without it the facts are claims, which no search takes as proven")
	files, err := parseArgs(fs, args)
	if err == nil && len(files) == 0 {
		err = usagef("want FILE… to import")
	}
	var cancel context.CancelFunc
	if err == nil {
		ctx, cancel, err = dbTimeout(ctx, *timeout)
		defer cancel()
	}
	if err != nil {
		return dbFail(env, "import", err)
	}
	g, err := lookupFlag(*gameName)
	if err != nil {
		return dbFail(env, "import", err)
	}
	dir, err := storeDir(*dbPath)
	if err != nil {
		return dbFail(env, "import", err)
	}
	s, err := store.Open(dir)
	if err != nil {
		return dbFail(env, "import", err)
	}
	defer s.Close()
	status := exitOK
	for _, name := range files {
		if ctx.Err() != nil {
			return max(status, dbFail(env, "import", fmt.Errorf("%s: stopped, nothing imported: %w", name, context.Cause(ctx))))
		}
		rep, err := importFile(ctx, s, name, g, store.ImportOptions{Verify: *verify})
		if err != nil {
			// Each file is all or nothing: go on with the others, and exit with the worst.
			status = max(status, dbFail(env, "import", err))
			continue
		}
		status = max(status, printImport(env, name, rep, *verify))
	}
	return status
}

// printImport says what an import of the file name did, and names each fact it rejected
// (--verify): then its status is exitFailed.
func printImport(env *Env, name string, rep store.ImportReport, verified bool) int {
	n := func(k int) string { return numfmt.Grouped(int64(k)) }
	if !verified {
		fmt.Fprintf(env.Stdout, "%s: %s facts: %s claims, not checked (db import --verify checks them), %s known%s\n", name, n(rep.Read),
			n(rep.Claimed), n(rep.Known), emptyNote(rep.Empty))
		return exitOK
	}
	fmt.Fprintf(env.Stdout, "%s: %s facts: %s new, %s grown, %s known, %s rejected%s\n", name, n(rep.Read),
		n(rep.Added), n(rep.Grown), n(rep.Known), n(len(rep.Rejected)), emptyNote(rep.Empty))
	const most = 20
	for i, r := range rep.Rejected {
		if i == most {
			fmt.Fprintf(env.Stderr, "grundy db import: %s: %s more facts rejected\n", name, n(len(rep.Rejected)-most))
			break
		}
		fmt.Fprintf(env.Stderr, "grundy db import: %s:%d: %s: not verified: %s\n", name, r.Line, r.Position, oneLine(r.Err.Error()))
	}
	if len(rep.Rejected) > 0 {
		return exitFailed
	}
	return exitOK
}

func emptyNote(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d lines of a position with no move left, nimber 0, not kept)", n)
}

// importFile adds one file to s, all or nothing, read one line at a time (store.ImportFile):
// SPOTS's databases run to gigabytes.
func importFile(ctx context.Context, s *store.Store, name string, g games.Game, opts store.ImportOptions) (store.ImportReport, error) {
	f, err := os.Open(name)
	if err != nil {
		return store.ImportReport{}, err
	}
	defer f.Close()
	// A read that waits (a pipe, a slow disk) ends when the file closes.
	defer context.AfterFunc(ctx, func() { f.Close() })()
	return store.ImportFileWith(ctx, s, f, name, g, opts)
}

func readDatabase(name string, g games.Game) (*store.Database, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return store.ReadDatabase(f, name, g)
}

func runDBExport(ctx context.Context, env *Env, args []string) int {
	fs, dbPath := dbFlags("export")
	format := fs.String("format", "", "glop, spots or jsonl")
	gameName := fs.String("game", "", "the game to export (glop and spots files hold one)")
	out := fs.String("o", "", "the file to write")
	timeout := timeoutFlag(fs)
	pos, err := parseArgs(fs, args)
	var cancel context.CancelFunc = func() {}
	if err == nil {
		ctx, cancel, err = dbTimeout(ctx, *timeout)
	}
	defer cancel()
	switch {
	case err != nil:
	case len(pos) > 0:
		err = usagef("unexpected %s: want --format F [--game G] -o FILE", quote(pos[0]))
	case *format != store.FormatGlop && *format != store.FormatSPOTS && *format != store.FormatJSONL:
		err = usagef("--format %s: want glop, spots or jsonl", quote(*format))
	case *out == "":
		err = usagef("want -o FILE")
	}
	if err != nil {
		return dbFail(env, "export", err)
	}
	if _, err := lookupFlag(*gameName); err != nil {
		return dbFail(env, "export", err)
	}
	dir, err := storeDir(*dbPath)
	if err != nil {
		return dbFail(env, "export", err)
	}
	s, err := openExisting(dir)
	if err != nil {
		return dbFail(env, "export", err)
	}
	defer s.Close()
	game := *gameName
	if game == "" && *format != store.FormatJSONL {
		if game, err = onlyGame(s); err != nil {
			return dbFail(env, "export", err)
		}
	}
	written, skipped := 0, 0
	err = atomicfile.Write(*out, func(w io.Writer) error {
		w = ctxio.Writer(ctx, w)
		if *format == store.FormatJSONL { // one fact at a time: in bounded memory
			var err error
			written, err = store.ExportJSONL(ctx, s, game, w)
			return err
		}
		var err error // Glop's and SPOTS's files are sorted: in bounded memory too
		written, skipped, err = store.ExportGlop(ctx, s, game, *format, w)
		return err
	})
	if ctx.Err() != nil {
		err = fmt.Errorf("%s: stopped, not written: %w", *out, context.Cause(ctx))
	}
	if err != nil {
		return dbFail(env, "export", err)
	}
	fmt.Fprintf(env.Stdout, "%s: %s facts (%s)%s\n", *out, numfmt.Grouped(int64(written)), *format, skippedNote(skipped))
	return storeStatus(env, "db export", s, exitOK)
}

func skippedNote(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %s facts of values ≠ only left out: Glop's and SPOTS's files hold losing couples", numfmt.Grouped(int64(n)))
}

// onlyGame returns the one game of s, for a format that holds one.
func onlyGame(s *store.Store) (string, error) {
	st, err := s.Stats()
	if err != nil {
		return "", err
	}
	if len(st.Games) == 1 {
		return st.Games[0].Game, nil
	}
	names := make([]string, len(st.Games))
	for i, g := range st.Games {
		names[i] = g.Game
	}
	return "", usagef("the store holds %d games (%s): choose one with --game", len(names), strings.Join(names, ", "))
}

func runDBMerge(ctx context.Context, env *Env, args []string) int {
	fs, dbPath := dbFlags("merge")
	timeout := timeoutFlag(fs)
	srcs, err := parseArgs(fs, args)
	if err == nil && len(srcs) == 0 {
		err = usagef("want PATH… of stores to merge")
	}
	var cancel context.CancelFunc = func() {}
	if err == nil {
		ctx, cancel, err = dbTimeout(ctx, *timeout)
	}
	defer cancel()
	if err != nil {
		return dbFail(env, "merge", err)
	}
	dir, err := storeDir(*dbPath)
	if err != nil {
		return dbFail(env, "merge", err)
	}
	for _, src := range srcs {
		if sameDir(src, dir) {
			return dbFail(env, "merge", usagef("%s is the store merged into", quote(src)))
		}
	}
	s, err := store.Open(dir)
	if err != nil {
		return dbFail(env, "merge", err)
	}
	defer s.Close()
	status := exitOK
	for _, src := range srcs {
		rep, err := mergeOne(ctx, s, src)
		if err != nil {
			if ctx.Err() != nil {
				fmt.Fprintf(env.Stdout, "%s: stopped after %s facts read; nothing of it merged\n", src, numfmt.Grouped(rep.Read))
				return dbFail(env, "merge", err)
			}
			status = max(status, dbFail(env, "merge", err))
			continue
		}
		fmt.Fprintf(env.Stdout, "%s: %s facts read: %s new, %s grown, %d conflicts%s\n", src, numfmt.Grouped(rep.Read),
			numfmt.Grouped(rep.Added), numfmt.Grouped(rep.Grown), len(rep.Conflicts), claimsNote(rep.Claims))
		for _, c := range rep.Conflicts {
			fmt.Fprintf(env.Stdout, "  conflict: %s %s: %s holds %s, %s holds %s\n", c.Game, engine.Quote(c.Key), dir, describe(c.Have), src, describe(c.Got))
		}
		if len(rep.Conflicts) > 0 {
			status = max(status, exitFailed)
		}
	}
	return status
}

func claimsNote(n int64) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %s claims (facts imported there, not checked) kept as claims", numfmt.Grouped(n))
}

// mergeOne merges the store in src, which must exist, into s.
func mergeOne(ctx context.Context, s *store.Store, src string) (store.MergeReport, error) {
	from, err := openExisting(src)
	if err != nil {
		return store.MergeReport{}, err
	}
	defer from.Close()
	return s.MergeContext(ctx, from)
}

// sameDir reports whether a and b name one directory.
func sameDir(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(ia, ib)
	}
	absA, _ := filepath.Abs(a)
	absB, _ := filepath.Abs(b)
	return absA == absB
}

// describe writes a fact for a message: "nimber 2", "≠ 0, 1".
func describe(f engine.Fact) string {
	if n, ok := f.Nimber(); ok {
		return fmt.Sprintf("nimber %d", n)
	}
	var vals []string
	for n := 0; len(vals) < min(f.Excluded(), 8); n++ {
		if f.Excludes(n) {
			vals = append(vals, fmt.Sprint(n))
		}
	}
	if f.Excluded() > len(vals) {
		vals = append(vals, "…")
	}
	return "≠ " + strings.Join(vals, ", ")
}

func runDBRepair(ctx context.Context, env *Env, args []string) int {
	flags, dbPath := dbFlags("repair")
	pos, err := parseArgs(flags, args)
	if err == nil && len(pos) > 0 {
		err = usagef("unexpected %s: want only [--db PATH]", quote(pos[0]))
	}
	if err != nil {
		return dbFail(env, "repair", err)
	}
	dir, err := storeDir(*dbPath)
	if err != nil {
		return dbFail(env, "repair", err)
	}
	rep, err := store.Repair(dir)
	if err != nil {
		return dbFail(env, "repair", err)
	}
	fmt.Fprintf(env.Stdout, "store %s: %s facts salvaged from %d tables and %d logs; the old files are in %s\n",
		dir, numfmt.Grouped(rep.Facts), rep.Tables, rep.Logs, rep.Aside)
	for _, u := range rep.Unreadable {
		fmt.Fprintf(env.Stdout, "  not read: %s\n", oneLine(u))
	}
	return exitOK
}
