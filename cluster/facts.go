package cluster

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"grundy/engine"
	"grundy/store"
)

// knowOutcome says what the facts of cache prove of the couple (p, n): a position with no
// component is losing for n = 0 only; a sum is played as its last unknown component against
// n ⊕ the nimbers of the others (Algorithm 2), when those are known.
func knowOutcome(cache engine.Cache, p engine.Position, n int) (known, win bool) {
	comps := p.Split()
	x := n
	var last engine.Position
	for _, c := range comps {
		f, ok := cache.Get(c.Key())
		if m, has := f.Nimber(); ok && has {
			x ^= m
			continue
		}
		if last != nil {
			return false, false // two components whose nimbers are unknown
		}
		last = c
	}
	if last == nil {
		return true, x != 0
	}
	f, _ := cache.Get(last.Key())
	return f.Outcome(x)
}

// maxBatchBytes bounds a facts message, below NATS's 1 MB default payload limit.
const maxBatchBytes = 512 << 10

// publishFacts publishes facts of game on the facts stream, on subject, in batches, as
// proven by node, and returns how many it published.
func publishFacts(ctx context.Context, c *conn, subject, node, game string, facts []keyedFact) (int64, error) {
	var sent int64
	for len(facts) > 0 {
		var body []byte
		n := 0
		for n < len(facts) && len(body) < maxBatchBytes {
			body = encodeFacts(body, facts[n:n+1])
			n++
		}
		m := nats.NewMsg(subject)
		m.Data = body
		m.Header.Set(headerGame, game)
		m.Header.Set(headerNode, node)
		m.Header.Set(headerCount, strconv.Itoa(n))
		if _, err := c.js.PublishMsg(ctx, m); err != nil {
			return sent, err
		}
		sent += int64(n)
		facts = facts[n:]
	}
	return sent, nil
}

// A merger takes the facts of the facts stream that the coordinator checked into a node:
// each game's cache (through cacheOf) and, when there is one, the store, their origin the
// worker that proved them, where a fact that contradicts the stored one is a conflict,
// reported (logged and counted), never written. The facts a worker published itself are
// claims: not taken, and their sender named in the log once.
type merger struct {
	node      string
	names     map[string]string // the names of the server's users by key (Config.Users)
	st        *store.Store
	cacheOf   func(game string) engine.Cache // nil: the game is not searched here
	facts     atomic.Int64                   // facts read from the stream, own ones included
	merged    atomic.Int64                   // facts of other nodes taken in
	conflicts atomic.Int64
	logOnce   sync.Once

	mu      sync.Mutex      // held while a message is merged
	closed  bool            // the store may be closed: merge nothing more
	claimed map[string]bool // the senders of facts not taken, logged once (nil: none logged)
	checked *checkedSet     // notes every fact taken
}

// close waits for the message being merged, and merges nothing after it.
func (m *merger) close() {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
}

// take merges one message of the facts stream.
func (m *merger) take(msg jetstream.Msg) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return
	}
	h := msg.Headers()
	count, _ := strconv.ParseInt(h.Get(headerCount), 10, 64)
	m.facts.Add(count)
	if msg.Subject() != subjectChecked {
		m.notTaken(msg.Subject(), h.Get(headerNode), count)
		return
	}
	game := h.Get(headerGame)
	var cache engine.Cache
	if m.cacheOf != nil {
		cache = m.cacheOf(game)
	}
	if w, ok := cache.(waiter); ok {
		w.Wait() // the last batch's Puts, which this one's Gets must see to merge with them
	}
	from := fmt.Sprintf("the coordinator (proven by worker %q)", h.Get(headerNode))
	origin := store.Origin{Source: store.FromWorker, Name: h.Get(headerNode)}
	err := decodeFacts(msg.Data(), func(key string, f engine.Fact) {
		m.merged.Add(1)
		m.checked.add(game, key, f)
		if cache != nil {
			have, _ := cache.Get(key)
			if have.Conflicts(f) {
				m.conflict(game, key, have, f, from)
				return
			}
			cache.Put(key, have.Merge(f))
		}
		if m.st != nil {
			m.add(game, key, f, origin, from)
		}
	})
	if err != nil {
		log.Printf("cluster: facts from %s: %v", from, err)
	}
}

