package job

import "grundy/engine"

// dfpnTable is the bytes of a df-pn search's transposition table within b: a search takes
// the recording's share (no recording runs meanwhile), a recording the options memo's (a
// recording's memo has a fixed size of its own, engine.RecordMemoBytes).
func (b budget) dfpnTable(recording bool) int64 {
	if recording {
		return b.memo
	}
	return b.tree
}

// dfpn reports whether req is answered by df-pn on game.
func (req Request) dfpn(game string) bool {
	return req.Algo == DFPN || req.Algo == "" && DefaultAlgo(game) == DFPN
}

// useAlgo sets the search s answers req with: df-pn, proof numbers or the couples search
// (the baselines have calls of their own).
func (r *Runner) useAlgo(s *engine.Solver, req Request, recording bool) {
	s.UseProofNumbers(req.proofNumbers(r.game))
	s.UseDFPN(0)
	if req.dfpn(r.game) {
		s.UseDFPN(r.budget.dfpnTable(recording))
	}
}
