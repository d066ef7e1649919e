package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"grundy/engine"
	"grundy/games"
	"grundy/store"
)

// A Coordinator turns the jobs of the jobs stream into units, takes their results, and
// answers each job when its tree is decided (tree.go). Its state is the streams': started
// again after the server restarts, it reads the jobs not answered and their results, in
// order, rebuilds the same trees, and publishes the units still open (those still in the
// work queue are the same messages, which JetStream's duplicate window drops).
type Coordinator struct {
	cfg     Config
	c       *conn
	merger  *merger
	st      *store.Store // nil: none; the facts checked go there, their origin the worker
	checked *checkedSet  // the facts checked, read back from the stream after a restart too
	caches  sync.Map     // game → *coordCache of the facts seen (decides couples without a unit)

	jobs     map[string]*jobState
	pending  map[string][]Result // results read before their job (a restart)
	early    map[string]bool     // cancels read before their job (see handle)
	caughtUp bool                // the results of before the start are all applied
	workers  map[string]workerSeen
	// distrusted are the senders of a proof that did not hold (see sender): their results
	// are ignored from then on.
	distrusted map[string]bool
	ignored    map[string]bool // the distrusted whose ignored results were logged (once)
	disputed   map[string]bool // the senders of a proof that the coordinator's search confirmed (logged once)
	events     chan event
	kvAns      jetstream.KeyValue
	kvStatus   jetstream.KeyValue
	kvCerts    jetstream.KeyValue
}

type workerSeen struct {
	status WorkerStatus
	at     time.Time
}

// A jobState is one running job.
type jobState struct {
	job     Job
	tree    *tree
	stats   Stats
	workers map[string]bool
	start   time.Time // when the job was handed over: its message's time in the jobs stream
	unsent  []*couple
	cancel  bool // given up (Client.Cancel)

	answerOutcome string
	answerNimber  *int

	// proven are the losing couples of its units' proofs that the coordinator checked, by
	// key: most often a certificate of the answer already (certificate.go); nil past
	// maxProven.
	proven   map[string]store.Record
	overflow bool
}

// cancelledWhy is the answer of the job id cancelled, whether it was searching or not come yet.
func cancelledWhy(id string) string { return fmt.Sprintf("cluster: job %s %v", id, ErrCancelled) }

// maxEarlyCancels bounds the cancels a coordinator keeps for jobs not come yet.
const maxEarlyCancels = 1 << 12

// An event is what the coordinator's loop takes, one at a time.
type event struct {
	job     *Job
	cancel  string    // the id of a job to give up
	at      time.Time // the job's message's time in its stream
	result  *Result
	pending uint64 // results after this one in the stream when it was read
	worker  *WorkerStatus
}

// NewCoordinator returns the coordinator of the server at url; st (nil: none) receives the
// facts of the stream.
func NewCoordinator(ctx context.Context, url string, st *store.Store, cfg Config) (*Coordinator, error) {
	cfg = cfg.withDefaults()
	// A fresh server has no streams yet: connect without looking for them.
	c, err := dial(ctx, url, "grundy-coordinator", cfg.Auth, false)
	if err != nil {
		return nil, err
	}
	if err := setup(ctx, c.js, cfg); err != nil {
		c.close()
		return nil, err
	}
	co := &Coordinator{cfg: cfg, c: c, st: st, jobs: map[string]*jobState{}, pending: map[string][]Result{}, early: map[string]bool{},
		workers: map[string]workerSeen{}, distrusted: map[string]bool{}, ignored: map[string]bool{}, events: make(chan event, 1024)}
	// The facts it checked, read back from the stream after a restart: into the cache (the
	// store has them already).
	co.checked = newCheckedSet()
	co.merger = &merger{node: "coordinator", cacheOf: co.cache, names: map[string]string{}, claimed: map[string]bool{}, checked: co.checked}
	for _, u := range cfg.Users {
		co.merger.names[u.NKey] = u.Name
	}
	return co, nil
}

// A coordCache is the coordinator's cache of one game's facts: a shared front before
// ristretto. The front merges a Put with what it knows of the key, and the merger waits
// for ristretto's Sets of one batch before the next (Wait), whose Gets then see them: two
// workers' facts of one position, "≠ 0" and "≠ 1", both survive, where ristretto alone,
// which applies its Sets in the background, let the second batch's Put overwrite the first
// one's fact still in its buffer.
type coordCache struct {
	front *engine.SharedFront
	rc    *engine.Ristretto
}

