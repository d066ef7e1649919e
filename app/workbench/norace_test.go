//go:build !race

package workbench

const raceEnabled = false
