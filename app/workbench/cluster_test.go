package workbench

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"grundy/cluster"
	"grundy/editor"
	"grundy/engine"
	"grundy/games"
	"grundy/job"
)

// startCluster starts a loopback server, its coordinator and one worker in this process.
func startCluster(t *testing.T) string { return startClusterConfig(t, cluster.Config{UnitNodes: 2000}) }

// startClusterConfig is startCluster with the coordinator's cfg.
func startClusterConfig(t *testing.T, cfg cluster.Config) string {
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
	wk, err := cluster.NewWorker(ctx, srv.URL(), cluster.WorkerConfig{Name: "w0", CacheMB: 8})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{}, 2)
	go func() { co.Run(ctx); done <- struct{}{} }()
	go func() { wk.Run(ctx); done <- struct{}{} }()
	t.Cleanup(func() {
		cancel()
		<-done
		<-done
		srv.Close()
	})
	return srv.URL()
}

func TestClusterView_SolvesThroughServer(t *testing.T) {
	url := startCluster(t)
	w, _, q := newTestWorkbench(t)
	if err := w.Editor.SetState(editor.State{Game: "cram", Notation: "3x7"}); err != nil {
		t.Fatal(err)
	}
	g, _ := games.Lookup("cram")
	p, _ := games.Parse(g, "3x7")
	want, err := engine.NewSolver().Nimber(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	v := w.SolveOnServer(url)
	q.runUntil(t, 60*time.Second, func() bool { a, _, _ := v.Texts(); return a != "" })
	answer, progress, _ := v.Texts()
	if wantText := fmt.Sprintf("nimber %d", want); !strings.HasPrefix(answer, wantText) {
		t.Errorf("view's answer %q, want %q (a local solve)", answer, wantText)
	}
	if !strings.Contains(progress, "units") || strings.Contains(progress, " 0 results") {
		t.Errorf("view's progress %q: no result counted", progress)
	}
	// The answer reaches the panel too, which said "?".
	if got, want := w.Solver.ui.nimber.Text, NimberText(job.Answer{HasOutcome: true, Win: want != 0, HasNimber: true, Nimber: want}); got != want {
		t.Errorf("panel's nimber %q after the server's answer, want %q", got, want)
	}
}

// The server dialog answers Esc (cancel) and Enter (solve), with the focus in its fields as
// without it.
func TestServerDialog_EscAndEnter(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	w.Editor.SetState(editor.State{Game: "cram", Notation: "3x3"})
	top := func() fyne.CanvasObject { return w.win.Canvas().Overlays().Top() }
	w.askServer()
	if top() == nil {
		t.Fatal("no dialog")
	}
	w.win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if top() != nil {
		t.Fatal("Esc in the server field left the dialog open")
	}
	w.askServer()
	w.win.Canvas().Unfocus()
	w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if top() != nil {
		t.Fatal("Esc left the dialog open")
	}
	w.app.Preferences().SetString(prefServer, "nats://127.0.0.1:1")
	w.askServer()
	w.win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if o := top(); o == nil {
		t.Fatal("Enter in the server field solved nothing: no view of the job")
	}
	w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape}) // Esc closes the job's view
	if o := top(); o != nil {
		t.Fatal("Esc left the job's view open")
	}
}

// Stop gives the job up in the cluster: the view then says it was cancelled.
func TestClusterView_StopCancelsTheJob(t *testing.T) {
	// One unit, the whole search of cram 4x9 (half a minute), and a heartbeat a second.
	url := startClusterConfig(t, cluster.Config{UnitNodes: 1 << 40, AckWait: 3 * time.Second})
	w, _, q := newTestWorkbench(t)
	if err := w.Editor.SetState(editor.State{Game: "cram", Notation: "4x9"}); err != nil {
		t.Fatal(err)
	}
	v := w.SolveOnServer(url)
	q.runUntil(t, 20*time.Second, func() bool { return !v.stop.Disabled() })
	test.Tap(v.stop)
	q.runUntil(t, 20*time.Second, func() bool { a, _, _ := v.Texts(); return a != "" })
	if a, _, _ := v.Texts(); !strings.Contains(a, "cancelled") {
		t.Errorf("view's answer after Stop: %q, want the job cancelled", a)
	}
	if !v.stop.Disabled() {
		t.Error("Stop still enabled after the job ended")
	}
}

func TestClusterView_UnreachableServer(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	w.Editor.SetState(editor.State{Game: "cram", Notation: "3x3"})
	v := w.SolveOnServer("nats://127.0.0.1:1")
	q.runUntil(t, 20*time.Second, func() bool { a, _, _ := v.Texts(); return a != "" })
	if a, _, _ := v.Texts(); !strings.Contains(a, "no grundy server") {
		t.Errorf("view's answer %q, want it to say no server answers", a)
	}
}

func TestClusterView_ShowsWorkers(t *testing.T) {
	v := NewClusterView()
	v.Show(cluster.Status{Stats: cluster.Stats{Units: 12, Open: 3, Done: 9, Redeliveries: 1, Workers: 2, Facts: 4000},
		Workers: []cluster.WorkerStatus{{Name: "alpha", Units: []string{"j/c0h1.3"}, Done: 5}, {Name: "beta", Done: 4}}})
	_, progress, workers := v.Texts()
	for _, want := range []string{"12 units (3 open, 9 results)", "1 redeliveries", "4000 facts"} {
		if !strings.Contains(progress, want) {
			t.Errorf("progress %q lacks %q", progress, want)
		}
	}
	lines := strings.Split(workers, "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "alpha") || !strings.Contains(lines[0], "j/c0h1.3") ||
		!strings.Contains(lines[1], "beta") || !strings.Contains(lines[1], "idle") {
		t.Errorf("workers:\n%s\nwant alpha on j/c0h1.3, beta idle", workers)
	}
}

// A key file that cannot be read is said in the view, and nothing is dialled.
func TestClusterView_BadKeyFile(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	w.Editor.SetState(editor.State{Game: "cram", Notation: "3x3"})
	missing := t.TempDir() + "/client.nk"
	v := w.SolveOnServerWith("tls://127.0.0.1:1", missing, "")
	q.runUntil(t, 20*time.Second, func() bool { a, _, _ := v.Texts(); return a != "" })
	if a, _, _ := v.Texts(); !strings.Contains(a, "credentials") || !strings.Contains(a, "client.nk") {
		t.Errorf("view's answer %q, want it to name the key file it could not read", a)
	}
}
