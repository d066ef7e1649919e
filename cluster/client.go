package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// A Client hands positions to a cluster and waits for their answers. The command line
// (solve --server) and the window both use it.
type Client struct {
	c *conn
}

// Dial connects a client to the server at url: an error that Is ErrUnreachable when nothing,
// or no grundy server, answers there, ErrDenied when it asks for credentials.
func Dial(ctx context.Context, url string) (*Client, error) {
	return DialAuth(ctx, url, Auth{})
}

// DialAuth is Dial with auth's credentials and certificates: an error that Is ErrDenied
// when the server does not let them in.
func DialAuth(ctx context.Context, url string, auth Auth) (*Client, error) {
	c, err := dial(ctx, url, "grundy-client", auth, true)
	if err != nil {
		return nil, err
	}
	return &Client{c: c}, nil
}

// Close closes the connection.
func (cl *Client) Close() { cl.c.close() }

// validToken matches a job's id, one token of a subject (grundy.job.<id>), and a user's name.
var validToken = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// NewJobID returns a fresh job id.
func NewJobID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Solve hands job to the cluster (a job with no ID gets one) and waits for its answer,
// calling progress (when not nil) with its status about every half second. When ctx ends
// first it returns the last status and ctx's error; the job goes on in the cluster, and its
// answer is kept (BucketAnswers). The answer holds its certificate whole, its parts read
// back (Answer.CertificateParts). A server that goes away and does not come back within
// LostAfter is an error that Is ErrLost.
func (cl *Client) Solve(ctx context.Context, job Job, progress func(Status)) (Answer, Status, error) {
	if job.ID == "" {
		job.ID = NewJobID()
	}
	if !validToken.MatchString(job.ID) {
		return Answer{}, Status{}, fmt.Errorf("cluster: job id %q: want letters, digits, _ and -", job.ID)
	}
	var last Status
	b, _ := json.Marshal(job)
	if err := cl.c.publish(ctx, subjectJobs+job.ID, b, jetstream.WithMsgID(job.ID)); err != nil {
		return Answer{}, last, fmt.Errorf("cluster: handing the job over: %w", err)
	}
	answers, err := cl.c.bucket(ctx, BucketAnswers)
	if err != nil {
		return Answer{}, last, err
	}
	statuses, err := cl.c.bucket(ctx, BucketStatus)
	if err != nil {
		return Answer{}, last, err
	}
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for {
		// Polling, not watching: a watch does not always survive the server's restart,
		// and two reads a half second cost nothing.
		if e, err := answers.Get(ctx, job.ID); err == nil {
			var a Answer
			if err := json.Unmarshal(e.Value(), &a); err != nil {
				return Answer{}, last, fmt.Errorf("cluster: an answer that does not decode: %w", err)
			}
			switch {
			case a.Cancelled:
				return a, last, fmt.Errorf("cluster: job %s: %w", job.ID, ErrCancelled)
			case a.Err != "":
				return a, last, errors.New(a.Err)
			}
			cl.readParts(ctx, &a)
			return a, last, nil
		}
		if e, err := statuses.Get(ctx, job.ID); err == nil {
			// A new Status each time: decoding into last would write over the workers'
			// slice that the status given to progress still shares.
			var s Status
			if json.Unmarshal(e.Value(), &s) == nil {
				last = s
				if progress != nil {
					progress(s)
				}
			}
		}
		select {
		case <-ctx.Done():
			return Answer{}, last, ctx.Err()
		case <-cl.c.lost:
			return Answer{}, last, cl.c.lostErr()
		case <-tick.C:
		}
	}
}

// Cancel gives the job of id up: the coordinator answers it ErrCancelled (a Solve waiting
// for it returns that error), drops its units, and the workers stop searching them at their
// next heartbeat, keeping what they proved. A job answered already stays answered.
func (cl *Client) Cancel(ctx context.Context, id string) error {
	b, _ := json.Marshal(Cancel{Job: id})
	if err := cl.c.publish(ctx, subjectCancel+id, b, jetstream.WithMsgID("cancel/"+id)); err != nil {
		return fmt.Errorf("cluster: cancelling job %s: %w", id, err)
	}
	return nil
}

// Workers returns what the workers of the cluster say they are doing, by name.
func (cl *Client) Workers(ctx context.Context) ([]WorkerStatus, error) {
	kv, err := cl.c.bucket(ctx, BucketWorkers)
	if err != nil {
		return nil, err
	}
	keys, err := kv.ListKeys(ctx)
	if err != nil {
		return nil, err
	}
	var out []WorkerStatus
	for name := range keys.Keys() {
		e, err := kv.Get(ctx, name)
		if err != nil {
			continue // gone since it was listed
		}
		var ws WorkerStatus
		if json.Unmarshal(e.Value(), &ws) == nil {
			out = append(out, ws)
		}
	}
	slices.SortFunc(out, func(a, b WorkerStatus) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}
