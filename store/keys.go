package store

import (
	"bytes"

	"grundy/engine"
)

// A key on disk is the game's name, a zero byte, KeyVersion as one byte, then the engine's
// exact canonical key (engine.Position.Key): a game's facts are one range of keys, and no
// game's name holds a zero byte.

// prefixOf is the start of every key of game's facts.
func prefixOf(game string) []byte { return append([]byte(game), 0, KeyVersion) }

// keyOf is the key on disk of position key in game.
func keyOf(game, key string) []byte { return append(prefixOf(game), key...) }

// upperBound is the first key past every key that starts with prefix (which never ends in
// 0xff: it ends in KeyVersion).
func upperBound(prefix []byte) []byte {
	end := bytes.Clone(prefix)
	end[len(end)-1]++
	return end
}

// splitKey returns the game and position key of a key on disk; ok is false for the meta key
// and for the keys of another KeyVersion.
func splitKey(k []byte) (game, key string, ok bool) {
	i := bytes.IndexByte(k, 0)
	if i <= 0 || i+1 >= len(k) || k[i+1] != KeyVersion {
		return "", "", false
	}
	return string(k[:i]), string(k[i+2:]), true
}

// describe writes a fact as the tree labels do: "= n", "≠ a, b, …", or "nothing".
func describe(f engine.Fact) string {
	if d := f.Describe(8); d != "" {
		return d
	}
	return "nothing"
}
