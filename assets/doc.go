// Package assets holds the workbench's icon and its bundled example positions, embedded in
// the binary. It imports no fyne: the app turns the icon into a fyne resource.
//
// The icon is drawn by icon_gen.go (go run icon_gen.go). The examples are position files
// (format "grundy-position/1"): the paper's Figure 4 and 5 Cram positions, the two-component
// sum of Figures 9 and 10, and Kayles, Nim and Chomp positions.
package assets
