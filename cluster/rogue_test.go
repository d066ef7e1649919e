package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"log"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"grundy/engine"
	"grundy/games"
	"grundy/store"
)

// logBuffer keeps what the log writes during a test.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	os.Stderr.Write(p)
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// A rogue worker, with a worker's valid key, publishes a false nimber of the position the
// job is about on the facts stream, then takes the job's first unit and answers it falsely,
// with a proof of that false nimber, then answers a second unit. The answer stays right; the
// false result is rejected and logged with the rogue's name, its later result ignored, its
// facts taken by no one; the coordinator's store keeps no false fact.
func TestRogueWorker_Rejected(t *testing.T) {
	logs := &logBuffer{}
	log.SetOutput(logs)
	t.Cleanup(func() { log.SetOutput(os.Stderr) })

	st, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tc := startClusterStore(t, 0, Config{UnitNodes: 2000, AckWait: 5 * time.Second}, WorkerConfig{}, st)
	t.Cleanup(func() { tc.stop(); st.Close() })
	const game, pos = "cram", "3x4"
	want := localNimber(t, game, pos)
	g, _ := games.Lookup(game)
	p, _ := games.Parse(g, pos)

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	rogue, err := dial(ctx, tc.srv.URL(), "grundy-worker rogue", tc.worker, true)
	if err != nil {
		t.Fatal(err)
	}
	defer rogue.close()
	lie := []keyedFact{{engine.Exactly(p).Key(), engine.Fact{}.WithNimber(want + 1)}}
	if _, err := publishFacts(ctx, rogue, subjectFacts+rogue.sender, "rogue", game, lie); err != nil {
		t.Fatal(err)
	}

	answered := make(chan Answer, 1)
	go func() {
		a, _ := tc.solve(t, Job{Game: game, Position: pos}, 60*time.Second)
		answered <- a
	}()
	cons, err := rogue.js.Consumer(ctx, StreamUnits, consumerUnits)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		u := rogueAnswer(ctx, t, rogue, cons, g, "rogue")
		t.Logf("the rogue answered unit %s/%s (%s, %d) falsely", u.Job, u.ID, u.Position, u.N)
		if i == 0 {
			waitFor(t, 10*time.Second, func() bool { return strings.Contains(logs.String(), "from worker \"rogue\"") })
		}
	}
	tc.addWorker(t, ctx, WorkerConfig{Name: "honest", CacheMB: 8})
	var a Answer
	select {
	case a = <-answered:
	case <-ctx.Done():
		t.Fatalf("no answer within 60 s; log:\n%s", logs.String())
	}
	if a.Nimber == nil || *a.Nimber != want {
		t.Fatalf("cluster nimber of %s %s = %v, want %d", game, pos, a.Nimber, want)
	}
	if a.Stats.Rejected < 2 {
		t.Errorf("the answer's stats count %d results rejected, want the rogue's 2", a.Stats.Rejected)
	}
	out := logs.String()
	for _, w := range []string{
		`from worker "rogue", key ` + rogue.sender + ` (worker) rejected: its proof does not hold`,
		`a result of worker "rogue", key ` + rogue.sender + ` (worker) ignored`,
		`facts of "rogue", key ` + rogue.sender + ` (worker) not taken`,
	} {
		if !strings.Contains(out, w) {
			t.Errorf("the log does not say %q:\n%s", w, out)
		}
	}
	cancel() // the honest worker's, then the rest
	tc.stop()
	recs, err := store.Export(st, game)
	if err != nil || len(recs) == 0 {
		t.Fatalf("the coordinator's store: %d facts, %v; want the facts checked", len(recs), err)
	}
	for _, r := range recs {
		o, _, _ := st.Origin(game, r.Key)
		if n, ok := r.Fact.Nimber(); ok && r.Position != "" {
			if truth := localNimber(t, game, r.Position); n != truth {
				t.Errorf("the store holds nimber(%s) = %d, from %v; it is %d", r.Position, n, o, truth)
			}
		}
		if o.Source != store.FromWorker || o.Name != "honest" {
			t.Errorf("the store's fact of %s came from %v, want the honest worker", r.Position, o)
		}
	}
}

// rogueAnswer fetches a unit and answers it falsely: the outcome the rules do not give, with
// a proof that (P, n) is losing, or that P's nimber is n+1.
func rogueAnswer(ctx context.Context, t *testing.T, c *conn, cons jetstream.Consumer, g games.Game, name string) Unit {
	t.Helper()
	msgs, err := cons.Fetch(1, jetstream.FetchMaxWait(10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	m, ok := <-msgs.Messages()
	if !ok {
		t.Fatalf("the rogue got no unit: %v", msgs.Error())
	}
	var u Unit
	if err := json.Unmarshal(m.Data(), &u); err != nil {
		t.Fatal(err)
	}
	m.Ack()
	p, err := games.Parse(g, u.Position)
	if err != nil {
		t.Fatal(err)
	}
	win, err := engine.NewSolver().Outcome(ctx, p, u.N)
	if err != nil {
		t.Fatal(err)
	}
	lie := func(n int) []byte {
		return encodeProof([]store.Record{{Position: u.Position, Fact: engine.Fact{}.WithNimber(n)}})
	}
	r := Result{Job: u.Job, Unit: u.ID, Worker: name, Outcome: Loss, Proof: lie(u.N)}
	if !win {
		r.Outcome, r.Proof = Win, lie(u.N+1)
	}
	b, _ := json.Marshal(r)
	if err := c.publish(ctx, subjectResults+u.Job+"."+c.sender, b); err != nil {
		t.Fatal(err)
	}
	return u
}

// waitFor waits until ok, failing the test past d.
func waitFor(t *testing.T, d time.Duration, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(d); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("not within %v", d)
		}
	}
}
