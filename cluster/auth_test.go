package cluster

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"

	"grundy/engine"
)

// Whoever has no key the server knows, or does not trust its certificate, is refused at the
// door: ErrDenied, not a server missing.
func TestAuth_StrangersRefused(t *testing.T) {
	tc := startCluster(t, 0, Config{}, WorkerConfig{})
	ca := filepath.Join(tc.creds, CAFile)
	stranger := filepath.Join(t.TempDir(), "stranger.nk")
	kp, _ := nkeys.CreateUser()
	seed, _ := kp.Seed()
	os.WriteFile(stranger, seed, 0o600)
	otherCA := filepath.Join(t.TempDir(), "other")
	if _, err := MakeCert(otherCA, "127.0.0.1"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, creds, ca string }{
		{"no credentials", "", ca},
		{"a key the server does not know", stranger, ""},
		{"a key the server does not know, its CA", stranger, ca},
		{"a client's key, the system's CAs", filepath.Join(tc.creds, ClientCreds), ""},
		{"a client's key, another CA", filepath.Join(tc.creds, ClientCreds), filepath.Join(otherCA, CAFile)},
	} {
		auth, err := LoadAuth(c.creds, c.ca)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cl, err := DialAuth(ctx, tc.srv.URL(), auth)
		cancel()
		if err == nil {
			cl.Close()
		}
		if !errors.Is(err, ErrDenied) {
			t.Errorf("%s: Dial = %v, want ErrDenied", c.name, err)
		}
	}
}

