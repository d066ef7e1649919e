package export

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"grundy/engine"
)

var (
	update  = flag.Bool("update", false, "rewrite the golden files in testdata")
	samples = flag.String("samples", "", "also write every export of the sample trees to this directory")
)

// goldenTrees are the trees with an SVG golden in testdata.
var goldenTrees = []struct {
	name string
	tree func() *engine.Tree
}{
	{"cram3x3", cramTree},
	{"kayles4", kaylesTree},
}

// TestWrite_Golden compares the SVG and the TikZ of each golden tree with testdata/NAME.svg
// and NAME.tex (go/printer style: -update rewrites them), and checks that a second export
// gives the same bytes.
func TestWrite_Golden(t *testing.T) {
	for _, tc := range goldenTrees {
		for _, format := range []string{".svg", ".tex"} {
			t.Run(tc.name+format, func(t *testing.T) { checkGolden(t, tc.name, format, tc.tree) })
		}
	}
}

// checkGolden compares an export with testdata/NAME.FORMAT.
func checkGolden(t *testing.T, name, format string, tree func() *engine.Tree) {
	var got, again bytes.Buffer
	if err := Write(&got, format, tree()); err != nil {
		t.Fatalf("Write: %v", err)
	}
	if err := Write(&again, format, tree()); err != nil {
		t.Fatalf("Write (again): %v", err)
	}
	if !bytes.Equal(got.Bytes(), again.Bytes()) {
		t.Fatal("two exports of the same tree differ")
	}
	golden := filepath.Join("testdata", name+format)
	if *update {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		// Go may fuse multiply-adds on some architectures, which can move the last
		// printed digit of a coordinate; the goldens are made on amd64.
		t.Errorf("Write(%s, %s) differs from %s (GOARCH %s): %s; run go test -update and review the diff",
			name, format, golden, runtime.GOARCH, firstDiff(got.Bytes(), want))
	}
}

// firstDiff describes where got first differs from want.
func firstDiff(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	context := func(b []byte) []byte { return b[max(0, i-20):min(len(b), i+40)] }
	return fmt.Sprintf("at byte %d, got …%s…, want …%s…", i, context(got), context(want))
}

// TestWriteSVG_XML decodes the whole SVG document and checks its root element, that labels
// are <text> elements (≠ among them), that there is no <path>, and that every number is
// plain: digits, at most one point, a digit before it (ImageMagick misreads compact syntax).
func TestWriteSVG_XML(t *testing.T) {
	for _, tc := range goldenTrees {
		var buf bytes.Buffer
		if err := WriteSVG(&buf, tc.tree()); err != nil {
			t.Fatalf("WriteSVG(%s): %v", tc.name, err)
		}
		dec := xml.NewDecoder(&buf)
		var root xml.Name
		var texts []string
		elements := map[string]int{}
		inText := false
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("WriteSVG(%s): invalid XML: %v", tc.name, err)
			}
			switch tok := tok.(type) {
			case xml.StartElement:
				if root.Local == "" {
					root = tok.Name
				}
				elements[tok.Name.Local]++
				inText = tok.Name.Local == "text"
				for _, a := range tok.Attr {
					if tok.Name.Local != "svg" && plainNumber[a.Name.Local] && !isPlainNumber(a.Value) {
						t.Errorf("WriteSVG(%s): <%s %s=%q>, want a plain number", tc.name, tok.Name.Local, a.Name.Local, a.Value)
					}
				}
			case xml.CharData:
				if inText {
					texts = append(texts, string(tok))
				}
			case xml.EndElement:
				inText = false
			}
		}
		all := strings.Join(texts, "|")
		if root.Local != "svg" || elements["path"] > 0 || elements["text"] < 10 || elements["rect"] < 10 ||
			!strings.Contains(all, "≠ ") || !strings.Contains(all, "= ") {
			t.Errorf("WriteSVG(%s): root <%s>, elements %v, texts %q; want <svg>, no path, and labels as <text>",
				tc.name, root.Local, elements, all)
		}
	}
}

