package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"grundy/cluster"
)

// Bad input to the cluster's commands: exit 2 and one line naming what was wrong.
func TestCluster_BadInput(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close() // a port taken
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"solve", "cram", "3x3", "--server", "nats://127.0.0.1:1"}, "no grundy server at nats://127.0.0.1:1"},
		{[]string{"work", "--server", "nats://127.0.0.1:1", "--no-db"}, "no grundy server"},
		{[]string{"work", "--no-db"}, "want --server URL"},
		{[]string{"work", "--server", "nats://x", "--units", "0"}, "--units 0"},
		{[]string{"serve", "--listen", "127.0.0.1:99999", "--no-db"}, "the port is not a number from 0 to 65535"},
		{[]string{"serve", "--listen", "nohost", "--no-db"}, `--listen "nohost"`},
		{[]string{"serve", "--listen", l.Addr().String(), "--no-db"}, "cannot listen"},
		{[]string{"serve", "--ack-wait", "10ms", "--no-db"}, "--ack-wait 10ms"},
		{[]string{"solve", "cram", "3x3", "--server", "nats://127.0.0.1:1", "--misere"}, "--server searches nimbers"},
		{[]string{"serve", "--listen", "0.0.0.0:0", "--no-db"}, "other machines could join the cluster"},
		{[]string{"serve", "--listen", ":4222", "--no-db"}, "give --creds-dir DIR"},
		{[]string{"serve", "--creds-dir", "d", "--tls-cert", "c.pem", "--no-db"}, "--tls-cert and --tls-key go together"},
		{[]string{"serve", "--tls-cert", "c.pem", "--tls-key", "k.pem", "--no-db"}, "TLS with no keys"},
		{[]string{"serve", "--creds-dir", "d", "--tls-cert", "nofile.pem", "--tls-key", "nofile.pem", "--no-db"}, "nofile.pem"},
		{[]string{"serve", "--cache-mb", "1048576", "--no-db"}, "--cache-mb 1048576: the memory budget does not fit"},
		{[]string{"work", "--server", "nats://127.0.0.1:1", "--cache-mb", "1048576", "--no-db"}, "--cache-mb 1048576: the memory budget does not fit"},
		{[]string{"work", "--server", "nats://127.0.0.1:1", "--creds", "nofile.nk", "--no-db"}, "nofile.nk"},
		{[]string{"solve", "cram", "3x3", "--creds", "worker.nk"}, "--creds and --ca go with --server"},
		{[]string{"solve", "cram", "3x3", "--certificate", "c.txt"}, "--certificate goes with --server"},
		{[]string{"serve", "--creds-dir", "bad", "--no-db"}, `user "root": unknown role "admin"`},
		{[]string{"serve", "--new-key", "worker:b", "--no-db"}, "--new-key goes with --creds-dir"},
		{[]string{"serve", "--creds-dir", "d", "--new-key", "admin:b", "--no-db"}, `unknown role "admin"`},
		{[]string{"serve", "--creds-dir", "d", "--new-key", "b", "--no-db"}, "want ROLE:NAME"},
		{[]string{"serve", "--creds-dir", "d", "--new-key", "worker:worker", "--no-db"}, `user "worker": in d/users.json already`},
	}
	t.Chdir(t.TempDir()) // serve --creds-dir d
	os.Mkdir("bad", 0o700)
	os.WriteFile(filepath.Join("bad", "users.json"), []byte(`{"users": [{"name": "root", "role": "admin", "nkey": "UCCSVSA5AMMQJF4TRT6NZANRLG5EIT2JZUY3DQRGY22PGUMRYAEMPNEF"}]}`), 0o600)
	for _, c := range cases {
		code, _, errOut := grundy(c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("grundy %v: exit %d, stderr %q; want exit 2 and one line with %q", c.args, code, errOut, c.want)
		}
	}
}

