package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"regexp"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"grundy/engine"
	"grundy/games"
	"grundy/job"
	"grundy/store"
)

// WorkerConfig sets up a Worker.
type WorkerConfig struct {
	Name    string       // the worker's name in the cluster; "" is host-pid
	Slots   int          // units searched at once, each by its own solver on the shared cache; 0 is 1
	Workers int          // goroutines searching each unit (engine.WithWorkers); 0 is 1
	CacheMB int          // the cache of each game searched; 0 is 256 (a game searched by df-pn takes a quarter more, its table)
	Store   *store.Store // nil: none; else what it proves is kept there, and the facts the coordinator checked merged in
	Auth    Auth         // the worker's credentials and the certificates it trusts
}

// maxProofNodes bounds the solution tree of a unit's proof: a unit whose proof is larger
// comes back undecided, and the coordinator splits it, as one whose budget ran out (a
// result's message stays below NATS's payload limit).
const maxProofNodes = 400_000

// A Worker searches units of the work queue with the engine, one per slot, on a cache of
// each game that the facts the coordinator checked are merged into; it publishes each
// unit's result with its proof (the losing couples of its solution tree), then acks it. While it
// searches a unit it tells JetStream so (InProgress) every third of the AckWait: a worker
// that dies stops doing so, and the unit goes to another.
type Worker struct {
	cfg     WorkerConfig
	c       *conn
	merger  *merger
	checked *checkedSet // the facts the coordinator checked: a proof stops at them
	games   sync.Map    // game → *gameCache
	done    atomic.Int64
	mu      sync.Mutex
	running map[string]*runningUnit // the units being searched, by job/unit
	kill    context.CancelFunc
	killed  atomic.Bool
	answers jetstream.KeyValue // the jobs answered or given up, whose units are searched for nothing
}

// A runningUnit is a unit being searched: its job, and what ends its search once the job is
// over.
type runningUnit struct {
	job  string
	stop func()
}

// gameCache is one game's cache in a worker: a shared front before ristretto, with the
// store behind it when there is one.
type gameCache struct {
	near engine.Cache // the front: the facts checked go here, and through it to the store
	rc   *engine.Ristretto
}

var nameChars = regexp.MustCompile(`[^A-Za-z0-9_-]`)

// NewWorker connects a worker to the server at url.
func NewWorker(ctx context.Context, url string, cfg WorkerConfig) (*Worker, error) {
	if cfg.Name == "" {
		host, _ := os.Hostname()
		cfg.Name = fmt.Sprintf("%s-%d", host, os.Getpid())
	}
	cfg.Name = nameChars.ReplaceAllString(cfg.Name, "_")
	cfg.Slots = max(cfg.Slots, 1)
	if cfg.CacheMB <= 0 {
		cfg.CacheMB = 256
	}
	c, err := dial(ctx, url, "grundy-worker "+cfg.Name, cfg.Auth, true)
	if err != nil {
		return nil, err
	}
	// A key of another role (a client's) is told now, not at the first unit.
	err = c.call(ctx, api("CONSUMER.INFO", StreamUnits, consumerUnits), func(ctx context.Context) error {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		_, err := c.js.Consumer(ctx, StreamUnits, consumerUnits)
		return err
	})
	if err != nil {
		c.close()
		if !errors.Is(err, ErrPermission) {
			err = fmt.Errorf("%w at %s: %v", ErrUnreachable, url, err)
		}
		return nil, err
	}
	w := &Worker{cfg: cfg, c: c, running: map[string]*runningUnit{}, checked: newCheckedSet()}
	// With a store, the facts checked reach it with their origin (the merger's AddFrom),
	// and through the cache (store.Through); the merger reports the conflicts it meets.
	w.merger = &merger{node: cfg.Name, st: cfg.Store, checked: w.checked, cacheOf: func(game string) engine.Cache {
		if gc := w.game(game); gc != nil {
			return gc.near
		}
		return nil
	}}
	return w, nil
}

// Name is the worker's name in the cluster.
func (w *Worker) Name() string { return w.cfg.Name }

// Done is the number of units the worker searched.
func (w *Worker) Done() int64 { return w.done.Load() }

