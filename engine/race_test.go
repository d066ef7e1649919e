//go:build race

package engine

// raceEnabled: the race detector changes what a measure of memory finds.
const raceEnabled = true
