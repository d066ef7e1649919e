//go:build race

package octal

// raceEnabled reports whether the tests run under the race detector, which slows the sieve
// tenfold or more: time bounds mean nothing then.
const raceEnabled = true
