//go:build race

package sprouts

// raceEnabled keeps the slow brute-force checks out of -race runs.
const raceEnabled = true
