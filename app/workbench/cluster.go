package workbench

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"grundy/cluster"
	"grundy/editor"
)

// A ClusterView shows a position being solved through a cluster (Solve ▸ Server…): the
// job's progress (units open and done, redeliveries, facts exchanged), then its answer, and
// each worker with the unit it searches and the units it has done. It reads what
// cluster.Client.Solve reports, as `grundy solve --server --progress` does. Its Stop button
// gives the job up in the cluster.
type ClusterView struct {
	progress *widget.Label
	answer   *widget.Label
	workers  *widget.Label
	stop     *widget.Button
	content  fyne.CanvasObject
}

// NewClusterView returns an empty view, its Stop button disabled until OnStop.
func NewClusterView() *ClusterView {
	v := &ClusterView{progress: widget.NewLabel("handing the position to the server…"),
		answer: widget.NewLabel(""), workers: widget.NewLabel("")}
	v.workers.TextStyle = fyne.TextStyle{Monospace: true}
	v.stop = widget.NewButton("Stop", nil)
	v.stop.Disable()
	v.content = container.NewVBox(v.answer, v.progress, container.NewHBox(v.stop), widget.NewSeparator(), v.workers)
	return v
}

// OnStop enables the Stop button, which calls stop once. Call it on the UI goroutine.
func (v *ClusterView) OnStop(stop func()) {
	v.stop.OnTapped = func() {
		v.stop.Disable()
		v.progress.SetText("stopping: the job is given up in the cluster…")
		stop()
	}
	v.stop.Enable()
}

// Content is the view's widgets.
func (v *ClusterView) Content() fyne.CanvasObject { return v.content }

// Show shows a job's status. Call it on the UI goroutine.
func (v *ClusterView) Show(s cluster.Status) {
	v.progress.SetText(progressText(s.Stats))
	v.workers.SetText(workersText(s.Workers))
}

// ShowAnswer shows the job's answer, or why there is none.
func (v *ClusterView) ShowAnswer(a cluster.Answer, err error) {
	v.stop.Disable()
	if err != nil {
		v.answer.SetText("no answer: " + err.Error())
		return
	}
	text := "outcome " + a.Outcome
	if a.Nimber != nil {
		text = fmt.Sprintf("nimber %d (%s)", *a.Nimber, a.Outcome)
	}
	v.answer.SetText(text)
	v.progress.SetText(progressText(a.Stats))
}

// Texts returns what the view shows: the answer, the progress and the workers' lines.
func (v *ClusterView) Texts() (answer, progress, workers string) {
	return v.answer.Text, v.progress.Text, v.workers.Text
}

func progressText(s cluster.Stats) string {
	return fmt.Sprintf("%.1f s: %d units (%d open, %d results), %d redeliveries, %d workers, %d facts exchanged, %d nodes",
		float64(s.ElapsedMS)/1000, s.Units, s.Open, s.Done, s.Redeliveries, s.Workers, s.Facts, s.Nodes)
}

