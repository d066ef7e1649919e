package store

import (
	"context"
	"slices"

	"grundy/engine"
)

// Shrink makes cert, a certificate of p derived from a database of the given name and
// format, smaller: it leaves its couples out one at a time, in their order, and keeps the
// couples the check used without one whenever it still derives the same result (the
// outcome, and the nimber when cert has it). Passes repeat until no couple can be left out:
// a database from which no single line can be dropped, as Glop's smallest known ones were
// made. A stop (ctx) returns the smallest certificate so far with ctx's error.
func Shrink(ctx context.Context, game, name, format string, p engine.Position, cert *Certificate, opts ...CertifyOption) (*Certificate, error) {
	for {
		dropped := false
		for i := 0; i < len(cert.Used); i++ {
			rest := slices.Delete(slices.Clone(cert.Used), i, i+1)
			c, err := Certify(ctx, game, &Database{Name: name, Format: format, Records: rest}, p, opts...)
			if ctx.Err() != nil {
				return cert, ctx.Err()
			}
			if err == nil && sameResult(c, cert) && len(c.Used) < len(cert.Used) {
				cert, dropped = c, true
				i-- // the couple after the one left out is now at i
			}
		}
		if !dropped {
			return cert, nil
		}
	}
}

// sameResult reports whether two certificates of one position derive the same result.
func sameResult(a, b *Certificate) bool {
	return a.Win == b.Win && a.HasNimber == b.HasNimber && (!a.HasNimber || a.Nimber == b.Nimber)
}
