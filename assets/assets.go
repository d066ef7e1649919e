package assets

import (
	"embed"
	"path"
	"slices"
)

//go:embed icon.png
var icon []byte

//go:embed examples/*.json
var examples embed.FS

// Icon returns the PNG of the application icon, 512 × 512.
func Icon() []byte { return icon }

// An Example is a bundled position file.
type Example struct {
	Name string // file name, such as "cram-figure4.json"
	Data []byte // the file
}

// Examples returns the bundled examples, sorted by name.
func Examples() []Example {
	entries, err := examples.ReadDir("examples")
	if err != nil {
		panic("assets: embedded examples are missing: " + err.Error())
	}
	var out []Example
	for _, e := range entries {
		data, err := examples.ReadFile(path.Join("examples", e.Name()))
		if err != nil {
			panic("assets: embedded example unreadable: " + err.Error())
		}
		out = append(out, Example{Name: e.Name(), Data: data})
	}
	slices.SortFunc(out, func(a, b Example) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return out
}
