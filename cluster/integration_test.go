package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The integration tests run the grundy binary: a server, workers, and `solve --server`, each
// a process of its own on 127.0.0.1, and kill some of them.

var (
	buildOnce sync.Once
	grundyBin string
	buildErr  error
)

// grundyBinary builds the grundy command once for the package's tests.
func grundyBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "grundy-cluster-test-")
		if err != nil {
			buildErr = err
			return
		}
		grundyBin = filepath.Join(dir, "grundy")
		out, err := exec.Command("go", "build", "-o", grundyBin, "grundy").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return grundyBin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if grundyBin != "" {
		os.RemoveAll(filepath.Dir(grundyBin))
	}
	os.Exit(code)
}

// freeAddr returns a loopback address with a port free now.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// A proc is a grundy process of a test.
type proc struct {
	cmd      *exec.Cmd
	out, err bytes.Buffer
	done     chan struct{}
}

// start runs grundy with args, its data dir in the test's temporary folder.
func start(t *testing.T, xdg string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(grundyBinary(t), args...), done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+xdg)
	p.cmd.Stdout, p.cmd.Stderr = &p.out, &p.err
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
		if t.Failed() {
			t.Logf("grundy %v:\n%s%s", args, p.out.String(), p.err.String())
		}
	})
	return p
}

// kill ends p with SIGKILL, as a machine that dies.
func (p *proc) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// serve starts a server on addr with its streams in jsDir, asking for the keys of the
// credentials folder creds and speaking TLS, and waits until it listens.
func serve(t *testing.T, xdg, addr, jsDir, creds string, extra ...string) *proc {
	t.Helper()
	args := append([]string{"serve", "--listen", addr, "--no-db", "--js-dir", jsDir, "--ack-wait", "2s", "--creds-dir", creds}, extra...)
	p := start(t, xdg, args...)
	listening := regexp.MustCompile(`listening on tls://`)
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if listening.MatchString(p.out.String()) {
			return p
		}
		select {
		case <-p.done:
			t.Fatalf("grundy serve ended: %s", p.err.String())
		default:
		}
	}
	t.Fatal("grundy serve did not listen within 20 s")
	return nil
}

// serverJSON is what the tests read of `solve --server --json`.
type serverJSON struct {
	Outcome string `json:"outcome"`
	Nimber  *int   `json:"nimber"`
	Cluster Stats  `json:"cluster"`
}

// answer waits for a `solve --json` process and reads its answer.
func answer(t *testing.T, p *proc, within time.Duration) serverJSON {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(within):
		t.Fatalf("solve --server took over %v", within)
	}
	if code := p.cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("solve --server: exit %d: %s", code, p.err.String())
	}
	var out serverJSON
	if err := json.Unmarshal(p.out.Bytes(), &out); err != nil || out.Nimber == nil {
		t.Fatalf("solve --server printed %q: %v", p.out.String(), err)
	}
	return out
}

// as are the flags of a node of the cluster whose credentials folder is creds, with the key
// of file (WorkerCreds, ClientCreds).
func as(creds, file string) []string {
	return []string{"--creds", filepath.Join(creds, file), "--ca", filepath.Join(creds, CAFile)}
}

