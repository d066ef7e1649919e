package cli

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// The completion scripts of bash, zsh and fish, written from docs(): the commands, their
// flags and what each value and positional argument completes to.

func writeBash(w io.Writer, ds []cmdDoc) {
	fmt.Fprintf(w, `# bash completion for grundy, written by "grundy completion bash"
_grundy_words() { COMPREPLY=($(compgen -W "$1" -- "$cur")); }
_grundy_files() { compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); }
_grundy_dirs() { compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); }
_grundy() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local cmd=${COMP_WORDS[1]} first=2
    local games=%s
    if ((COMP_CWORD == 1)); then _grundy_words %s; return; fi
    if [[ $cmd == db ]]; then
        if ((COMP_CWORD == 2)); then _grundy_words %s; return; fi
        cmd="db ${COMP_WORDS[2]}" first=3
    fi
    case "$cmd:$prev" in
`, shQuote(strings.Join(gameWords(), " ")), shQuote(names(subcommands(ds, ""))), shQuote(names(subcommands(ds, "db"))))
	byKind := map[int][]string{}
	words := map[string][]string{}
	for _, d := range ds {
		for _, f := range d.Flags {
			if f.Arg == "" {
				continue
			}
			k, ws := completion(f.Arg)
			pattern := shQuote(d.Path + ":" + f.Spelling())
			byKind[k] = append(byKind[k], pattern)
			if k == completeWords {
				words[strings.Join(ws, " ")] = append(words[strings.Join(ws, " ")], pattern)
			}
		}
	}
	actions := map[int]string{completeFile: "_grundy_files", completeDir: "_grundy_dirs",
		completeGame: `_grundy_words "$games"`, completeNothing: "COMPREPLY=()"}
	for _, k := range []int{completeFile, completeDir, completeGame, completeNothing} {
		if len(byKind[k]) > 0 {
			fmt.Fprintf(w, "    %s) %s; return ;;\n", strings.Join(byKind[k], "|"), actions[k])
		}
	}
	for _, ws := range slices.Sorted(maps.Keys(words)) {
		fmt.Fprintf(w, "    %s) _grundy_words %s; return ;;\n", strings.Join(words[ws], "|"), shQuote(ws))
	}
	fmt.Fprint(w, "    esac\n    if [[ $cur == -* ]]; then\n        case $cmd in\n")
	for _, d := range ds {
		var spell []string
		for _, f := range d.Flags {
			spell = append(spell, f.Spelling())
		}
		if len(spell) > 0 {
			fmt.Fprintf(w, "        %s) _grundy_words %s ;;\n", shQuote(d.Path), shQuote(strings.Join(spell, " ")))
		}
	}
	fmt.Fprint(w, "        esac\n        return\n    fi\n    case $cmd in\n")
	for _, d := range ds {
		switch k, ws := completion(d.positional()); k {
		case completeGame:
			fmt.Fprintf(w, "        %s) ((COMP_CWORD == first)) && _grundy_words \"$games\" ;;\n", shQuote(d.Path))
		case completeFile:
			fmt.Fprintf(w, "        %s) _grundy_files ;;\n", shQuote(d.Path))
		case completeDir:
			fmt.Fprintf(w, "        %s) _grundy_dirs ;;\n", shQuote(d.Path))
		case completeCommand:
			fmt.Fprintf(w, "        %s) ((COMP_CWORD == first)) && _grundy_words %s ;;\n", shQuote(d.Path), shQuote(names(subcommands(ds, ""))))
		case completeWords:
			fmt.Fprintf(w, "        %s) ((COMP_CWORD == first)) && _grundy_words %s ;;\n", shQuote(d.Path), shQuote(strings.Join(ws, " ")))
		}
	}
	fmt.Fprint(w, "    esac\n}\ncomplete -F _grundy grundy\n")
}

func writeZsh(w io.Writer, ds []cmdDoc) {
	fmt.Fprintf(w, `#compdef grundy
# zsh completion for grundy, written by "grundy completion zsh"
_grundy() {
  local -a cmds subs
  cmds=(%s)
  subs=(%s)
  if ((CURRENT == 2)); then _describe -t commands 'grundy command' cmds; return; fi
  local cmd=$words[2]
  shift words; ((CURRENT--))
  if [[ $cmd == db ]]; then
    if ((CURRENT == 2)); then _describe -t commands 'grundy db command' subs; return; fi
    cmd="db $words[2]"
    shift words; ((CURRENT--))
  fi
  case $cmd in
`, zshItems(subcommands(ds, "")), zshItems(subcommands(ds, "db")))
	for _, d := range ds {
		var specs []string
		for _, f := range d.Flags {
			spec := f.Spelling()
			if f.Arg != "" {
				spec += "="
			}
			spec += "[" + zshEscape(shortText(f.Usage)) + "]"
			if f.Arg != "" {
				spec += ":" + strings.ReplaceAll(f.Arg, ":", `\:`) + ":" + zshAction(ds, f.Arg)
			}
			specs = append(specs, shQuote(spec))
		}
		if arg := d.positional(); arg != "" {
			switch k, _ := completion(arg); k {
			case completeFile, completeDir:
				specs = append(specs, shQuote("*:"+strings.Trim(arg, "[]…")+":"+zshAction(ds, arg)))
			default:
				specs = append(specs, shQuote("1:"+strings.Trim(arg, "[]…")+":"+zshAction(ds, arg)), shQuote("*:: :"))
			}
		}
		if len(specs) > 0 {
			fmt.Fprintf(w, "  (%s) _arguments -S \\\n      %s ;;\n", shQuote(d.Path), strings.Join(specs, " \\\n      "))
		}
	}
	// Autoloaded from fpath, the file is _grundy's body on the first completion: it defines
	// the function and runs it. Sourced, it only registers it.
	fmt.Fprint(w, "  esac\n}\nif [[ $funcstack[1] == _grundy ]]; then _grundy \"$@\"; else compdef _grundy grundy; fi\n")
}

