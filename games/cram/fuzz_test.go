package cram

import (
	"grundy/games/gametest"
	"testing"
)

// FuzzParse checks that Parse never panics, fails only with a *parse.ParseError, and that a
// board it reads prints to notation that reads back as the same board.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"3x4",         // an empty board
		"..#/.../...", // rows
		"1x64", "8x8", // the largest boards
		"9x9",          // too large
		"99999999x999", // too large, and numbers that overflow
		"0x3",          // no rows
		"3x",           // no columns
		"..#/x",        // a bad cell
		"../...",       // ragged rows
		"..//..",       // an empty row
		"",
		"#",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { gametest.CheckParse(t, s, Parse) })
}
