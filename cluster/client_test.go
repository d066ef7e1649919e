package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"
)

// The statuses Solve gives progress are the caller's to keep: the window reads one on its
// own goroutine while Solve decodes the next, and a next one decoded into the last wrote
// over the workers it still showed.
func TestSolve_ProgressKeepsEachStatus(t *testing.T) {
	srv, err := StartServer("127.0.0.1:0", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// No coordinator: the streams and buckets only, and the job's statuses written here.
	c, err := dial(ctx, srv.URL(), "grundy-test", Auth{}, false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	if err := setup(ctx, c.js, Config{}.withDefaults()); err != nil {
		t.Fatal(err)
	}
	statuses, err := c.js.KeyValue(ctx, BucketStatus)
	if err != nil {
		t.Fatal(err)
	}
	cl, err := Dial(ctx, srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()

	job := Job{ID: NewJobID(), Game: "cram", Position: "3x3"}
	put := func(worker string) {
		t.Helper()
		b, _ := json.Marshal(Status{Job: job.ID, Workers: []WorkerStatus{{Name: worker, Units: []string{worker + "-1"}, Done: 1}}})
		if _, err := statuses.Put(ctx, job.ID, b); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	var seen []Status
	progress := func(s Status) {
		mu.Lock()
		seen = append(seen, s)
		mu.Unlock()
	}
	// lastNames is whether the last status progress was given names worker first.
	lastNames := func(worker string) func() bool {
		return func() bool {
			mu.Lock()
			defer mu.Unlock()
			n := len(seen)
			return n > 0 && len(seen[n-1].Workers) == 1 && seen[n-1].Workers[0].Name == worker
		}
	}

	put("A") // before Solve: its first poll gives it
	sctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	var last Status
	go func() {
		var err error
		_, last, err = cl.Solve(sctx, job, progress)
		done <- err
	}()
	waitUntil(t, ctx, "progress is given worker A's status", lastNames("A"))
	put("B")
	waitUntil(t, ctx, "progress is given worker B's status", lastNames("B"))
	stop()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Solve, its context cancelled: %v, want context.Canceled", err)
	}

	if first := seen[0]; len(first.Workers) != 1 || first.Workers[0].Name != "A" {
		t.Errorf("the first status given to progress now has workers %+v, want worker A alone", first.Workers)
	}
	if len(last.Workers) != 1 || last.Workers[0].Name != "B" {
		t.Errorf("Solve's last status has workers %+v, want worker B alone", last.Workers)
	}
}
