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

	"grundy/internal/ctxio"
)

// sortChunk is how many bytes of lines a lineSorter holds before it writes them, sorted, to
// a temporary file: a Glop or SPOTS export of any size sorts in this much memory, and a
// merge of the files.
var sortChunk = 64 << 20

// A lineSorter sorts lines by byte in bounded memory: runs of sortChunk bytes sorted in
// memory and written to temporary files (in os.TempDir), then merged. Lines hold no newline.
// Lines that come in order (a heap game's keys, most often) are kept as they come, in an
// area of sortChunk bytes outside Go's heap (offHeap), and written as they are, runs
// included; only once a line comes before the one added before it are they sorted, the
// lines held being then one slice of bytes, so that a line costs no allocation.
type lineSorter struct {
	held    []byte // while every line came in order: the lines, each followed by a newline
	release func() // gives held's area back
	last    []byte // the line added last, while every line came in order
	mixed   bool   // a line came before the one added before it: buf and at hold the lines
	buf     []byte // once mixed: the lines held, each followed by a newline
	at      []span // where each is in buf, in the order added
	runs    []*os.File
}

// A span is where a line is in lineSorter.buf.
type span struct{ off, n uint32 }

// lineCost is what a line costs in memory, beyond its bytes: its newline and its span.
const lineCost = 9

func (ls *lineSorter) add(line []byte) error {
	if ls.mixed {
		ls.at = append(ls.at, span{off: uint32(len(ls.buf)), n: uint32(len(line))})
		ls.buf = append(append(ls.buf, line...), '\n')
		if len(ls.buf)+len(ls.at)*8 < sortChunk {
			return nil
		}
		return ls.spill()
	}
	if len(ls.held)+len(ls.runs) > 0 && bytes.Compare(line, ls.last) < 0 {
		ls.mix()
		return ls.add(line)
	}
	ls.last = append(ls.last[:0], line...)
	return ls.hold(line, true)
}

// hold keeps lines that come in order, followed by a newline if newline says so, and
// writes those held to a run past sortChunk bytes.
func (ls *lineSorter) hold(lines []byte, newline bool) error {
	if ls.release == nil {
		ls.held, ls.release = offHeap(sortChunk)
		ls.held = ls.held[:0]
	}
	if len(ls.held) > 0 && len(ls.held)+len(lines)+1 > cap(ls.held) {
		if err := ls.spill(); err != nil {
			return err
		}
	}
	ls.held = append(ls.held, lines...) // past its area (a line longer than it): in Go's heap
	if newline {
		ls.held = append(ls.held, '\n')
	}
	return nil
}

// addBlock takes lines, each followed by a newline, in order when sorted says so.
func (ls *lineSorter) addBlock(lines []byte, sorted bool) error {
	if len(lines) == 0 {
		return nil
	}
	first := lines[:bytes.IndexByte(lines, '\n')]
	if ls.mixed || !sorted || len(ls.held)+len(ls.runs) > 0 && bytes.Compare(first, ls.last) < 0 {
		for len(lines) > 0 {
			i := bytes.IndexByte(lines, '\n')
			if err := ls.add(lines[:i]); err != nil {
				return err
			}
			lines = lines[i+1:]
		}
		return nil
	}
	end := lines[:len(lines)-1]
	ls.last = append(ls.last[:0], end[bytes.LastIndexByte(end, '\n')+1:]...)
	return ls.hold(lines, false)
}

// mix makes the lines held in order into lines to sort: buf and their spans.
func (ls *lineSorter) mix() {
	ls.mixed = true
	ls.buf = make([]byte, 0, len(ls.held))
	for b := ls.held; len(b) > 0; {
		i := bytes.IndexByte(b, '\n')
		ls.at = append(ls.at, span{off: uint32(len(ls.buf)), n: uint32(i)})
		ls.buf = append(ls.buf, b[:i+1]...)
		b = b[i+1:]
	}
	ls.held, ls.last = ls.held[:0], nil
}

func (ls *lineSorter) line(sp span) []byte { return ls.buf[sp.off : sp.off+sp.n] }

// writeHeld writes the lines held, sorted, each followed by a newline, to w; it stops when
// ctx ends.
func (ls *lineSorter) writeHeld(ctx context.Context, w *bufio.Writer) error {
	if !ls.mixed { // in order: written as they are, a MB at a time
		for b := ls.held; len(b) > 0; {
			if ctx.Err() != nil {
				return context.Cause(ctx)
			}
			n := min(len(b), 1<<20)
			w.Write(b[:n])
			b = b[n:]
		}
		return nil
	}
	slices.SortFunc(ls.at, func(a, b span) int { return bytes.Compare(ls.line(a), ls.line(b)) })
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
	ls.buf, ls.at, ls.held = ls.buf[:0], ls.at[:0], ls.held[:0]
	return nil
}

// close removes the runs, and gives the memory held back.
func (ls *lineSorter) close() {
	if ls.release != nil {
		ls.held = nil
		ls.release()
		ls.release = nil
	}
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
	if !ls.mixed { // every run came after the one before: copied as they are
		for _, f := range ls.runs {
			if _, err := f.Seek(0, io.SeekStart); err != nil {
				return fmt.Errorf("sorting the lines: %w", err)
			}
			if _, err := io.Copy(bw, ctxio.Reader(ctx, f)); err != nil {
				if ctx.Err() != nil {
					return context.Cause(ctx)
				}
				return fmt.Errorf("sorting the lines: %w", err)
			}
		}
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
