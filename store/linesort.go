package store

import (
	"bufio"
	"bytes"
	"container/heap"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// sortChunk is how many bytes of lines a lineSorter holds before it writes them, sorted, to
// a temporary file: a Glop or SPOTS export of any size sorts in this much memory, and a
// merge of the files.
var sortChunk = 64 << 20

// A lineSorter sorts lines by byte in bounded memory: runs of sortChunk bytes sorted in
// memory and written to temporary files (in os.TempDir), then merged. Lines hold no newline.
// The lines held are one slice of bytes, so that a line costs no allocation; lines added
// in order (a heap game's keys, most often) are not sorted again.
type lineSorter struct {
	buf      []byte // the lines held, each followed by a newline
	at       []span // where each is in buf, in the order added
	unsorted bool   // a line came before the one added before it
	runs     []*os.File
}

// A span is where a line is in lineSorter.buf.
type span struct{ off, n uint32 }

// lineCost is what a line costs in memory, beyond its bytes: its newline and its span.
const lineCost = 9

func (ls *lineSorter) add(line []byte) error {
	if len(ls.at) > 0 && !ls.unsorted && bytes.Compare(line, ls.line(ls.at[len(ls.at)-1])) < 0 {
		ls.unsorted = true
	}
	ls.at = append(ls.at, span{off: uint32(len(ls.buf)), n: uint32(len(line))})
	ls.buf = append(append(ls.buf, line...), '\n')
	if len(ls.buf)+len(ls.at)*8 < sortChunk {
		return nil
	}
	return ls.spill()
}

func (ls *lineSorter) line(sp span) []byte { return ls.buf[sp.off : sp.off+sp.n] }

// sortHeld sorts the spans of the lines held, unless they came in order.
func (ls *lineSorter) sortHeld() {
	if ls.unsorted {
		slices.SortFunc(ls.at, func(a, b span) int { return bytes.Compare(ls.line(a), ls.line(b)) })
	}
}

// writeHeld writes the lines held, sorted, each followed by a newline, to w; it stops when
// ctx ends.
func (ls *lineSorter) writeHeld(ctx context.Context, w *bufio.Writer) error {
	ls.sortHeld()
	if !ls.unsorted { // buf is the lines in order: written as it is, a MB at a time
		for b := ls.buf; len(b) > 0; {
			if ctx.Err() != nil {
				return context.Cause(ctx)
			}
			n := min(len(b), 1<<20)
			w.Write(b[:n])
			b = b[n:]
		}
		return nil
	}
	for i, sp := range ls.at {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return context.Cause(ctx)
		}
		w.Write(ls.buf[sp.off : sp.off+sp.n+1]) // with its newline
	}
	return nil
}

// spill writes the lines held, sorted, to a new run.
func (ls *lineSorter) spill() error {
	f, err := os.CreateTemp("", "grundy-export-*.txt")
	if err != nil {
		return fmt.Errorf("sorting the lines: %w", err)
	}
	ls.runs = append(ls.runs, f)
	os.Remove(f.Name()) // the open file stays readable, and goes when closed, whatever happens
	bw := bufio.NewWriterSize(f, 1<<16)
	ls.writeHeld(context.Background(), bw)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("sorting the lines: %w", err)
	}
	ls.buf, ls.at, ls.unsorted = ls.buf[:0], ls.at[:0], false
	return nil
}

// close removes the runs.
func (ls *lineSorter) close() {
	for _, f := range ls.runs {
		f.Close()
	}
	ls.runs = nil
}

// writeTo writes every line added, sorted, each ending with a newline, to bw; it stops when
// ctx ends.
func (ls *lineSorter) writeTo(ctx context.Context, bw *bufio.Writer) error {
	defer ls.close()
	if len(ls.runs) == 0 {
		return ls.writeHeld(ctx, bw)
	}
	if len(ls.at) > 0 {
		if err := ls.spill(); err != nil {
			return err
		}
	}
	var h runHeap
	for _, f := range ls.runs {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("sorting the lines: %w", err)
		}
		r := &run{r: bufio.NewReaderSize(f, 1<<16)}
		if ok, err := r.next(); err != nil {
			return err
		} else if ok {
			h = append(h, r)
		}
	}
	heap.Init(&h)
	for n := 0; len(h) > 0; n++ {
		if n%checkEvery == 0 && ctx.Err() != nil {
			return context.Cause(ctx)
		}
		r := h[0]
		bw.WriteString(r.line)
		bw.WriteByte('\n')
		ok, err := r.next()
		switch {
		case err != nil:
			return err
		case ok:
			heap.Fix(&h, 0)
		default:
			heap.Pop(&h)
		}
	}
	return nil
}

// A run is a sorted file of lines, being read; line is its next.
type run struct {
	r    *bufio.Reader
	line string
}

func (r *run) next() (bool, error) {
	line, err := r.r.ReadString('\n')
	switch {
	case err == io.EOF && line == "":
		return false, nil
	case err != nil:
		return false, fmt.Errorf("sorting the lines: %w", err)
	case !strings.HasSuffix(line, "\n"):
		return false, fmt.Errorf("sorting the lines: a temporary file lost its end")
	}
	r.line = line[:len(line)-1]
	return true, nil
}

// runHeap orders the runs by their next line.
type runHeap []*run

func (h runHeap) Len() int           { return len(h) }
func (h runHeap) Less(i, j int) bool { return h[i].line < h[j].line }
func (h runHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *runHeap) Push(x any)        { *h = append(*h, x.(*run)) }
func (h *runHeap) Pop() any {
	old := *h
	r := old[len(old)-1]
	*h = old[:len(old)-1]
	return r
}
