package cli

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"grundy/job"
)

// movesFlags are solve's flags of the winning moves (--moves).
type movesFlags struct {
	on    bool
	time  time.Duration // the search of one option
	nodes int64
}

// defaultMoveTime bounds each option's search by default: short, so that a position with
// hundreds of hard options (Boxing Match 10x20: 260 distinct ones) answers in seconds with
// the moves that need little search, and says how many it left undecided.
const defaultMoveTime = 10 * time.Millisecond

func (f *movesFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.on, "moves", false, "list the winning moves (the options that are losing), each option searched within --move-time and --move-nodes")
	fs.DurationVar(&f.time, "move-time", defaultMoveTime, "with --moves: the time one option's search may take (0: no bound)")
	fs.Int64Var(&f.nodes, "move-nodes", 0, "with --moves: the nodes one option's search may expand, checked every 1024 (0: no bound)")
}

// check checks the flags of the winning moves against the others.
func (f *movesFlags) check(algo string) error {
	switch {
	case f.time < 0:
		return usagef("--move-time %v: want 0 or more", f.time)
	case f.nodes < 0:
		return usagef("--move-nodes %d: want 0 or more", f.nodes)
	case !f.on && (f.time != defaultMoveTime || f.nodes != 0):
		return usagef("--move-time and --move-nodes bound the search of --moves: add --moves")
	case f.on && (algo == "elementary" || algo == "mex" || algo == "br"):
		return usagef("--moves searches each option by couples or pns: --algo %s does not apply", algo)
	}
	return nil
}

// ask turns req into the request of the winning moves: the nimber of every option, or only
// their outcomes (--outcome-only, --misere), each within the flags' bounds.
func (f *movesFlags) ask(req *job.Request) {
	if req.Task == job.Outcome {
		req.Task = job.OutcomeMoves
	} else {
		req.Task = job.Moves
	}
	req.OptionLimit = job.OptionLimit{Nodes: f.nodes, Time: f.time}
}

// movesNote is what the text output says of the options besides the winning moves.
type movesNote struct {
	options, losing int
	within          string // the bound an undecided option passed, or the stop
}

// addMoves adds the winning moves of res, and the options left undecided with their count:
// a position stuck in a long search is often taken up option by option, the hardest ones
// each in a run of its own.
func (out *solveResult) addMoves(res job.Result, f movesFlags, outcome bool) {
	wins := []string{}
	var undecidedOpts []job.Option
	note := &movesNote{options: len(res.Options), within: f.within()}
	for _, o := range res.Options {
		switch {
		case o.Wins():
			wins = append(wins, o.Position)
		case o.Decided():
			note.losing++
		default:
			undecidedOpts = append(undecidedOpts, o)
		}
	}
	if res.Stopped {
		note.within = "before the stop"
	}
	// The nearest to a proof first: those taken up one by one are taken in this order.
	slices.SortStableFunc(undecidedOpts, func(a, b job.Option) int { return cmp.Compare(a.Open, b.Open) })
	open, replies := []string{}, []int{}
	for _, o := range undecidedOpts {
		open, replies = append(open, o.Position), append(replies, o.Open)
	}
	undecided := len(open)
	out.WinningMoves, out.UndecidedMoves, out.Undecided, out.moves = &wins, &undecided, &open, note
	if outcome && undecided > 0 && len(wins) == 0 {
		out.OpenReplies = &replies
	}
}

// within says the bound of one option's search.
func (f movesFlags) within() string {
	var bounds []string
	if f.time > 0 {
		bounds = append(bounds, f.time.String())
	}
	if f.nodes > 0 {
		bounds = append(bounds, fmt.Sprintf("%d node%s", f.nodes, map[bool]string{true: "s"}[f.nodes > 1]))
	}
	if len(bounds) == 0 {
		return "with no bound" // never printed: with no bound every option is decided, or stopped
	}
	return "within " + strings.Join(bounds, " or ") + " each"
}

// printMoves prints the winning moves, one a line, and a line that counts the options.
func printMoves(w io.Writer, r solveResult) {
	if r.moves == nil {
		return
	}
	for _, m := range *r.WinningMoves {
		fmt.Fprintf(w, "move      %s\n", m)
	}
	n := r.moves
	line := fmt.Sprintf("moves     %d winning, %d losing", len(*r.WinningMoves), n.losing)
	if u := *r.UndecidedMoves; u > 0 {
		line += fmt.Sprintf(", %d not decided %s", u, n.within)
	}
	fmt.Fprintf(w, "%s (%d in all)\n", line, n.options)
}
