package store

import (
	"errors"

	"grundy/engine"
)

// MaxClaimsRead bounds the claims Claims reads into memory (about 100 bytes each): enough to
// order the options of any search, and a SPOTS database of a hundred million lines imported as
// claims does not fill the memory of every solve after it. The ones read are a guide, not a
// proof: leaving the rest out changes an order, never an answer.
const MaxClaimsRead = 1 << 20

var errEnoughClaims = errors.New("enough claims read")

// Claims returns game's claims (facts imported, not verified), read into memory, for a
// search to order its options by (engine.WithClaims): tried first, never taken as proof.
// It returns nil when the store holds no claim of game, and at most MaxClaimsRead claims.
func (s *Store) Claims(game string) (engine.Claims, error) {
	var told claimMap
	err := s.EachClaim(game, func(_, key string, c Claim) error {
		if _, ok := c.Fact.Nimber(); !ok {
			return nil // only a claimed nimber orders options
		}
		if told == nil {
			told = claimMap{}
		}
		told[key] = c.Fact
		if len(told) >= MaxClaimsRead {
			return errEnoughClaims
		}
		return nil
	})
	if errors.Is(err, errEnoughClaims) {
		err = nil
	}
	if err != nil || told == nil {
		return nil, err
	}
	return told, nil
}

// A claimMap is claims by position key.
type claimMap map[string]engine.Fact

func (m claimMap) Claimed(key string) (engine.Fact, bool) {
	f, ok := m[key]
	return f, ok
}
