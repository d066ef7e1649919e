package cluster

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// ErrUnreachable is the error of a server URL nothing answers at.
var ErrUnreachable = errors.New("no grundy server")

// ErrLost is the error of a server that went away and did not come back within LostAfter.
var ErrLost = errors.New("lost the server")

// LostAfter is how long a node waits for a server that went away (a restart) before it
// gives up with ErrLost.
var LostAfter = 60 * time.Second

// A conn is a node's connection to the server, and its JetStream.
type conn struct {
	nc     *nats.Conn
	js     jetstream.JetStream
	url    string
	name   string
	sender string        // the token of this node's key in the subjects of its facts and results
	lost   chan struct{} // closed when the connection is given up

	mu      sync.Mutex
	denials map[*publishing]bool // the publishes waiting for their ack, ended by a denial
	denied  atomic.Int64         // the server's denials of a subject to this node
}

// A publishing is a request waiting for its reply (a publish for its ack), which the
// server's denial of its subject ends at once (the server sends no reply then, only an
// error).
type publishing struct {
	subject string
	stop    context.CancelCauseFunc
}

// dial connects to the server at url as name, with auth's credentials. The connection comes
// back by itself after the server restarts; past LostAfter without a server, lost is closed.
// With streams, a server without our streams is an error (not a grundy server).
func dial(ctx context.Context, url, name string, auth Auth, streams bool) (*conn, error) {
	c := &conn{url: url, name: name, sender: auth.sender(), lost: make(chan struct{}), denials: map[*publishing]bool{}}
	wait := 250 * time.Millisecond
	opts := append([]nats.Option{nats.Name(name), nats.Timeout(3 * time.Second),
		nats.ReconnectWait(wait), nats.MaxReconnects(int(LostAfter / wait)),
		nats.ReconnectBufSize(64 << 20),
		nats.ClosedHandler(func(*nats.Conn) { close(c.lost) }),
		nats.ErrorHandler(c.asyncError)}, auth.options()...)
	target := url
	if rest, ok := strings.CutPrefix(url, "tls://"); ok && auth.inProcess != nil {
		target = "nats://" + rest // no TLS in process: a tls:// URL would ask for it
	}
	nc, err := nats.Connect(target, opts...)
	if err != nil {
		return nil, connectError(url, err)
	}
	c.nc = nc
	c.js, err = jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("%w at %s: %v", ErrUnreachable, url, err)
	}
	if !streams {
		return c, nil
	}
	// A NATS server without our streams is not a grundy server.
	sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := c.js.Stream(sctx, StreamUnits); err != nil {
		nc.Close()
		return nil, fmt.Errorf("%w at %s: %v", ErrUnreachable, url, err)
	}
	return c, nil
}

// asyncError takes the errors the server sends outside a request: a denial ends the
// publishes of its subject with ErrPermission, and is logged when none was waiting.
func (c *conn) asyncError(_ *nats.Conn, _ *nats.Subscription, err error) {
	if !errors.Is(err, nats.ErrPermissionViolation) {
		return
	}
	c.denied.Add(1)
	told := false
	c.mu.Lock()
	for p := range c.denials {
		if strings.Contains(err.Error(), `"`+p.subject+`"`) {
			p.stop(fmt.Errorf("%w: %v", ErrPermission, err))
			told = true
		}
	}
	c.mu.Unlock()
	if !told { // else the publish's error says it
		log.Printf("cluster: %s: %v", c.name, err)
	}
}

// publish publishes data on subject to JetStream and waits for its ack: an error that Is
// ErrPermission as soon as the server denies this node the subject.
func (c *conn) publish(ctx context.Context, subject string, data []byte, opts ...jetstream.PublishOpt) error {
	return c.call(ctx, subject, func(ctx context.Context) error {
		_, err := c.js.Publish(ctx, subject, data, opts...)
		return err
	})
}

// call runs send, which sends on subject and waits for the reply, and ends it with an error
// that Is ErrPermission as soon as the server denies this node the subject.
func (c *conn) call(ctx context.Context, subject string, send func(context.Context) error) error {
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	p := &publishing{subject: subject, stop: stop}
	c.mu.Lock()
	c.denials[p] = true
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.denials, p)
		c.mu.Unlock()
	}()
	err := send(ctx)
	if cause := context.Cause(ctx); err != nil && errors.Is(cause, ErrPermission) {
		return cause
	}
	return err
}

// lostErr is the error of a connection given up.
func (c *conn) lostErr() error {
	return fmt.Errorf("%w at %s: it went away and did not come back within %v", ErrLost, c.url, LostAfter)
}

func (c *conn) close() { c.nc.Close() }

// bucketWait is how long a client or a worker waits for a bucket the server has not made
// yet: a server lets nodes in as soon as it listens, and makes its buckets just after.
const bucketWait = 30 * time.Second

// bucket opens the key-value bucket name, waiting up to bucketWait for a server that has
// just started to make it.
func (c *conn) bucket(ctx context.Context, name string) (jetstream.KeyValue, error) {
	deadline := time.Now().Add(bucketWait)
	for {
		kv, err := c.js.KeyValue(ctx, name)
		if !errors.Is(err, jetstream.ErrBucketNotFound) || time.Now().After(deadline) {
			return kv, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}
