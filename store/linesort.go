package store

import (
	"bufio"
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
type lineSorter struct {
	lines []string
	size  int
	runs  []*os.File
}

// lineCost is what a line costs in memory, beyond its bytes: its string header.
const lineCost = 16

func (ls *lineSorter) add(line string) error {
	ls.lines = append(ls.lines, line)
	ls.size += len(line) + lineCost
	if ls.size < sortChunk {
		return nil
	}
	return ls.spill()
}

// spill writes the lines held, sorted, to a new run.
func (ls *lineSorter) spill() error {
	f, err := os.CreateTemp("", "grundy-export-*.txt")
	if err != nil {
		return fmt.Errorf("sorting the lines: %w", err)
	}
	ls.runs = append(ls.runs, f)
	os.Remove(f.Name()) // the open file stays readable, and goes when closed, whatever happens
	slices.Sort(ls.lines)
	bw := bufio.NewWriterSize(f, 1<<16)
	for _, l := range ls.lines {
		bw.WriteString(l)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("sorting the lines: %w", err)
	}
	ls.lines, ls.size = nil, 0
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
		slices.Sort(ls.lines)
		for i, l := range ls.lines {
			if i%checkEvery == 0 && ctx.Err() != nil {
				return context.Cause(ctx)
			}
			bw.WriteString(l)
			bw.WriteByte('\n')
		}
		return nil
	}
	if len(ls.lines) > 0 {
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