// from names the sender of a batch on subject by node, and by the name of its key when the
// server vouches for one (a key of the server's users; names).
func (m *merger) from(subject, node string) string {
	sender := senderOf(subject)
	if !strings.HasPrefix(subject, subjectFacts) || sender == openSender {
		return fmt.Sprintf("%q (a name it gave itself)", node)
	}
	name := m.names[sender]
	if name == "" {
		name = "a key of no user"
	}
	return fmt.Sprintf("%q, key %s (%s)", node, sender, name)
}

// A checkedSet holds the nimbers the coordinator checked, by game and exact key: a worker's
// proof stops at them (engine.WithGiven), and the coordinator takes them as proven when it
// checks a proof. Unlike a cache it forgets nothing, up to maxChecked keys; past them it
// takes no more (a worker's proofs are then longer, never wrong).
type checkedSet struct {
	mu    sync.Mutex
	games map[string]map[string]int
	n     int
}

// maxChecked bounds a checkedSet: some 100 bytes a key.
const maxChecked = 8 << 20

func newCheckedSet() *checkedSet { return &checkedSet{games: map[string]map[string]int{}} }

// add notes the fact f of key in game, when it gives a nimber.
func (c *checkedSet) add(game, key string, f engine.Fact) {
	n, ok := f.Nimber()
	if !ok {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.games[game]
	if m == nil {
		m = map[string]int{}
		c.games[game] = m
	}
	if _, had := m[key]; !had && c.n < maxChecked {
		m[key] = n
		c.n++
	}
}

// nimber returns the nimber checked of key in game.
func (c *checkedSet) nimber(game, key string) (int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, ok := c.games[game][key]
	return n, ok
}

// A waiter is a cache whose Puts are applied in the background: Wait returns once they are.
type waiter interface{ Wait() }

// notTaken logs, once a sender, the facts a worker published itself on subject, which no
// node takes as proven.
func (m *merger) notTaken(subject, node string, count int64) {
	from := m.from(subject, node)
	if m.claimed == nil || m.claimed[from] {
		return
	}
	m.claimed[from] = true
	log.Printf("cluster: %d facts of %s not taken, nor any it sends later: a worker's facts are taken only with the proof of a unit's result, once the coordinator has checked it", count, from)
}

// add merges one fact into the store.
func (m *merger) add(game, key string, f engine.Fact, origin store.Origin, from string) {
	err := m.st.AddFrom(game, key, f, origin)
	var ce *store.ConflictError
	switch {
	case errors.As(err, &ce):
		m.conflict(game, key, ce.Have, ce.Got, from)
	case err != nil:
		m.logOnce.Do(func() { log.Printf("cluster: the store: %v (reported once)", err) })
	}
}

func (m *merger) conflict(game, key string, have, got engine.Fact, from string) {
	m.conflicts.Add(1)
	log.Printf("cluster: conflicting facts on %s %q: known %s, received %s from %s", game, key, have.Describe(8), got.Describe(8), from)
}

// follow merges the facts stream from its start into m until ctx ends; an ordered consumer
// picks up again where it was after the server comes back.
func follow(ctx context.Context, js jetstream.JetStream, m *merger) error {
	// The whole stream: grundy.facts of before too, which had no sender.
	cons, err := js.OrderedConsumer(ctx, StreamFacts, jetstream.OrderedConsumerConfig{})
	if err != nil {
		return err
	}
	cc, err := cons.Consume(m.take)
	if err != nil {
		return err
	}
	go func() {
		<-ctx.Done()
		cc.Stop()
	}()
	return nil
}

// heartbeatEvery is how often a worker tells JetStream it is still searching a unit, as a
// share of the consumer's AckWait.
func heartbeatEvery(ackWait time.Duration) time.Duration { return max(ackWait/3, 100*time.Millisecond) }
