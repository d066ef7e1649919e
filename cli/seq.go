package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"grundy/games"
)

var cmdSeq = &Command{
	Name:      "seq",
	UsageLine: "seq GAME --to N [--json]",
	Short:     "nimbers of one heap 0..N, with the period if proven",
	Run:       runSeq,
}

// maxSeq bounds `seq --to`.
const maxSeq = 10_000_000

type seqResult struct {
	Game      string `json:"game"`
	Values    []int  `json:"values"`
	Period    int    `json:"period,omitempty"`
	Preperiod *int   `json:"preperiod,omitempty"`
}

func runSeq(ctx context.Context, env *Env, args []string) int {
	fs := flag.NewFlagSet("seq", flag.ContinueOnError)
	to := fs.Int("to", -1, "the largest heap")
	asJSON := fs.Bool("json", false, "print one JSON object")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return fail(env, "seq", err)
	}
	if len(pos) != 1 {
		return fail(env, "seq", usagef("want one GAME"))
	}
	if *to < 0 || *to > maxSeq {
		return fail(env, "seq", usagef("--to %d: want 0 to %d", *to, maxSeq))
	}
	g, err := games.Lookup(pos[0])
	if err != nil {
		return fail(env, "seq", err)
	}
	hg, ok := g.(games.HeapGame)
	if !ok {
		return fail(env, "seq", usagef("%s is not a heap game", g.Name()))
	}
	seq, err := hg.Sequence(ctx, *to)
	if err != nil {
		fmt.Fprintf(env.Stderr, "grundy seq: %v\n", err)
		return exitTimeout
	}
	res := seqResult{Game: g.Name(), Values: seq.Values}
	if seq.Period > 0 {
		res.Period, res.Preperiod = seq.Period, &seq.Preperiod
	}
	if *asJSON {
		b, _ := json.Marshal(res)
		fmt.Fprintln(env.Stdout, string(b))
		return exitOK
	}
	printSeq(env, res)
	return exitOK
}

// printSeq writes the values twelve to a row, as Winning Ways tabulates Kayles.
func printSeq(env *Env, r seqResult) {
	const perRow = 12
	for i := 0; i < len(r.Values); i += perRow {
		row := make([]string, 0, perRow)
		for _, v := range r.Values[i:min(i+perRow, len(r.Values))] {
			row = append(row, fmt.Sprintf("%3d", v))
		}
		fmt.Fprintf(env.Stdout, "%6d+ %s\n", i, strings.Join(row, ""))
	}
	if r.Period > 0 {
		fmt.Fprintf(env.Stdout, "period %d from n = %d (proven)\n", r.Period, *r.Preperiod)
	} else {
		fmt.Fprintln(env.Stdout, "no period found")
	}
}
