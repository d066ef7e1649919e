package native

import (
	"github.com/sqweek/dialog"

	"grundy/app/workbench"
)

var _ workbench.FolderPicker = (*Picker)(nil)

// Folder shows the native dialog that chooses a directory (the facts store's).
func (p *Picker) Folder(title string, done func(string, error)) {
	p.run(done, func() (string, error) { return dialog.Directory().Title(title).Browse() })
}