// dialClient dials the server at url with a client's key of the folder creds.
func dialClient(t *testing.T, ctx context.Context, url, creds string) *Client {
	t.Helper()
	cl, err := DialAuth(ctx, url, loadAuth(t, creds, ClientCreds))
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

// waitBusy waits until the worker named name is searching a unit, and returns it.
func waitBusy(t *testing.T, url, creds, name string, within time.Duration) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	cl := dialClient(t, ctx, url, creds)
	defer cl.Close()
	for ctx.Err() == nil {
		ws, _ := cl.Workers(ctx)
		for _, w := range ws {
			if w.Name == name && len(w.Units) > 0 {
				return w.Units[0]
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("worker %s searched nothing within %v", name, within)
	return ""
}

// A worker searching Cram 3x13 (nimber 2, about 220 000 nodes in units of 40 000; each
// result is read out as a proof and checked by the coordinator) is killed with SIGKILL in
// the middle of a unit, which JetStream hands to another once its AckWait (2 s) passes with
// no heartbeat. The second worker joins only after that wait, so that the unit it takes
// first is the redelivered one (JetStream serves redeliveries before new messages): with
// both at work from the start, a proof of the other heaps could decide the killed unit
// first, and its redelivery would then be searched for nothing, or not at all.
func TestIntegration_WorkerKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of half a minute or more")
	}
	xdg, addr, creds := t.TempDir(), freeAddr(t), t.TempDir()
	serve(t, xdg, addr, t.TempDir(), creds, "--unit-nodes", "40000")
	url := "tls://" + addr
	worker := func(name string) *proc {
		return start(t, xdg, append([]string{"work", "--server", url, "--no-db", "--workers", "1",
			"--name", name, "--cache-mb", "128"}, as(creds, WorkerCreds)...)...)
	}
	w0 := worker("w0")
	solve := start(t, xdg, append([]string{"solve", "cram", "3x13", "--server", url, "--json", "--timeout", "400s"}, as(creds, ClientCreds)...)...)
	unit := waitBusy(t, url, creds, "w0", 60*time.Second)
	time.Sleep(time.Second) // into the unit's search
	w0.kill()
	t.Logf("killed w0 while it searched %s", unit)
	time.Sleep(3 * time.Second) // past the AckWait: the unit waits for redelivery
	worker("w1")
	out := answer(t, solve, 410*time.Second)
	if *out.Nimber != 2 || out.Outcome != Win {
		t.Errorf("cluster: cram 3x13 = %s %d, want W, nimber 2", out.Outcome, *out.Nimber)
	}
	if out.Cluster.Redeliveries < 1 {
		t.Errorf("cluster: no redelivery after a worker was killed mid-unit: %+v", out.Cluster)
	}
	t.Logf("cluster stats: %+v", out.Cluster)
}

// The server (and its coordinator) is killed with SIGKILL in the middle of a search and
// started again on the same address and streams: the workers and the client reconnect, the
// coordinator rebuilds its tree from the streams, and the answer is a local solve's (Cram
// 3x13: nimber 2, 450 000 nodes).
func TestIntegration_ServerRestarted(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of ten seconds or more")
	}
	xdg, addr, jsDir, creds := t.TempDir(), freeAddr(t), t.TempDir(), t.TempDir()
	srv := serve(t, xdg, addr, jsDir, creds, "--unit-nodes", "40000")
	url := "tls://" + addr
	for i := range 2 {
		start(t, xdg, append([]string{"work", "--server", url, "--no-db", "--workers", "1", "--name", fmt.Sprintf("w%d", i), "--cache-mb", "128"},
			as(creds, WorkerCreds)...)...)
	}
	solve := start(t, xdg, append([]string{"solve", "cram", "3x13", "--server", url, "--json", "--timeout", "400s"}, as(creds, ClientCreds)...)...)
	waitBusy(t, url, creds, "w0", 60*time.Second)
	time.Sleep(3 * time.Second) // some units done, their results in the stream
	before, read := jobStatus(t, url, creds), time.Now()
	srv.kill()
	time.Sleep(time.Second)
	serve(t, xdg, addr, jsDir, creds, "--unit-nodes", "40000") // the same keys and certificate
	// Registered after the processes' own cleanups, so run before they are killed.
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the job on the restarted server, as the test ends: %s", statusNow(url, creds))
		}
	})
	out := answer(t, solve, 410*time.Second)
	if *out.Nimber != 2 || out.Outcome != Win {
		t.Errorf("cluster: cram 3x13 = %s %d, want W, nimber 2", out.Outcome, *out.Nimber)
	}
	t.Logf("before the restart: %+v", before.Stats)
	t.Logf("cluster stats: %+v", out.Cluster)
	// The totals go on from where they were: the elapsed time from the job's start (less
	// the status's age, half a second, and the answer's wait, another), the facts from
	// the results of before the restart, read again.
	since := time.Since(read).Milliseconds()
	if min := before.Stats.ElapsedMS + since - 1500; out.Cluster.ElapsedMS < min {
		t.Errorf("after a restart the job took %d ms, want %d at least (%d before it, %d ms since)",
			out.Cluster.ElapsedMS, min, before.Stats.ElapsedMS, since)
	}
	if out.Cluster.Facts < before.Stats.Facts || out.Cluster.Done < before.Stats.Done {
		t.Errorf("after a restart the job counts %d facts and %d results, fewer than the %d and %d before it",
			out.Cluster.Facts, out.Cluster.Done, before.Stats.Facts, before.Stats.Done)
	}
}

// statuses reads the statuses of the jobs of the server at url, as a client of the
// credentials folder creds.
func statuses(url, creds string) ([][]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	auth, err := LoadAuth(filepath.Join(creds, ClientCreds), filepath.Join(creds, CAFile))
	if err != nil {
		return nil, err
	}
	cl, err := DialAuth(ctx, url, auth)
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	kv, err := cl.c.js.KeyValue(ctx, BucketStatus)
	if err != nil {
		return nil, err
	}
	keys, err := kv.ListKeys(ctx)
	if err != nil {
		return nil, err
	}
	var all [][]byte
	for k := range keys.Keys() {
		if e, err := kv.Get(ctx, k); err == nil {
			all = append(all, e.Value())
		}
	}
	return all, nil
}

// statusNow is what statuses reads, or why it could not: for the log of a failed test.
func statusNow(url, creds string) string {
	all, err := statuses(url, creds)
	if err != nil {
		return err.Error()
	}
	return string(bytes.Join(all, []byte("; ")))
}

// jobStatus returns the status of the one job of the server at url.
func jobStatus(t *testing.T, url, creds string) Status {
	t.Helper()
	all, err := statuses(url, creds)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range all {
		var st Status
		if json.Unmarshal(b, &st) == nil {
			return st
		}
	}
	t.Fatal("no job's status on the server")
	return Status{}
}
