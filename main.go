// Command grundy is Grundy Workbench: with no arguments it opens the workbench window;
// otherwise it runs the command line (see package cli, or `grundy help`).
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"

	_ "a.grundy.local/earlyenv" // before fyne's init: see its doc
	"grundy/cli"
)

func main() {
	if len(os.Args) == 1 {
		os.Exit(openWorkbench())
	}
	// Ctrl-C stops a search cleanly: the command prints what was proven and exits 3. So do
	// SIGTERM (kill, a service manager, a batch system's time limit) and SIGHUP (the terminal
	// closed), which would otherwise end the process with nothing printed.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	endProfile := profileCPU()
	// fyne's driver locks this goroutine to the main thread in its init, for the window. The
	// command line opens none, and a search on a locked thread hands its core away at each
	// preemption and waits to get it back: it runs on a goroutine of its own.
	code := make(chan int)
	go func() { code <- cli.Main(ctx, os.Args[1:], os.Stdout, os.Stderr) }()
	c := <-code
	endProfile() // os.Exit runs no deferred call
	os.Exit(c)
}

// profileCPU writes a CPU profile of the command to the file GRUNDY_CPUPROFILE names, when
// set (`go tool pprof FILE`: where a long search spends its time, on the user's own run),
// and returns what ends it.
func profileCPU() func() {
	name := os.Getenv("GRUNDY_CPUPROFILE")
	if name == "" {
		return func() {}
	}
	f, err := os.Create(name)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		os.Stderr.WriteString("grundy: GRUNDY_CPUPROFILE: " + err.Error() + "\n")
		return func() {}
	}
	return func() { pprof.StopCPUProfile(); f.Close() }
}
