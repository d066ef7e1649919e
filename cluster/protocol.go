package cluster

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"grundy/engine"
	"grundy/store"
)

// The names of the streams, subjects and buckets the cluster uses on JetStream. Every node
// agrees on them; the coordinator makes them (Setup).
const (
	// StreamJobs holds the positions handed to the cluster (Job), one message each, on
	// grundy.job.<job>.
	StreamJobs  = "GRUNDY_JOBS"
	subjectJobs = "grundy.job."
	// subjectCancel, on the jobs stream too, holds the ids of jobs to give up (Cancel),
	// grundy.cancel.<job>, after the job's own message: a coordinator started again reads
	// them in that order. The job's id is in the subject, not only in the message, because
	// a stream of literal subjects (grundy.job alone) would let a worker hand jobs over: a
	// push consumer that it makes on the facts stream, which it writes, delivers the
	// worker's bytes to any subject that someone subscribes to literally, and a stream is
	// that someone for its literal subjects; for a wildcard one nobody is
	// (TestAuth_PushConsumerForgesNothing).
	subjectCancel = "grundy.cancel."
	// StreamUnits is the work queue of units (Unit): one subject a job, grundy.unit.<job>,
	// each message acked by the worker that searched it, redelivered when none did within
	// the consumer's AckWait.
	StreamUnits   = "GRUNDY_UNITS"
	subjectUnits  = "grundy.unit."
	consumerUnits = "workers"
	// StreamResults holds what workers found of units (Result), grundy.result.<job>.<sender>:
	// the coordinator rebuilds its tree of a job from them after a restart.
	StreamResults  = "GRUNDY_RESULTS"
	subjectResults = "grundy.result."
	// StreamFacts holds the facts the coordinator checked, in batches (encodeFacts), for
	// every node to merge into its cache and store, on grundy.facts.checked, which only the
	// coordinator may publish. What a worker publishes on grundy.facts.<sender> is a claim:
	// no node takes it (a worker's facts come in with the proof of a unit's result, and
	// enter once the coordinator has checked it).
	//
	// The sender of facts and results is the public key of the node that published them,
	// which the server vouches for: it lets a key publish on its own subjects only
	// (permissions). On a server that asks no key it is openSender, and vouches for nothing.
	StreamFacts    = "GRUNDY_FACTS"
	subjectFacts   = "grundy.facts."
	subjectChecked = subjectFacts + "checked"
	openSender     = "open"
	// BucketAnswers maps a job's id to its Answer; BucketStatus to its Status while it runs;
	// BucketWorkers a worker's name to what it is doing (WorkerStatus), forgotten when the
	// worker stops saying so.
	BucketAnswers = "grundy_answers"
	BucketStatus  = "grundy_status"
	BucketWorkers = "grundy_workers"
	// BucketCertificates holds the certificates too large for their answer, in parts,
	// <job>.<i> for i < Answer.CertificateParts (certificate.go), for a week.
	BucketCertificates = "grundy_certificates"
)

// The headers of a facts batch.
const (
	headerGame  = "Grundy-Game"  // the game whose keys the facts are of
	headerNode  = "Grundy-Node"  // the node that proved them (the worker of checked facts), which skips its own batches
	headerCount = "Grundy-Count" // how many facts the batch holds
)

// A Job is one position handed to the cluster.
type Job struct {
	ID       string `json:"id"`
	Game     string `json:"game"`
	Position string `json:"position"`
	// Outcome asks only whether the player to move wins: one couple (P, 0) is searched
	// instead of the nimber of every component.
	Outcome bool `json:"outcome,omitempty"`
}

// A Cancel asks the coordinator to give a job up: it answers the job ErrCancelled, drops its
// units, and the workers stop searching them at their next heartbeat; the facts proven so
// far stay.
type Cancel struct {
	Job string `json:"job"`
}

// ErrCancelled is the error of a job given up (Client.Cancel).
var ErrCancelled = errors.New("cancelled")

