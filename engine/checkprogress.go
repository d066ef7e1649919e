package engine

import (
	"context"
	"fmt"
)

// checkBatch is how many nodes Check verifies between two looks at ctx and two calls of its
// progress callback.
const checkBatch = 256

// CheckWithProgress is Check, calling progress(done, total) as it goes: done of the total
// nodes reachable from the root are verified. It calls progress every few hundred nodes and
// once more when every node holds; a nil progress is never called.
func CheckWithProgress(ctx context.Context, t *Tree, parse func(string) (Position, error), progress func(done, total int)) error {
	c := &checker{t: t, parse: parse, keys: make([]*string, len(t.Nodes))}
	order, err := c.reachable()
	if err != nil {
		return err
	}
	for i, id := range order {
		if i%checkBatch == 0 {
			if ctx.Err() != nil {
				return fmt.Errorf("check stopped: %w", ctx.Err())
			}
			if progress != nil {
				progress(i, len(order))
			}
		}
		if err := c.node(id); err != nil {
			return err
		}
	}
	if progress != nil {
		progress(len(order), len(order))
	}
	return nil
}
