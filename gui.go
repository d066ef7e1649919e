package main

import (
	"fmt"
	"os"
)

// openWorkbench opens the window. Until the window lands (issue 4) it says so.
func openWorkbench() int {
	fmt.Fprintln(os.Stderr, "grundy: the workbench window is not built yet; see `grundy help` for the command line")
	return 1
}
