package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"grundy/cluster"
	"grundy/job"
	"grundy/store"
)

var cmdServe = &Command{
	Name:      "serve",
	UsageLine: "serve [--listen ADDR] [--creds-dir DIR [--new-key ROLE:NAME] [--tls-cert FILE --tls-key FILE]] [--db PATH | --no-db] [--js-dir DIR] [--ack-wait D] [--unit-nodes N]",
	Short:     "NATS JetStream server and coordinator of a cluster (see docs/cluster.md)",
	Run:       runServe,
}

type serveFlags struct {
	listen, jsDir string
	credsDir      string   // --creds-dir: keys and TLS
	newKeys       []string // --new-key ROLE:NAME, keys to add to the folder
	cert, key     string   // --tls-cert, --tls-key: the server's certificate, else one of its own
	db            storeFlags
	cfg           cluster.Config
	window        int
}

func runServe(ctx context.Context, env *Env, args []string) int {
	var f serveFlags
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.StringVar(&f.listen, "listen", "127.0.0.1:4222", "host:port the server listens on (0.0.0.0:4222 for other machines; port 0: a free one)")
	fs.StringVar(&f.credsDir, "creds-dir", "", "ask for keys and speak TLS: the folder of the cluster's keys and certificates, made the first time (copy worker.nk, client.nk and ca.pem to the nodes)")
	fs.Func("new-key", "with --creds-dir: make a key for another user, ROLE:NAME (worker:host-b, client:alice), in NAME.nk of the folder; repeatable", func(s string) error {
		f.newKeys = append(f.newKeys, s)
		return nil
	})
	fs.StringVar(&f.cert, "tls-cert", "", "the server's TLS certificate (PEM), with --tls-key (default with --creds-dir: one signed by the folder's own ca.pem)")
	fs.StringVar(&f.key, "tls-key", "", "the private key of --tls-cert (PEM)")
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
	st, err := f.db.openStore(f.cfg.CacheMB)
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
	if err := f.addKeys(env); err != nil {
		return fail(env, "serve", err)
	}
	sec, err := f.security()
	if err != nil {
		return fail(env, "serve", err)
	}
	srv, err := cluster.StartSecureServer(f.listen, dir, sec)
	if err != nil {
		if errors.Is(err, cluster.ErrListen) {
			err = usagef("--listen %s: %v", quote(f.listen), err)
		}
		return fail(env, "serve", err)
	}
	defer srv.Close()
	f.cfg.Auth, f.cfg.Users = srv.Auth(), sec.Users
	co, err := cluster.NewCoordinator(ctx, srv.URL(), st, f.cfg)
	if err != nil {
		return fail(env, "serve", err)
	}
	fmt.Fprintf(env.Stdout, "grundy serve: listening on %s, streams in %s\n", srv.URL(), dir)
	switch {
	case f.credsDir != "" && f.cert == "":
		fmt.Fprintf(env.Stdout, "grundy serve: keys and certificates in %s: grundy work --server %s --creds %s --ca %s\n",
			f.credsDir, nodeURL(srv.URL()), cluster.WorkerCreds, cluster.CAFile)
	case f.credsDir != "":
		fmt.Fprintf(env.Stdout, "grundy serve: keys in %s: grundy work --server %s --creds %s\n", f.credsDir, nodeURL(srv.URL()), cluster.WorkerCreds)
	}
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
	case (f.cert == "") != (f.key == ""):
		return usagef("--tls-cert and --tls-key go together")
	case len(f.newKeys) > 0 && f.credsDir == "":
		return usagef("--new-key goes with --creds-dir")
	case f.cert != "" && f.credsDir == "":
		return usagef("--tls-cert without --creds-dir: TLS with no keys lets anyone in")
	case f.credsDir == "" && !loopback(f.listen):
		return usagef("--listen %s: other machines could join the cluster and lie to it: give --creds-dir DIR (keys and TLS), or listen on 127.0.0.1", quote(f.listen))
	}
	if err := job.CheckMemory(f.cfg.CacheMB); err != nil {
		return usagef("--cache-mb %d: %v", f.cfg.CacheMB, err)
	}
	return f.db.check()
}

// loopback reports whether the address host:port is this machine's loopback alone
// (127.0.0.1, ::1, localhost): no other machine reaches it.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return true // not an address: StartServer says so
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// nodeURL is the server's URL as the other machines give it: this machine's name for an
// address that is any of its own (0.0.0.0).
func nodeURL(url string) string {
	scheme, addr, _ := strings.Cut(url, "://")
	host, port, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsUnspecified() {
		return url
	}
	name, err := os.Hostname()
	if err != nil {
		return url
	}
	return scheme + "://" + net.JoinHostPort(name, port)
}

// addKeys makes the keys of --new-key in the folder of --creds-dir.
func (f *serveFlags) addKeys(env *Env) error {
	for _, k := range f.newKeys {
		role, name, ok := strings.Cut(k, ":")
		if !ok {
			return usagef("--new-key %s: want ROLE:NAME (worker:host-b, client:alice)", quote(k))
		}
		file, err := cluster.AddUser(f.credsDir, name, cluster.Role(role))
		if err != nil {
			return usagef("--new-key %s: %v", quote(k), err)
		}
		fmt.Fprintf(env.Stdout, "grundy serve: a %s's key for %s in %s: copy it to its machine\n", role, name, file)
	}
	return nil
}

// security is what the server asks with --creds-dir: the folder's keys, and TLS with
// --tls-cert or a certificate of the folder's own. Without it, nothing.
func (f *serveFlags) security() (cluster.Security, error) {
	var sec cluster.Security
	if f.credsDir == "" {
		return sec, nil
	}
	var err error
	if sec.Users, err = cluster.MakeCreds(f.credsDir); err != nil {
		return sec, usagef("--creds-dir %s: %v", quote(f.credsDir), err)
	}
	if f.cert != "" {
		sec.TLS, err = cluster.LoadCert(f.cert, f.key)
	} else {
		host, _, _ := net.SplitHostPort(f.listen)
		sec.TLS, err = cluster.MakeCert(f.credsDir, host)
	}
	if err != nil {
		return sec, usagef("%v", err)
	}
	return sec, nil
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