func (cc *coordCache) Get(key string) (engine.Fact, bool) { return cc.front.Get(key) }
func (cc *coordCache) Put(key string, f engine.Fact)      { cc.front.Put(key, f) }

// Wait blocks until ristretto has applied every Put so far.
func (cc *coordCache) Wait() { cc.rc.Wait() }

// cache returns the coordinator's cache of game's facts.
func (co *Coordinator) cache(game string) engine.Cache {
	if v, ok := co.caches.Load(game); ok {
		return v.(*coordCache)
	}
	rc, front, err := newCache(co.cfg.CacheMB)
	if err != nil {
		log.Printf("cluster: the coordinator's cache: %v", err)
		return engine.NoCache{}
	}
	cc := &coordCache{front: engine.NewSharedFront(rc, front), rc: rc}
	v, loaded := co.caches.LoadOrStore(game, cc)
	if loaded {
		rc.Close()
	}
	return v.(*coordCache)
}

// Run coordinates until ctx ends.
func (co *Coordinator) Run(ctx context.Context) error {
	defer func() {
		co.merger.close() // before the caches, and before the caller closes the store
		co.c.close()
		co.caches.Range(func(_, v any) bool { v.(*coordCache).rc.Close(); return true })
	}()
	js := co.c.js
	var err error
	if co.kvAns, err = js.KeyValue(ctx, BucketAnswers); err != nil {
		return err
	}
	if co.kvStatus, err = js.KeyValue(ctx, BucketStatus); err != nil {
		return err
	}
	if co.kvCerts, err = js.KeyValue(ctx, BucketCertificates); err != nil {
		return err
	}
	if err := follow(ctx, js, co.merger); err != nil {
		return fmt.Errorf("cluster: the facts stream: %w", err)
	}
	if err := co.consume(ctx); err != nil {
		return err
	}
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case e := <-co.events:
			co.handle(ctx, e)
		case <-tick.C:
			co.republish(ctx)
			co.publishStatus(ctx)
		}
	}
}

// consume feeds the jobs, the results and the workers' statuses to the loop.
func (co *Coordinator) consume(ctx context.Context) error {
	js := co.c.js
	info, err := js.Stream(ctx, StreamResults)
	if err != nil {
		return err
	}
	co.caughtUp = info.CachedInfo().State.Msgs == 0
	feeds := []struct {
		stream, subject string
		take            func(jetstream.Msg)
	}{
		{StreamJobs, "", func(m jetstream.Msg) {
			if strings.HasPrefix(m.Subject(), strings.TrimSuffix(subjectCancel, ".")) { // grundy.cancel of before, too
				var c Cancel
				if json.Unmarshal(m.Data(), &c) == nil {
					co.events <- event{cancel: c.Job}
				}
				return
			}
			var j Job
			if json.Unmarshal(m.Data(), &j) != nil {
				return
			}
			e := event{job: &j, at: time.Now()}
			if md, err := m.Metadata(); err == nil {
				e.at = md.Timestamp
			}
			co.events <- e
		}},
		{StreamResults, subjectResults + ">", func(m jetstream.Msg) {
			var r Result
			if json.Unmarshal(m.Data(), &r) != nil {
				return
			}
			if _, sender, ok := strings.Cut(strings.TrimPrefix(m.Subject(), subjectResults), "."); ok {
				r.Sender = sender // none on a result of before
			}
			var left uint64
			if md, err := m.Metadata(); err == nil {
				left = md.NumPending
			}
			co.events <- event{result: &r, pending: left}
		}},
	}
	for _, f := range feeds {
		var cfg jetstream.OrderedConsumerConfig // "": the whole stream, the jobs and their cancels in order
		if f.subject != "" {
			cfg.FilterSubjects = []string{f.subject}
		}
		cons, err := js.OrderedConsumer(ctx, f.stream, cfg)
		if err != nil {
			return fmt.Errorf("cluster: stream %s: %w", f.stream, err)
		}
		cc, err := cons.Consume(f.take)
		if err != nil {
			return fmt.Errorf("cluster: stream %s: %w", f.stream, err)
		}
		go func() { <-ctx.Done(); cc.Stop() }()
	}
	return co.watchWorkers(ctx)
}

