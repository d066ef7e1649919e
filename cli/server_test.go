package cli

import (
	"context"
	"encoding/json"
	"net"
	"strings"
	"testing"

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
	}
	for _, c := range cases {
		code, _, errOut := grundy(c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("grundy %v: exit %d, stderr %q; want exit 2 and one line with %q", c.args, code, errOut, c.want)
		}
	}
}

// solve --server prints what solve prints, with the cluster's counts.
func TestSolveServer_AsSolve(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	srv, err := cluster.StartServer("127.0.0.1:0", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	co, err := cluster.NewCoordinator(ctx, srv.URL(), nil, cluster.Config{UnitNodes: 2000})
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
	defer func() { cancel(); <-done; <-done }()

	code, out, errOut := grundy("solve", "cram", "3x7", "--server", srv.URL(), "--json", "--timeout", "60s")
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
	code, text, _ := grundy("solve", "cram", "3x7", "--server", srv.URL(), "--timeout", "60s")
	if code != 0 || !strings.Contains(text, "nimber    ") || !strings.Contains(text, "cluster   ") {
		t.Errorf("solve --server text:\n%s", text)
	}
}
