package cli

import (
	"context"
	"errors"
	"fmt"
	"os"

	"grundy/engine"
	"grundy/games"
)

var cmdCheck = &Command{
	Name:      "check",
	UsageLine: "check FILE.json",
	Short:     "verify a saved solution tree from the game's rules",
	Run:       runCheck,
}

func runCheck(ctx context.Context, env *Env, args []string) int {
	if len(args) != 1 {
		return fail(env, "check", usagef("want one FILE.json"))
	}
	f, err := os.Open(args[0])
	if err != nil {
		return fail(env, "check", usageError{err.Error()})
	}
	defer f.Close()
	t, err := engine.ReadTree(f)
	if err != nil {
		return fail(env, "check", usagef("%s: %v", args[0], err))
	}
	g, err := games.Lookup(t.Game)
	if err != nil {
		return fail(env, "check", err)
	}
	parse := func(s string) (engine.Position, error) { return games.Parse(g, s) }
	if err := engine.Check(ctx, t, parse); err != nil {
		var ce *engine.CheckError
		if !errors.As(err, &ce) && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
			fmt.Fprintf(env.Stderr, "grundy check: %v\n", err)
			return exitTimeout
		}
		fmt.Fprintf(env.Stderr, "grundy check: %s: the proof does not hold: %v\n", args[0], err)
		return exitFailed
	}
	root := t.Nodes[t.Root]
	claim := "≠"
	if root.Losing() {
		claim = "="
	}
	fmt.Fprintf(env.Stdout, "ok: %s %s: nimber(%s) %s %d, proven by %d nodes (%d losing couples)\n",
		args[0], t.Game, root.Position, claim, root.N, len(t.Nodes), t.LosingCouples())
	return exitOK
}