// startServer starts a loopback server, its coordinator with cfg and one worker, named w,
// in this process, and returns the server's URL.
func startServer(t *testing.T, cfg cluster.Config) string {
	t.Helper()
	srv, err := cluster.StartServer("127.0.0.1:0", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	co, err := cluster.NewCoordinator(ctx, srv.URL(), nil, cfg)
	if err != nil {
		t.Fatal(err)
	}
	wk, err := cluster.NewWorker(ctx, srv.URL(), cluster.WorkerConfig{Name: "w", CacheMB: 8})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{}, 2)
	go func() { co.Run(ctx); done <- struct{}{} }()
	go func() { wk.Run(ctx); done <- struct{}{} }()
	t.Cleanup(func() { cancel(); <-done; <-done; srv.Close() })
	return srv.URL()
}

// solve --server prints what solve prints, with the cluster's counts.
func TestSolveServer_AsSolve(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	url := startServer(t, cluster.Config{UnitNodes: 2000})

	code, out, errOut := grundy("solve", "cram", "3x7", "--server", url, "--json", "--timeout", "60s")
	if code != 0 {
		t.Fatalf("solve --server: exit %d: %s", code, errOut)
	}
	var got struct {
		Game, Position, Outcome string
		Nimber                  *int
		Stats                   struct{ Nodes int64 }
		Cluster                 cluster.Stats
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("solve --server --json: %v: %s", err, out)
	}
	_, local, _ := grundy("solve", "cram", "3x7", "--json", "--no-db", "--tree-nodes", "0")
	var want struct {
		Outcome string
		Nimber  *int
	}
	json.Unmarshal([]byte(local), &want)
	if got.Game != "cram" || got.Position != "3x7" || got.Outcome != want.Outcome || got.Nimber == nil || *got.Nimber != *want.Nimber {
		t.Errorf("solve --server: %s, want the local answer %s", out, local)
	}
	if got.Cluster.Done < 1 || got.Cluster.Units < 1 {
		t.Errorf("solve --server: cluster counts %+v", got.Cluster)
	}
	code, text, _ := grundy("solve", "cram", "3x7", "--server", url, "--timeout", "60s")
	if code != 0 || !strings.Contains(text, "nimber    ") || !strings.Contains(text, "cluster   ") {
		t.Errorf("solve --server text:\n%s", text)
	}

	// --certificate writes the answer's certificate, which db check derives the nimber from
	// with the rules alone.
	cert := filepath.Join(t.TempDir(), "3x5.txt")
	code, text, errOut = grundy("solve", "cram", "3x5", "--server", url, "--timeout", "60s", "--certificate", cert)
	if code != 0 || !strings.Contains(text, cert+": the certificate, ") || !strings.Contains(text, "losing couples, checked") {
		t.Fatalf("solve --server --certificate: exit %d:\n%s%s", code, text, errOut)
	}
	b, err := os.ReadFile(cert)
	if err != nil || !strings.HasPrefix(string(b), "[Positions+Nimber]\n") {
		t.Fatalf("the certificate written: %v\n%s", err, b)
	}
	code, checked, errOut := grundy("db", "check", cert, "--game", "cram", "--no-theory", "3x5")
	if code != 0 || !strings.Contains(checked, `nimber("3x5") = 1`) {
		t.Errorf("db check of the certificate: exit %d:\n%s%s", code, checked, errOut)
	}
}

