package ctxio

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func TestStopsWhenTheContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r, w := Reader(ctx, strings.NewReader("abc")), Writer(ctx, &bytes.Buffer{})
	if n, err := r.Read(make([]byte, 2)); n != 2 || err != nil {
		t.Fatalf("read before the end: %d, %v", n, err)
	}
	if n, err := w.Write([]byte("ab")); n != 2 || err != nil {
		t.Fatalf("write before the end: %d, %v", n, err)
	}
	cancel()
	if _, err := r.Read(make([]byte, 2)); !errors.Is(err, context.Canceled) {
		t.Errorf("read after the end: %v, want context.Canceled", err)
	}
	if _, err := w.Write([]byte("c")); !errors.Is(err, context.Canceled) {
		t.Errorf("write after the end: %v, want context.Canceled", err)
	}
}
