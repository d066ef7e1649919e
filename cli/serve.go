package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"grundy/cluster"
	"grundy/store"
)

var cmdServe = &Command{
	Name:      "serve",
	UsageLine: "serve [--listen ADDR] [--db PATH | --no-db] [--js-dir DIR] [--ack-wait D] [--unit-nodes N]",
	Short:     "NATS JetStream server and coordinator of a cluster (see README: Cluster)",
	Run:       runServe,
}

type serveFlags struct {
	listen, jsDir string
	db            storeFlags
	cfg           cluster.Config
	window        int
}

func runServe(ctx context.Context, env *Env, args []string) int {
	var f serveFlags
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.StringVar(&f.listen, "listen", "127.0.0.1:4222", "host:port the server listens on (0.0.0.0:4222 for other machines; port 0: a free one)")
	fs.StringVar(&f.jsDir, "js-dir", "", "where JetStream keeps its streams (default: jetstream/ in the store's folder; needed with --no-db to survive a restart)")
	fs.DurationVar(&f.cfg.AckWait, "ack-wait", 30*time.Second, "a unit with no ack nor heartbeat for this long goes to another worker")
	fs.Int64Var(&f.cfg.UnitNodes, "unit-nodes", 200_000, "a unit's budget in nodes: one not decided within it is split into its options")
	fs.IntVar(&f.cfg.Window, "window", 2, "heaps of one component searched at once (Algorithm 3)")
	fs.IntVar(&f.cfg.CacheMB, "cache-mb", 64, "the coordinator's cache of facts, in megabytes")
	f.db.register(fs)
	pos, err := parseArgs(fs, args)
	if err == nil && len(pos) > 0 {
		err = usagef("unexpected argument %s", quote(pos[0]))
	}
	if err == nil {
		err = f.check()
	}
	if err != nil {
		return fail(env, "serve", err)
	}
	st, err := f.db.openStore()
	if err != nil {
		return fail(env, "serve", err)
	}
	if st != nil {
		defer st.Close()
	}
	dir, temp, err := f.streamsDir(st)
	if err != nil {
		return fail(env, "serve", err)
	}
	if temp {
		defer os.RemoveAll(dir)
	}
	srv, err := cluster.StartServer(f.listen, dir)
	if err != nil {
		if errors.Is(err, cluster.ErrListen) {
			err = usagef("--listen %s: %v", quote(f.listen), err)
		}
		return fail(env, "serve", err)
	}
	defer srv.Close()
	co, err := cluster.NewCoordinator(ctx, srv.URL(), st, f.cfg)
	if err != nil {
		return fail(env, "serve", err)
	}
	fmt.Fprintf(env.Stdout, "grundy serve: listening on %s, streams in %s\n", srv.URL(), dir)
	if err := co.Run(ctx); err != nil {
		return fail(env, "serve", err)
	}
	return exitOK
}

func (f *serveFlags) check() error {
	switch {
	case f.cfg.AckWait < time.Second:
		return usagef("--ack-wait %v: want 1s or more", f.cfg.AckWait)
	case f.cfg.UnitNodes < 1:
		return usagef("--unit-nodes %d: want 1 or more", f.cfg.UnitNodes)
	case f.cfg.Window < 1 || f.cfg.Window > 64:
		return usagef("--window %d: want 1 to 64", f.cfg.Window)
	case f.cfg.CacheMB < 1 || f.cfg.CacheMB > 1<<20:
		return usagef("--cache-mb %d: want 1 to %d", f.cfg.CacheMB, 1<<20)
	}
	return f.db.check()
}

// streamsDir is where JetStream keeps the streams: --js-dir, else jetstream/ in the store's
// folder, else (--no-db) a temporary folder, removed at the end (temp).
func (f *serveFlags) streamsDir(st *store.Store) (dir string, temp bool, err error) {
	switch {
	case f.jsDir != "":
		if err := os.MkdirAll(f.jsDir, 0o755); err != nil {
			return "", false, err
		}
		return f.jsDir, false, nil
	case st != nil:
		return filepath.Join(st.Dir(), "jetstream"), false, nil
	}
	dir, err = os.MkdirTemp("", "grundy-jetstream-")
	return dir, true, err
}
