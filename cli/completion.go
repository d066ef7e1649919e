package cli

import (
	"context"
	"flag"
	"io"
	"strings"

	"grundy/games"
)

var cmdCompletion = &Command{
	Name:      "completion",
	UsageLine: "completion bash|zsh|fish",
	Short:     "print the shell completion script (see docs/install.md to set it up)",
	Run:       runCompletion,
}

func runCompletion(ctx context.Context, env *Env, args []string) int {
	pos, err := parseArgs(flag.NewFlagSet("completion", flag.ContinueOnError), args)
	if err == nil && len(pos) != 1 {
		err = usagef("want one shell: bash, zsh or fish")
	}
	if err != nil {
		return fail(env, "completion", err)
	}
	write, ok := map[string]func(io.Writer, []cmdDoc){"bash": writeBash, "zsh": writeZsh, "fish": writeFish}[pos[0]]
	if !ok {
		return fail(env, "completion", usagef("unknown shell %s: want bash, zsh or fish", quote(pos[0])))
	}
	write(env.Stdout, docs())
	return exitOK
}

// What a flag's value or a positional argument completes to.
const (
	completeNothing = iota
	completeFile
	completeDir
	completeGame
	completeWords // the words of the placeholder: glop|spots|jsonl
	completeCommand
)

// completion is what placeholder arg (a flag's value, or a positional of a usage line)
// completes to, with the words for completeWords.
func completion(arg string) (int, []string) {
	arg = strings.Trim(arg, "[]…")
	switch {
	case arg == "GAME" || arg == "G":
		return completeGame, nil
	case arg == "COMMAND":
		return completeCommand, nil
	case strings.Contains(arg, "DIR") || arg == "PATH":
		return completeDir, nil
	case strings.Contains(arg, "FILE") || strings.HasSuffix(arg, ".json") || arg == "SMALL":
		return completeFile, nil
	case strings.Contains(arg, "|") && strings.ToLower(arg) == arg:
		return completeWords, strings.Split(arg, "|")
	}
	return completeNothing, nil
}

// positional is the first positional argument of d's usage line.
func (d cmdDoc) positional() string {
	rest, _ := strings.CutPrefix(d.Usage, d.Path)
	fields := strings.Fields(rest)
	if len(fields) == 0 || strings.HasPrefix(strings.TrimLeft(fields[0], "["), "-") {
		return ""
	}
	return fields[0]
}

// gameWords are the names grundy games lists, a parameter's place left open: "octal:".
func gameWords() []string {
	var out []string
	for _, e := range games.List() {
		name, _, param := strings.Cut(e.Name, ":")
		if param {
			name += ":"
		}
		out = append(out, name)
	}
	return out
}

// subcommands are the names that complete after "grundy": the commands, and db's.
func subcommands(ds []cmdDoc, parent string) []cmdDoc {
	var out []cmdDoc
	for _, d := range ds {
		p, name, nested := strings.Cut(d.Path, " ")
		if parent == "" && !nested || nested && p == parent {
			d.Path = name
			if parent == "" {
				d.Path = p
			}
			out = append(out, d)
		}
	}
	return out
}

func names(ds []cmdDoc) string {
	var s []string
	for _, d := range ds {
		s = append(s, d.Path)
	}
	return strings.Join(s, " ")
}

// shortText is a description cut to one short line, for a shell's menu.
func shortText(s string) string {
	if r := []rune(s); len(r) > 70 {
		return strings.TrimSpace(string(r[:69])) + "…"
	}
	return s
}

// shQuote quotes s for a POSIX shell (and fish): in single quotes, a quote inside it closing,
// escaped and reopened.
func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