func zshItems(ds []cmdDoc) string {
	var items []string
	for _, d := range ds {
		items = append(items, shQuote(d.Path+":"+shortText(d.Short)))
	}
	return strings.Join(items, " ")
}

// zshEscape escapes what ends an _arguments description.
func zshEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `[`, `\[`, `]`, `\]`).Replace(s)
}

// zshAction is the _arguments action that completes placeholder arg.
func zshAction(ds []cmdDoc, arg string) string {
	switch k, ws := completion(arg); k {
	case completeFile:
		return "_files"
	case completeDir:
		return "_files -/"
	case completeGame:
		return "(" + strings.Join(gameWords(), " ") + ")"
	case completeCommand:
		return "(" + names(subcommands(ds, "")) + ")"
	case completeWords:
		return "(" + strings.Join(ws, " ") + ")"
	}
	return " "
}

func writeFish(w io.Writer, ds []cmdDoc) {
	fmt.Fprint(w, `# fish completion for grundy, written by "grundy completion fish"
function __grundy_cmd
    set -l w (commandline -opc)
    if test (count $w) -lt 2
        return
    end
    if test "$w[2]" = db -a (count $w) -ge 3
        echo "db $w[3]"
    else
        echo $w[2]
    end
end
function __grundy_is
    set -l c (__grundy_cmd)
    test "$c" = "$argv[1]"
end
# __grundy_first CMD: the command line is CMD with no argument yet.
function __grundy_first
    set -l w (commandline -opc)
    __grundy_is $argv[1]; and test (count $w) -eq (math (count (string split ' ' -- $argv[1])) + 1)
end
complete -c grundy -f
`)
	for _, d := range subcommands(ds, "") {
		fmt.Fprintf(w, "complete -c grundy -n '__grundy_is \"\"' -a %s -d %s\n", shQuote(d.Path), shQuote(shortText(d.Short)))
	}
	for _, d := range subcommands(ds, "db") {
		fmt.Fprintf(w, "complete -c grundy -n '__grundy_is db' -a %s -d %s\n", shQuote(d.Path), shQuote(shortText(d.Short)))
	}
	for _, d := range ds {
		is := shQuote("__grundy_is " + shQuote(d.Path))
		for _, f := range d.Flags {
			opt := "-l " + f.Name
			if len(f.Name) == 1 {
				opt = "-s " + f.Name
			}
			if f.Arg != "" {
				opt += fishValue(ds, f.Arg)
			}
			fmt.Fprintf(w, "complete -c grundy -n %s %s -d %s\n", is, opt, shQuote(shortText(f.Usage)))
		}
		if arg := d.positional(); arg != "" {
			switch k, _ := completion(arg); k {
			case completeFile, completeDir:
				fmt.Fprintf(w, "complete -c grundy -n %s%s\n", is, fishAction(ds, arg))
			case completeNothing:
			default:
				fmt.Fprintf(w, "complete -c grundy -n %s%s\n", shQuote("__grundy_first "+shQuote(d.Path)), fishAction(ds, arg))
			}
		}
	}
}

// fishValue is what complete's options say of a flag's value: -x (no files) unless it is one.
func fishValue(ds []cmdDoc, arg string) string {
	if k, _ := completion(arg); k == completeFile {
		return " -r -F"
	}
	return " -x" + fishAction(ds, arg)
}

// fishAction is what complete's options say placeholder arg completes to.
func fishAction(ds []cmdDoc, arg string) string {
	switch k, ws := completion(arg); k {
	case completeFile:
		return " -F"
	case completeDir:
		return " -a '(__fish_complete_directories)'"
	case completeGame:
		return " -a " + shQuote(strings.Join(gameWords(), " "))
	case completeCommand:
		return " -a " + shQuote(names(subcommands(ds, "")))
	case completeWords:
		return " -a " + shQuote(strings.Join(ws, " "))
	}
	return ""
}
