package cli

import (
	"context"
	"fmt"
	"text/tabwriter"

	"grundy/games"
)

var cmdGames = &Command{
	Name:      "games",
	UsageLine: "games",
	Short:     "list the games and their notations",
	Run:       runGames,
}

func runGames(ctx context.Context, env *Env, args []string) int {
	if len(args) != 0 {
		return fail(env, "games", usagef("takes no arguments"))
	}
	w := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "GAME\tNOTATION\tEXAMPLE")
	for _, e := range games.List() {
		fmt.Fprintf(w, "%s\t%s\t%s\n", e.Name, e.Notation, e.Example)
	}
	w.Flush()
	return exitOK
}
