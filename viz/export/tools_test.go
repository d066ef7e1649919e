package export

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"grundy/engine"
)

// Tests that hand the exports to the programs a reader uses: librsvg and ImageMagick for the
// SVG, pdflatex for the TikZ picture. Each is skipped when its program is not installed.

// specialTree has notations with every character TeX gives a meaning, as Sprouts' notation
// and an unknown game's text may hold them.
func specialTree() *engine.Tree {
	return &engine.Tree{Format: engine.TreeFormat, Game: "sprouts", Nodes: []engine.Node{
		nd(0, "0.1aCa|1a2a.AB", 0, "L", 1, 2, 3),
		nd(1, "0.0.}]!", 0, "W", 4),
		nd(2, `\{x}$&%#_^~<>--''`+"``?`!`", 1, "W", 4),
		nd(3, "a1a2 …  é", 0, "W", 4),
		nd(4, "!", 0, "L"),
	}}
}

// lookPath returns the path of a program, skipping the test when it is missing.
func lookPath(t *testing.T, name, apt string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not installed (apt package %s)", name, apt)
	}
	return p
}

// isImageMagick reports whether convert is ImageMagick's.
func isImageMagick() bool {
	out, err := exec.Command("convert", "-version").CombinedOutput()
	return err == nil && bytes.Contains(out, []byte("ImageMagick"))
}

// run runs a program, failing the test with its output if it fails.
func run(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, out)
	}
}

// darkShare returns the share of the pixels of a PNG that are dark (under half grey, any
// transparency laid over white), and its width.
func darkShare(t *testing.T, name string) (float64, int) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return countDark(img), img.Bounds().Dx()
}

func countDark(img image.Image) float64 {
	b := img.Bounds()
	dark := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			lum := (r+g+bl)/3 + (0xffff - a) // over white
			if lum < 0x8000 {
				dark++
			}
		}
	}
	return float64(dark) / float64(b.Dx()*b.Dy())
}

// A svgRenderer draws an SVG file as a PNG of a given width, in dir.
type svgRenderer struct {
	name string
	args func(svg, png string, width int) []string
}

// svgRenderers are the programs the SVG is checked with, when installed: librsvg, ImageMagick's
// own renderer (which misread the compact path syntax of the canvas SVG writer), Inkscape.
var svgRenderers = []svgRenderer{
	{"rsvg-convert", func(svg, png string, width int) []string {
		return []string{"-b", "white", "-w", strconv.Itoa(width), "-o", png, svg}
	}},
	{"convert", func(svg, png string, width int) []string {
		return []string{"-background", "white", "-density", "300", svg, "-flatten", "-resize", strconv.Itoa(width) + "x", png}
	}},
	{"inkscape", func(svg, png string, width int) []string {
		return []string{svg, "--export-type=png", "--export-background=white", "--export-background-opacity=1",
			"--export-width=" + strconv.Itoa(width), "--export-filename=" + png}
	}},
}

// TestWriteSVG_Renderers draws SVGs with each renderer installed, at the same width, and
// checks that none is blank and that they agree with librsvg on how much is dark: a renderer
// that misreads paths or fonts draws blobs, or nothing.
func TestWriteSVG_Renderers(t *testing.T) {
	lookPath(t, "rsvg-convert", "librsvg2-bin")
	var use []svgRenderer
	for _, r := range svgRenderers {
		if _, err := exec.LookPath(r.name); err != nil {
			continue
		}
		if r.name == "convert" && !isImageMagick() {
			continue
		}
		use = append(use, r)
	}
	if len(use) < 2 {
		t.Skip("only rsvg-convert installed: nothing to compare it with (apt packages imagemagick, inkscape)")
	}
	trees := map[string]*engine.Tree{"cram3x3": cramTree(), "kayles4": kaylesTree(), "sprouts": specialTree()}
	dir := t.TempDir()
	const width = 800
	for name, tree := range trees {
		svg := filepath.Join(dir, name+".svg")
		var buf bytes.Buffer
		if err := WriteSVG(&buf, tree, MaxWidth(0)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(svg, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		ref := 0.0
		for _, r := range use {
			out := filepath.Join(dir, name+"-"+r.name+".png")
			run(t, dir, r.name, r.args(svg, out, width)...)
			share, w := darkShare(t, out)
			t.Logf("%s: dark share %.4f (%s)", name, share, r.name)
			if ref == 0 {
				ref = share // rsvg-convert's, first in the list
			}
			if w != width || share < 0.01 || math.Abs(share-ref) > 0.25*max(share, ref) {
				t.Errorf("%s: %s draws %d px wide, dark share %.3f; want %d px, above 1%% and within 25%% of rsvg-convert's %.3f",
					name, r.name, w, share, width, ref)
			}
		}
	}
}

// TestWriteTeX_Compiles runs pdflatex on the TikZ export of trees of three families, one of
// them with notations full of TeX's special characters, and checks the page size against
// Measure.
func TestWriteTeX_Compiles(t *testing.T) {
	pdflatex := lookPath(t, "pdflatex", "texlive-latex-extra texlive-pictures")
	trees := map[string]*engine.Tree{"cram": cramTree(), "kayles": kaylesTree(), "sprouts": specialTree(),
		"nim": sampleTrees()["nim"]}
	dir := t.TempDir()
	for name, tree := range trees {
		var buf bytes.Buffer
		if err := WriteTeX(&buf, tree); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".tex"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		run(t, dir, pdflatex, "-interaction=nonstopmode", "-halt-on-error", name+".tex")
		log, err := os.ReadFile(filepath.Join(dir, name+".log"))
		if err != nil {
			t.Fatal(err)
		}
		if bad := regexp.MustCompile(`Missing character|Font shape .* undefined|Overfull`).Find(log); bad != nil {
			t.Errorf("%s.tex: pdflatex says %q", name, bad)
		}
		size, err := Measure(tree)
		if err != nil {
			t.Fatal(err)
		}
		if w, h, ok := pdfPageSize(t, filepath.Join(dir, name+".pdf")); ok &&
			(math.Abs(w-size.Width) > 0.2 || math.Abs(h-size.Height) > 0.2) {
			t.Errorf("%s.tex: page %g x %g pt, want %g x %g as Measure says", name, w, h, size.Width, size.Height)
		}
	}
}

// pdfPageSize reads the size of a PDF's first page with poppler's pdfinfo; ok is false when
// pdfinfo is not installed.
func pdfPageSize(t *testing.T, name string) (w, h float64, ok bool) {
	t.Helper()
	pdfinfo, err := exec.LookPath("pdfinfo")
	if err != nil {
		return 0, 0, false
	}
	out, err := exec.Command(pdfinfo, name).Output()
	if err != nil {
		t.Fatalf("pdfinfo %s: %v", name, err)
	}
	m := regexp.MustCompile(`Page size:\s+([0-9.]+) x ([0-9.]+) pts`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("pdfinfo %s: no page size in %s", name, out)
	}
	w, _ = strconv.ParseFloat(string(m[1]), 64)
	h, _ = strconv.ParseFloat(string(m[2]), 64)
	return w, h, true
}
