// Package cluster spreads one search over many machines with NATS JetStream
// (nats-io/nats-server, embedded, and nats.go): `grundy serve` runs a server and its
// Coordinator, `grundy work` a Worker on each machine, `grundy solve --server` a Client.
//
// A job (a position handed to the cluster) becomes an AND/OR DAG of couples (P, n) (tree.go):
// the components of its sum, the heaps k of Algorithm 3 on each (two at a time), and, when a
// couple comes back undecided because its budget of nodes ran out, its options (Pⁱ, n) and
// (P, i) for i < n, a window of them at a time in the engine's order: a couple is winning
// as soon as one option is losing, losing when all are winning. Each couple to search is a
// unit, a message of a work-queue stream (StreamUnits) with explicit acks: a worker searches
// it with the engine on its cache, tells JetStream it is still at it (InProgress) every third
// of the AckWait, reads the proof of the unit's outcome out of what its search proved (the
// losing couples of its solution tree), publishes the result with its proof (StreamResults),
// then acks. A worker that dies stops its heartbeats: JetStream hands the unit to another
// once AckWait has passed. A result is a claim until the coordinator has derived it again
// from its proof and the rules (check.go): only then does it decide a couple, and its
// couples enter the coordinator's cache and store (their origin the worker) and the facts
// stream (StreamFacts, grundy.facts.checked), which every worker merges into its cache and
// store, so that later units, and later runs, reuse them. A proof that does not hold is
// rejected and logged with the worker's name and key, and its sender is trusted no more.
// A duplicate result changes nothing: the couple is decided already. A job given up
// (Client.Cancel) is answered so; a worker stops a unit whose job has an answer at once.
//
// The coordinator's state is the streams': the jobs (StreamJobs), the results in the order
// they came. Started again (a restart of the server, whose streams are on disk), it reads
// the jobs not answered (BucketAnswers) and applies their results again to new trees, which
// come out the same, with the same unit ids, and publishes the units still open; those still
// in the work queue carry the same message id and JetStream drops the copy. A job's counts
// are its results', and its time runs from its message's: both go on over a restart.
//
// A server other machines reach asks for keys and speaks TLS (StartSecureServer, `grundy
// serve --creds-dir`): each User is an nkey with a Role, whose permissions allow its own
// subjects and nothing else (auth.go): a worker fetches and acks units, publishes facts and
// results, reads the facts and the answers; a client hands jobs over, cancels them, reads
// the answers, the statuses and the workers. The coordinator connects in process (Server.Auth)
// with a key made for the run. MakeCreds and MakeCert make the folder of the keys and of a
// CA of its own; nodes read theirs with LoadAuth. A connection refused is ErrDenied, a
// publish denied ErrPermission. A worker publishes its results (and facts, which no node
// takes) on subjects that end with its key, the only ones of their kind the server allows
// it: the coordinator reads it into Result.Sender, and names that key's user when it rejects
// a result.
//
//	srv, _ := cluster.StartServer("127.0.0.1:4222", dir)
//	co, _ := cluster.NewCoordinator(ctx, srv.URL(), st, cluster.Config{})
//	go co.Run(ctx)
//	w, _ := cluster.NewWorker(ctx, srv.URL(), cluster.WorkerConfig{CacheMB: 256})
//	go w.Run(ctx)
//	cl, _ := cluster.Dial(ctx, srv.URL())
//	a, _, err := cl.Solve(ctx, cluster.Job{Game: "cram", Position: "4x9"}, nil) // *a.Nimber == 1
package cluster
