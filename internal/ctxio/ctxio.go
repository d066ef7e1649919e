// Package ctxio stops a read or a write when a context ends: a command reading a large file
// or a pipe (check, db import, db export) then returns within one read of Ctrl-C, SIGTERM
// or its --timeout, whatever the reader underneath does.
package ctxio

import (
	"context"
	"io"
)

// Reader returns a reader of r whose reads fail with ctx's error once ctx has ended.
func Reader(ctx context.Context, r io.Reader) io.Reader { return reader{ctx, r} }

// Writer returns a writer to w whose writes fail with ctx's error once ctx has ended.
func Writer(ctx context.Context, w io.Writer) io.Writer { return writer{ctx, w} }

type reader struct {
	ctx context.Context
	r   io.Reader
}

func (r reader) Read(p []byte) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	return r.r.Read(p)
}

type writer struct {
	ctx context.Context
	w   io.Writer
}

func (w writer) Write(p []byte) (int, error) {
	if err := w.ctx.Err(); err != nil {
		return 0, err
	}
	return w.w.Write(p)
}
