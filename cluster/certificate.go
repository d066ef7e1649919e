package cluster

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"grundy/engine"
	"grundy/games"
	"grundy/store"
)

// A job's answer comes with its certificate: the losing couples that prove it, a
// [Positions+Nimber] database as `grundy tree --certificate` writes one. The coordinator
// takes the couples of its units' proofs, checked already, and the losing couples of
// components of its tree, when they prove the answer (fromProofs); else it reads the proof
// out of the facts it checked (its cache, the facts stream's, its store) with the engine's
// extractor, which builds every node from the rules and searches what those facts no
// longer say. Either way it checks the database with Glop's check and the rules alone
// (store.Certify, DatabaseOnly) before it publishes the answer. The client may check
// it again (CheckCertificate), which costs little: nothing is searched.

// maxInlineBytes bounds a certificate in its answer, gzipped: an answer is one value of the
// answers bucket, one message of at most the server's MaxPayload (1 MB), in which JSON
// writes bytes in base64 (4 for 3). A larger one goes to BucketCertificates in parts of
// certificatePart bytes, up to maxCertificateBytes (some 15 million couples of Cram).
const (
	maxInlineBytes      = 600 << 10
	certificatePart     = 768 << 10
	maxCertificateBytes = 64 << 20
	certificateTTL      = 7 * 24 * time.Hour // how long BucketCertificates keeps them
)

// certifyWait bounds reading a certificate out and checking it: the coordinator's loop
// waits for it.
const certifyWait = time.Minute

// certifyNodes is, in units' budgets, what the extraction may search of couples that the
// facts no longer say.
const certifyNodes = 16

// certify makes the certificate of the answer a, checks it, and sets it in a (or its parts'
// count); when there is none, a.NoCertificate says why.
func (co *Coordinator) certify(ctx context.Context, s *jobState, a *Answer) {
	cert, couples, err := co.readCertificate(ctx, s, a)
	if err == nil {
		a.Certificate, a.CertificateCouples = cert, couples
		_, _, err = CheckCertificate(ctx, *a)
		if err != nil {
			log.Printf("cluster: job %s: the certificate made of the facts checked does not hold: %v", s.job.ID, err)
		}
	}
	inline := maxInlineBytes
	if co.cfg.certPart > 0 {
		inline = co.cfg.certPart
	}
	if err == nil && len(a.Certificate) > inline {
		a.CertificateParts, err = co.putParts(ctx, s.job.ID, a.Certificate)
		a.Certificate = nil
	}
	if err != nil {
		a.Certificate, a.CertificateParts, a.CertificateCouples = nil, 0, 0
		a.NoCertificate = err.Error()
	}
}

// putParts puts the certificate b of job id into BucketCertificates, in parts, and returns
// how many.
func (co *Coordinator) putParts(ctx context.Context, id string, b []byte) (int, error) {
	parts, size := 0, certificatePart
	if co.cfg.certPart > 0 {
		size = co.cfg.certPart
	}
	for len(b) > 0 {
		n := min(len(b), size)
		if _, err := co.kvCerts.Put(ctx, id+"."+itoa(parts), b[:n]); err != nil {
			return 0, fmt.Errorf("storing the certificate: %v", err)
		}
		b, parts = b[n:], parts+1
	}
	return parts, nil
}

// readParts reads the parts of a's certificate back into a.Certificate; when they cannot be,
// a.NoCertificate says why.
func (cl *Client) readParts(ctx context.Context, a *Answer) {
	if a.CertificateParts == 0 {
		return
	}
	kv, err := cl.c.bucket(ctx, BucketCertificates)
	var b []byte
	for i := 0; err == nil && i < a.CertificateParts; i++ {
		var e jetstream.KeyValueEntry
		if e, err = kv.Get(ctx, a.Job+"."+itoa(i)); err == nil {
			b = append(b, e.Value()...)
		}
		if len(b) > maxCertificateBytes {
			err = fmt.Errorf("more than %d MB", maxCertificateBytes>>20)
		}
	}
	if err != nil {
		a.NoCertificate = fmt.Sprintf("the certificate's parts in the cluster (bucket %s): %v", BucketCertificates, err)
		return
	}
	a.Certificate = b
}

// maxProven bounds the losing couples of its units' proofs a job keeps (some 200 bytes each).
const maxProven = 4 << 20

// note keeps the losing couples recs of a unit's proof, checked.
func (s *jobState) note(recs []store.Record) {
	if s.overflow {
		return
	}
	if s.proven == nil {
		s.proven = map[string]store.Record{}
	}
	for _, r := range recs {
		if len(s.proven) >= maxProven {
			s.proven, s.overflow = nil, true
			return
		}
		s.proven[r.Key] = r
	}
}

// fromProofs returns the couples of s's units' proofs, and the losing couples of components
// of its tree, that certify a, when they do (those Certify used, the couples the game's
// theory gave among them), else none: a proof stops at the couples known before, of other jobs, and
// a couple of the job decided by the coordinator's facts has none.
func fromProofs(ctx context.Context, g games.Game, p engine.Position, s *jobState, a *Answer) []store.Record {
	if len(s.proven) == 0 || s.tree == nil {
		return nil
	}
	recs := make([]store.Record, 0, len(s.proven))
	for _, r := range s.proven {
		r.Game = g.Name()
		recs = append(recs, r)
	}
	// The losing couples of components the tree decided from its units, split or not.
	for _, c := range s.tree.byID {
		if c.outcome == Loss && len(c.pos.Split()) == 1 {
			if _, ok := s.proven[c.pos.Key()]; !ok {
				recs = append(recs, store.Record{Game: g.Name(), Position: c.pos.String(), Fact: engine.Fact{}.WithNimber(c.n)})
			}
		}
	}
	// with the theory the proofs rest on: Used holds its couples too
	cert, err := store.CertifyRecords(ctx, g, "the units' proofs", recs, p)
	if err != nil || cert.Win != (a.Outcome == Win) || (a.Nimber != nil && (!cert.HasNimber || cert.Nimber != *a.Nimber)) {
		return nil
	}
	return cert.Used
}

