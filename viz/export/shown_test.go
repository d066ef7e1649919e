package export

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// collapsed returns an expansion in which every node is open except the given ones, as a
// tree view reports it.
func collapsed(ids ...int) func(int) bool {
	return func(id int) bool {
		for _, c := range ids {
			if id == c {
				return false
			}
		}
		return true
	}
}

// TestScene_Shown: a node the tree view shows collapsed is drawn with a "…" stub and none of
// its descendants, in the whole tree and in a subtree, and Depth still cuts below.
func TestScene_Shown(t *testing.T) {
	tests := []struct {
		name string
		opts []Option
		want census
	}{
		{"node 2 collapsed", []Option{Shown(collapsed(2))}, census{nodes: 4, edges: 3, stubs: 1,
			labels: "= 0|≠ 0|≠ 0|= 0"}},
		{"root collapsed", []Option{Shown(collapsed(0))}, census{nodes: 1, stubs: 1, labels: "= 0"}},
		{"subtree, node 7 collapsed", []Option{Root(5), Shown(collapsed(7))}, census{nodes: 4, edges: 3, stubs: 1,
			labels: "= 1|≠ 1|≠ 0|= 0"}},
		{"shown and depth", []Option{Shown(collapsed(1)), Depth(2)}, census{nodes: 4, edges: 3, stubs: 2}},
	}
	fs, err := theFonts()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		cfg, err := newConfig(tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		d, err := scene(cramTree(), cfg, fs)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := take(d.pic)
		if tc.want.labels == "" {
			got.labels = ""
		}
		if got != tc.want {
			t.Errorf("%s: scene shows %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestWriteSVG_Shown: the SVG of a partly collapsed tree leaves out the positions under the
// collapsed node and marks it with "…".
func TestWriteSVG_Shown(t *testing.T) {
	var all, part bytes.Buffer
	if err := WriteSVG(&all, cramTree()); err != nil {
		t.Fatal(err)
	}
	if err := WriteSVG(&part, cramTree(), Shown(collapsed(2))); err != nil {
		t.Fatal(err)
	}
	if got := stubDots(all.String()); got != 0 {
		t.Errorf("the whole tree's SVG has %d rows of three dots, want 0", got)
	}
	if got := stubDots(part.String()); got != 1 {
		t.Errorf("the collapsed tree's SVG has %d \"…\" stubs (rows of three dots), want 1", got)
	}
	for _, label := range []string{">= 1</text>", ">≠ 1</text>"} { // only under node 2
		if !strings.Contains(all.String(), label) || strings.Contains(part.String(), label) {
			t.Errorf("%q: in the whole tree %v, in the collapsed one %v; want only in the whole",
				label, strings.Contains(all.String(), label), strings.Contains(part.String(), label))
		}
	}
}

// stubDots counts the "…" stubs of an SVG: draw.Node draws one as three small circles of the
// same radius on a line.
func stubDots(svg string) int {
	var cs [][]string
	for _, m := range circleRE.FindAllStringSubmatch(svg, -1) {
		cs = append(cs, m[1:])
	}
	n := 0
	for i := 0; i+2 < len(cs); i++ {
		a, b, c := cs[i], cs[i+1], cs[i+2]
		if a[1] == b[1] && b[1] == c[1] && a[2] == b[2] && b[2] == c[2] && a[0] != b[0] {
			n++
			i += 2
		}
	}
	return n
}

var circleRE = regexp.MustCompile(`<circle cx="([-0-9.]+)" cy="([-0-9.]+)" r="([-0-9.]+)"`)

// TestWritePNG_ShownGolden compares the PNG of a partly collapsed tree (node 2 collapsed, at
// 96 dpi) with testdata/cram3x3-collapsed.png, allowing a few pixels of antialiasing to
// differ; -update rewrites it.
func TestWritePNG_ShownGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePNG(&buf, cramTree(), Shown(collapsed(2)), DPI(96)); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "cram3x3-collapsed.png")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if n, total := pixelsDiffering(got, want); n < 0 || n > total/200 {
		t.Errorf("the PNG differs from %s: %d of %d pixels (sizes %v, %v)", golden, n, total, got.Bounds(), want.Bounds())
	}
}

// pixelsDiffering counts the pixels of a and b whose channels differ by more than 16 of 255,
// or returns -1 when the images differ in size.
func pixelsDiffering(a, b image.Image) (n, total int) {
	r := a.Bounds()
	if r != b.Bounds() {
		return -1, r.Dx() * r.Dy()
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) {
				n++
			}
		}
	}
	return n, r.Dx() * r.Dy()
}

func far(x, y uint32) bool { return max(x, y)-min(x, y) > 16<<8 }
