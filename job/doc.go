// Package job turns one request — a game, a position, a task, limits — into one result: the
// answer, what is proven of each component, the solution tree when one was asked for, and the
// counts of each phase. The window and the command line both solve through it, so that they
// say the same things of the same search.
//
// A request runs in two phases. The search finds the answer with the runner's cache (and the
// game's theory); the answer is final as soon as it ends. The recording then searches again,
// keeping every proof, to build the solution tree: it reads no cache and no theory, so the
// tree is the same whatever the cache held, and it stops at the request's limits (nodes and
// time) without touching the answer. A stop (the context) during the search keeps what was
// proven; during the recording, it keeps the answer.
//
// With a facts store (Config.Store), the runner's cache reads through to it: front, then
// ristretto, then the store's facts of the game (store.Through). A search starts from what
// earlier runs proved, and what it proves is written to the store in batches; every Run
// flushes them at its end, a stopped search's included, so that the next run resumes there.
// Result.Store counts what was read and written. The store adds nothing unchecked to a
// proof: the recording reads no cache, the store neither, so that a tree proves every nimber
// it uses whatever the store holds.
//
// A misère request (Request.Misere) asks for the outcome under misère play, where the last
// player to move loses: engine.MisereOutcome searches the whole position, with no nimbers
// (Nim's closed form answers Nim at once), a Nimber task is answered as the outcome, and the
// tree is a misère one (engine.ProveMisere). Its facts share the runner's cache, and any store
// behind it, under keys of their own (engine.MisereKeyPrefix, then the multiset of the
// components' keys, the small ones of a search by forms named as one form): no misère fact is ever read as a nimber under a normal-play key, nor
// the other way round; engine.IsMisereKey tells them apart for a store that keeps nimbers
// only.
//
// The winning moves (moves.go) are asked as Moves, the nimber of every option, or
// OutcomeMoves, only whether each option is losing: a move wins exactly when its option is
// (nimber 0; under misère play, where Moves is answered as OutcomeMoves, a misère loss). The
// distinct options are searched one at a time, the easiest first as the engine orders them
// (those the cache, the game's theory or the cancelling of equal components decide need no
// search), on the runner's cache, so that what one proves the next reads. Each search may
// be bounded (Request.OptionLimit: nodes, time): an option not decided within it is left
// Undecided, with what its facts prove (often ≠ 0), and the next one is tried. The position
// is W as soon as one winning move is found, L once every option is proven ≠ 0, and its
// nimber is their mex once all are known; a stop keeps what the options proved. Boxing Match
// 10x20's middle 10x10 square leaves two equal halves: it is found losing with no search.
//
//	r, err := job.NewRunner("cram", job.Config{CacheMB: 256})
//	res := r.Run(ctx, job.Request{Game: g, Position: p, Task: job.Nimber, Tree: job.TreeAfter,
//		Limits: job.Limits{TreeNodes: 300_000, TreeTime: 5 * time.Second}}, nil)
//	fmt.Println(res.Answer.NimberText(), res.Tree != nil, res.NoTree)
package job