// readCertificate returns the losing couples of a's proof as a database, gzipped, and how
// many they are: those of its units' proofs when they certify it, else read out of the
// facts checked.
func (co *Coordinator) readCertificate(ctx context.Context, s *jobState, a *Answer) ([]byte, int, error) {
	ctx, cancel := context.WithTimeout(ctx, certifyWait)
	defer cancel()
	g, err := games.Lookup(s.job.Game)
	if err != nil {
		return nil, 0, err
	}
	p, err := games.Parse(g, s.job.Position)
	if err != nil {
		return nil, 0, err
	}
	if recs := fromProofs(ctx, g, p, s, a); len(recs) > 0 {
		return encodeCertificate(recs)
	}
	cache := &checkedFacts{co: co, game: g.Name(), cache: co.cache(g.Name())}
	solver := engine.NewSolver(engine.WithCache(cache), engine.WithNodeLimit(certifyNodes*co.cfg.UnitNodes))
	extract := solver.ExtractNimber
	if a.Nimber == nil {
		extract = solver.ExtractOutcome
	}
	t, err := extract(ctx, g.Name(), p)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return nil, 0, fmt.Errorf("the proof was not read out within %v", certifyWait)
	case err != nil:
		return nil, 0, fmt.Errorf("reading the proof out: %v", err)
	}
	return encodeCertificate(store.TreeRecords(t))
}

// encodeCertificate writes recs as a database, gzipped, within maxCertificateBytes.
func encodeCertificate(recs []store.Record) ([]byte, int, error) {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	if _, _, err := store.WriteGlop(z, store.FormatGlop, recs); err != nil {
		return nil, 0, err
	}
	z.Close()
	if b.Len() > maxCertificateBytes {
		return nil, 0, fmt.Errorf("the certificate, %d losing couples, takes %d MB gzipped, more than the cluster keeps (%d MB): `grundy tree --certificate` writes it on one machine",
			len(recs), b.Len()>>20, maxCertificateBytes>>20)
	}
	return b.Bytes(), len(recs), nil
}

// CheckCertificate checks the certificate of the answer a with Glop's check and the rules
// alone (store.Certify, DatabaseOnly), searching nothing, and returns the database's text
// and what the check derived. A certificate that does not derive a's outcome and nimber is
// an error saying which couple failed or what differs.
func CheckCertificate(ctx context.Context, a Answer) ([]byte, *store.Certificate, error) {
	if len(a.Certificate) == 0 {
		return nil, nil, errors.New("the answer has no certificate")
	}
	g, err := games.Lookup(a.Game)
	if err != nil {
		return nil, nil, err
	}
	p, err := games.Parse(g, a.Position)
	if err != nil {
		return nil, nil, err
	}
	z, err := gzip.NewReader(bytes.NewReader(a.Certificate))
	if err != nil {
		return nil, nil, fmt.Errorf("a certificate that does not decode: %v", err)
	}
	text, err := io.ReadAll(io.LimitReader(z, maxProofBytes+1))
	switch {
	case err != nil:
		return nil, nil, fmt.Errorf("a certificate that does not decode: %v", err)
	case len(text) > maxProofBytes:
		return nil, nil, fmt.Errorf("a certificate of more than %d MB", maxProofBytes>>20)
	}
	db, err := store.ReadDatabase(bytes.NewReader(text), "the certificate", g)
	if err != nil {
		return nil, nil, err
	}
	cert, err := store.Certify(ctx, g.Name(), db, p, store.DatabaseOnly())
	if err != nil {
		return nil, nil, fmt.Errorf("the certificate does not hold: %w", err)
	}
	win := cert.Win
	if a.Nimber != nil {
		if !cert.HasNimber || cert.Nimber != *a.Nimber {
			return nil, nil, fmt.Errorf("the certificate does not give the answer's nimber %d", *a.Nimber)
		}
	}
	if (a.Outcome == Win) != win {
		return nil, nil, fmt.Errorf("the certificate does not give the answer's outcome %s", a.Outcome)
	}
	return text, cert, nil
}

// checkedFacts is the cache the coordinator reads a proof out of: the facts it checked (the
// facts stream's), its cache's, then its store's. They only guide the extractor, which
// builds the proof from the rules; what its searches find goes to the coordinator's cache.
type checkedFacts struct {
	co    *Coordinator
	game  string
	cache engine.Cache
}

func (c *checkedFacts) Get(key string) (engine.Fact, bool) {
	if n, ok := c.co.checked.nimber(c.game, key); ok {
		return engine.Fact{}.WithNimber(n), true
	}
	f, ok := c.cache.Get(key)
	if _, known := f.Nimber(); (ok && known) || c.co.st == nil {
		return f, ok
	}
	if sf, had, err := c.co.st.Get(c.game, key); had && err == nil && !f.Conflicts(sf) {
		return f.Merge(sf), true
	}
	return f, ok
}

func (c *checkedFacts) Put(key string, f engine.Fact) { c.cache.Put(key, f) }
