package store

import (
	"testing"

	"github.com/cockroachdb/pebble/v2"

	"grundy/engine"
)

// A store of grundy-facts/1 (keys of version 1, Sprouts' under the search's cheap keys) is
// updated when opened: every fact moves to KeyVersion 2, a Sprouts key made exact, the others
// as they were, and the store says grundy-facts/2.
func TestOpen_MigratesVersion1Keys(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	const cheap, canonical = "2ABC|ABC", "2ABC|ACB" // one land, written two ways
	old := func(game string) []byte { return append([]byte(game), 0, keyVersion1) }
	put := func(k []byte, f engine.Fact) {
		v, _ := f.MarshalBinary()
		if err := s.db.Set(k, v, pebble.Sync); err != nil {
			t.Fatal(err)
		}
	}
	put(append(old("sprouts"), cheap...), engine.Fact{}.WithNimber(1))
	put(append(old("sprouts"), "0*3"...), engine.Fact{}.Without(0))
	put(append(old("nim"), "\x03"...), engine.Fact{}.WithNimber(3))
	if err := s.db.Set(metaKey, []byte(formatV1), pebble.Sync); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = Open(dir)
	if err != nil {
		t.Fatalf("opening a grundy-facts/1 store: %v", err)
	}
	defer s.Close()
	got := map[string]string{}
	err = s.Each("", func(game, key string, f engine.Fact) error {
		got[game+" "+key] = describe(f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"sprouts " + canonical: "= 1", "sprouts 0*3": "≠ 0", "nim \x03": "= 3"}
	if len(got) != len(want) {
		t.Errorf("after the update: %q, want %q", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("after the update %q is %q, want %q (all: %q)", k, got[k], v, got)
		}
	}
	v, closer, err := s.db.Get(metaKey)
	if err != nil || string(v) != formatName {
		t.Fatalf("format after the update: %q, %v", v, err)
	}
	closer.Close()
	it, _ := s.db.NewIter(nil)
	defer it.Close()
	for ok := it.First(); ok; ok = it.Next() {
		if _, _, ok := splitKey(it.Key()); !ok && string(it.Key()) != string(metaKey) {
			t.Errorf("key %q left behind", it.Key())
		}
	}
}

// A store of a format this grundy does not know is refused, naming both.
func TestOpen_UnknownFormat(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.db.Set(metaKey, []byte("grundy-facts/9"), pebble.Sync); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err = Open(dir)
	if err == nil || err.Error() != `store `+dir+`: format "grundy-facts/9", this grundy reads "grundy-facts/2" (and "grundy-facts/1", which it updates)` {
		t.Fatalf("Open = %v", err)
	}
}
