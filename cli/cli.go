package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"grundy/games"
	"grundy/games/parse"
)

// Exit statuses, part of the command-line contract (DESIGN.md).
const (
	exitOK      = 0
	exitFailed  = 1 // `check`: the proof does not hold
	exitUsage   = 2 // bad input: one line on stderr says what
	exitTimeout = 3 // stopped by --timeout or Ctrl-C, after printing what was proven
)

// A Command is one subcommand, in the manner of cmd/go's base.Command.
type Command struct {
	Name      string
	UsageLine string
	Short     string
	// Run executes the command with its arguments (flags and positionals mixed). It parses
	// them with parseArgs before any work and passes parseArgs's error to fail (or dbFail):
	// that is how -h prints the command's flags, and how help, the man page, the completion
	// scripts and docs/cli.md read them (flagsOf), so that all of them show what is parsed.
	Run func(ctx context.Context, env *Env, args []string) int
}

// Env is what a command writes to.
type Env struct {
	Stdout, Stderr io.Writer
	// describe, when set, receives the FlagSet of a command run with -h, which then
	// prints nothing (flagsOf).
	describe func(*flag.FlagSet)
}

// usageError is a bad invocation or bad input: exit 2 with its message.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

var commands []*Command

func init() {
	// Filled here, not in each file's var block, to keep the order of `grundy help` stable.
	commands = []*Command{cmdGames, cmdSolve, cmdTree, cmdCheck, cmdSeq, cmdDB, cmdServe, cmdWork,
		cmdVersion, cmdCompletion, cmdHelp}
}

// Main runs the command line args (without the program name) and returns the exit status.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	env := &Env{Stdout: stdout, Stderr: stderr}
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands {
		if c.Name == args[0] {
			return c.Run(ctx, env, args[1:])
		}
	}
	fmt.Fprintf(stderr, "grundy: unknown command %s (try grundy help)\n", quote(args[0]))
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "grundy: solve impartial games with nimbers (Lemoine & Viennot, \"Nimbers are inevitable\")")
	fmt.Fprintln(w, "\nWith no arguments, grundy opens the workbench. Commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  grundy %s\n        %s\n", c.UsageLine, c.Short)
	}
	fmt.Fprintln(w, "\nEach command's flags: grundy help COMMAND, or grundy COMMAND -h.")
	fmt.Fprintln(w, "Exit status: 0 done, 1 failed (a proof that does not hold, a conflict), 2 bad input, 3 stopped.")
}

// fail prints err as the one line of a failed command and returns its exit status: 2 for
// bad input, a bad argument or a file that cannot be read or written.
func fail(env *Env, cmd string, err error) int {
	var h helpRequest
	if errors.As(err, &h) {
		return printHelp(env, cmd, h.fs)
	}
	fmt.Fprintf(env.Stderr, "grundy %s: %s\n", cmd, oneLine(err.Error()))
	var ue usageError
	var pe *fs.PathError
	if errors.As(err, &ue) || errors.Is(err, games.ErrSyntax) || errors.Is(err, games.ErrTooLarge) ||
		errors.Is(err, games.ErrUnknownGame) || errors.As(err, &pe) {
		return exitUsage
	}
	return exitFailed
}

// quote quotes an argument or input for a message, as %q does, cut at 200 characters (the
// cut says how long the whole was), so that a 2 MB line gives a short message.
func quote(s string) string { return parse.Quote(s) }

// maxLine bounds a message line; messages quote inputs through quote, so only a message
// from elsewhere (a library's error quoting an argument whole) is ever cut here.
const maxLine = 300

// oneLine makes msg one line of at most about maxLine characters, with control characters
// escaped, so that no input reaches the terminal raw.
func oneLine(msg string) string {
	var b strings.Builder
	n := 0
	for _, r := range msg {
		if n >= maxLine {
			b.WriteString("…")
			break
		}
		if unicode.IsControl(r) || r == utf8.RuneError {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteRune(r)
		}
		n++
	}
	return b.String()
}

// withTimeout returns ctx ended after d, or ctx itself when d is 0 (no --timeout); its
// CancelFunc is always there to defer.
func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return ctx, func() {}
}

// parseArgs parses flags wherever they stand among the positional arguments, which it
// returns in order. "--" ends the flags.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
			return nil, helpRequest{fs}
		} else if err != nil {
			return nil, usageError{flagError(err, args)}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// flagError is the message of the flag package's err about args, with the argument it quotes
// whole (a value, or a flag's name, raw) quoted and cut as quote does.
func flagError(err error, args []string) string {
	msg := err.Error()
	for _, a := range args {
		name, value, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		for _, s := range []string{a, name, value} {
			if len(s) > parse.MaxQuoted || strings.ContainsFunc(s, unicode.IsControl) {
				msg = strings.ReplaceAll(msg, strconv.Quote(s), quote(s))
				msg = strings.ReplaceAll(msg, s, quote(s))
			}
		}
	}
	return msg
}

// gameAndPosition reads GAME POSITION... from the positionals; the position's words are
// joined by spaces, so that `grundy solve nim 3 5 7` and `grundy solve cram 3x3 + 2x5` work.
func gameAndPosition(pos []string) (games.Game, string, error) {
	if len(pos) < 2 {
		return nil, "", usagef("want GAME POSITION")
	}
	g, err := games.Lookup(pos[0])
	if err != nil {
		return nil, "", err
	}
	text := strings.Join(pos[1:], " ")
	return g, text, checkPositionText(text)
}