// plainNumber names the attributes that hold one number.
var plainNumber = map[string]bool{"x": true, "y": true, "width": true, "height": true, "x1": true, "y1": true,
	"x2": true, "y2": true, "cx": true, "cy": true, "r": true, "stroke-width": true, "font-size": true}

// isPlainNumber reports whether s is an optional minus, digits, and optionally a point and
// more digits.
func isPlainNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	digits := func(s string) bool { return strings.Trim(s, "0123456789") == "" }
	return whole != "" && digits(whole) && digits(frac) && !strings.HasSuffix(s, ".")
}

// TestWritePDF checks the header and, when poppler's pdftoppm is installed, that it renders.
func TestWritePDF(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePDF(&buf, cramTree()); err != nil {
		t.Fatalf("WritePDF: %v", err)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF")) {
		t.Fatalf("WritePDF: output starts %q, want %%PDF", buf.Bytes()[:min(8, buf.Len())])
	}
	if !bytes.Contains(buf.Bytes(), []byte("/FontFile")) {
		t.Error("WritePDF: no embedded font")
	}
	pdftoppm, err := exec.LookPath("pdftoppm")
	if err != nil {
		t.Skip("pdftoppm not installed (apt package poppler-utils)")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "tree.pdf")
	if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftoppm, "-png", "-r", "150", in, filepath.Join(dir, "page")).CombinedOutput()
	if err != nil || len(bytes.TrimSpace(out)) > 0 {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
}

// TestWritePNG checks the pixel size for several resolutions and the recorded pHYs.
func TestWritePNG(t *testing.T) {
	for _, dpi := range []float64{72, 150, 300} {
		var buf bytes.Buffer
		if err := WritePNG(&buf, cramTree(), DPI(dpi)); err != nil {
			t.Fatalf("WritePNG(DPI(%g)): %v", dpi, err)
		}
		img, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("WritePNG(DPI(%g)): decoding: %v", dpi, err)
		}
		size, err := Measure(cramTree())
		if err != nil {
			t.Fatal(err)
		}
		wantW, wantH := int(math.Round(size.Width/72*dpi)), int(math.Round(size.Height/72*dpi))
		if got := img.Bounds().Size(); abs(got.X-wantW) > 1 || abs(got.Y-wantH) > 1 {
			t.Errorf("WritePNG(DPI(%g)): %dx%d pixels, want %dx%d", dpi, got.X, got.Y, wantW, wantH)
		}
		x, y, ok := readPHYs(buf.Bytes())
		if !ok || math.Abs(x-dpi) > 0.1 || math.Abs(y-dpi) > 0.1 {
			t.Errorf("WritePNG(DPI(%g)): pHYs %g x %g dpi (found %v)", dpi, x, y, ok)
		}
	}
}

func abs(x int) int { return max(x, -x) }

// TestWrite dispatches on the extension and refuses an unknown one.
func TestWrite(t *testing.T) {
	tests := []struct {
		format, prefix string
	}{
		{".svg", "<?xml"}, {".SVG", "<?xml"}, {".pdf", "%PDF"}, {".png", "\x89PNG"}, {".tex", "% Solution tree"},
	}
	for _, tc := range tests {
		var buf bytes.Buffer
		if err := Write(&buf, tc.format, kaylesTree(), DPI(72)); err != nil {
			t.Errorf("Write(%q): %v", tc.format, err)
			continue
		}
		if !strings.HasPrefix(buf.String(), tc.prefix) {
			t.Errorf("Write(%q) starts %q, want %q", tc.format, buf.String()[:min(8, buf.Len())], tc.prefix)
		}
	}
	if err := Write(io.Discard, ".jpg", kaylesTree()); err == nil {
		t.Error(`Write(".jpg") succeeded, want an error`)
	}
}

