package assets

import (
	"bytes"
	"encoding/json"
	"image/png"
	"testing"
)

func TestIcon(t *testing.T) {
	img, err := png.Decode(bytes.NewReader(Icon()))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 512 || b.Dy() != 512 {
		t.Fatalf("icon is %v, want 512×512", b)
	}
}

func TestExamples(t *testing.T) {
	exs := Examples()
	if len(exs) < 5 {
		t.Fatalf("%d examples", len(exs))
	}
	for _, ex := range exs {
		var f struct{ Format, Game, Position, Title string }
		if err := json.Unmarshal(ex.Data, &f); err != nil || f.Format != "grundy-position/1" || f.Game == "" || f.Title == "" {
			t.Errorf("%s: %+v, %v", ex.Name, f, err)
		}
	}
}
