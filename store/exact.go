package store

import (
	"fmt"
	"strconv"
	"strings"

	"grundy/engine"
	"grundy/games"
)

// The store holds facts under exact keys (engine.ExactKey), one per position however it was
// reached, so that facts made apart (an imported Glop or SPOTS database, another run that
// reached a position by other moves) are found. A search of a game whose positions are
// engine.Exact (Sprouts) Puts and Gets cheap keys, which may write one position several ways:
// its keyForm turns them into exact keys, in the writer (off the search), and for a read only
// when the store may hold the position under another key (see Facts.Get).

// A keyForm is how a game with cheap keys makes them exact.
type keyForm struct {
	// exact returns the exact key of a component's cheap key: the game parses the key (a
	// cheap key is a notation of the position) and writes it canonically.
	exact func(key string) (string, error)
	// shape hashes what every key of one position shares (whatever its writing): cheap to
	// compute, so that a read asks a filter of the stored keys' shapes before paying for
	// the exact key.
	shape func(key string) uint64
}

// cheapShapes are the shape functions of the games whose positions are engine.Exact. A game
// that makes its positions Exact must be listed here, or the store would keep its cheap keys.
var cheapShapes = map[string]func(string) uint64{
	"sprouts": sproutsShape,
}

// formOf returns the key form of game, or nil when the game's keys are exact already.
func formOf(game string) *keyForm {
	shape := cheapShapes[game]
	if shape == nil {
		return nil
	}
	g, err := games.Lookup(game)
	if err != nil {
		return nil
	}
	return &keyForm{exact: func(key string) (string, error) { return exactKey(g, key) }, shape: shape}
}

// exactKey returns the exact key of the cheap key of one of g's components, or of a misère
// key made of such keys.
func exactKey(g games.Game, key string) (string, error) {
	if engine.IsMisereKey(key) {
		parts, err := misereParts(key)
		if err != nil {
			return "", err
		}
		for i, p := range parts {
			if engine.IsFormName(p) {
				continue // the form of the small components: the same in every search
			}
			if parts[i], err = exactKey(g, p); err != nil {
				return "", err
			}
		}
		return engine.MisereKeyOf(parts), nil
	}
	p, err := g.Parse(key)
	if err != nil {
		return "", fmt.Errorf("the key %q is no position of %s: %w", key, g.Name(), err)
	}
	return engine.ExactKey(p), nil
}

// misereParts returns the component keys of a misère key: after engine.MisereKeyPrefix,
// each key is written after its length and a colon (see engine.MisereKey).
func misereParts(key string) ([]string, error) {
	rest := strings.TrimPrefix(key, engine.MisereKeyPrefix)
	var parts []string
	for rest != "" {
		n, tail, ok := strings.Cut(rest, ":")
		size, err := strconv.Atoi(n)
		if !ok || err != nil || size < 0 || size > len(tail) {
			return nil, fmt.Errorf("the misère key %q is not a list of keys", key)
		}
		parts, rest = append(parts, tail[:size]), tail[size:]
	}
	return parts, nil
}

// mix is splitmix64's finaliser: every bit of x moves about half the bits of the result.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