// watchWorkers feeds the workers' statuses to the loop.
func (co *Coordinator) watchWorkers(ctx context.Context) error {
	kv, err := co.c.js.KeyValue(ctx, BucketWorkers)
	if err != nil {
		return err
	}
	w, err := kv.WatchAll(ctx)
	if err != nil {
		return err
	}
	go func() {
		for e := range w.Updates() {
			var ws WorkerStatus
			if e != nil && e.Operation() == jetstream.KeyValuePut && json.Unmarshal(e.Value(), &ws) == nil {
				co.events <- event{worker: &ws}
			}
		}
	}()
	return nil
}

func (co *Coordinator) handle(ctx context.Context, e event) {
	switch {
	case e.job != nil:
		co.addJob(ctx, *e.job, e.at)
	case e.cancel != "":
		if s := co.jobs[e.cancel]; s != nil {
			s.cancel = true
			co.answer(ctx, s, cancelledWhy(e.cancel))
			break
		}
		// A client may give a job up before its Solve has handed it over (the window's Stop,
		// tapped at once): the job is answered cancelled when it comes. The job then searched
		// to its end (the window's test, on a loaded machine).
		if len(co.early) >= maxEarlyCancels {
			clear(co.early) // cancels of jobs that never came
		}
		co.early[e.cancel] = true
	case e.result != nil:
		co.addResult(ctx, *e.result)
		if !co.caughtUp && e.pending == 0 {
			co.caughtUp = true
			for _, js := range co.jobs {
				js.unsent = js.tree.open()
			}
			co.republish(ctx)
		}
	case e.worker != nil:
		co.workers[e.worker.Name] = workerSeen{*e.worker, time.Now()}
	}
}

// addJob starts a job not answered yet, handed over at start, applying the results read
// before it. Its counts are the results', and its elapsed time runs from start: a job
// started again after a restart of the server reports its totals.
func (co *Coordinator) addJob(ctx context.Context, j Job, start time.Time) {
	if _, ok := co.jobs[j.ID]; ok {
		return
	}
	if _, err := co.kvAns.Get(ctx, j.ID); err == nil {
		delete(co.pending, j.ID)
		return // answered before a restart
	}
	if co.early[j.ID] {
		delete(co.early, j.ID)
		delete(co.pending, j.ID)
		co.answer(ctx, &jobState{job: j, cancel: true}, cancelledWhy(j.ID))
		return
	}
	g, err := games.Lookup(j.Game)
	var p engine.Position
	if err == nil {
		p, err = games.Parse(g, j.Position)
	}
	if err != nil {
		co.answer(ctx, &jobState{job: j}, fmt.Sprintf("cluster: job %s: %v", j.ID, err))
		return
	}
	cache := co.cache(g.Name())
	know := func(p engine.Position, n int) (bool, bool) { return knowOutcome(cache, p, n) }
	s := &jobState{job: j, workers: map[string]bool{}, start: start}
	s.tree = newTree(j, p, co.cfg.Window, know)
	co.jobs[j.ID] = s
	for _, r := range co.pending[j.ID] {
		co.apply(ctx, s, r)
	}
	delete(co.pending, j.ID)
	s.unsent = append(s.unsent, s.tree.takeFresh()...)
	co.settle(ctx, s)
}

// addResult applies a worker's result to its job.
func (co *Coordinator) addResult(ctx context.Context, r Result) {
	s := co.jobs[r.Job]
	if s == nil {
		if len(co.pending[r.Job]) < 1_000_000 {
			co.pending[r.Job] = append(co.pending[r.Job], r)
		}
		return
	}
	co.apply(ctx, s, r)
	s.unsent = append(s.unsent, s.tree.takeFresh()...)
	co.settle(ctx, s)
}

// apply takes a worker's result into its job, once its proof holds (check).
func (co *Coordinator) apply(ctx context.Context, s *jobState, r Result) {
	if !co.check(ctx, s, r) {
		s.stats.Rejected++
		return
	}
	s.stats.Done++
	s.stats.Nodes += r.Nodes
	s.stats.Facts += r.Facts
	s.workers[r.Worker] = true
	if r.Delivered > 1 {
		s.stats.Redeliveries++
	}
	if !s.tree.apply(r) {
		s.stats.Duplicates++
	}
}

// settle publishes a job's new units, or answers it when decided.
func (co *Coordinator) settle(ctx context.Context, s *jobState) {
	if s.tree.done {
		out, nim := s.tree.answer()
		s.answerOutcome, s.answerNimber = out, nim
		co.answer(ctx, s, "")
		return
	}
	if co.caughtUp {
		co.republish(ctx)
	}
}

