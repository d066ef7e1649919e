package workbench

import (
	"fmt"
	"strconv"
	"time"

	"grundy/engine"
)

// count writes n with thin groups of three digits: 1 234 567.
func count(n int64) string {
	s := strconv.FormatInt(n, 10)
	if n < 0 {
		return "-" + count(-n)
	}
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ' ')
		}
		out = append(out, s[i])
	}
	return string(out)
}

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

// StatLines are the rows of the progress table: a name and a value each.
func StatLines(s engine.Stats, running time.Duration) [][2]string {
	speed := 0.0
	if running > 0 {
		speed = float64(s.Nodes) / running.Seconds()
	}
	return [][2]string{
		{"Nodes", count(s.Nodes)},
		{"Nodes/s", count(int64(speed))},
		{"Cache hits", fmt.Sprintf("%s (%.0f%%)", count(s.CacheHits), 100*s.HitRate())},
		{"Cache memory", fmt.Sprintf("%s in %s entries", memory(s.Cache.Bytes), count(s.Cache.Entries))},
		{"Elapsed", elapsed(running)},
		{"Depth", fmt.Sprintf("%d (deepest %d)", s.Depth, s.MaxDepth)},
	}
}

// OutcomeText says who wins.
func OutcomeText(r Result) string {
	switch {
	case !r.HasOutcome:
		return "Outcome: ?"
	case r.Win:
		return "Outcome: W, the player to move wins"
	}
	return "Outcome: L, the player to move loses"
}

// NimberText gives the nimber.
func NimberText(r Result) string {
	if !r.HasNimber {
		return "Nimber: ?"
	}
	return "Nimber: " + strconv.Itoa(r.Nimber)
}

// StateText says how the task ended.
func StateText(r Result) string {
	done := fmt.Sprintf("%s of %s: ", r.Task, r.Position)
	switch {
	case r.Err != nil:
		return done + "failed: " + r.Err.Error()
	case r.Stopped:
		s := done + "stopped after " + elapsed(r.Stats.Elapsed) + ". Proven so far: " + r.Proven
		if n := r.Stats.Cache.Entries; n > 0 {
			s += fmt.Sprintf(". The cache keeps what was proven of %s positions below it for the next run", count(n))
		}
		return s + "."
	}
	s := done + "proven in " + elapsed(r.Stats.Elapsed) + ", " + count(r.Stats.Nodes) + " nodes"
	if r.NoTree != "" {
		s += "; " + r.NoTree
	}
	if r.Tree != nil {
		s += fmt.Sprintf("; the tree has %s nodes, %s losing couples", count(int64(len(r.Tree.Nodes))), count(int64(r.Tree.LosingCouples())))
	}
	return s
}

// OptionText is one row of the winning-moves list.
func OptionText(o Option) (mark, value string) {
	switch {
	case !o.Known:
		return "", "?"
	case o.Wins():
		return "★ wins", "= 0"
	}
	return "", "= " + strconv.Itoa(o.Nimber)
}
