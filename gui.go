package main

import "grundy/app"

// openWorkbench opens the window, or says why it cannot (no display).
func openWorkbench() int { return app.Run() }
