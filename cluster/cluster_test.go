package cluster

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games"
	"grundy/store"
)

// A testCluster is a server, its coordinator and workers, in this process.
type testCluster struct {
	srv     *Server
	creds   string // the credentials folder: keys and TLS, as grundy serve --creds-dir
	worker  Auth   // a worker's credentials
	cl      Auth   // a client's
	clients []*conn
	co      *Coordinator
	workers []*Worker
	done    []chan error
	cancel  context.CancelFunc
	coDone  chan error
	once    sync.Once
}

// stop stops the workers and the coordinator, and waits for them.
func (tc *testCluster) stop() {
	tc.once.Do(func() {
		tc.cancel()
		for _, d := range tc.done {
			<-d
		}
		<-tc.coDone
	})
}

// startCluster starts a server on a free loopback port, its coordinator and n workers.
func startCluster(t testing.TB, n int, cfg Config, wcfg WorkerConfig) *testCluster {
	return startClusterStore(t, n, cfg, wcfg, nil)
}

// startClusterStore is startCluster with st the coordinator's store. The server asks for
// keys and speaks TLS, and the test fails when it denies a node a subject (a permission
// the role lacks).
func startClusterStore(t testing.TB, n int, cfg Config, wcfg WorkerConfig, st *store.Store) *testCluster {
	t.Helper()
	creds := t.TempDir()
	sec := secureConfig(t, creds)
	srv, err := StartSecureServer("127.0.0.1:0", t.TempDir(), sec)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	tc := &testCluster{srv: srv, cancel: cancel, creds: creds,
		worker: loadAuth(t, creds, WorkerCreds), cl: loadAuth(t, creds, ClientCreds)}
	cfg.Auth, cfg.Users = srv.Auth(), sec.Users
	co, err := NewCoordinator(ctx, srv.URL(), st, cfg)
	if err != nil {
		t.Fatal(err)
	}
	tc.co = co
	tc.coDone = make(chan error, 1)
	go func() { tc.coDone <- co.Run(ctx) }()
	for i := range n {
		c := wcfg
		c.Name = fmt.Sprintf("w%02d", i)
		tc.addWorker(t, ctx, c)
	}
	t.Cleanup(func() {
		tc.stop()
		srv.Close()
		for _, w := range tc.workers {
			if n := w.c.denied.Load(); n > 0 {
				t.Errorf("worker %s: the server denied it a subject %d times (see the log)", w.Name(), n)
			}
		}
		for _, c := range tc.clients {
			if n := c.denied.Load(); n > 0 {
				t.Errorf("a client: the server denied it a subject %d times (see the log)", n)
			}
		}
	})
	return tc
}

func (tc *testCluster) addWorker(t testing.TB, ctx context.Context, c WorkerConfig) {
	c.Auth = tc.worker
	w, err := NewWorker(ctx, tc.srv.URL(), c)
	if err != nil {
		t.Fatal(err)
	}
	d := make(chan error, 1)
	go func() { d <- w.Run(ctx) }()
	tc.workers = append(tc.workers, w)
	tc.done = append(tc.done, d)
}

// localNimber is the nimber of a game's position by a search in this process.
func localNimber(t testing.TB, game, pos string) int {
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p, err := games.Parse(g, pos)
	if err != nil {
		t.Fatal(err)
	}
	n, err := engine.NewSolver().Nimber(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// client dials the cluster with a client's key, with a context that ends after timeout;
// both are let go when the test ends.
func (tc *testCluster) client(t testing.TB, timeout time.Duration) (context.Context, *Client) {
	t.Helper()
	return tc.dialAs(t, tc.cl, timeout)
}

// dialAs is client with auth's credentials.
func (tc *testCluster) dialAs(t testing.TB, auth Auth, timeout time.Duration) (context.Context, *Client) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancel)
	cl, err := DialAuth(ctx, tc.srv.URL(), auth)
	if err != nil {
		t.Fatal(err)
	}
	tc.clients = append(tc.clients, cl.c)
	t.Cleanup(cl.Close)
	return ctx, cl
}

