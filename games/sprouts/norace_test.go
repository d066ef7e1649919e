//go:build !race

package sprouts

const raceEnabled = false