// Ctrl-C on solve --server gives the job up in the cluster: its answer says so, and the
// worker stops searching its unit at its next heartbeat.
func TestSolveServer_InterruptCancelsTheJob(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	// One unit, the whole search of cram 4x9 (half a minute), and a heartbeat a second.
	url := startServer(t, cluster.Config{UnitNodes: 1 << 40, AckWait: 3 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cl, err := cluster.Dial(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	interrupt, ctrlC := context.WithCancel(ctx)
	var out, errOut bytes.Buffer
	exited := make(chan int, 1)
	go func() {
		exited <- Main(interrupt, []string{"solve", "cram", "4x9", "--server", url, "--json"}, &out, &errOut)
	}()
	workerBusy := func(want bool) bool {
		ws, _ := cl.Workers(ctx)
		return len(ws) == 1 && (len(ws[0].Units) > 0) == want
	}
	for !workerBusy(true) {
		if ctx.Err() != nil {
			t.Fatal("the worker searched nothing within 60 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	ctrlC()
	if code := <-exited; code != exitTimeout || !strings.Contains(errOut.String(), "cancelled in the cluster") {
		t.Fatalf("solve --server interrupted: exit %d, stderr %q; want 3 and the job cancelled", code, errOut.String())
	}
	var got struct{ Job string }
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || got.Job == "" {
		t.Fatalf("solve --server --json interrupted printed %q: %v", out.String(), err)
	}
	// The same job handed over again (JetStream drops the copy) has its answer: cancelled.
	if _, _, err := cl.Solve(ctx, cluster.Job{ID: got.Job, Game: "cram", Position: "4x9"}, nil); !errors.Is(err, cluster.ErrCancelled) {
		t.Errorf("the answer of job %s after Ctrl-C: %v, want ErrCancelled", got.Job, err)
	}
	for !workerBusy(false) {
		if ctx.Err() != nil {
			t.Fatal("the worker still searched the unit of a job given up 60 s later")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// run starts grundy with args in this process until the test ends, and returns what ends
// it: its exit code, once its context is cancelled.
func run(t *testing.T, args ...string) (stop func() (int, string, string)) {
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- Main(ctx, args, &out, &errOut) }()
	var once sync.Once
	var code int
	stop = func() (int, string, string) {
		once.Do(func() { cancel(); code = <-done })
		return code, out.String(), errOut.String()
	}
	t.Cleanup(func() { stop() })
	return stop
}

// serve --creds-dir on loopback: the workers and clients of its folder's keys and CA are let
// in, a worker's key made by --new-key too, and two workers on one machine each open a store
// of their own; no key, a worker's key
// handing a job over, another CA, a client's key working: exit 2 and one line saying why.
func TestServe_CredsDir(t *testing.T) {
	xdg := t.TempDir()
	t.Setenv("XDG_DATA_HOME", xdg)
	creds := filepath.Join(t.TempDir(), "creds")
	addr := freePort(t)
	url := "tls://" + addr
	stopServe := run(t, "serve", "--listen", addr, "--no-db", "--creds-dir", creds, "--new-key", "worker:b")
	ca, worker, client := filepath.Join(creds, cluster.CAFile), filepath.Join(creds, cluster.WorkerCreds), filepath.Join(creds, cluster.ClientCreds)
	waitServe(t, url, func() cluster.Auth { a, _ := cluster.LoadAuth(client, ca); return a }, stopServe)
	var workers []func() (int, string, string)
	for _, key := range []string{worker, filepath.Join(creds, "b.nk")} { // the folder's worker key, and b's of --new-key
		workers = append(workers, run(t, "work", "--server", url, "--creds", key, "--ca", ca, "--workers", "1", "--cache-mb", "8"))
	}
	for _, u := range []string{url, "nats://" + addr} { // TLS by --ca, whatever the scheme
		code, out, errOut := grundy("solve", "cram", "3x5", "--server", u, "--creds", client, "--ca", ca, "--json", "--timeout", "60s")
		if code != 0 || !strings.Contains(out, `"nimber"`) {
			t.Errorf("solve --server %s with a client's key: exit %d, %s%s", u, code, out, errOut)
		}
	}
	stores := map[string]bool{}
	for i, stop := range workers {
		code, out, errOut := stop()
		_, dir, ok := strings.Cut(out, "(store ")
		if code != 0 || !ok {
			t.Errorf("worker %d: exit %d, %s%s; want 0 and a store of its own", i, code, out, errOut)
			continue
		}
		stores[strings.Fields(dir)[0]] = true
	}
	if len(stores) != 2 {
		t.Errorf("two workers on one machine opened %d stores, want 2: %v", len(stores), stores)
	}
	other := filepath.Join(t.TempDir(), "other")
	if _, err := cluster.MakeCert(other, "127.0.0.1"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--ca", ca}, "refused by the server"},
		{[]string{"--creds", worker, "--ca", ca}, "not permitted"},
		{[]string{"--creds", client, "--ca", filepath.Join(other, cluster.CAFile)}, "certificate signed by unknown authority"},
		{[]string{"--creds", client}, "refused by the server"},
	} {
		args := append([]string{"solve", "cram", "3x5", "--server", url, "--timeout", "20s"}, c.args...)
		code, _, errOut := grundy(args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("grundy %v: exit %d, stderr %q; want exit 2 and one line with %q", args, code, errOut, c.want)
		}
	}
	args := []string{"work", "--server", url, "--creds", client, "--ca", ca, "--no-db"}
	if code, _, errOut := grundy(args...); code != exitUsage || !strings.Contains(errOut, "not permitted") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("grundy %v: exit %d, stderr %q; want exit 2 and one line: not permitted", args, code, errOut)
	}
}

// waitServe waits until the server at url lets a client in with auth (read again at each
// try: serve writes its files as it starts), or fails the test with serve's stop.
func waitServe(t *testing.T, url string, auth func() cluster.Auth, stop func() (int, string, string)) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		cl, err := cluster.DialAuth(ctx, url, auth())
		cancel()
		if err == nil {
			cl.Close()
			return
		}
	}
	code, _, errOut := stop()
	t.Fatalf("grundy serve did not let a client in within 20 s: exit %d, %s", code, errOut)
}

// freePort returns a loopback address whose port is free now.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// serve on loopback asks for nothing: a worker and solve --server with no key.
func TestServe_Loopback(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	addr := freePort(t)
	url := "nats://" + addr
	waitServe(t, url, func() cluster.Auth { return cluster.Auth{} }, run(t, "serve", "--listen", addr, "--no-db"))
	stopWork := run(t, "work", "--server", url, "--workers", "1", "--cache-mb", "8", "--no-db")
	code, out, errOut := grundy("solve", "cram", "3x5", "--server", url, "--json", "--timeout", "60s")
	if code != 0 || !strings.Contains(out, `"nimber"`) {
		t.Errorf("solve --server on loopback: exit %d, %s%s", code, out, errOut)
	}
	if code, out, errOut := stopWork(); code != 0 || !strings.Contains(out, "no store") {
		t.Errorf("work --no-db: exit %d, %s%s", code, out, errOut)
	}
}

// serve --tls-cert --tls-key: the server shows the certificate given, which the nodes trust
// by its CA; the keys are the folder's.
func TestServe_TLSCertGiven(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	pki, creds := t.TempDir(), filepath.Join(t.TempDir(), "creds")
	if _, err := cluster.MakeCert(pki, "127.0.0.1"); err != nil { // a CA and a certificate of "someone else's"
		t.Fatal(err)
	}
	addr := freePort(t)
	url := "tls://" + addr
	stop := run(t, "serve", "--listen", addr, "--no-db", "--creds-dir", creds,
		"--tls-cert", filepath.Join(pki, "server.pem"), "--tls-key", filepath.Join(pki, "server-key.pem"))
	client, ca := filepath.Join(creds, cluster.ClientCreds), filepath.Join(pki, cluster.CAFile)
	waitServe(t, url, func() cluster.Auth { a, _ := cluster.LoadAuth(client, ca); return a }, stop)
	if _, err := os.Stat(filepath.Join(creds, cluster.CAFile)); err == nil {
		t.Errorf("serve --tls-cert made a CA of its own in %s", creds)
	}
}