// secureConfig makes the credentials folder dir, as grundy serve --creds-dir does, and
// returns its security for a loopback server.
func secureConfig(t testing.TB, dir string) Security {
	t.Helper()
	users, err := MakeCreds(dir)
	if err != nil {
		t.Fatal(err)
	}
	tlsc, err := MakeCert(dir, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	return Security{Users: users, TLS: tlsc}
}

// loadAuth reads the credentials of file in the folder dir, with its CA; a denial of a
// subject fails the test.
func loadAuth(t testing.TB, dir, file string) Auth {
	t.Helper()
	a, err := LoadAuth(filepath.Join(dir, file), filepath.Join(dir, CAFile))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func (tc *testCluster) solve(t testing.TB, job Job, timeout time.Duration) (Answer, Status) {
	t.Helper()
	ctx, cl := tc.client(t, timeout)
	a, st, err := cl.Solve(ctx, job, nil)
	if err != nil {
		t.Fatalf("Solve(%s %s): %v (last status %+v)", job.Game, job.Position, err, st)
	}
	return a, st
}

func TestSolve_SmallPositions(t *testing.T) {
	tc := startCluster(t, 3, Config{UnitNodes: 2000, AckWait: 5 * time.Second}, WorkerConfig{CacheMB: 8})
	for _, c := range []struct{ game, pos string }{
		{"cram", "3x5"}, {"cram", "4x5"}, {"cram", "3x3 + 2x5"}, {"nim", "3 5 7"}, {"kayles", "12 7"},
	} {
		want := localNimber(t, c.game, c.pos)
		a, _ := tc.solve(t, Job{Game: c.game, Position: c.pos}, 60*time.Second)
		if a.Nimber == nil || *a.Nimber != want {
			t.Errorf("cluster nimber of %s %s = %v, want %d", c.game, c.pos, a.Nimber, want)
		}
		t.Logf("%s %s: nimber %d, %+v", c.game, c.pos, *a.Nimber, a.Stats)
		certified(t, a)
	}
	for _, pos := range []string{"3x4", "4x4"} {
		want := Loss
		if localNimber(t, "cram", pos) != 0 {
			want = Win
		}
		a, _ := tc.solve(t, Job{Game: "cram", Position: pos, Outcome: true}, 60*time.Second)
		if a.Outcome != want || a.Nimber != nil {
			t.Errorf("cluster outcome of cram %s = %s (nimber %v), want %s alone", pos, a.Outcome, a.Nimber, want)
		}
		certified(t, a)
	}
}

// A certificate larger than an answer holds comes in parts, which Solve reads back.
func TestSolve_CertificateInParts(t *testing.T) {
	tc := startCluster(t, 1, Config{UnitNodes: 2000, certPart: 100}, WorkerConfig{CacheMB: 8})
	a, _ := tc.solve(t, Job{Game: "cram", Position: "3x6"}, 60*time.Second)
	if a.CertificateParts < 2 || len(a.Certificate) <= 100 {
		t.Errorf("cram 3x6: a certificate of %d bytes in %d parts, want several of 100 bytes", len(a.Certificate), a.CertificateParts)
	}
	certified(t, a)
}

// certified checks the certificate of a by Glop's check, the rules alone, read as a client
// that holds nothing would: it must give a's nimber (or outcome), and a certificate with a
// couple changed must not.
func certified(t *testing.T, a Answer) {
	t.Helper()
	if len(a.Certificate) == 0 {
		t.Fatalf("%s %s: no certificate: %s", a.Game, a.Position, a.NoCertificate)
	}
	z, err := gzip.NewReader(bytes.NewReader(a.Certificate))
	if err != nil {
		t.Fatal(err)
	}
	text, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := games.Lookup(a.Game)
	p, err := games.Parse(g, a.Position)
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.ReadDatabase(bytes.NewReader(text), "certificate", g)
	if err != nil {
		t.Fatalf("%s %s: the certificate: %v\n%s", a.Game, a.Position, err, text)
	}
	if len(db.Records) != a.CertificateCouples {
		t.Errorf("%s %s: %d couples in the certificate, the answer says %d", a.Game, a.Position, len(db.Records), a.CertificateCouples)
	}
	cert, err := store.Certify(context.Background(), g.Name(), db, p, store.DatabaseOnly())
	switch {
	case err != nil:
		t.Fatalf("%s %s: the certificate does not hold: %v", a.Game, a.Position, err)
	case a.Nimber != nil && (!cert.HasNimber || cert.Nimber != *a.Nimber):
		t.Errorf("%s %s: the certificate gives %+v, the answer nimber %d", a.Game, a.Position, cert, *a.Nimber)
	case cert.Win != (a.Outcome == Win):
		t.Errorf("%s %s: the certificate gives win %v, the answer %s", a.Game, a.Position, cert.Win, a.Outcome)
	}
	if _, _, err := CheckCertificate(context.Background(), a); err != nil {
		t.Errorf("%s %s: CheckCertificate: %v", a.Game, a.Position, err)
	}
	// Every nimber one more: the check must fail.
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	if len(lines) < 2 {
		return
	}
	for i, line := range lines[1:] {
		cut := strings.LastIndexByte(line, ' ')
		n, _ := strconv.Atoi(line[cut+1:])
		lines[i+1] = fmt.Sprintf("%s %d", line[:cut], n+1)
	}
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	io.WriteString(w, strings.Join(lines, "\n")+"\n")
	w.Close()
	forged := a
	forged.Certificate = b.Bytes()
	if _, _, err := CheckCertificate(context.Background(), forged); err == nil {
		t.Errorf("%s %s: a certificate with every nimber one more passed the check", a.Game, a.Position)
	}
}

// Two workers prove two different values ≠ of one position, and their batches reach the
// coordinator one after the other: its cache must know both (a cache whose Puts overwrite
// kept the second alone when the first was still in ristretto's buffer).
func TestCoordinator_CacheMergesTheWorkersFacts(t *testing.T) {
	tc := startCluster(t, 0, Config{}, WorkerConfig{})
	ctx, cl := tc.dialAs(t, tc.srv.Auth(), 30*time.Second) // the coordinator's: facts checked
	const keys = 200
	batch := func(n int) []keyedFact {
		var out []keyedFact
		for i := range keys {
			out = append(out, keyedFact{fmt.Sprintf("k%03d", i), engine.Fact{}.Without(n)})
		}
		return out
	}
	for i, node := range []string{"w1", "w2"} {
		if _, err := publishFacts(ctx, cl.c, subjectChecked, node, "cram", batch(i)); err != nil {
			t.Fatal(err)
		}
	}
	for tc.co.merger.merged.Load() < 2*keys {
		if ctx.Err() != nil {
			t.Fatalf("the coordinator merged %d facts of %d within 30 s", tc.co.merger.merged.Load(), 2*keys)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cache := tc.co.cache("cram")
	lost := 0
	for i := range keys {
		f, _ := cache.Get(fmt.Sprintf("k%03d", i))
		if !f.Excludes(0) || !f.Excludes(1) {
			lost++
		}
	}
	if lost > 0 {
		t.Errorf("%d keys of %d lack one worker's fact in the coordinator's cache (want ≠ 0, 1)", lost, keys)
	}
}

// A job given up (Client.Cancel) is answered so at once, its units are dropped, the workers
// searching them stop at their next heartbeat, and what they proved stays in their store;
// the coordinator's takes nothing of units with no result, whose proof it never checked.
func TestCancel_StopsTheJobsUnits(t *testing.T) {
	st, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	wst, err := store.Open(t.TempDir()) // the workers'
	if err != nil {
		t.Fatal(err)
	}
	defer wst.Close()
	// Units as large as the whole search (cram 5x7: a local solve takes over a minute; not
	// 4x9, whose unit (4x9, 0) half-turn symmetry decides at once), and a heartbeat every
	// 10 s, which the answers' watch does not wait for.
	tc := startClusterStore(t, 2, Config{UnitNodes: 1 << 40, AckWait: 30 * time.Second}, WorkerConfig{CacheMB: 16, Store: wst}, st)
	ctx, cl := tc.client(t, 60*time.Second)
	job := Job{ID: NewJobID(), Game: "cram", Position: "5x7"}
	solved := make(chan error, 1)
	go func() { _, _, err := cl.Solve(ctx, job, nil); solved <- err }()
	waitUntil(t, ctx, "both workers search a unit", func() bool { return busy(tc.workers) == 2 })
	time.Sleep(500 * time.Millisecond) // into the search
	if err := cl.Cancel(ctx, job.ID); err != nil {
		t.Fatal(err)
	}
	stopped := time.Now()
	if err := <-solved; !errors.Is(err, ErrCancelled) {
		t.Fatalf("Solve of a job given up: %v, want ErrCancelled", err)
	}
	waitUntil(t, ctx, "the workers stop", func() bool { return busy(tc.workers) == 0 })
	t.Logf("the workers stopped %v after the cancel", time.Since(stopped).Round(time.Millisecond))
	// The answers' watch stops them at once (0.4 s, publishing what they proved included);
	// the heartbeats would take up to 10 s.
	if took := time.Since(stopped); took > 5*time.Second {
		t.Errorf("the workers stopped %v after the cancel, want at once (the answers' watch)", took)
	}
	if info, err := cl.c.js.Stream(ctx, StreamUnits); err != nil || info.CachedInfo().State.Msgs != 0 {
		t.Errorf("units left in the work queue after the cancel: %v %+v", err, info.CachedInfo().State)
	}
	tc.stop() // the merges end before the store is read
	count := func(s *store.Store) int64 {
		if err := s.Flush(); err != nil {
			t.Fatal(err)
		}
		ss, err := s.Stats()
		if err != nil {
			t.Fatal(err)
		}
		var kept int64
		for _, g := range ss.Games {
			kept += g.Entries
		}
		return kept
	}
	kept := count(wst)
	if kept == 0 {
		t.Errorf("the workers' store holds no fact of the searches given up")
	}
	if n := count(st); n != 0 {
		t.Errorf("the coordinator's store holds %d facts of units that gave no result", n)
	}
	t.Logf("the workers' store keeps %d facts of the job given up", kept)
}

// A job given up before its Solve handed it over (the window's Stop, tapped at once) is
// answered cancelled when it comes, and not searched: it searched to its end before.
func TestCancel_BeforeTheJobComes(t *testing.T) {
	tc := startCluster(t, 1, Config{UnitNodes: 1 << 40, AckWait: 30 * time.Second}, WorkerConfig{CacheMB: 16})
	ctx, cl := tc.client(t, 60*time.Second)
	job := Job{ID: NewJobID(), Game: "cram", Position: "4x9"} // 27 s to search alone
	if err := cl.Cancel(ctx, job.ID); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	a, _, err := cl.Solve(ctx, job, nil)
	if !errors.Is(err, ErrCancelled) || !a.Cancelled {
		t.Fatalf("Solve of a job given up before it came: %+v, %v; want it cancelled", a, err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("answered after %v: the job was searched", took)
	}
}

// busy counts the workers searching a unit.
func busy(ws []*Worker) int {
	n := 0
	for _, w := range ws {
		if len(w.status().Units) > 0 {
			n++
		}
	}
	return n
}

// waitUntil polls cond until it holds, or fails the test when ctx ends first.
func waitUntil(t *testing.T, ctx context.Context, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		if ctx.Err() != nil {
			t.Fatalf("waiting until %s: %v", what, ctx.Err())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
