// Command grundy is Grundy Workbench: with no arguments it opens the workbench window;
// otherwise it runs the command line (see package cli, or `grundy help`).
package main

import (
	"context"
	"os"
	"os/signal"

	_ "a.grundy.local/earlyenv" // before fyne's init: see its doc
	"grundy/cli"
)

func main() {
	if len(os.Args) == 1 {
		os.Exit(openWorkbench())
	}
	// Ctrl-C stops a search cleanly: the command prints what was proven and exits 3.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(cli.Main(ctx, os.Args[1:], os.Stdout, os.Stderr))
}