// TestWrite_Errors covers broken trees and options: an error, never a panic.
func TestWrite_Errors(t *testing.T) {
	badChild := cramTree()
	badChild.Nodes[1].Children = []int{42}
	tests := []struct {
		name string
		tree *engine.Tree
		opts []Option
	}{
		{"nil tree", nil, nil},
		{"no nodes", &engine.Tree{Game: "cram"}, nil},
		{"child out of range", badChild, nil},
		{"root out of range", cramTree(), []Option{Root(10)}},
		{"dpi zero", cramTree(), []Option{DPI(0)}},
		{"dpi NaN", cramTree(), []Option{DPI(math.NaN())}},
		{"negative width", cramTree(), []Option{MaxWidth(-1)}},
		{"label size zero", cramTree(), []Option{MinLabelSize(0)}},
		{"png too large", wideTree(300), []Option{DPI(2400), MaxWidth(0)}},
	}
	for _, tc := range tests {
		for _, f := range Formats {
			if err := Write(io.Discard, f, tc.tree, tc.opts...); err == nil && (f == ".png" || tc.name != "png too large") {
				t.Errorf("%s: Write(%s) succeeded, want an error", tc.name, f)
			}
		}
	}
}

// wideTree is a root with n leaves.
func wideTree(n int) *engine.Tree {
	t := &engine.Tree{Format: engine.TreeFormat, Game: "nim", Nodes: []engine.Node{nd(0, "5", 0, "L")}}
	for i := 1; i <= n; i++ {
		t.Nodes[0].Children = append(t.Nodes[0].Children, i)
		t.Nodes = append(t.Nodes, nd(i, "4", 0, "W"))
	}
	return t
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestWrite_WriterError reports the writer's error.
func TestWrite_WriterError(t *testing.T) {
	for _, f := range Formats {
		if err := Write(failWriter{}, f, cramTree()); err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("Write(%s) to a failing writer = %v, want disk full", f, err)
		}
	}
}

// TestSamples writes every export of every sample tree to -samples, for looking at, and
// of every tree saved as JSON in that directory.
func TestSamples(t *testing.T) {
	if *samples == "" {
		t.Skip("no -samples directory")
	}
	trees := sampleTrees()
	trees["cram3x3"], trees["kayles4"], trees["special"] = cramTree(), kaylesTree(), specialTree()
	if err := os.MkdirAll(*samples, 0o755); err != nil {
		t.Fatal(err)
	}
	opts := map[string][]Option{"kayles4-depth2": {Depth(2)}}
	trees["kayles4-depth2"] = kaylesTree()
	saved, _ := filepath.Glob(filepath.Join(*samples, "*.json"))
	for _, name := range saved { // trees saved by `grundy tree … -o DIR/NAME.json`
		tree, err := readTree(name)
		if err != nil {
			t.Fatal(err)
		}
		trees[strings.TrimSuffix(filepath.Base(name), ".json")] = tree
	}
	for name, tree := range trees {
		for _, f := range Formats {
			var buf bytes.Buffer
			if err := Write(&buf, f, tree, opts[name]...); err != nil {
				t.Fatalf("%s%s: %v", name, f, err)
			}
			if err := os.WriteFile(filepath.Join(*samples, name+f), buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// readTree reads a saved tree.
func readTree(name string) (*engine.Tree, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return engine.ReadTree(f)
}

// BenchmarkWrite exports the Figure-11-like tree and a bushier one in each format; the scene
// alone (layout and display lists, no renderer) is the baseline.
func BenchmarkWrite(b *testing.B) {
	trees := []struct {
		name string
		tree *engine.Tree
	}{{"kayles4", kaylesTree()}, {"wide100", wideTree(100)}}
	for _, tc := range trees {
		b.Run(tc.name+"/scene", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Measure(tc.tree); err != nil {
					b.Fatal(err)
				}
			}
		})
		for _, f := range Formats {
			b.Run(tc.name+"/"+f[1:], func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if err := Write(io.Discard, f, tc.tree); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
