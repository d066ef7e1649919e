package engine

import "hash/maphash"

// keyIDs makes 128-bit ids of keys: two 64-bit hashes, each with a seed of its own. Two keys
// share an id only by a collision of both hashes, out of reach of any search (some 10⁻²³ at
// 10⁸ keys). The seeds are random, so an id is one structure's own: nothing may depend on
// its value beyond equality (df-pn's table, the misère proof-number search's DAG).
type keyIDs [2]maphash.Seed

func newKeyIDs() keyIDs { return keyIDs{maphash.MakeSeed(), maphash.MakeSeed()} }

// of is the id of key.
func (s *keyIDs) of(key string) [2]uint64 {
	return [2]uint64{maphash.String(s[0], key), maphash.String(s[1], key)}
}
