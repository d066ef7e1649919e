// Package engine solves impartial games under the normal convention with the algorithms of
// J. Lemoine and S. Viennot, "Nimbers are inevitable" (shared/seeds/000_…). It knows nothing of
// any game: a game implements Position (Options, Split, Key, String), and may add a Hinter
// (how hard a position is, §5.5), a Guesser (which options are likely losing, to try them
// first) and a Valuer (nimbers known from theory). The options of the positions expanded
// last are remembered, so that a position expanded for another heap costs no new options.
//
// The search works on couples (P, n), position P plus a Nim-heap n; (P, n) is losing exactly
// when nimber(P) = n (Proposition 3):
//
//   - Algorithm 1, outcome1: (P, n) is winning as soon as one option is losing; the options
//     are (Pⁱ, n) for each option Pⁱ of P, and (P, i) for i < n.
//   - Algorithm 2, outcomeOfSum: a P that splits into components is played as its last
//     component against n ⊕ the nimbers of the others, each found by Algorithm 3.
//   - Algorithm 3, nimber: n = 0, 1, 2, … until (P, n) is losing.
//
// What is proven — a nimber, or values a position's nimber is not — is kept as a Fact in a
// Cache: Ristretto (dgraph-io/ristretto) is the real one, Front an exact direct-mapped tier
// before it, NoCache and MapCache serve tests. No answer depends on a hit.
//
// Misère play (misere.go), where the last player to move loses, has no nimbers to split a
// sum by: MisereOutcome searches the whole position, as Elementary does, with its facts kept
// under keys of their own (MisereKeyPrefix), and a MisereTheory such as NimTheory (Bouton's
// closed form) may answer without search. MisereOutcomeByForms (miserecanon.go) uses the
// components' misère forms (Conway's simplification, MisereForms) instead: the small
// components of a sum are carried as one form, their sum, and only the large ones searched.
// ProveMisere records its tree, a Tree whose Convention is Misere, by a search of whole
// positions; ProveMisereByForms reads the same kind of tree out of whole positions, each one's
// outcome asked of the search by forms; Check verifies either under misère play.
//
// ProveNimber and ProveOutcome record a solution tree (Figures 6, 9–11): a Tree of couples,
// each losing one with all its options, each winning one with the losing option that proves
// it: of those the search proved losing, the one with the smallest proof (shrink.go), so
// that trees printed in papers stay small. WriteTree and ReadTree keep it in the grundy-tree/1 format; Check verifies one from the
// game's rules alone. Elementary (§4.1) and Mex (plain memoised mex) are the baselines the
// benchmarks compare with.
//
//	s := engine.NewSolver(engine.WithCache(engine.NewFront(cache, engine.FrontBits(48<<20))))
//	n, err := s.Nimber(ctx, p)              // stops with ctx; what was proven stays cached
//	t, err := s.ProveNimber(ctx, "cram", p) // the proof of (p, n)
//	err = engine.Check(ctx, t, parse)       // nil: the proof holds
package engine
