package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"grundy/games"
	"grundy/games/octal"
)

// maxSeqFile bounds `seq --to` with --file: the values stay on disk, one byte each.
const maxSeqFile = 1 << 30

// seqFileResult is the JSON of `seq --file --json`: what the file holds, not its values.
type seqFileResult struct {
	Game string `json:"game"`
	File string `json:"file"`
	octal.Summary
	New       int   `json:"new"` // values computed by this run
	ElapsedMS int64 `json:"elapsed_ms"`
	Stopped   bool  `json:"stopped,omitempty"`
}

// runSeqFile grows the values file of g at path to heap to, resuming from what it holds,
// and prints what the values show instead of the values.
func runSeqFile(ctx context.Context, env *Env, g games.Game, path string, to int, asJSON bool) int {
	vf, ok := g.(games.ValuesFile)
	if !ok {
		return fail(env, "seq", usagef("--file: %s has no values file", g.Name()))
	}
	f, err := vf.OpenValues(path)
	if err != nil {
		return fail(env, "seq", err)
	}
	start, from := time.Now(), f.Run().Len()
	err = f.Grow(ctx, to+1)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	stopped := errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
	if err != nil && !stopped {
		return fail(env, "seq", err)
	}
	res := seqFileResult{Game: g.Name(), File: path, Summary: f.Run().Summary(), Stopped: stopped,
		ElapsedMS: time.Since(start).Milliseconds()}
	res.New = res.Values - from
	if asJSON {
		b, _ := json.Marshal(res)
		fmt.Fprintln(env.Stdout, string(b))
	} else {
		printSeqFile(env, res, time.Since(start))
	}
	if stopped {
		fmt.Fprintf(env.Stderr, "grundy seq: stopped after %v with g(0) to g(%d) of %d in %s: %v; run again to go on\n",
			time.Since(start).Round(time.Millisecond), res.Values-1, to, path, context.Cause(ctx))
		return exitTimeout
	}
	return exitOK
}

// printSeqFile writes what the values in the file show, a line each.
func printSeqFile(env *Env, r seqFileResult, took time.Duration) {
	fmt.Fprintf(env.Stdout, "%s: g(0) to g(%d) in %s, %d new in %v\n", r.Game, r.Values-1, r.File, r.New, took.Round(time.Millisecond))
	fmt.Fprintf(env.Stdout, "largest value %d, first at heap %d\n", r.Largest, r.LargestAt)
	if r.Mask != 0 {
		fmt.Fprintf(env.Stdout, "rare values (mask %#x): %d, the last at heap %d\n", r.Mask, r.Rare, r.LastRare)
	} else {
		fmt.Fprintln(env.Stdout, "not sparse: no mask leaves few rare values")
	}
	if r.Period > 0 {
		fmt.Fprintf(env.Stdout, "period %d from n = %d (proven)\n", r.Period, r.Preperiod)
	} else {
		fmt.Fprintln(env.Stdout, "no period found")
	}
}

// useValues has g value its heaps from the values file at path (solve --values), if any.
func useValues(g games.Game, path string) error {
	if path == "" {
		return nil
	}
	vf, ok := g.(games.ValuesFile)
	if !ok {
		return usagef("--values: %s has no values file", g.Name())
	}
	return vf.UseValues(path)
}
