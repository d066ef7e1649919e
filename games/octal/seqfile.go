package octal

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"grundy/games/parse"
)

// A File streams the values of a Run to a file as they are found, and resumes from it: a
// run stopped (Ctrl-C, a timeout, a kill) continues from the values the file holds. A file
// whose name ends in ".txt" is text, one value a line; any other is binary, one byte a
// value, g(0) first, so every value must be below 256.
type File struct {
	r       *Run
	path    string
	f       *os.File
	w       *bufio.Writer
	text    bool
	written int // values in the file
}

// fileChunk is how many values a File computes between two writes of its buffer to disk.
const fileChunk = 1 << 16

// checkedValues is how many values of a file OpenFile checks against the plain mex.
const checkedValues = 4096

// A fileError is a file that holds no values of the game; errors.Is finds parse.ErrSyntax.
type fileError struct{ msg string }

func (e fileError) Error() string { return e.msg }
func (e fileError) Unwrap() error { return parse.ErrSyntax }

// OpenFile opens the values file of g at path, creating it if missing, and reads the values
// it holds: the Run continues from them. Its first values are checked against the plain
// mex, so that a file of another game is refused; a text file's unfinished last line (a run
// killed while writing it) is dropped.
func (g *Game) OpenFile(path string) (*File, error) {
	text := strings.HasSuffix(path, ".txt")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	r, kept, err := g.readValues(path, data, text)
	if err == nil && kept < len(data) {
		err = f.Truncate(int64(kept))
	}
	if err == nil {
		_, err = f.Seek(int64(kept), io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &File{r: r, path: path, f: f, w: bufio.NewWriterSize(f, fileChunk), text: text, written: r.Len()}, nil
}

// readValues returns a Run holding the values of data, and the length of data they take.
func (g *Game) readValues(path string, data []byte, text bool) (*Run, int, error) {
	var (
		s    grower
		kept = len(data)
	)
	if text {
		kept = bytes.LastIndexByte(data, '\n') + 1
		v, err := parseValues(path, data[:kept])
		if err != nil {
			return nil, 0, err
		}
		switch {
		case fits[uint8](v):
			s = newRareCommon(g, narrow[uint8](v))
		case fits[uint16](v):
			s = newRareCommon(g, narrow[uint16](v))
		default:
			s = newRareCommon(g, v)
		}
	} else {
		s = newRareCommon(g, append(make([]uint8, 0, len(data)+fileChunk), data...))
	}
	r, err := g.newRun(s)
	if err != nil {
		return nil, 0, err
	}
	r.provePeriod()
	for r.check <= r.Len() {
		r.check = nextCheck(r.check)
	}
	return r, kept, g.checkValues(path, r)
}

// fits reports whether every value of v fits T.
func fits[T value](v []uint32) bool {
	for _, x := range v {
		if x > uint32(^T(0)) {
			return false
		}
	}
	return true
}

// narrow returns v as values of type T, which they fit.
func narrow[T value](v []uint32) []T {
	out := make([]T, len(v), len(v)+fileChunk)
	for i, x := range v {
		out[i] = T(x)
	}
	return out
}

// parseValues reads one value a line.
func parseValues(path string, data []byte) ([]uint32, error) {
	var v []uint32
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" && len(data) == 0 {
			break
		}
		x, err := strconv.ParseUint(strings.TrimSpace(line), 10, 32)
		if err != nil {
			return nil, fileError{fmt.Sprintf("%s: line %d: %s is not a value", path, i+1, parse.Quote(line))}
		}
		v = append(v, uint32(x))
	}
	return v, nil
}

// checkValues compares the first values of r with the plain mex.
func (g *Game) checkValues(path string, r *Run) error {
	n := min(r.Len(), checkedValues)
	want := newSieve(g, n)
	want.grow(context.Background(), n)
	for h, w := range want.v {
		if got := r.At(h); got != int(w) {
			return fileError{fmt.Sprintf("%s: g(%d) = %d, but %s has %d: not a file of this game", path, h, got, g.name, w)}
		}
	}
	return nil
}

// Run returns the values found so far.
func (f *File) Run() *Run { return f.r }

// Grow computes the values up to heap to-1, writing them to the file every fileChunk values
// and when it stops, and at the end looks for a period. When ctx is done it returns an error wrapping ctx.Err(), once the
// values found are written.
func (f *File) Grow(ctx context.Context, to int) error {
	f.r.s.reserve(to)
	for f.r.Len() < to {
		err := f.r.grow(ctx, min(to, f.r.Len()+fileChunk))
		if werr := f.flush(); werr != nil {
			return werr
		}
		if err != nil {
			return err
		}
	}
	f.r.provePeriod() // between the checkpoints, at the end
	return nil
}

// flush writes the values not yet in the file, and syncs nothing: a kill loses at most
// what the system did not write, and the file is read back whole on the next run.
func (f *File) flush() error {
	for ; f.written < f.r.Len(); f.written++ {
		x := f.r.At(f.written)
		switch {
		case f.text:
			f.w.WriteString(strconv.Itoa(x))
			f.w.WriteByte('\n')
		case x > 255:
			f.w.Flush()
			return fileError{fmt.Sprintf("%s: g(%d) = %d does not fit a byte: use a .txt file", f.path, f.written, x)}
		default:
			f.w.WriteByte(byte(x))
		}
	}
	return f.w.Flush()
}

// Close writes what is left and closes the file.
func (f *File) Close() error {
	err := f.flush()
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	return err
}
