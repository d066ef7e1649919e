//go:build race

package workbench

// raceEnabled: the race detector multiplies the memory of a run; the soak checks its memory
// only without it.
const raceEnabled = true
