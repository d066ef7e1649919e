package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"grundy/engine"
	"grundy/games"
	"grundy/internal/ctxio"
)

var cmdCheck = &Command{
	Name:      "check",
	UsageLine: "check FILE.json [--misere] [--timeout D]",
	Short:     "verify a saved solution tree from the game's rules",
	Run:       runCheck,
}

func runCheck(ctx context.Context, env *Env, args []string) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	timeout := new(time.Duration)
	fs.Var((*durationValue)(timeout), "timeout", "stop after this long (e.g. 30s) and say how far the check got")
	misere := fs.Bool("misere", false, "the tree must prove a misère outcome; without it, the file's \"convention\" decides")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return fail(env, "check", err)
	}
	if len(pos) != 1 {
		return fail(env, "check", usagef("want one FILE.json"))
	}
	if *timeout < 0 {
		return fail(env, "check", usagef("--timeout %v: want 0 (none) or more", *timeout))
	}
	ctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	if os.Getenv("GOGC") == "" {
		// The tree read is most of the heap, and has no pointers for the collector to follow:
		// collecting the check's garbage at a quarter more than the heap in use, not twice
		// it, takes a quarter off the peak, for little more time.
		defer debug.SetGCPercent(debug.SetGCPercent(25))
	}
	file := pos[0]
	f, err := os.Open(file)
	if err != nil {
		return fail(env, "check", usageError{err.Error()})
	}
	defer f.Close()
	t, err := readTreeUntil(ctx, f)
	if ctx.Err() != nil {
		fmt.Fprintf(env.Stderr, "grundy check: %s: stopped while reading the file, nothing checked: %v\n", file, context.Cause(ctx))
		return exitTimeout
	}
	if err != nil {
		return fail(env, "check", usagef("%s: %v", file, err))
	}
	if *misere && t.Convention != engine.Misere {
		fmt.Fprintf(env.Stderr, "grundy check: %s: not a misère proof: the tree is a normal-play one (its file has no \"convention\":\"misere\")\n", file)
		return exitFailed
	}
	g, err := games.Lookup(t.Game)
	if err != nil {
		return fail(env, "check", usagef("%s: %s", file, plain(err.Error())))
	}
	// Positions split as the tree was written: a Cram tree of before the reductions splits its
	// boards as they are.
	parse := func(s string) (engine.Position, error) { return games.ParseRule(g, t.Split, s) }
	done, total := 0, 0
	progress := func(d, n int) { done, total = d, n }
	if err := engine.CheckCompact(ctx, t, parse, progress); err != nil {
		var ce *engine.CheckError
		switch {
		case errors.As(err, &ce):
			fmt.Fprintf(env.Stderr, "grundy check: %s: the proof does not hold: %v\n", file, err)
			return exitFailed
		case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
			fmt.Fprintf(env.Stderr, "grundy check: %s: stopped after %d of %d nodes checked, all holding: %v\n", file, done, total, err)
			return exitTimeout
		case errors.Is(err, engine.ErrCheckTooCostly):
			fmt.Fprintf(env.Stderr, "grundy check: %s: cannot be checked: %v\n", file, err)
			return exitUsage
		}
		fmt.Fprintf(env.Stderr, "grundy check: %s: the proof does not hold: %v\n", file, err)
		return exitFailed
	}
	root := t.Root()
	if t.Convention == engine.Misere && len(t.Forms) > 0 {
		claim := engine.Quote(root.Position)
		if root.N != 0 { // the root is the position beside a form: say so
			claim += " + " + engine.FormName(root.N)
		}
		fmt.Fprintf(env.Stdout, "ok: %s %s: %s is %s under misère play, proven by %d nodes (%d losing couples, %d forms)\n",
			file, engine.Quote(t.Game), claim, root.Result, t.Len(), t.LosingCouples(), len(t.Forms))
		return exitOK
	}
	if t.Convention == engine.Misere {
		fmt.Fprintf(env.Stdout, "ok: %s %s: %s is %s under misère play, proven by %d nodes (%d losing positions)\n",
			file, engine.Quote(t.Game), engine.Quote(root.Position), root.Result, t.Len(), t.LosingCouples())
		return exitOK
	}
	claim := "≠"
	if root.Losing() {
		claim = "="
	}
	fmt.Fprintf(env.Stdout, "ok: %s %s: nimber(%s) %s %d, proven by %d nodes (%d losing couples)\n",
		file, engine.Quote(t.Game), engine.Quote(root.Position), claim, root.N, t.Len(), t.LosingCouples())
	return exitOK
}

// plain escapes what a file may have put into a message (newlines, escape codes) and cuts it,
// as engine.Quote does, without the quotes around it.
func plain(s string) string {
	q := engine.Quote(s)
	if strings.HasSuffix(q, "...") {
		return q[1:len(q)-4] + "..."
	}
	return q[1 : len(q)-1]
}

// readTreeUntil reads the tree in r, or returns ctx's error as soon as ctx ends: the reader
// looks at ctx every few thousand nodes and before each read, but a read may block (a pipe
// that sends nothing), and Ctrl-C must not wait for it (the read, abandoned, ends with the
// process).
func readTreeUntil(ctx context.Context, r io.Reader) (*engine.CheckTree, error) {
	type read struct {
		t   *engine.CheckTree
		err error
	}
	done := make(chan read, 1)
	go func() {
		t, err := engine.ReadCheckTree(ctx, ctxio.Reader(ctx, r))
		done <- read{t, err}
	}()
	select {
	case rd := <-done:
		return rd.t, rd.err
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}
