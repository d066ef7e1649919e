// Package store keeps what searches prove beyond the process: a facts store on disk, so that
// a stopped or killed search resumes where it was and results can be exchanged (Glop and
// SPOTS databases, merges of stores).
//
// A fact is what engine.Fact holds: a position's nimber, or the values it is proven ≠. The
// store is a cockroachdb/pebble database (pure Go, a write-ahead log): a key is the game's
// name, KeyVersion (the version of the engine's key format) and the position's exact
// canonical key (engine.ExactKey); a value is the fact's binary form
// (engine.Fact.AppendBinary). A fact only grows, by pebble's merge operator, so writes need
// no reads; two facts that disagree (two nimbers, or n against "≠ n") are a conflict: Add
// refuses it with a *ConflictError, Merge reports it with both values, and a search's write
// that meets one (which only a wrong store or engine can cause) is counted and logged,
// never written over the stored fact.
//
// A search reads and writes the store as one more tier of its cache: Facts(game) is an
// engine.Cache, and Through(ristretto, facts) behind an engine.Front is what job's runners
// use. Facts keeps a Bloom filter of the game's keys (read once, when first asked for the
// game, and grown with each write), so that a position never stored costs no disk read.
// A game whose search keys positions by cheap keys (engine.Exact: Sprouts) has them made
// exact by the writer, off the search; a read of a cheap key not stored as it is asks a
// filter of the stored keys' shapes (what every writing of a position shares) before the
// game writes its exact key (exact.go).
//
// Puts go in batches through a buffered channel to one writer goroutine, never waiting for
// the disk; they are written in batches of about 1 MB and synced every SyncEvery (2 s) and at Flush and Close, so that a process
// killed with SIGKILL loses at most the last two seconds of facts, and pebble's write-ahead
// log leaves the store intact. Every FlushEvery (10 s) the facts written go to a table and a
// new log begins, so that damage to the newest log (cut short, a damaged last record,
// deleted), which pebble passes over, loses only its last seconds' facts; Open says how many,
// in one line (WALLoss). A writer that falls behind (a slow disk) makes the Facts
// drop their oldest Puts rather than stop the search: Use.Dropped and Tier.StoreDropped
// count them, and job reports them (StoreUse.Dropped).
//
// A failure of pebble's neither ends the process nor hangs it (fault.go): a full disk
// (ErrDiskFull) or a fatal error of pebble's stops the store's writes, what was written stays
// readable, and Err says what happened. A store that cannot be written (a read-only
// directory or disk, a full disk) opens read-only (ReadOnly says why). A store whose files
// are damaged or missing is refused (ErrDamaged), never opened empty over its facts;
// Repair salvages what its tables and logs hold into a new store in its place.
//
// An import (ImportFile, Import) is staged (sorted in memory, on disk past about a million
// lines) and added at once, as sstables the store ingests: a file of any size in about
// 100 MB of memory, all or nothing (import.go). Its facts
// are claims (Claim), kept apart and read by no search, unless ImportOptions.Verify derives
// them again from the rules: then they are facts, whose origin is the file. Every fact knows
// where it came from (Origin: this machine's search, an import, a merge, a worker of a
// cluster), and Stats counts them so (provenance.go).
//
//	s, err := store.Open(dir) // one process at a time; store.DefaultDir() is the user's
//	defer s.Close()
//	cache := engine.NewFront(store.Through(ristretto, s.Facts("cram")), bits)
package store
