package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"grundy/games"
)

var cmdSeq = &Command{
	Name:      "seq",
	UsageLine: "seq GAME --to N [--json] [--timeout D] [--file PATH]",
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
	Stopped   bool   `json:"stopped,omitempty"` // stopped: values holds g(0).. as far as found
}

func runSeq(ctx context.Context, env *Env, args []string) int {
	fs := flag.NewFlagSet("seq", flag.ContinueOnError)
	to := fs.Int("to", -1, "the largest heap")
	asJSON := fs.Bool("json", false, "print one JSON object")
	timeout := fs.Duration("timeout", 0, "stop after this long (e.g. 30s) and print the values found")
	file := fs.String("file", "", "stream the values to this file (PATH.txt: text, a value a line; else one byte a value), go on from the values it holds, and print what they show, not the values")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return fail(env, "seq", err)
	}
	if len(pos) != 1 {
		return fail(env, "seq", usagef("want one GAME"))
	}
	if limit := seqLimit(*file); *to < 0 || *to > limit {
		return fail(env, "seq", usagef("--to %d: want 0 to %d", *to, limit))
	}
	if *timeout < 0 {
		return fail(env, "seq", usagef("--timeout %v: want a positive duration (0: none)", *timeout))
	}
	g, err := games.Lookup(pos[0])
	if err != nil {
		return fail(env, "seq", err)
	}
	hg, ok := g.(games.HeapGame)
	if !ok {
		return fail(env, "seq", usagef("%s is not a heap game", g.Name()))
	}
	ctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	if *file != "" {
		return runSeqFile(ctx, env, g, *file, *to, *asJSON)
	}
	start := time.Now()
	seq, err := hg.Sequence(ctx, *to)
	stopped := errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
	if err != nil && !stopped {
		return fail(env, "seq", err)
	}
	res := seqResult{Game: g.Name(), Values: seq.Values, Stopped: stopped}
	if res.Values == nil {
		res.Values = []int{}
	}
	if seq.Period > 0 && !stopped {
		res.Period, res.Preperiod = seq.Period, &seq.Preperiod
	}
	if *asJSON {
		b, _ := json.Marshal(res)
		fmt.Fprintln(env.Stdout, string(b))
	} else {
		printSeq(env, res)
	}
	if stopped {
		fmt.Fprintf(env.Stderr, "grundy seq: stopped after %v with g(0) to g(%d) of %d: %v\n",
			time.Since(start).Round(time.Millisecond), len(res.Values)-1, *to, context.Cause(ctx))
		return exitTimeout
	}
	return exitOK
}

// seqLimit is the largest --to: larger with a file, which holds the values on disk.
func seqLimit(file string) int {
	if file != "" {
		return maxSeqFile
	}
	return maxSeq
}

// printSeq writes the values twelve to a row, as Winning Ways tabulates Kayles.
func printSeq(env *Env, r seqResult) {
	const perRow = 12
	width := 3 // a space, then two digits; wider when a value has more (Grundy's game)
	for _, v := range r.Values {
		width = max(width, len(strconv.Itoa(v))+1)
	}
	for i := 0; i < len(r.Values); i += perRow {
		row := make([]string, 0, perRow)
		for _, v := range r.Values[i:min(i+perRow, len(r.Values))] {
			row = append(row, fmt.Sprintf("%*d", width, v))
		}
		fmt.Fprintf(env.Stdout, "%6d+ %s\n", i, strings.Join(row, ""))
	}
	switch {
	case r.Stopped:
		fmt.Fprintf(env.Stdout, "stopped after g(%d)\n", len(r.Values)-1)
	case r.Period > 0:
		fmt.Fprintf(env.Stdout, "period %d from n = %d (proven)\n", r.Period, *r.Preperiod)
	default:
		fmt.Fprintln(env.Stdout, "no period found")
	}
}
