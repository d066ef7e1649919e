package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// buildGrundy builds the real binary, once for all the tests of this package (a link of the
// whole program takes seconds), into the temporary directory of TestMain.
func buildGrundy(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		built.bin = filepath.Join(testDir, "bin", "grundy")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.bin
}

// built is the binary buildGrundy made, or why it could not.
var built struct {
	once sync.Once
	bin  string
	out  []byte
	err  error
}

// run runs the binary in a C locale with no display, as on a server or in CI.
func run(bin string, args ...string) (int, string, string) {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "LC_ALL=", "DISPLAY=", "WAYLAND_DISPLAY=", "HOME="+os.TempDir())
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	return code, out.String(), errOut.String()
}

// TestBinary: the real binary keeps the command-line contract: a bad input is exit 2 and one
// line on stderr (nothing from the GUI toolkit's initialisation), a good one prints its answer,
// and with no display the workbench says so and exits 1 rather than panic.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildGrundy(t)
	code, _, errOut := run(bin, "solve", "cram", "12x11")
	if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "132 cells") {
		t.Errorf("solve cram 12x11: exit %d, stderr %q; want 2 and one line", code, errOut)
	}
	code, out, errOut := run(bin, "solve", "cram", "3x4", "--json")
	if code != 0 || errOut != "" || !strings.Contains(out, `"nimber":1`) {
		t.Errorf("solve cram 3x4: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = run(bin)
	if code != 1 || !strings.Contains(errOut, "no display") || strings.Contains(errOut, "panic") {
		t.Errorf("grundy with no display: exit %d, stderr %q", code, errOut)
	}
}

// TestOvernight: scripts/overnight.sh solves a list of positions with one store, one log and
// one file of answers, and passes its flags on (outcome only, misère, workers).
func TestOvernight(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin, dir := buildGrundy(t), t.TempDir()
	night := func(args ...string) []string {
		t.Helper()
		cmd := overnight(bin, dir, args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("overnight.sh %v: %v\n%s%s", args, err, out, stderr.Bytes())
		}
		return strings.Split(strings.TrimSpace(string(out)), "\n")
	}
	lines := night("-g", "sprouts", "-o", "-w", "1", "-l", "1m", "0*6", "0*9")
	if len(lines) != 2 || !strings.Contains(lines[1], "sprouts 0*9: answered") {
		t.Fatalf("overnight.sh said %q", lines)
	}
	night("-g", "sprouts", "-m", "0*4")
	results, err := os.ReadFile(filepath.Join(dir, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	answers := strings.Split(strings.TrimSpace(string(results)), "\n")
	if len(answers) != 3 || !strings.Contains(answers[0], `"outcome":"L"`) || !strings.Contains(answers[1], `"outcome":"W"`) ||
		strings.Contains(answers[1], `"nimber"`) || !strings.Contains(answers[2], `"misere":true`) {
		t.Errorf("results.jsonl: %q", answers)
	}
	if log, err := os.ReadFile(filepath.Join(dir, "log")); err != nil || !strings.Contains(string(log), "sprouts 0*9: done") {
		t.Errorf("log: %q, %v", log, err)
	}
	if code := exec.Command("bash", "scripts/overnight.sh", "-x").Run(); code == nil {
		t.Error("overnight.sh -x: exit 0, want a usage error")
	}
	if code := exec.Command("bash", "scripts/overnight.sh", "-r", "0", "3x4").Run(); code == nil {
		t.Error("overnight.sh -r 0: exit 0, want a usage error")
	}

	// Two rounds: a board stopped at its limit runs again after the others, one answered
	// does not. 3x14 takes seconds with this cache, more than its limit of a second.
	lines = night("-w", "1", "-l", "1s", "-r", "2", "3x14", "3x4")
	want := []string{"3x14: stopped after 1s; again after the others (round 2 of 2)", "3x4: answered", "3x14: "}
	if len(lines) != len(want) {
		t.Fatalf("overnight.sh -r 2 said %q", lines)
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) {
			t.Errorf("overnight.sh -r 2, line %d: %q, want %q in it", i, lines[i], w)
		}
	}
	log, err := os.ReadFile(filepath.Join(dir, "log"))
	if n := strings.Count(string(log), "cram 3x14: start"); err != nil || n != 2 {
		t.Errorf("log: 3x14 started %d times, want 2 (%v)", n, err)
	}

	// Taken up by its options (-s 1): 3x11 stopped at once, the options a thousand nodes
	// leave undecided are each run (and stopped at once), then 3x11 again.
	lines = night("-w", "1", "-o", "-l", "1ms", "-s", "1", "3x11")
	n := 0
	if len(lines) > 1 {
		fmt.Sscanf(lines[1], "cram 3x11: %d option", &n)
	}
	if n == 0 || len(lines) != n+3 || lines[0] != "cram 3x11: stopped after 1ms; taken up by its options" ||
		!strings.HasPrefix(lines[n+2], "cram 3x11: stopped after 1ms; run again") {
		t.Fatalf("overnight.sh -s 1 said %q", lines)
	}
	for _, l := range lines[2 : n+2] { // three rows of 11 cells, one domino placed
		opt, ok := strings.CutSuffix(strings.TrimPrefix(l, "cram "), ": stopped after 1ms")
		if !ok || strings.Count(opt, "#") != 2 || len(opt) != 3*11+2 {
			t.Errorf("overnight.sh -s 1: %q, want an option of 3x11 stopped", l)
		}
	}
	if err := exec.Command("bash", "scripts/overnight.sh", "-s", "x", "3x4").Run(); err == nil {
		t.Error("overnight.sh -s x: exit 0, want a usage error")
	}
}

// overnight is scripts/overnight.sh with the binary bin, its store, log and answers in dir, a
// cache of 64 MB and args, in a C locale with no display and the user's data out of reach.
func overnight(bin, dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("bash", append([]string{"scripts/overnight.sh", "-d", dir, "-c", "64"}, args...)...)
	cmd.Env = append(os.Environ(), "GRUNDY="+bin, "XDG_DATA_HOME="+dir, "LANG=C.UTF-8", "LC_ALL=", "DISPLAY=")
	return cmd
}

// TestOvernight_Interrupt: Ctrl-C (a SIGINT to the whole process group, as a terminal sends
// it) stops the list at the position being solved, which keeps what it proved; the script
// does not go on to the next position.
func TestOvernight_Interrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	cmd := overnight(buildGrundy(t), dir, "-w", "1", "-l", "10m", "4x9", "3x4")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	logFile := filepath.Join(dir, "log")
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		if log, _ := os.ReadFile(logFile); strings.Contains(string(log), "cram 4x9: start") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("4x9 did not start within a minute")
		}
	}
	time.Sleep(200 * time.Millisecond) // into the search
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 130 {
		t.Errorf("overnight.sh after Ctrl-C: %v, want exit status 130\n%s", err, stderr.Bytes())
	}
	log, _ := os.ReadFile(logFile)
	if !strings.Contains(string(log), "cram 4x9: stopped") || strings.Contains(string(log), "3x4") {
		t.Errorf("log after Ctrl-C: %q, want 4x9 stopped and 3x4 never started", log)
	}
}

