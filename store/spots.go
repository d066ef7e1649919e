package store

import (
	"fmt"
	"strconv"
	"strings"

	"grundy/engine"
)

// Sprouts positions past the alphabet. Glop 2.x and SPOTS name letters A…Y and a…l; a string
// that needs more letters of a case writes every letter of that case by number: m(k) for the
// k-th lowercase one (from 1), n(k) (SPOTS) or Z(k) (Glop) for the k-th uppercase one
// (shared/SPROUTS.md). Our notation writes a prime for each further round of the alphabet
// (A' is the 26th uppercase letter): these functions translate between the two.
const (
	upperLetters = 25 // A…Y
	lowerLetters = 12 // a…l
	maxLetterNum = 1000
)

// fromSPOTS rewrites the letters m(k), n(k) and Z(k) of a Sprouts position in our notation.
func fromSPOTS(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c != 'm' && c != 'n' && c != 'Z') || i+1 >= len(s) || s[i+1] != '(' {
			b.WriteByte(c)
			continue
		}
		end := strings.IndexByte(s[i:], ')')
		if end < 0 {
			return "", fmt.Errorf("sprouts: %s: no ')' after %c( at %d", engine.Quote(s), c, i)
		}
		k, err := strconv.Atoi(s[i+2 : i+end])
		if err != nil || k < 1 || k > maxLetterNum {
			return "", fmt.Errorf("sprouts: %s: letter %s at %d, want a number from 1 to %d in the brackets", engine.Quote(s), engine.Quote(s[i:i+end+1]), i, maxLetterNum)
		}
		b.WriteString(letterName(c != 'm', k-1))
		i += end
	}
	return b.String(), nil
}

// letterName writes letter number idx (from 0) of a case in our notation: the letter, then a
// prime for each round of the alphabet before it.
func letterName(upper bool, idx int) string {
	base, first := lowerLetters, byte('a')
	if upper {
		base, first = upperLetters, 'A'
	}
	return string(first+byte(idx%base)) + strings.Repeat("'", idx/base)
}

// toSPOTS writes a Sprouts position of our notation as SPOTS (glop false) or Glop reads it:
// when a case needs letters past the alphabet, every letter of that case by number.
func toSPOTS(s string, glop bool) string {
	if strings.ContainsRune(s, '\'') {
		s = numberLetters(s, glop)
	}
	if glop {
		s = strings.ReplaceAll(s, "n(", "Z(")
	}
	return s
}

// numberLetters rewrites with m(k) and n(k) or Z(k) the letters of each case that has a
// letter with a prime.
func numberLetters(s string, glop bool) string {
	type letter struct {
		at, end int
		upper   bool
		idx     int
	}
	var letters []letter
	var primed [2]bool // by case: lowercase, uppercase
	for i := 0; i < len(s); i++ {
		c := s[i]
		upper := c >= 'A' && c < 'A'+upperLetters
		if !upper && (c < 'a' || c >= 'a'+lowerLetters) {
			continue
		}
		j := i + 1
		for j < len(s) && s[j] == '\'' {
			j++
		}
		base, first := lowerLetters, byte('a')
		if upper {
			base, first = upperLetters, 'A'
		}
		l := letter{at: i, end: j, upper: upper, idx: int(c-first) + base*(j-i-1)}
		letters = append(letters, l)
		if j > i+1 {
			primed[b2i(upper)] = true
		}
		i = j - 1
	}
	upperName := "n("
	if glop {
		upperName = "Z("
	}
	var b strings.Builder
	last := 0
	for _, l := range letters {
		if !primed[b2i(l.upper)] {
			continue
		}
		b.WriteString(s[last:l.at])
		if l.upper {
			b.WriteString(upperName)
		} else {
			b.WriteString("m(")
		}
		b.WriteString(strconv.Itoa(l.idx + 1))
		b.WriteByte(')')
		last = l.end
	}
	b.WriteString(s[last:])
	return b.String()
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}
