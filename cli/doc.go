// Package cli is the grundy command line, the contract of DESIGN.md that scripts depend on:
//
//	grundy games                            # lists games and notations
//	grundy solve GAME POSITION [--json] [--outcome-only] [--algo couples|elementary|mex]
//	                           [--cache-mb N] [--timeout 30s]
//	grundy tree  GAME POSITION -o FILE      # FILE ends in .json
//	grundy check FILE.json                  # exit 0: the proof holds; 1: it does not, and why
//	grundy seq   GAME --to N [--json]       # nimbers of one heap 0..N, with period if found
//
// Bad input exits with status 2 and one line on stderr that names what was wrong; a timeout
// or Ctrl-C exits with status 3 after printing what was proven.
//
// `grundy COMMAND -h` prints a command's usage and flags. The same flag definitions write
// the completion scripts (`grundy completion bash|zsh|fish`), the man page and the reference,
// docs/cli.md, which `go generate` rewrites (see help.go and reference.go).
package cli

//go:generate go run grundy/internal/gendoc -o ../docs/cli.md markdown
