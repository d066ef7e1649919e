package workbench

import (
	"fmt"
	"strconv"
	"time"

	"grundy/engine"
	"grundy/internal/numfmt"
	"grundy/job"
)

// count writes n with groups of three digits: 1 234 567.
func count(n int64) string { return numfmt.Grouped(n) }

// memory writes a memory size in B, kB, MB or GB.
func memory(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f kB", float64(n)/(1<<10))
	case n < 1<<30:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.2f GB", float64(n)/(1<<30))
}

// elapsed writes a duration for a person: 0.4 s, 12.3 s, 4 min 05 s.
func elapsed(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	m := int(d / time.Minute)
	return fmt.Sprintf("%d min %02d s", m, int((d%time.Minute)/time.Second))
}

// nodesLabel names a number of nodes: "300 000", "3 million".
func nodesLabel(n int64) string {
	if n >= 1_000_000 && n%1_000_000 == 0 {
		return count(n/1_000_000) + " million"
	}
	return count(n)
}

// durationLabel names a bound on time: "10 s", "1 min".
func durationLabel(d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		return fmt.Sprintf("%d min", d/time.Minute)
	}
	return fmt.Sprintf("%g s", d.Seconds())
}

// StatLines are the rows of a phase's column of the progress table: a name and a value
// each. running is the phase's wall time so far, or all of it once it has ended.
func StatLines(s engine.Stats, running time.Duration) [][2]string {
	speed := 0.0
	if running > 0 {
		speed = float64(s.Nodes) / running.Seconds()
	}
	return [][2]string{
		{"Nodes", count(s.Nodes)},
		{"Cache hits", fmt.Sprintf("%s (%.0f%%)", count(s.CacheHits), 100*s.HitRate())},
		{"Cache memory", cacheMemory(s.Cache)},
		{"Elapsed", elapsed(running) + ", " + count(int64(speed)) + " nodes/s"},
		{"Depth", fmt.Sprintf("%d (deepest %d)", s.Depth, s.MaxDepth)},
	}
}

// cacheMemory writes what the cache holds: its entries' memory, and the tables it takes
// whatever they are (a front's slots, ristretto's counters) beside them, so that the figures
// add up: "12.1 MB in 41 210 entries + 45.0 MB of tables", not "57.1 MB in 41 210 entries".
func cacheMemory(u engine.Usage) string {
	s := fmt.Sprintf("%s in %s %s", memory(u.Bytes-u.Tables), count(u.Entries), entries(u.Entries))
	if u.Tables > 0 {
		s += " + " + memory(u.Tables) + " of tables"
	}
	return s
}

// entries is "entry" or "entries", after n.
func entries(n int64) string {
	if n == 1 {
		return "entry"
	}
	return "entries"
}

// OutcomeText says who wins, as far as it is proven.
func OutcomeText(a job.Answer) string {
	switch a.OutcomeText() {
	case "W":
		return "Outcome: W, the player to move wins"
	case "L":
		return "Outcome: L, the player to move loses"
	}
	return "Outcome: ?"
}

// NimberText gives the nimber as far as it is proven: a number, "≠ 0" when only the
// outcome W is, or ?.
func NimberText(a job.Answer) string { return "Nimber: " + a.NimberText() }

// taskOf names a task and its position: "Nimber of 3x4".
func taskOf(r job.Result) string { return fmt.Sprintf("%s of %s", r.Task, r.Position) }

// SearchingText says that task runs its search on position.
func SearchingText(r job.Result) string { return taskOf(r) + ": searching…" }

// RecordingText says that the search of r has ended with its answer, and that the tree is
// being recorded.
func RecordingText(r job.Result) string {
	return taskOf(r) + ": " + provenIn(r) + ". Recording the tree…"
}

// provenIn says how long the search took.
func provenIn(r job.Result) string {
	return "proven in " + elapsed(r.Search.Elapsed) + ", " + count(r.Search.Nodes) + " nodes"
}

// StateText says how the task ended.
func StateText(r job.Result) string {
	done := taskOf(r) + ": "
	switch {
	case r.Err != nil:
		return done + "failed: " + r.Err.Error()
	case r.Stopped:
		s := done + "stopped after " + elapsed(r.Search.Elapsed) + ". Proven so far: " + r.ProvenText()
		if n := r.Search.Cache.Entries; n > 0 {
			s += fmt.Sprintf(". The cache keeps what was proven of %s positions below it for the next run", count(n))
		}
		return s + "."
	}
	s := done + provenIn(r)
	switch {
	case r.Tree != nil:
		s += fmt.Sprintf("; the tree has %s nodes, %s losing couples, recorded in %s",
			count(int64(len(r.Tree.Nodes))), count(int64(r.Tree.LosingCouples())), elapsed(r.Record.Elapsed))
	case r.NoTree != "":
		s += "; no tree: " + r.NoTree
	}
	return s + "."
}

// OptionText is one row of the winning-moves list.
func OptionText(o job.Option) (mark, value string) {
	switch {
	case o.Known && o.Nimber == 0:
		return "★ wins", "= 0"
	case o.Known:
		return "", "= " + strconv.Itoa(o.Nimber)
	case o.Verdict == job.Winning: // proven ≠ 0, its nimber not searched to the end
		return "", "≠ 0"
	case o.Verdict == job.Losing: // a misère loss: no nimber
		return "★ wins", "L"
	}
	return "", "?"
}
