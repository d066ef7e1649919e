package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

var cmdVersion = &Command{
	Name:      "version",
	UsageLine: "version",
	Short:     "the module version and VCS revision of this build",
	Run:       runVersion,
}

func runVersion(ctx context.Context, env *Env, args []string) int {
	pos, err := parseArgs(flag.NewFlagSet("version", flag.ContinueOnError), args)
	if err == nil && len(pos) > 0 {
		err = usagef("takes no arguments")
	}
	if err != nil {
		return fail(env, "version", err)
	}
	info, _ := debug.ReadBuildInfo()
	writeVersion(env.Stdout, info)
	return exitOK
}

// writeVersion prints the module version the go command stamped into the build (a tag, or
// a pseudo-version from the commit; "(devel)" when it had no VCS), then the commit, its
// time and whether the work tree had changes, as `go version -m` reads them.
func writeVersion(w io.Writer, info *debug.BuildInfo) {
	if info == nil {
		fmt.Fprintf(w, "grundy (no build information)\n%s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
		return
	}
	fmt.Fprintf(w, "grundy %s\n", info.Main.Version)
	vcs := map[string]string{}
	for _, s := range info.Settings {
		vcs[s.Key] = s.Value
	}
	if rev := vcs["vcs.revision"]; rev != "" {
		fmt.Fprintf(w, "revision %s", rev)
		if t := vcs["vcs.time"]; t != "" {
			fmt.Fprintf(w, " (%s)", t)
		}
		if vcs["vcs.modified"] == "true" {
			fmt.Fprint(w, ", with uncommitted changes")
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintln(w, "revision unknown (built outside a git checkout, or with -buildvcs=false)")
	}
	fmt.Fprintf(w, "%s %s/%s\n", info.GoVersion, runtime.GOOS, runtime.GOARCH)
}
