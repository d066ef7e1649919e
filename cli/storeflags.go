package cli

import (
	"flag"

	"grundy/store"
)

// storeFlags are the facts store's flags of solve and tree: --db PATH, --no-db.
type storeFlags struct {
	path string
	none bool
}

func (f *storeFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.path, "db", "", "the facts store to read and grow (default $XDG_DATA_HOME/grundy, else ~/.local/share/grundy)")
	fs.BoolVar(&f.none, "no-db", false, "use no facts store")
}

// check refuses --db with --no-db.
func (f *storeFlags) check() error {
	if f.none && f.path != "" {
		return usagef("--db %s and --no-db: choose one", quote(f.path))
	}
	return nil
}

// open opens the store the flags choose (created if missing), or none with --no-db, and
// reads the keys of game's facts. A store that cannot be opened or read (in use, corrupt,
// not a store) is a usage error: exit 2, its message.
func (f *storeFlags) open(game string) (*store.Store, error) {
	s, err := f.openStore()
	if s == nil || err != nil {
		return nil, err
	}
	if err := s.Facts(game).Err(); err != nil {
		s.Close()
		return nil, usagef("%v", err)
	}
	return s, nil
}
