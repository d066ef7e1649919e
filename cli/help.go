package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

var cmdHelp = &Command{
	Name:      "help",
	UsageLine: "help [COMMAND [SUBCOMMAND]]",
	Short:     "this list, or a command's usage with every flag described (as grundy COMMAND -h)",
	Run:       runHelp,
}

func runHelp(ctx context.Context, env *Env, args []string) int {
	pos, err := parseArgs(flag.NewFlagSet("help", flag.ContinueOnError), args)
	if err == nil && len(pos) > 2 {
		err = usagef("want at most COMMAND SUBCOMMAND")
	}
	if err != nil {
		return fail(env, "help", err)
	}
	if len(pos) == 0 {
		usage(env.Stdout)
		return exitOK
	}
	if c := lookupCommand(pos[0]); c != nil {
		return c.Run(ctx, env, append(pos[1:], "-h"))
	}
	return fail(env, "help", usagef("unknown command %s (try grundy help)", quote(pos[0])))
}

func lookupCommand(name string) *Command {
	for _, c := range commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// helpRequest is parseArgs's error for -h, -help or --help: fail prints the command's usage
// and flags on stdout, and the command exits 0.
type helpRequest struct{ fs *flag.FlagSet }

func (helpRequest) Error() string { return "help requested" }

// A cmdDoc is what help, the man page, the completion scripts and docs/cli.md say of one
// command or db subcommand.
type cmdDoc struct {
	Path  string // "tree", "db import"
	Usage string // the usage line, without "grundy "
	Short string
	Flags []flagDoc
}

// A flagDoc is one flag of a command, from its definition.
type flagDoc struct {
	Name    string // without dashes
	Arg     string // the value's placeholder, as the usage line writes it; "" for a switch
	Usage   string
	Default string // "" when it is the zero value
}

// Spelling is how the flag is written: -o for a one-letter name, --name otherwise.
func (f flagDoc) Spelling() string {
	if len(f.Name) == 1 {
		return "-" + f.Name
	}
	return "--" + f.Name
}

// Synopsis is the flag with its placeholder: "--timeout D".
func (f flagDoc) Synopsis() string {
	if f.Arg == "" {
		return f.Spelling()
	}
	return f.Spelling() + " " + f.Arg
}

// docs lists every command and db subcommand, in the order of grundy help.
func docs() []cmdDoc {
	var out []cmdDoc
	for _, c := range commands {
		out = append(out, docOf(c.Name, c.UsageLine, c.Short, c.Run))
		if c == cmdDB {
			for _, d := range dbCommands {
				out = append(out, docOf("db "+d.name, d.usage, d.short, d.run))
			}
		}
	}
	return out
}

func docOf(path, usage, short string, run func(context.Context, *Env, []string) int) cmdDoc {
	d := cmdDoc{Path: path, Usage: usage, Short: short}
	if fs := flagsOf(run); fs != nil {
		d.Flags = flagDocs(fs, usage)
	}
	return d
}

// flagsOf is the FlagSet that run parses with, found by running it with -h and nothing to
// print to (see Command.Run); nil for a command with subcommands (db), which lists those.
func flagsOf(run func(context.Context, *Env, []string) int) *flag.FlagSet {
	var got *flag.FlagSet
	env := &Env{Stdout: io.Discard, Stderr: io.Discard, describe: func(fs *flag.FlagSet) { got = fs }}
	run(context.Background(), env, []string{"-h"})
	return got
}

func flagDocs(fs *flag.FlagSet, usage string) []flagDoc {
	var out []flagDoc
	fs.VisitAll(func(f *flag.Flag) {
		d := flagDoc{Name: f.Name, Usage: f.Usage}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
			d.Arg = placeholder(f, usage)
		}
		if !slices.Contains([]string{"", "0", "0s", "false"}, f.DefValue) {
			d.Default = f.DefValue
		}
		out = append(out, d)
	})
	return out
}

// placeholder is the name of f's value: the word after the flag in the usage line
// ("--timeout D", "-o FILE"), else one from its type.
func placeholder(f *flag.Flag, usage string) string {
	re := regexp.MustCompile(`(?:^|[\s\[|])--?` + regexp.QuoteMeta(f.Name) + `[ =]([^\s\]]+)`)
	if m := re.FindStringSubmatch(usage); m != nil && !strings.HasPrefix(m[1], "-") {
		return m[1]
	}
	if _, ok := f.Value.(*durationValue); ok {
		return "D"
	}
	name, _ := flag.UnquoteUsage(f)
	switch name {
	case "duration":
		return "D"
	case "int", "uint":
		return "N"
	case "float":
		return "X"
	case "string":
		return "TEXT"
	}
	return "VALUE"
}

// printHelp prints the usage of command path (a command, or "db SUB") and its flags, or
// gives fs to env.describe.
func printHelp(env *Env, path string, fs *flag.FlagSet) int {
	if env.describe != nil {
		env.describe(fs)
		return exitOK
	}
	for _, d := range docs() {
		if d.Path == path {
			writeHelp(env.Stdout, d)
			return exitOK
		}
	}
	return exitOK
}

func writeHelp(w io.Writer, d cmdDoc) {
	fmt.Fprintf(w, "usage: grundy %s\n\n%s\n", d.Usage, d.Short)
	if len(d.Flags) == 0 {
		return
	}
	fmt.Fprintln(w, "\nflags:")
	for _, f := range d.Flags {
		fmt.Fprintf(w, "  %s\n", f.Synopsis())
		for _, line := range wrap(f.Usage+defaultNote(f), 72) {
			fmt.Fprintf(w, "        %s\n", line)
		}
	}
}

func defaultNote(f flagDoc) string {
	if f.Default == "" {
		return ""
	}
	return " (default " + f.Default + ")"
}

// wrap cuts text into lines of at most width runes, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len([]rune(line))+1+len([]rune(word)) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return append(lines, line)
}