// A Unit is one couple (P, n) of a job for a worker to search within a budget of nodes.
type Unit struct {
	Job      string `json:"job"`
	ID       string `json:"id"` // the couple's place in the job's tree (see tree.go)
	Game     string `json:"game"`
	Position string `json:"position"`
	N        int    `json:"n"`
	Nodes    int64  `json:"nodes"` // the budget: past it the unit comes back undecided
}

// What a unit's search found.
const (
	Undecided = ""  // the budget ran out first
	Win       = "W" // (P, n) is winning: nimber(P) ≠ n
	Loss      = "L" // (P, n) is losing: nimber(P) = n
)

// A Result is what a worker found of a unit.
type Result struct {
	// Sender is the key that published the result (its subject's last token); the
	// coordinator reads it there, the worker does not send it.
	Sender string `json:"-"`

	Job       string `json:"job"`
	Unit      string `json:"unit"`
	Outcome   string `json:"outcome,omitempty"` // Win, Loss or Undecided
	Worker    string `json:"worker"`
	Nodes     int64  `json:"nodes"`
	Facts     int64  `json:"facts"`     // the losing couples of its proof
	Delivered int    `json:"delivered"` // which delivery of the unit this was: 2 and more are redeliveries
	ElapsedMS int64  `json:"elapsed_ms"`
	// Proof is the certificate of a decided unit's outcome: the losing couples of its
	// solution tree, positions in the game's notation (encodeProof). The coordinator
	// derives the outcome again from them and the rules (store.CheckCouple) before it takes
	// the result, and its facts, as proven.
	Proof []byte `json:"proof,omitempty"`
}

// maxProofBytes bounds a proof once decoded: past it, a proof is refused unread.
const maxProofBytes = 256 << 20

// encodeProof writes the losing couples recs as the lines of a Glop database, "position
// nimber", gzipped: a board's notation takes a tenth of its bytes so.
func encodeProof(recs []store.Record) []byte {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	for _, r := range recs {
		n, _ := r.Fact.Nimber()
		fmt.Fprintf(z, "%s %d\n", r.Position, n)
	}
	z.Close()
	return b.Bytes()
}

// decodeProof reads the couples encodeProof wrote; none is an empty proof (one that
// stops at once at couples checked before).
func decodeProof(b []byte) ([]store.Record, error) {
	if len(b) == 0 {
		return nil, nil
	}
	z, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("a proof that does not decode: %v", err)
	}
	text, err := io.ReadAll(io.LimitReader(z, maxProofBytes+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("a proof that does not decode: %v", err)
	case len(text) > maxProofBytes:
		return nil, fmt.Errorf("a proof of more than %d MB", maxProofBytes>>20)
	}
	var recs []store.Record
	for i, line := range strings.Split(strings.TrimSuffix(string(text), "\n"), "\n") {
		if line == "" {
			continue
		}
		cut := strings.LastIndexByte(line, ' ')
		n, err := strconv.Atoi(line[cut+1:])
		if cut < 0 || err != nil || n < 0 || n > store.MaxNimber {
			return nil, fmt.Errorf("the proof's line %d: %s: want \"position nimber\"", i+1, engine.Quote(line))
		}
		recs = append(recs, store.Record{Position: line[:cut], Fact: engine.Fact{}.WithNimber(n)})
	}
	return recs, nil
}

// Stats are a job's counts in the cluster, in its Status and its Answer.
type Stats struct {
	Units        int   `json:"units"`        // couples made units so far
	Open         int   `json:"open"`         // units published and not decided
	Done         int   `json:"done"`         // results taken
	Redeliveries int   `json:"redeliveries"` // results of a unit's second delivery or later
	Duplicates   int   `json:"duplicates"`   // results of units already decided (harmless)
	Workers      int   `json:"workers"`      // distinct workers that returned a result
	Facts        int64 `json:"facts"`        // facts its units' proofs gave (their results' Facts)
	Rejected     int   `json:"rejected"`     // results not taken: a proof that did not hold, or a worker no longer trusted
	Nodes        int64 `json:"nodes"`        // nodes the workers expanded for it
	ElapsedMS    int64 `json:"elapsed_ms"`
	CertifyMS    int64 `json:"certify_ms,omitempty"` // reading the answer's certificate out and checking it
}