func workersText(ws []cluster.WorkerStatus) string {
	if len(ws) == 0 {
		return "no worker has said what it does yet"
	}
	var b strings.Builder
	for _, w := range ws {
		unit := "idle"
		if len(w.Units) > 0 {
			unit = strings.Join(w.Units, ", ")
		}
		fmt.Fprintf(&b, "%-16s %4d done   %s\n", w.Name, w.Done, unit)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// clusterRun is the solve through a server under way, one at a time.
type clusterRun struct {
	mu     sync.Mutex
	cancel context.CancelFunc
}

var serverRun clusterRun

// AskServer asks for a server's URL, and the key and CA a server with keys and TLS asks for
// (`grundy serve --creds-dir` makes them: client.nk, ca.pem), then solves the editor's
// position through it.
func (w *Workbench) AskServer() { w.askServer() }

// askServer shows the server dialog and returns it (tests press its keys). Enter solves, as
// its Solve button does, and Esc cancels, in its fields too.
func (w *Workbench) askServer() *dialog.FormDialog {
	prefs := w.app.Preferences()
	url, creds, ca := editor.NewEntry(), editor.NewEntry(), editor.NewEntry()
	url.SetPlaceHolder("nats://host:4222")
	url.SetText(prefs.StringWithFallback(prefServer, "nats://127.0.0.1:4222"))
	creds.SetPlaceHolder("client.nk, for a server with keys")
	creds.SetText(prefs.String(prefServerCreds))
	ca.SetPlaceHolder("ca.pem, for its TLS")
	ca.SetText(prefs.String(prefServerCA))
	items := []*widget.FormItem{widget.NewFormItem("Server", url), widget.NewFormItem("Key file", creds),
		widget.NewFormItem("CA file", ca)}
	d := dialog.NewForm("Solve through a server", "Solve", "Cancel", items, func(ok bool) {
		if ok {
			prefs.SetString(prefServer, url.Text)
			prefs.SetString(prefServerCreds, creds.Text)
			prefs.SetString(prefServerCA, ca.Text)
			w.SolveOnServerWith(url.Text, creds.Text, ca.Text)
		}
	}, w.win)
	for _, e := range []*editor.Entry{url, creds, ca} {
		e.Escape = d.Dismiss
		e.OnSubmitted = func(string) { d.Submit() }
	}
	withKeys(w.win, d, d.Submit, d.Dismiss)
	d.Show()
	w.win.Canvas().Focus(url)
	return d
}

// The last server asked, and the key and CA files given for it.
const (
	prefServer      = "clusterServer"
	prefServerCreds = "clusterCreds"
	prefServerCA    = "clusterCA"
)

// SolveOnServer solves the editor's position through the cluster of the server at url, in a
// window that shows its progress and workers until the answer comes or it is closed; it
// returns the view.
func (w *Workbench) SolveOnServer(url string) *ClusterView { return w.SolveOnServerWith(url, "", "") }

// SolveOnServerWith is SolveOnServer with the key in credsFile and the CA certificates in
// caFile ("": none, and the system's).
func (w *Workbench) SolveOnServerWith(url, credsFile, caFile string) *ClusterView {
	g, p := w.Editor.Current()
	v := NewClusterView()
	if g == nil || p == nil {
		v.ShowAnswer(cluster.Answer{}, errors.New("no valid position to solve"))
		return v
	}
	ctx, cancel := context.WithCancel(context.Background())
	serverRun.mu.Lock()
	if serverRun.cancel != nil {
		serverRun.cancel()
	}
	serverRun.cancel = cancel
	serverRun.mu.Unlock()
	d := dialog.NewCustom(fmt.Sprintf("%s %s on %s", g.Name(), p, url), "Close", v.Content(), w.win)
	withKeys(w.win, d, d.Hide, d.Hide) // Enter and Esc close it, as its Close button does
	d.SetOnClosed(cancel)              // closed without Stop: the job goes on in the cluster, its answer kept there
	d.Show()
	job := cluster.Job{ID: cluster.NewJobID(), Game: g.Name(), Position: p.String()}
	go func() {
		auth, err := cluster.LoadAuth(strings.TrimSpace(credsFile), strings.TrimSpace(caFile))
		if err != nil {
			w.do(func() { v.ShowAnswer(cluster.Answer{}, err) })
			return
		}
		cl, err := cluster.DialAuth(ctx, url, auth)
		if err != nil {
			w.do(func() { v.ShowAnswer(cluster.Answer{}, err) })
			return
		}
		defer cl.Close()
		// Stop gives the job up; Solve then returns with ErrCancelled, which the view shows.
		w.do(func() {
			v.OnStop(func() {
				go func() {
					sctx, stop := context.WithTimeout(ctx, 5*time.Second)
					defer stop()
					if err := cl.Cancel(sctx, job.ID); err != nil {
						w.do(func() { v.ShowAnswer(cluster.Answer{}, err) })
					}
				}()
			})
		})
		a, _, err := cl.Solve(ctx, job, func(s cluster.Status) { w.do(func() { v.Show(s) }) })
		w.do(func() {
			v.ShowAnswer(a, err)
			if err == nil {
				w.Solver.ShowServerAnswer(job.Game, job.Position, url, a)
			}
		})
	}()
	return v
}
