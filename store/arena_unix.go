//go:build unix

package store

import "syscall"

// offHeap returns n bytes of memory outside Go's heap, which its collector neither counts
// nor scans, and the function that gives them back: an anonymous mapping, whose pages the
// kernel provides as they are first written (a small import touches a few). Nothing may
// refer to the bytes once they are given back.
func offHeap(n int) ([]byte, func()) {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]byte, n), func() {}
	}
	return b, func() { syscall.Munmap(b) }
}
