package store

import (
	"bytes"
	"fmt"
	"log"

	"github.com/cockroachdb/pebble/v2"
)

// keyVersion1 is the key format of grundy-facts/1 stores: the same as KeyVersion 2 but for
// the games with cheap keys (Sprouts), whose facts it kept under the search's cheap keys.
const keyVersion1 = 1

// migrateBatchBytes bounds a batch of the migration: a store of gigabytes moves in steps.
const migrateBatchBytes = 16 << 20

// migrateV1 moves every fact of KeyVersion 1 to KeyVersion 2, the key made exact for a game
// with cheap keys (a key the game no longer parses keeps its text: it was a faithful key),
// and marks the store grundy-facts/2. Each step merges the facts under their new keys and
// deletes the old ones in one batch, and the mark comes last: a migration stopped half way
// (a kill, a full disk) goes on at the next Open, and loses nothing.
func (s *Store) migrateV1() error {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: []byte{1}, UpperBound: []byte{0xff}})
	if err != nil {
		return s.readError(err)
	}
	defer func() {
		if it != nil {
			it.Close()
		}
	}()
	batch := s.db.NewBatch()
	defer func() { batch.Close() }()
	forms := map[string]*keyForm{}
	moved, made := 0, 0
	for ok := it.First(); ok; ok = it.Next() {
		k := it.Key()
		i := bytes.IndexByte(k, 0)
		if i <= 0 || i+1 >= len(k) || k[i+1] != keyVersion1 {
			continue
		}
		game, key := string(k[:i]), string(k[i+2:])
		v, err := it.ValueAndErr()
		if err != nil {
			return s.readError(err)
		}
		if _, err := decodeValue(k, v); err != nil {
			return s.readError(err)
		}
		form, seen := forms[game]
		if !seen {
			form = formOf(game)
			forms[game] = form
		}
		if form != nil {
			if exact, err := form.exact(key); err == nil && exact != key {
				key, made = exact, made+1
			}
		}
		if err := batch.Merge(keyOf(game, key), v, nil); err != nil {
			return fmt.Errorf("store %s: updating its keys: %w", s.dir, err)
		}
		if err := batch.Delete(k, nil); err != nil {
			return fmt.Errorf("store %s: updating its keys: %w", s.dir, err)
		}
		moved++
		if batch.Len() >= migrateBatchBytes {
			if err := batch.Commit(pebble.Sync); err != nil {
				return fmt.Errorf("store %s: updating its keys: %w", s.dir, err)
			}
			batch.Close()
			batch = s.db.NewBatch()
		}
	}
	err = it.Close()
	if it = nil; err != nil {
		return s.readError(err)
	}
	if err := batch.Set(metaKey, []byte(formatName), nil); err != nil {
		return fmt.Errorf("store %s: updating its keys: %w", s.dir, err)
	}
	if err := batch.Commit(pebble.Sync); err != nil {
		return fmt.Errorf("store %s: updating its keys: %w", s.dir, err)
	}
	log.Printf("store %s: updated from %s to %s: %d facts, %d of them under a key made exact", s.dir, formatV1, formatName, moved, made)
	return nil
}