// game returns the cache of game, made on first use; nil for a game the worker cannot open.
func (w *Worker) game(game string) *gameCache {
	if v, ok := w.games.Load(game); ok {
		return v.(*gameCache)
	}
	rc, bits, err := newCache(w.cfg.CacheMB)
	if err != nil {
		log.Printf("cluster: worker %s: the cache: %v", w.cfg.Name, err)
		return nil
	}
	var behind engine.Cache = rc
	if w.cfg.Store != nil {
		behind = store.Through(rc, w.cfg.Store.Facts(game))
	}
	front := engine.NewSharedFront(behind, bits)
	gc := &gameCache{near: front, rc: rc}
	v, loaded := w.games.LoadOrStore(game, gc)
	if loaded {
		rc.Close()
	}
	return v.(*gameCache)
}

// Run searches units until ctx ends (the units being searched are handed back at once),
// the worker is killed (Kill: they are not; JetStream redelivers them after AckWait), or
// the server is lost (an error that Is ErrLost).
func (w *Worker) Run(ctx context.Context) error {
	ctx, w.kill = context.WithCancel(ctx)
	defer w.close()
	js := w.c.js
	cons, err := js.Consumer(ctx, StreamUnits, consumerUnits)
	if err != nil {
		return fmt.Errorf("%w at %s: %v", ErrUnreachable, w.c.url, err)
	}
	ackWait := cons.CachedInfo().Config.AckWait
	if w.answers, err = w.c.bucket(ctx, BucketAnswers); err != nil {
		return fmt.Errorf("%w at %s: %v", ErrUnreachable, w.c.url, err)
	}
	if err := follow(ctx, js, w.merger); err != nil {
		return fmt.Errorf("cluster: the facts stream: %w", err)
	}
	var wg sync.WaitGroup
	for range w.cfg.Slots {
		wg.Go(func() { w.slot(ctx, cons, ackWait) })
	}
	wg.Go(func() { w.tell(ctx) })
	wg.Go(func() { w.watchAnswers(ctx) })
	select {
	case <-ctx.Done():
	case <-w.c.lost:
		w.kill()
		wg.Wait()
		return w.c.lostErr()
	}
	wg.Wait()
	return nil
}

// Kill stops the worker as if its machine died: no ack, no nak, no goodbye.
func (w *Worker) Kill() {
	w.killed.Store(true)
	w.c.nc.Close()
	if w.kill != nil {
		w.kill()
	}
}

func (w *Worker) close() {
	w.merger.close()
	w.c.close()
	w.games.Range(func(_, v any) bool { v.(*gameCache).rc.Close(); return true })
}

