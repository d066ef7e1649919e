package cli

import (
	"fmt"
	"io"
	"strings"
)

// The command-line reference, docs/cli.md, and the man page grundy(1), written from the
// commands' own usage lines and flag definitions (docs), so that neither can drift from what
// is parsed. `go generate ./cli` (or `make docs`) rewrites docs/cli.md; `make install`
// writes the man page; TestReference fails when docs/cli.md is out of date.

const (
	refName     = "grundy: solve impartial games with nimbers (Lemoine & Viennot, \"Nimbers are inevitable\")"
	refOpens    = "With no arguments, grundy opens the Grundy Workbench window; with a command, it runs that command headless."
	refFlags    = "A flag takes its value as `--flag value` or `--flag=value`, and may stand before, between or after the positional arguments; `--` ends the flags. `grundy COMMAND -h` (or `grundy help COMMAND`) prints a command's usage and flags."
	refStore    = "The facts store is `$XDG_DATA_HOME/grundy`, else `~/.local/share/grundy`, unless `--db PATH` names another or `--no-db` asks for none. With `GRUNDY_CPUPROFILE=FILE` in its environment, a command writes a CPU profile of its run to FILE, for `go tool pprof`: where a long search spends its time."
	refExitIntr = "Bad input prints one line on stderr naming what was wrong. The exit status:"
)

var refExit = [][2]string{
	{"0", "done; for `check`, the proof holds"},
	{"1", "failed: the proof does not hold (`check`), two sources disagree (`db merge`), a certificate proves nothing (`db check`)"},
	{"2", "bad input: a bad argument, flag or position, or a file that cannot be read or written"},
	{"3", "stopped by `--timeout`, Ctrl-C, SIGTERM or SIGHUP, after printing what was proven"},
}

// WriteMarkdown writes the command-line reference, docs/cli.md.
func WriteMarkdown(w io.Writer) {
	ds := docs()
	fmt.Fprintf(w, "# Command-line reference\n\n<!-- Written by `go generate ./cli` (or `make docs`) from the commands' own flag definitions: do not edit. -->\n\n")
	fmt.Fprintf(w, "%s\n\n%s\n\n%s\n\n%s\n\n| status | meaning |\n| --- | --- |\n", refOpens, refFlags, refStore, refExitIntr)
	for _, e := range refExit {
		fmt.Fprintf(w, "| %s | %s |\n", e[0], e[1])
	}
	fmt.Fprintln(w, "\n## Commands")
	fmt.Fprintln(w)
	for _, d := range ds {
		fmt.Fprintf(w, "- [`grundy %s`](#%s): %s\n", d.Path, anchor("grundy "+d.Path), d.Short)
	}
	for _, d := range ds {
		fmt.Fprintf(w, "\n## grundy %s\n\n```\ngrundy %s\n```\n\n%s.\n", d.Path, d.Usage, upperFirst(d.Short))
		if len(d.Flags) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n| flag | default | meaning |\n| --- | --- | --- |\n")
		for _, f := range d.Flags {
			def := ""
			if f.Default != "" {
				def = "`" + cell(f.Default) + "`"
			}
			fmt.Fprintf(w, "| `%s` | %s | %s |\n", cell(f.Synopsis()), def, cell(f.Usage))
		}
	}
}

// anchor is the id GitHub gives heading h.
func anchor(h string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ':
			return '-'
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_':
			return r
		}
		return -1
	}, strings.ToLower(h))
}

// cell escapes what would end a table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// WriteMan writes the man page grundy(1) in roff; date and version go in its title line.
func WriteMan(w io.Writer, date, version string) {
	ds := docs()
	fmt.Fprintf(w, ".TH GRUNDY 1 %s %s \"User Commands\"\n", roffQuote(date), roffQuote("grundy "+version))
	fmt.Fprintf(w, ".SH NAME\ngrundy \\- %s\n", roff(strings.TrimPrefix(refName, "grundy: ")))
	fmt.Fprintf(w, ".SH SYNOPSIS\n.B grundy\n.br\n.B grundy\n.I command\n.RI [ flags ]\n.RI [ arguments ]\n")
	fmt.Fprintf(w, ".SH DESCRIPTION\n%s\n.PP\n%s\n.PP\n%s\n", roff(refOpens), roff(unquote(refFlags)), roff(unquote(refStore)))
	fmt.Fprintln(w, ".SH COMMANDS")
	for _, d := range ds {
		fmt.Fprintf(w, ".SS %s\n%s\n.PP\n%s.\n", roffQuote("grundy "+d.Path), roffUsage(d.Usage), roff(upperFirst(d.Short)))
		for _, f := range d.Flags {
			fmt.Fprintf(w, ".TP\n\\fB%s\\fR", roff(f.Spelling()))
			if f.Arg != "" {
				fmt.Fprintf(w, " \\fI%s\\fR", roff(f.Arg))
			}
			fmt.Fprintf(w, "\n%s\n", roff(unquote(f.Usage+defaultNote(f))))
		}
	}
	fmt.Fprintf(w, ".SH \"EXIT STATUS\"\n%s\n", roff(refExitIntr))
	for _, e := range refExit {
		fmt.Fprintf(w, ".TP\n.B %s\n%s\n", e[0], roff(unquote(e[1])))
	}
	fmt.Fprintf(w, ".SH ENVIRONMENT\n.TP\n.B XDG_DATA_HOME\nThe facts store is $XDG_DATA_HOME/grundy (default ~/.local/share/grundy).\n")
	fmt.Fprintf(w, ".SH \"SEE ALSO\"\nThe command-line reference docs/cli.md, and docs/install.md, docs/store.md, docs/cluster.md and docs/proofs.md, in the source.\n")
}

// roffUsage is a usage line in bold, wrapped without hyphenation.
func roffUsage(usage string) string {
	return ".nh\n.B grundy " + roff(usage) + "\n.hy"
}

// unquote drops markdown's backquotes.
func unquote(s string) string { return strings.ReplaceAll(s, "`", "") }

// roff escapes text for a roff line: backslashes, minus signs, and a leading . or '.
func roff(s string) string {
	s = strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// roffQuote is s escaped as one argument of a request.
func roffQuote(s string) string { return `"` + strings.ReplaceAll(roff(s), `"`, `""`) + `"` }
