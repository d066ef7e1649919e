package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"grundy/cluster"
)

var cmdWork = &Command{
	Name:      "work",
	UsageLine: "work --server URL [--workers N] [--units N] [--name NAME] [--cache-mb N] [--share-depth D] [--db PATH | --no-db]",
	Short:     "a worker joining a cluster: searches its units until stopped",
	Run:       runWork,
}

func runWork(ctx context.Context, env *Env, args []string) int {
	var url string
	var cfg cluster.WorkerConfig
	var workers workersFlag
	var db storeFlags
	fs := flag.NewFlagSet("work", flag.ContinueOnError)
	fs.StringVar(&url, "server", "", "the cluster's server, nats://host:port")
	fs.IntVar(&cfg.Slots, "units", 1, "units searched at once, each on --workers goroutines")
	fs.StringVar(&cfg.Name, "name", "", "the worker's name in the cluster (default host-pid)")
	fs.IntVar(&cfg.CacheMB, "cache-mb", 256, "the cache of each game searched, in megabytes")
	fs.IntVar(&cfg.ShareDepth, "share-depth", cluster.DefaultShareDepth, "publish the facts of positions within this many moves of a unit's root (-1: every fact); the others stay local")
	workers.register(fs)
	db.register(fs)
	pos, err := parseArgs(fs, args)
	switch {
	case err != nil:
	case len(pos) > 0:
		err = usagef("unexpected argument %s", quote(pos[0]))
	case url == "":
		err = usagef("want --server URL")
	case cfg.Slots < 1 || cfg.Slots > 1024:
		err = usagef("--units %d: want 1 to 1024", cfg.Slots)
	case cfg.CacheMB < 1 || cfg.CacheMB > 1<<20:
		err = usagef("--cache-mb %d: want 1 to %d", cfg.CacheMB, 1<<20)
	case cfg.ShareDepth < -1 || cfg.ShareDepth == 0 || cfg.ShareDepth > 8:
		err = usagef("--share-depth %d: want 1 to 8, or -1 for every fact", cfg.ShareDepth)
	}
	if err == nil {
		err = workers.check()
	}
	if err == nil {
		err = db.check()
	}
	if err != nil {
		return fail(env, "work", err)
	}
	cfg.Workers = workers.count()
	if cfg.Store, err = db.openStore(); err != nil {
		return fail(env, "work", err)
	}
	if cfg.Store != nil {
		defer cfg.Store.Close()
	}
	w, err := cluster.NewWorker(ctx, url, cfg)
	if err != nil {
		return fail(env, "work", serverError(url, err))
	}
	fmt.Fprintf(env.Stdout, "grundy work: %s joined %s\n", w.Name(), url)
	if err := w.Run(ctx); err != nil {
		return fail(env, "work", serverError(url, err))
	}
	fmt.Fprintf(env.Stdout, "grundy work: %s stopped after %d units\n", w.Name(), w.Done())
	return exitOK
}

// serverError makes a server that does not answer at the URL given a usage error (exit 2),
// as a file that cannot be read is; a server lost on the way stays a failure (exit 1).
func serverError(url string, err error) error {
	if errors.Is(err, cluster.ErrUnreachable) {
		return usagef("--server %s: %v", quote(url), err)
	}
	return err
}