// slot fetches and searches units, one at a time.
func (w *Worker) slot(ctx context.Context, cons jetstream.Consumer, ackWait time.Duration) {
	for ctx.Err() == nil {
		// A long wait for a unit: one the server hands over just as a request expires is
		// lost by the client and waits its AckWait to be redelivered, so that short
		// requests, with many idle workers, delay units for nothing.
		fctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		batch, err := cons.Fetch(1, jetstream.FetchContext(fctx))
		if err != nil {
			cancel()
			sleep(ctx, 500*time.Millisecond) // the server is away: its reconnection is under way
			continue
		}
		for m := range batch.Messages() {
			w.search(ctx, m, ackWait)
		}
		cancel()
	}
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// search searches one unit and publishes what it found.
func (w *Worker) search(ctx context.Context, m jetstream.Msg, ackWait time.Duration) {
	u, p, gc, err := w.unitOf(m)
	if err != nil {
		log.Printf("cluster: worker %s: %v", w.cfg.Name, err)
		m.Term()
		return
	}
	if w.jobOver(ctx, u.Job) {
		m.Ack() // its job is answered or given up: nothing to search
		return
	}
	sctx, over, stop := w.watch(ctx, m, ackWait, u)
	defer stop()
	start := time.Now()
	outcome, nodes, proof, err := searchUnit(sctx, gc.near, p, u, w.searchOf(u.Game), w.checked)
	switch {
	case err != nil && over.Load(): // its job ended meanwhile: keep what it proved
		m.Ack()
		return
	case err != nil: // stopped: hand the unit back, unless the worker died
		if !w.killed.Load() {
			m.Nak()
		}
		return
	}
	r := Result{Job: u.Job, Unit: u.ID, Outcome: outcome, Worker: w.cfg.Name, Nodes: nodes,
		Facts: int64(len(proof)), ElapsedMS: time.Since(start).Milliseconds()}
	if len(proof) > 0 {
		r.Proof = encodeProof(proof)
	}
	if md, err := m.Metadata(); err == nil {
		r.Delivered = int(md.NumDelivered)
	}
	if err := w.publishResult(ctx, r); err != nil {
		return // not acked: redelivered, searched again from the facts
	}
	m.Ack()
	w.done.Add(1)
}

// unitOf reads the unit of m, its position and its game's cache.
func (w *Worker) unitOf(m jetstream.Msg) (Unit, engine.Position, *gameCache, error) {
	var u Unit
	if err := json.Unmarshal(m.Data(), &u); err != nil {
		return u, nil, nil, fmt.Errorf("a unit that does not decode: %v", err)
	}
	g, err := games.Lookup(u.Game)
	var p engine.Position
	if err == nil {
		p, err = games.Parse(g, u.Position)
	}
	gc := w.game(u.Game)
	if err == nil && gc == nil {
		err = fmt.Errorf("no cache for %s", u.Game)
	}
	if err != nil {
		return u, nil, nil, fmt.Errorf("unit %s/%s: %v", u.Job, u.ID, err)
	}
	return u, p, gc, nil
}

// watch notes the unit u as running and sends its heartbeats until stop is called: they go
// on until the ack, since publishing the facts and the result may take a while on a busy
// server, and a unit redelivered meanwhile would be searched twice. At each, it looks
// whether the job is over (answered or given up): then over is set and ctx, the search's,
// ends. The answers' watch (watchAnswers) does so as soon as the job is over; the
// heartbeats' look is there should the watch fail.
func (w *Worker) watch(parent context.Context, m jetstream.Msg, ackWait time.Duration, u Unit) (ctx context.Context, over *atomic.Bool, stop func()) {
	ctx, stopSearch := context.WithCancel(parent)
	over = new(atomic.Bool)
	id, r := u.Job+"/"+u.ID, &runningUnit{job: u.Job, stop: func() { over.Store(true); stopSearch() }}
	w.mu.Lock()
	w.running[id] = r
	w.mu.Unlock()
	stopBeat := w.heartbeat(m, ackWait, func() {
		if w.jobOver(parent, u.Job) {
			r.stop()
		}
	})
	return ctx, over, func() {
		w.mu.Lock()
		delete(w.running, id)
		w.mu.Unlock()
		stopBeat()
		stopSearch()
	}
}

// watchAnswers ends the units of a job as soon as the job is answered or given up: the
// answers bucket tells at once, where the heartbeats looked every third of the AckWait (10 s
// by default), so that a cancelled job kept the cluster's cores for that long. A watch the
// server's restart ends is made again.
func (w *Worker) watchAnswers(ctx context.Context) {
	for ctx.Err() == nil {
		if err := w.watchOnce(ctx); err != nil && ctx.Err() == nil {
			log.Printf("cluster: worker %s: watching the answers (the heartbeats look meanwhile): %v", w.cfg.Name, err)
		}
		sleep(ctx, time.Second)
	}
}

// watchOnce ends the units of the jobs answered from now on, until ctx ends or the watch does.
func (w *Worker) watchOnce(ctx context.Context) error {
	kw, err := w.answers.WatchAll(ctx, jetstream.UpdatesOnly())
	if err != nil {
		return err
	}
	defer kw.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case e, ok := <-kw.Updates():
			if !ok {
				return nil
			}
			if e != nil {
				w.jobOverNow(e.Key())
			}
		}
	}
}

// jobOverNow ends the searches of the units of job.
func (w *Worker) jobOverNow(job string) {
	w.mu.Lock()
	var over []*runningUnit
	for _, r := range w.running {
		if r.job == job {
			over = append(over, r)
		}
	}
	w.mu.Unlock()
	for _, r := range over {
		r.stop()
	}
}

// unitSearch is how a worker searches the units of a game: its threads, and the table of
// df-pn in bytes, or 0 for the couples search. df-pn is Cram's search (job.DefaultAlgo: 3x13
// in 2.7 times fewer nodes than the couples search); it is Sprouts' too, in the place of the
// proof-number search that the game's local default is, which keeps a DAG a unit would build
// and throw away: df-pn keeps only its table and the cache, and on Sprouts its nodes are
// those of the proof-number search (0*12's nimber 20 794 against 22 562, where the couples
// search takes 503 406).
type unitSearch struct {
	workers   int
	dfpnTable int64
}

// searchOf returns how the worker searches the units of game.
func (w *Worker) searchOf(game string) unitSearch {
	us := unitSearch{workers: w.cfg.Workers}
	if a := job.DefaultAlgo(game); a == job.DFPN || a == job.PNS {
		us.dfpnTable = int64(w.cfg.CacheMB) << 20 / 4
	}
	return us
}

