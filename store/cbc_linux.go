package store

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel kill cmd when this process dies, however it dies: a solver
// left running alone after a kill -9 would take a core for hours.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
