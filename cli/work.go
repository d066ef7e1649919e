package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strconv"

	"grundy/cluster"
	"grundy/job"
	"grundy/store"
)

var cmdWork = &Command{
	Name:      "work",
	UsageLine: "work --server URL [--creds FILE] [--ca FILE] [--workers N] [--units N] [--name NAME] [--cache-mb N] [--db PATH | --no-db]",
	Short:     "a worker joining a cluster: searches its units until stopped",
	Run:       runWork,
}

func runWork(ctx context.Context, env *Env, args []string) int {
	var node nodeFlags
	var cfg cluster.WorkerConfig
	var workers workersFlag
	var db storeFlags
	fs := flag.NewFlagSet("work", flag.ContinueOnError)
	node.register(fs, "the cluster's server, nats://host:port or tls://host:port")
	fs.IntVar(&cfg.Slots, "units", 1, "units searched at once, each on --workers goroutines")
	fs.StringVar(&cfg.Name, "name", "", "the worker's name in the cluster (default host-pid)")
	fs.IntVar(&cfg.CacheMB, "cache-mb", 256, "the cache of each game searched, in megabytes")
	workers.register(fs)
	db.register(fs)
	fs.Lookup("db").Usage = "the facts store to read and grow (default: the first of grundy-work/1, grundy-work/2, … beside the default store that no other process holds)"
	pos, err := parseArgs(fs, args)
	switch {
	case err != nil:
	case len(pos) > 0:
		err = usagef("unexpected argument %s", quote(pos[0]))
	case node.url == "":
		err = usagef("want --server URL")
	case cfg.Slots < 1 || cfg.Slots > 1024:
		err = usagef("--units %d: want 1 to 1024", cfg.Slots)
	case cfg.CacheMB < 1 || cfg.CacheMB > 1<<20:
		err = usagef("--cache-mb %d: want 1 to %d", cfg.CacheMB, 1<<20)
	}
	if err == nil {
		err = workers.check()
	}
	if err == nil {
		err = db.check()
	}
	if err == nil {
		if merr := job.CheckMemory(cfg.CacheMB); merr != nil {
			err = usagef("--cache-mb %d: %v", cfg.CacheMB, merr)
		}
	}
	if err != nil {
		return fail(env, "work", err)
	}
	cfg.Workers = workers.count()
	if cfg.Auth, err = node.auth(); err != nil {
		return fail(env, "work", err)
	}
	url := node.url
	if cfg.Store, err = workerStore(db, cfg.CacheMB); err != nil {
		return fail(env, "work", err)
	}
	if cfg.Store != nil {
		defer cfg.Store.Close()
	}
	w, err := cluster.NewWorker(ctx, url, cfg)
	if err != nil {
		return fail(env, "work", serverError(url, err))
	}
	where := "no store"
	if cfg.Store != nil {
		where = "store " + cfg.Store.Dir()
	}
	fmt.Fprintf(env.Stdout, "grundy work: %s joined %s (%s)\n", w.Name(), url, where)
	if err := w.Run(ctx); err != nil {
		return fail(env, "work", serverError(url, err))
	}
	fmt.Fprintf(env.Stdout, "grundy work: %s stopped after %d units\n", w.Name(), w.Done())
	return exitOK
}

// serverError makes a server that does not answer at the URL given, or refuses the node or
// what it asks, a usage error (exit 2), as a file that cannot be read is; a server lost on
// the way stays a failure (exit 1).
func serverError(url string, err error) error {
	if errors.Is(err, cluster.ErrUnreachable) || errors.Is(err, cluster.ErrDenied) || errors.Is(err, cluster.ErrPermission) {
		return usagef("--server %s: %v", quote(url), err)
	}
	return err
}

// maxWorkerStores bounds the stores of workers on one machine (workerStore).
const maxWorkerStores = 64

// workerStore opens the worker's store: --db's, none with --no-db, else the first of
// grundy-work/1, grundy-work/2, … beside the default store that no other process holds, so
// that the workers of one machine, and the window on the default store, each have one of
// their own and keep it from one run to the next.
func workerStore(db storeFlags, cacheMB int) (*store.Store, error) {
	if db.none || db.path != "" {
		return db.openStore(cacheMB)
	}
	def, err := store.DefaultDir()
	if err != nil {
		return nil, usagef("%v (--no-db runs without a store)", err)
	}
	var first error
	for i := 1; i <= maxWorkerStores; i++ {
		s, err := store.OpenWith(filepath.Join(filepath.Dir(def), "grundy-work", strconv.Itoa(i)), storeOptions(cacheMB))
		if err == nil {
			return s, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, usagef("%v, and the %d stores after it too (--db PATH, or --no-db)", first, maxWorkerStores-1)
}
