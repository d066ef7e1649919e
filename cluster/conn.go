package cluster

import (
	"context"
	"errors"
	"fmt"
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
	nc   *nats.Conn
	js   jetstream.JetStream
	url  string
	lost chan struct{} // closed when the connection is given up
}

// dial connects to the server at url as name. The connection comes back by itself after the
// server restarts; past LostAfter without a server, lost is closed.
func dial(ctx context.Context, url, name string) (*conn, error) {
	c := &conn{url: url, lost: make(chan struct{})}
	wait := 250 * time.Millisecond
	nc, err := nats.Connect(url, nats.Name(name), nats.Timeout(3*time.Second),
		nats.ReconnectWait(wait), nats.MaxReconnects(int(LostAfter/wait)),
		nats.ReconnectBufSize(64<<20),
		nats.ClosedHandler(func(*nats.Conn) { close(c.lost) }))
	if err != nil {
		return nil, fmt.Errorf("%w at %s: %v", ErrUnreachable, url, err)
	}
	c.nc = nc
	c.js, err = jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("%w at %s: %v", ErrUnreachable, url, err)
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

// lostErr is the error of a connection given up.
func (c *conn) lostErr() error {
	return fmt.Errorf("%w at %s: it went away and did not come back within %v", ErrLost, c.url, LostAfter)
}

func (c *conn) close() { c.nc.Close() }