// A worker's key cannot hand a job over nor cancel one, nor write an answer, nor delete a
// stream, nor publish facts or results in another key's name, nor read the replies to
// other keys; a client's cannot publish facts, results nor units, nor write an answer. Nothing
// of it reaches the streams.
func TestAuth_RolesKeepToTheirSubjects(t *testing.T) {
	tc := startCluster(t, 0, Config{}, WorkerConfig{})
	ctx, worker := tc.dialAs(t, tc.worker, 30*time.Second)
	_, client := tc.dialAs(t, tc.cl, 30*time.Second)
	_, admin := tc.dialAs(t, tc.srv.Auth(), 30*time.Second)
	tc.clients = nil // denials are what this test is about

	if _, _, err := worker.Solve(ctx, Job{Game: "cram", Position: "3x3"}, nil); !errors.Is(err, ErrPermission) {
		t.Errorf("a worker's Solve = %v, want ErrPermission", err)
	}
	if err := worker.Cancel(ctx, "some-job"); !errors.Is(err, ErrPermission) {
		t.Errorf("a worker's Cancel = %v, want ErrPermission", err)
	}
	if err := client.c.publish(ctx, subjectResults+"some-job."+client.c.sender, []byte(`{"job":"some-job","unit":"r","outcome":"W"}`)); !errors.Is(err, ErrPermission) {
		t.Errorf("a client's result = %v, want ErrPermission", err)
	}
	if err := client.c.publish(ctx, subjectFacts+client.c.sender, encodeFacts(nil, []keyedFact{{"k", engine.Fact{}.Without(0)}})); !errors.Is(err, ErrPermission) {
		t.Errorf("a client's facts = %v, want ErrPermission", err)
	}
	// The JetStream API: no ack comes, only the denial.
	short := func() context.Context {
		c, cancel := context.WithTimeout(ctx, time.Second)
		t.Cleanup(cancel)
		return c
	}
	if err := worker.c.js.DeleteStream(short(), StreamJobs); err == nil {
		t.Error("a worker deleted the jobs' stream")
	}
	if kv, err := worker.c.js.KeyValue(short(), BucketAnswers); err != nil {
		t.Errorf("a worker cannot read the answers: %v", err)
	} else if _, err := kv.Put(short(), "some-job", []byte(`{"outcome":"L"}`)); err == nil {
		t.Error("a worker wrote an answer")
	}
	if err := client.c.publish(ctx, subjectUnits+"some-job", []byte(`{"job":"some-job","id":"u","game":"cram","position":"4x9","nodes":1000000000000}`)); !errors.Is(err, ErrPermission) {
		t.Errorf("a client's unit = %v, want ErrPermission", err)
	}
	if kv, err := client.c.js.KeyValue(short(), BucketAnswers); err != nil {
		t.Errorf("a client cannot read the answers: %v", err)
	} else if _, err := kv.Put(short(), "some-job", []byte(`{"outcome":"L"}`)); err == nil {
		t.Error("a client wrote an answer")
	}
	// Facts and results in another key's name.
	other, _ := nkeys.CreateUser()
	pub, _ := other.PublicKey()
	if err := worker.c.publish(ctx, subjectFacts+pub, encodeFacts(nil, []keyedFact{{"k", engine.Fact{}.Without(0)}})); !errors.Is(err, ErrPermission) {
		t.Errorf("a worker's facts in another key's name = %v, want ErrPermission", err)
	}
	if err := worker.c.publish(ctx, subjectResults+"some-job."+pub, []byte(`{"job":"some-job","unit":"r","outcome":"W"}`)); !errors.Is(err, ErrPermission) {
		t.Errorf("a worker's result in another key's name = %v, want ErrPermission", err)
	}
	// Another key's replies: a client's answers, a worker's units and their acks.
	if _, err := worker.c.nc.SubscribeSync("_INBOX.>"); err != nil {
		t.Fatal(err)
	}
	worker.c.nc.Flush()
	time.Sleep(100 * time.Millisecond) // the denial comes after the flush's pong
	if n := worker.c.denied.Load(); n < 7 {
		t.Errorf("the server denied the worker %d subjects, want 7", n)
	}
	for _, s := range []string{StreamJobs, StreamResults, StreamFacts, StreamUnits, kvStream(BucketAnswers)} {
		st, err := admin.c.js.Stream(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		if n := st.CachedInfo().State.Msgs; n != 0 {
			t.Errorf("stream %s holds %d messages after the denials, want 0", s, n)
		}
	}
}

// A worker that makes push consumers on the streams it reads, delivering to the subjects it
// may not publish on, gets nothing into them: no job, cancel, unit, answer nor status, and
// no call of the JetStream API. (With
// the jobs on the literal subject grundy.job, its facts reached the jobs' stream as jobs.)
func TestAuth_PushConsumerForgesNothing(t *testing.T) {
	tc := startCluster(t, 0, Config{}, WorkerConfig{})
	ctx, worker := tc.dialAs(t, tc.worker, 30*time.Second)
	_, admin := tc.dialAs(t, tc.srv.Auth(), 30*time.Second)
	tc.clients = nil
	targets := []string{subjectJobs + "victim", subjectCancel + "victim", subjectUnits + "victim",
		"$KV." + BucketAnswers + ".victim", "$KV." + BucketStatus + ".victim", "grundy.job", "grundy.cancel",
		api("STREAM.DELETE", StreamJobs), api("STREAM.PURGE", StreamUnits), api("CONSUMER.DELETE", StreamUnits, consumerUnits)}
	for i, target := range targets {
		for _, stream := range []string{StreamFacts, kvStream(BucketAnswers)} {
			worker.c.js.CreateOrUpdateConsumer(ctx, stream, jetstream.ConsumerConfig{
				Name: fmt.Sprintf("forger%d-%s", i, stream), DeliverSubject: target})
		}
	}
	lie := []byte(`{"id":"victim","job":"victim","game":"cram","position":"3x3","n":0,"nodes":1000000000000,"outcome":"L","nimber":5}`)
	if err := worker.c.publish(ctx, subjectFacts+worker.c.sender, lie); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	for _, s := range []string{StreamJobs, StreamUnits, kvStream(BucketAnswers), kvStream(BucketStatus)} {
		st, err := admin.c.js.Stream(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		if n := st.CachedInfo().State.Msgs; n != 0 {
			t.Errorf("stream %s holds %d messages after a worker's push consumers, want 0", s, n)
		}
	}
	if _, err := admin.c.js.Consumer(ctx, StreamUnits, consumerUnits); err != nil {
		t.Errorf("the workers' consumer after a worker's push consumers: %v", err)
	}
}
