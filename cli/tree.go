package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"grundy/engine"
	"grundy/games"
	"grundy/internal/atomicfile"
	"grundy/viz/export"
)

var cmdTree = &Command{
	Name:      "tree",
	UsageLine: "tree GAME POSITION -o FILE [--outcome-only] [--timeout D]",
	Short:     "save the solution tree (.json, .svg, .pdf, .png)",
	Run:       runTree,
}

// treeWriters are the file formats `tree` writes, by extension: the tree file, and the
// pictures of viz/export (one exporter for the window and the command line).
var treeWriters = map[string]func(w io.Writer, t *engine.Tree) error{
	".json": engine.WriteTree,
	".svg":  picture(".svg"),
	".pdf":  picture(".pdf"),
	".png":  picture(".png"),
}

func picture(format string) func(w io.Writer, t *engine.Tree) error {
	return func(w io.Writer, t *engine.Tree) error { return export.Write(w, format, t) }
}

func runTree(ctx context.Context, env *Env, args []string) int {
	fs := flag.NewFlagSet("tree", flag.ContinueOnError)
	out := fs.String("o", "", "the file to write: .json, .svg, .pdf or .png")
	outcomeOnly := fs.Bool("outcome-only", false, "prove the outcome only: the root is (P, 0)")
	timeout := fs.Duration("timeout", 0, "stop after this long")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return fail(env, "tree", err)
	}
	g, text, err := gameAndPosition(pos)
	if err != nil {
		return fail(env, "tree", err)
	}
	write, ok := treeWriters[strings.ToLower(filepath.Ext(*out))]
	if !ok {
		return fail(env, "tree", usagef("-o %q: want a file ending in %s", *out, extensions()))
	}
	p, err := games.Parse(g, text)
	if err != nil {
		return fail(env, "tree", err)
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	s := engine.NewSolver(engine.WithCache(engine.NoCache{}))
	prove := s.ProveNimber
	if *outcomeOnly {
		prove = s.ProveOutcome
	}
	t, err := prove(ctx, g.Name(), p)
	if err != nil {
		fmt.Fprintf(env.Stderr, "grundy tree: stopped after %v: %v\n", s.Stats().Elapsed.Round(time.Millisecond), err)
		return exitTimeout
	}
	if err := atomicfile.Write(*out, func(w io.Writer) error { return write(w, t) }); err != nil {
		return fail(env, "tree", err)
	}
	root := t.Nodes[t.Root]
	fmt.Fprintf(env.Stdout, "%s: (%s, %d) is %s; %d nodes, %d losing couples\n",
		*out, root.Position, root.N, root.Result, len(t.Nodes), t.LosingCouples())
	return exitOK
}

func extensions() string {
	var exts []string
	for _, e := range []string{".json", ".svg", ".pdf", ".png"} {
		if _, ok := treeWriters[e]; ok {
			exts = append(exts, e)
		}
	}
	return strings.Join(exts, ", ")
}