// A Status is how far a job is, as the coordinator publishes it every half second.
type Status struct {
	Job     string         `json:"job"`
	Stats   Stats          `json:"stats"`
	Workers []WorkerStatus `json:"workers,omitempty"`
	// Components is what is known of each component's nimber so far ("= 3", "≠ 0, 1").
	Components []string `json:"components,omitempty"`
}

// A WorkerStatus is what one worker is doing, as it says every second.
type WorkerStatus struct {
	Name  string   `json:"name"`
	Units []string `json:"units,omitempty"` // the units being searched, by id
	Done  int      `json:"done"`            // units it searched since it started
}

// An Answer is the end of a job.
type Answer struct {
	Job       string `json:"job"`
	Game      string `json:"game"`
	Position  string `json:"position"`
	Outcome   string `json:"outcome"`             // Win or Loss
	Nimber    *int   `json:"nimber,omitempty"`    // absent for an Outcome job
	Err       string `json:"error,omitempty"`     // the job could not be run (a position that does not parse), or was cancelled
	Cancelled bool   `json:"cancelled,omitempty"` // the job was given up (Client.Cancel)
	Stats     Stats  `json:"stats"`
	// Certificate is the answer's certificate (certificate.go): the losing couples that
	// prove it, a [Positions+Nimber] database (store.WriteGlop), gzipped, which the
	// coordinator checked with the rules alone before answering (CheckCertificate).
	// One too large for an answer is in CertificateParts parts in BucketCertificates
	// instead; Client.Solve reads them back into Certificate.
	Certificate        []byte `json:"certificate,omitempty"`
	CertificateParts   int    `json:"certificate_parts,omitempty"`
	CertificateCouples int    `json:"certificate_couples,omitempty"` // the losing couples it holds
	// NoCertificate says why an answer comes without one: too large for an answer, not read
	// out in time, or (which the coordinator logs) one that did not hold.
	NoCertificate string `json:"no_certificate,omitempty"`
}

// A keyedFact is one fact of the facts stream.
type keyedFact struct {
	key  string
	fact engine.Fact
}

// errBatch is the error of a facts batch that does not decode.
var errBatch = errors.New("cluster: a facts batch that does not decode")

// encodeFacts appends the facts to b: for each, its key's length (uvarint), the key, its
// fact's length (uvarint) and the fact's binary form (engine.Fact.AppendBinary).
func encodeFacts(b []byte, facts []keyedFact) []byte {
	for _, kf := range facts {
		b = binary.AppendUvarint(b, uint64(len(kf.key)))
		b = append(b, kf.key...)
		val, _ := kf.fact.AppendBinary(nil)
		b = binary.AppendUvarint(b, uint64(len(val)))
		b = append(b, val...)
	}
	return b
}

// decodeFacts calls fn on each fact of a batch encodeFacts made.
func decodeFacts(b []byte, fn func(key string, f engine.Fact)) error {
	for len(b) > 0 {
		key, rest, err := chunk(b)
		if err != nil {
			return err
		}
		val, rest, err := chunk(rest)
		if err != nil {
			return err
		}
		f, err := engine.DecodeFact(val)
		if err != nil {
			return fmt.Errorf("%w: %v", errBatch, err)
		}
		fn(string(key), f)
		b = rest
	}
	return nil
}

// chunk reads a uvarint length and as many bytes.
func chunk(b []byte) (data, rest []byte, err error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, nil, errBatch
	}
	return b[k : k+int(n)], b[k+int(n):], nil
}

// itoa is strconv.Itoa, short.
func itoa(n int) string { return strconv.Itoa(n) }
