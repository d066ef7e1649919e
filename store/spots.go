package store

import "strings"

// Sprouts letters past the alphabet. Glop 2.x and SPOTS name letters A…Y and a…l; a string
// that needs more letters of a case writes every letter of that case by number: m(k) for the
// k-th lowercase one (from 1), n(k) in SPOTS and Z(k) in Glop for the k-th uppercase one
// (shared/SPROUTS.md). The sprouts package reads all three and writes SPOTS's; a Glop file
// gets Glop's name for the uppercase ones.
func toGlop(pos string) string { return strings.ReplaceAll(pos, "n(", "Z(") }
