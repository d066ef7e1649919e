package store

import "grundy/engine"

// Claims returns game's claims (facts imported, not verified), read into memory, for a
// search to order its options by (engine.WithClaims): tried first, never taken as proof.
// It returns nil when the store holds no claim of game.
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
		return nil
	})
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
