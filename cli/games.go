package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"grundy/games"
)

var cmdGames = &Command{
	Name:      "games",
	UsageLine: "games",
	Short:     "list the games and their notations",
	Run:       runGames,
}

func runGames(ctx context.Context, env *Env, args []string) int {
	pos, err := parseArgs(flag.NewFlagSet("games", flag.ContinueOnError), args)
	if err == nil && len(pos) != 0 {
		err = usagef("takes no arguments")
	}
	if err != nil {
		return fail(env, "games", err)
	}
	w := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "GAME\tNOTATION\tEXAMPLE")
	for _, e := range games.List() {
		fmt.Fprintf(w, "%s\t%s\t%s\n", e.Name, e.Notation, e.Example)
	}
	w.Flush()
	return exitOK
}

// checkPositionText refuses an empty or blank POSITION argument: a shell variable that was
// not set, rather than the empty position, which each game writes its own way (Nim's "0").
func checkPositionText(text string) error {
	if strings.TrimSpace(text) == "" {
		return usagef("POSITION %s is empty: write one (Nim's empty position is 0)", quote(text))
	}
	return nil
}

// A durationValue is a --timeout or other duration flag, as flag.Duration reads it but
// strict: a text that rounds to 0 without being 0 ("-0.5ns", "0.4ns") is refused, rather
// than meaning no limit. A negative duration is the command's to refuse, naming its flag.
type durationValue time.Duration

func (d *durationValue) Set(s string) error {
	v, err := time.ParseDuration(s)
	switch {
	case err != nil:
		return errors.New("parse error")
	case v == 0 && strings.Trim(s, "+-0.hmsuµn") != "":
		return errors.New("rounds to 0, which means none: want 0 (none) or at least 1ns")
	}
	*d = durationValue(v)
	return nil
}

func (d *durationValue) String() string { return time.Duration(*d).String() }
