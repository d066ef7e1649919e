package engine

import (
	"context"
	"errors"
)

// checkBatch is how many nodes Check verifies between two looks at ctx and two calls of its
// progress callback.
const checkBatch = 256

// CheckWithProgress is Check, calling progress(done, total) as it goes: done of the total
// nodes reachable from the root are verified. It calls progress every few hundred nodes and
// once more when every node holds, or with what was done when ctx stops it; a nil progress is
// never called.
func CheckWithProgress(ctx context.Context, t *Tree, parse func(string) (Position, error), progress func(done, total int)) error {
	return CheckCompact(ctx, compactTree(t), parse, progress)
}

// CheckCompact is CheckWithProgress of a tree read by ReadCheckTree.
func CheckCompact(ctx context.Context, t *CheckTree, parse func(string) (Position, error), progress func(done, total int)) error {
	c := &checker{ctx: ctx, t: t, parse: parse, keys: newKeyStore(t), budget: checkBudget(t)}
	order, err := c.reachable()
	if err != nil {
		return err
	}
	for i, id32 := range order {
		id := int(id32)
		if i%checkBatch == 0 {
			if ctx.Err() != nil {
				if progress != nil {
					progress(i, len(order))
				}
				return c.stopped()
			}
			if progress != nil {
				progress(i, len(order))
			}
		}
		if err := c.node(id); err != nil {
			if progress != nil && errors.Is(err, ctx.Err()) && ctx.Err() != nil {
				progress(i, len(order))
			}
			return err
		}
		// Checked: the node's position is needed no more (its key stays, for its
		// parents), so the parsed positions held are those of the nodes still to check.
		delete(c.pos, id)
	}
	if progress != nil {
		progress(len(order), len(order))
	}
	return nil
}