// republish publishes the units not sent yet (a failed publish, a restart): JetStream drops
// those it already holds (the message id is the unit's). The units go out at once, their
// acks awaited together: one unit after the other would cost a round trip each.
func (co *Coordinator) republish(ctx context.Context) {
	if !co.caughtUp {
		return
	}
	for _, s := range co.jobs {
		var sent []jetstream.PubAckFuture
		var units, left []*couple
		for i, c := range s.unsent {
			if c.outcome != Undecided {
				continue
			}
			f, err := co.publishUnit(s, c)
			if err != nil {
				left = append(left, s.unsent[i:]...)
				break
			}
			sent, units = append(sent, f), append(units, c)
		}
		timeout := time.After(5 * time.Second)
		for i, f := range sent {
			select {
			case <-f.Ok():
				continue
			case <-f.Err():
			case <-timeout:
			case <-ctx.Done():
			}
			left = append(left, units[i])
		}
		s.unsent = left
	}
}

func (co *Coordinator) publishUnit(s *jobState, c *couple) (jetstream.PubAckFuture, error) {
	u := Unit{Job: s.job.ID, ID: c.id, Game: s.job.Game, Position: c.pos.String(), N: c.n, Nodes: co.cfg.UnitNodes}
	b, _ := json.Marshal(u)
	id := s.job.ID + "/" + c.id
	if c.reissued { // the unit of a result not taken: a message JetStream has not seen
		id += "/" + strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	return co.c.js.PublishAsync(subjectUnits+s.job.ID, b, jetstream.WithMsgID(id))
}

// answer stores a job's answer (or why it has none), then forgets its units and results;
// the workers searching its units stop at their next heartbeat (Worker.jobOver).
func (co *Coordinator) answer(ctx context.Context, s *jobState, why string) {
	a := Answer{Job: s.job.ID, Game: s.job.Game, Position: s.job.Position, Err: why, Cancelled: s.cancel, Stats: co.stats(s)}
	if why == "" {
		a.Outcome, a.Nimber = s.answerOutcome, s.answerNimber
		start := time.Now()
		co.certify(ctx, s, &a)
		a.Stats = co.stats(s) // its elapsed time with the certificate's
		a.Stats.CertifyMS = time.Since(start).Milliseconds()
	}
	b, _ := json.Marshal(a)
	if _, err := co.kvAns.Put(ctx, s.job.ID, b); err != nil {
		log.Printf("cluster: answering job %s: %v", s.job.ID, err)
		return // kept: answered on a later result or after a restart
	}
	co.putStatus(ctx, s)
	delete(co.jobs, s.job.ID)
	if st, err := co.c.js.Stream(ctx, StreamUnits); err == nil {
		st.Purge(ctx, jetstream.WithPurgeSubject(subjectUnits+s.job.ID))
	}
	if st, err := co.c.js.Stream(ctx, StreamResults); err == nil {
		st.Purge(ctx, jetstream.WithPurgeSubject(subjectResults+s.job.ID+".*"))
		st.Purge(ctx, jetstream.WithPurgeSubject(subjectResults+s.job.ID)) // of before senders
	}
}

// stats are a job's counts now.
func (co *Coordinator) stats(s *jobState) Stats {
	st := s.stats
	if s.tree != nil {
		st.Units = s.tree.units
		st.Open = len(s.tree.open())
	}
	st.Workers = len(s.workers)
	if !s.start.IsZero() {
		st.ElapsedMS = time.Since(s.start).Milliseconds()
	}
	return st
}

// publishStatus publishes every running job's status.
func (co *Coordinator) publishStatus(ctx context.Context) {
	for name, w := range co.workers {
		if time.Since(w.at) > 5*time.Second {
			delete(co.workers, name)
		}
	}
	for _, s := range co.jobs {
		co.putStatus(ctx, s)
	}
}

func (co *Coordinator) putStatus(ctx context.Context, s *jobState) {
	st := Status{Job: s.job.ID, Stats: co.stats(s)}
	if s.tree != nil {
		st.Components = s.tree.known()
	}
	for _, w := range co.workers {
		st.Workers = append(st.Workers, w.status)
	}
	sort.Slice(st.Workers, func(i, j int) bool { return st.Workers[i].Name < st.Workers[j].Name })
	b, _ := json.Marshal(st)
	co.kvStatus.Put(ctx, s.job.ID, b)
}
