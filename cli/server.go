package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"time"

	"grundy/cluster"
	"grundy/engine"
	"grundy/games"
	"grundy/store"
)

// nodeFlags are the flags of a node of a cluster (work, solve --server): the server's URL,
// the node's key, and the certificates it trusts the server's from.
type nodeFlags struct {
	url, creds, ca string
}

func (f *nodeFlags) register(fs *flag.FlagSet, server string) {
	fs.StringVar(&f.url, "server", "", server)
	fs.StringVar(&f.creds, "creds", "", "the key the server lets in (a seed file of grundy serve --creds-dir: worker.nk, client.nk)")
	fs.StringVar(&f.ca, "ca", "", "the certificate to trust the server's TLS from (ca.pem of grundy serve --creds-dir; default: the system's)")
}

// check refuses --creds or --ca without --server.
func (f nodeFlags) check() error {
	if f.url == "" && (f.creds != "" || f.ca != "") {
		return usagef("--creds and --ca go with --server")
	}
	return nil
}

// auth reads the key and the certificates; a file that cannot be read is a usage error.
func (f nodeFlags) auth() (cluster.Auth, error) {
	a, err := cluster.LoadAuth(f.creds, f.ca)
	if err != nil {
		return a, usagef("%v", err)
	}
	return a, nil
}

// serverResult is `solve --server --json`: solve's object, with the cluster's counts.
type serverResult struct {
	solveResult
	Job     string        `json:"job"`
	Cluster cluster.Stats `json:"cluster"`
	// --certificate: the file written, and the losing couples it holds
	Certificate        string `json:"certificate,omitempty"`
	CertificateCouples int    `json:"certificate_couples,omitempty"`
}

// solveOnServer hands the position to the cluster at f.server and prints its answer as
// solve prints a local one, with a line (a field) of the cluster's counts.
func solveOnServer(ctx context.Context, env *Env, g games.Game, p engine.Position, f solveFlags) int {
	if f.misere || f.moves.on || (f.algo != "" && f.algo != "couples") {
		return fail(env, "solve", usagef("--server searches nimbers and outcomes by couples: no --misere, --moves nor --algo %s", f.algo))
	}
	auth, err := f.server.auth()
	if err != nil {
		return fail(env, "solve", err)
	}
	cl, err := cluster.DialAuth(ctx, f.server.url, auth)
	if err != nil {
		return fail(env, "solve", serverError(f.server.url, err))
	}
	defer cl.Close()
	job := cluster.Job{ID: cluster.NewJobID(), Game: g.Name(), Position: p.String(), Outcome: f.outcomeOnly}
	var progress func(cluster.Status)
	if f.progress {
		progress = func(s cluster.Status) { printClusterProgress(env, s) }
	}
	a, last, err := cl.Solve(ctx, job, progress)
	out := serverResult{solveResult: solveResult{Game: g.Name(), Position: p.String()}, Job: job.ID}
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		out.Stopped, out.Proven, out.Cluster = true, last.Components, last.Stats
		out.Stats = clusterStats(last.Stats)
		printServerResult(env, out, f.json)
		fmt.Fprintf(env.Stderr, "grundy solve: stopped after %v: %v; %s\n",
			time.Duration(last.Stats.ElapsedMS)*time.Millisecond, context.Cause(ctx), leaveJob(cl, job.ID, err))
		return exitTimeout
	case err != nil:
		return fail(env, "solve", serverError(f.server.url, err))
	}
	out.Outcome, out.Nimber, out.Cluster = a.Outcome, a.Nimber, a.Stats
	out.Stats = clusterStats(a.Stats)
	var certErr error
	if f.certificate != "" {
		if out.CertificateCouples, certErr = writeClusterCertificate(ctx, f.certificate, a); certErr == nil {
			out.Certificate = f.certificate
		}
	}
	printServerResult(env, out, f.json)
	if certErr != nil {
		return fail(env, "solve", certErr)
	}
	return exitOK
}

// leaveJob gives the job up in the cluster when solve was interrupted (Ctrl-C: the job is
// not wanted any more), and says what became of it; past --timeout it goes on, its answer
// kept in the cluster.
func leaveJob(cl *cluster.Client, id string, err error) string {
	if !errors.Is(err, context.Canceled) {
		return fmt.Sprintf("job %s goes on in the cluster", id)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := cl.Cancel(ctx, id); err != nil {
		return fmt.Sprintf("job %s goes on in the cluster (%v)", id, err)
	}
	return fmt.Sprintf("job %s cancelled in the cluster (the facts proven so far are kept)", id)
}

// clusterStats are solve's counts of a cluster's job: the nodes of every worker, the wall time.
func clusterStats(s cluster.Stats) solveStats {
	st := solveStats{Nodes: s.Nodes, ElapsedMS: s.ElapsedMS}
	if s.ElapsedMS > 0 {
		st.NodesPerSecond = float64(s.Nodes * 1000 / s.ElapsedMS)
	}
	return st
}

func printServerResult(env *Env, out serverResult, asJSON bool) {
	if asJSON {
		b, _ := json.Marshal(out)
		fmt.Fprintln(env.Stdout, string(b))
		return
	}
	printSolve(env, out.solveResult, false)
	c := out.Cluster
	fmt.Fprintf(env.Stdout, "cluster   %d units (%d open), %d redeliveries, %d duplicates, %d workers, %d facts exchanged (job %s)\n",
		c.Units, c.Open, c.Redeliveries, c.Duplicates, c.Workers, c.Facts, out.Job)
	if out.Certificate != "" {
		fmt.Fprintf(env.Stdout, "%s: the certificate, %d losing couples, checked with the rules alone (grundy db check %s --game %s --no-theory %s verifies it again)\n",
			out.Certificate, out.CertificateCouples, out.Certificate, out.Game, quote(out.Position))
	}
}

func printClusterProgress(env *Env, s cluster.Status) {
	st := s.Stats
	fmt.Fprintf(env.Stderr, "cluster %8.1fs  units %d (%d open, %d done)  redeliveries %d  workers %d  facts %d\n",
		float64(st.ElapsedMS)/1000, st.Units, st.Open, st.Done, st.Redeliveries, len(s.Workers), st.Facts)
}

// openStore opens the store of --db (or the default one), or none with --no-db, for every
// game: serve and work read and write facts of whatever games the cluster is asked.
func (f *storeFlags) openStore(cacheMB int) (*store.Store, error) {
	if f.none {
		return nil, nil
	}
	dir := f.path
	if dir == "" {
		var err error
		if dir, err = store.DefaultDir(); err != nil {
			return nil, usagef("%v (--no-db runs without a store)", err)
		}
	}
	s, err := store.OpenWith(dir, storeOptions(cacheMB))
	if err != nil {
		return nil, usagef("%v", err)
	}
	return s, nil
}

// storeOptions are those of a store read by a search of cacheMB: its cache of blocks an
// eighth of that, from 8 MB to 1 GB.
func storeOptions(cacheMB int) store.Options {
	return store.Options{BlockCacheMB: min(max(cacheMB/8, 8), 1024)}
}
