package job

import (
	"context"
	"fmt"
	"slices"
	"time"

	"grundy/engine"
)

// moves computes the nimber of every distinct option, then the position's as their mex.
func (res *Result) moves(ctx context.Context, s *engine.Solver, p engine.Position) error {
	var opts []engine.Position
	seen := map[string]bool{}
	for o := range p.Options() {
		name := o.String()
		if seen[name] {
			continue
		}
		if len(opts) == MaxOptions {
			return fmt.Errorf("more than %d options: solve the position's nimber instead", MaxOptions)
		}
		seen[name] = true
		opts = append(opts, o)
		res.Options = append(res.Options, Option{Position: name})
	}
	start := time.Now()
	defer func() { res.Search.Elapsed = time.Since(start) }()
	for i, o := range opts {
		n, err := s.Nimber(ctx, o)
		res.Search = addStats(res.Search, s.Stats())
		if err != nil {
			return err
		}
		res.Options[i].Nimber, res.Options[i].Known = n, true
	}
	res.Answer = nimberIs(mex(res.Options))
	return nil
}

// addStats adds the counts of one search to those of the searches before it.
func addStats(total, st engine.Stats) engine.Stats {
	total.Nodes += st.Nodes
	total.CacheHits += st.CacheHits
	total.Lookups += st.Lookups
	total.MaxDepth = max(total.MaxDepth, st.MaxDepth)
	total.Cache = st.Cache
	return total
}

// mex returns the least nimber that no option has.
func mex(opts []Option) int {
	ns := make([]int, 0, len(opts))
	for _, o := range opts {
		ns = append(ns, o.Nimber)
	}
	slices.Sort(ns)
	m := 0
	for _, n := range ns {
		if n == m {
			m++
		} else if n > m {
			break
		}
	}
	return m
}
