//go:build !unix

package store

// offHeap returns n bytes of memory, of Go's heap where no anonymous mapping is at hand, and
// the function that gives them back.
func offHeap(n int) ([]byte, func()) { return make([]byte, n), func() {} }