// TestBinary_CPUProfile: GRUNDY_CPUPROFILE makes the command write a CPU profile (pprof's
// gzip-compressed format) that it ends before it exits; a file that cannot be made is said
// so on stderr, and the command runs all the same.
func TestBinary_CPUProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildGrundy(t)
	prof := filepath.Join(t.TempDir(), "cpu.prof")
	t.Setenv("GRUNDY_CPUPROFILE", prof)
	if code, out, errOut := run(bin, "solve", "cram", "3x7", "--no-db"); code != 0 || !strings.Contains(out, "nimber") {
		t.Fatalf("solve with a profile: exit %d, %q, %q", code, out, errOut)
	}
	b, err := os.ReadFile(prof)
	if err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Fatalf("GRUNDY_CPUPROFILE: %d bytes (%v), want a gzip-compressed profile", len(b), err)
	}
	t.Setenv("GRUNDY_CPUPROFILE", filepath.Join(t.TempDir(), "no", "such", "folder", "cpu.prof"))
	code, out, errOut := run(bin, "solve", "cram", "3x7", "--no-db")
	if code != 0 || !strings.Contains(out, "nimber") || !strings.Contains(errOut, "GRUNDY_CPUPROFILE") {
		t.Fatalf("an unwritable profile: exit %d, %q, %q; want the answer and a word on stderr", code, out, errOut)
	}
}