// searchUnit decides the couple (p, u.N) within u.Nodes on cache: from the facts known,
// else by the engine's search, and reads its proof out of what the search proved (see
// proveUnit); Undecided when the budget ran out, or the proof could not be read out.
func searchUnit(ctx context.Context, cache engine.Cache, p engine.Position, u Unit, us unitSearch, checked *checkedSet) (string, int64, []store.Record, error) {
	workers := us.workers
	s := engine.NewSolver(engine.WithCache(cache), engine.WithNodeLimit(u.Nodes), engine.WithWorkers(workers))
	s.UseDFPN(us.dfpnTable)
	if known, _ := knowOutcome(cache, p, u.N); !known {
		_, err := s.Outcome(ctx, p, u.N)
		switch {
		case errors.Is(err, engine.ErrNodeLimit):
			return Undecided, s.Stats().Nodes, nil, nil
		case err != nil:
			return "", s.Stats().Nodes, nil, err
		}
	}
	nodes := s.Stats().Nodes
	outcome, proof, err := proveUnit(ctx, engine.NewSolver(engine.WithCache(cache), engine.WithNodeLimit(4*u.Nodes), engine.WithWorkers(workers)), u, p, checked)
	if err != nil && ctx.Err() != nil {
		return "", nodes, nil, err
	}
	if err != nil {
		log.Printf("cluster: unit %s/%s (%s, %d): no proof (%v): handed back undecided", u.Job, u.ID, u.Position, u.N, err)
		return Undecided, nodes, nil, nil
	}
	return outcome, nodes, proof, nil
}

// proveUnit reads the solution tree of the unit's couple (p, u.N) out of what the cache
// holds, by s (engine.Solver.ExtractCouple: made from the rules, searching what the cache
// forgot, within s's budget), stopping at the couples the coordinator checked, and returns
// its outcome and its losing couples, the certificate the coordinator checks.
func proveUnit(ctx context.Context, s *engine.Solver, u Unit, p engine.Position, checked *checkedSet) (string, []store.Record, error) {
	given := func(key string, n int) bool {
		m, ok := checked.nimber(u.Game, key)
		return ok && m == n
	}
	t, err := s.ExtractCouple(ctx, u.Game, p, u.N, engine.WithMaxNodes(maxProofNodes), engine.WithGiven(given))
	if err != nil {
		return "", nil, err
	}
	return outcomeOf(!t.Nodes[t.Root].Losing()), store.TreeRecords(t), nil
}

// heartbeat tells JetStream the unit is being searched, every third of the AckWait, then
// calls check (which looks whether the unit's job is over), until the returned func is
// called.
func (w *Worker) heartbeat(m jetstream.Msg, ackWait time.Duration, check func()) func() {
	stop := make(chan struct{})
	var checking atomic.Bool // a check under way: the next heartbeats do not wait for it
	go func() {
		t := time.NewTicker(heartbeatEvery(ackWait))
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if w.killed.Load() {
					continue
				}
				m.InProgress()
				if !checking.Swap(true) {
					go func() { check(); checking.Store(false) }()
				}
			}
		}
	}()
	return func() { close(stop) }
}

// jobOver reports whether the job has an answer (it was decided or given up): its units are
// searched for nothing. A server that does not say is taken as no.
func (w *Worker) jobOver(ctx context.Context, job string) bool {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err := w.answers.Get(ctx, job)
	return err == nil
}

func (w *Worker) publishResult(ctx context.Context, r Result) error {
	b, _ := json.Marshal(r)
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return w.c.publish(pctx, subjectResults+r.Job+"."+w.c.sender, b)
}

// tell publishes the worker's status every second.
func (w *Worker) tell(ctx context.Context) {
	kv, err := w.c.bucket(ctx, BucketWorkers)
	if err != nil {
		return
	}
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		b, _ := json.Marshal(w.status())
		kv.Put(ctx, w.cfg.Name, b)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// status is what the worker is doing.
func (w *Worker) status() WorkerStatus {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := WorkerStatus{Name: w.cfg.Name, Done: int(w.done.Load())}
	for id := range w.running {
		s.Units = append(s.Units, id)
	}
	return s
}

// newCache makes a cache of mb megabytes in all, as --cache-mb says: ristretto takes seven
// eighths of them, and the SharedFront before it an eighth (its size is returned in bits).
func newCache(mb int) (*engine.Ristretto, int, error) {
	rc, err := engine.NewRistretto(max(mb-mb/8, 1))
	return rc, engine.SharedFrontBits(int64(mb) << 20 / 8), err
}
