package engine

// df-pn on a team: every worker runs its own df-pn from the root, with a table of its own
// (a share of the budget) and the one cache. Proven couples reach the others through the
// cache, as in the couples search; and, as there (ABDADA), a worker leaves aside what
// another is searching: a kid another worker is in counts twice its disproof number when a
// worker picks the most-proving kid (so a worker goes to the next-best option of a couple
// whose best another already searches), and a couple proven by another worker ends its
// loop at once.

// dfTogether runs search on every worker of the team, each with df-pn, and returns the first
// answer.
func (s *Solver) dfTogether(search func(w *Solver) int) int {
	helpers := s.par.team.workers[1:]
	for _, w := range helpers {
		w.dfpn = &dfSearch{tableBytes: s.dfpn.tableBytes}
	}
	defer func() {
		for _, w := range helpers {
			s.dfpn.takeFinal(w.dfpn)
			w.dfpn = nil
		}
	}()
	return s.everyWorker(search)
}

// takeFinal shows the root another worker of the team decided when this one's search was
// stopped before it could decide it: the team's answer is then that worker's, and the
// solver's last report would otherwise say nothing of it.
func (d *dfSearch) takeFinal(other *dfSearch) {
	if d.shown.final == nil && other.shown.final != nil {
		d.shown.final, d.shown.finalPN, d.shown.finalDN = other.shown.final, other.shown.finalPN, other.shown.finalDN
	}
}

// dfBusyDN is the disproof number a worker sees of a kid another worker is searching.
func dfBusyDN(dn int64) int64 { return addPN(dn, dn) }

// dfBusy reports whether another worker is searching the kid k of (c, n).
func (s *Solver) dfBusy(c part, n int, k *dfKid) bool {
	t := s.par.live
	if k.opt == nil {
		return t.isBusy(partHash(c.key), k.heap)
	}
	return t.isBusy(k.opt.hash, n)
}
