package cli

import (
	"flag"
	"fmt"

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

// open opens the store the flags choose (created if missing), or none with --no-db, for a
// search of cacheMB, and reads the keys of game's facts. A store that cannot be opened or
// read (in use, corrupt, not a store) is a usage error: exit 2, its message.
func (f *storeFlags) open(game string, cacheMB int) (*store.Store, error) {
	s, err := f.openStore(cacheMB)
	if s == nil || err != nil {
		return nil, err
	}
	if err := s.Facts(game).Err(); err != nil {
		s.Close()
		return nil, usagef("%v", err)
	}
	return s, nil
}

// storeStatus is a command's exit status after its answer is printed, given the store it
// used: a store whose writes failed (a full disk) is one line and exit 2, after the answer,
// so that what was proven is printed first; a read-only store is a line saying so, and why.
// The store stays readable either way.
func storeStatus(env *Env, cmd string, st *store.Store, status int) int {
	if st == nil {
		return status
	}
	if err := st.Err(); err != nil {
		fmt.Fprintf(env.Stderr, "grundy %s: %s: the facts proven are not all saved; the store stays readable\n", cmd, oneLine(err.Error()))
		return exitUsage
	}
	if why := st.ReadOnly(); why != "" {
		fmt.Fprintf(env.Stderr, "grundy %s: store %s is read-only (%s): it takes no new facts\n", cmd, st.Dir(), oneLine(why))
	}
	return status
}
