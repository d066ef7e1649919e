package cli

import (
	"bytes"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The exports of `grundy tree` as a paper's author meets them (issue 11): a figure one column
// wide, an SVG that other programs draw, a TikZ picture that pdflatex compiles.

// widthWarning is the one line `tree` writes when the picture is wider than --width.
var widthWarning = regexp.MustCompile(`^grundy tree: \S+ is (\d+) pt wide, more than --width (\d+), to keep labels at 5 pt or more; (--depth (\d+) fits|not even the root fits)\n$`)

// pdfWidth reads the width of a PDF's page from its MediaBox.
func pdfWidth(t *testing.T, name string) float64 {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`/MediaBox\s*\[\s*0 0 ([0-9.]+) ([0-9.]+)\s*\]`).FindSubmatch(data)
	if m == nil {
		t.Fatalf("%s: no MediaBox", name)
	}
	w, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestTree_Width: `tree cram 3x4 --width 240 -o t.pdf` writes a page at most 240 pt wide, or
// says in one line how wide it is and which depth fits; that depth then fits, silently.
func TestTree_Width(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "t.pdf")
	code, _, errOut := grundy("tree", "cram", "3x4", "--width", "240", "-o", file)
	if code != 0 {
		t.Fatalf("tree --width 240: exit %d, %s", code, errOut)
	}
	w := pdfWidth(t, file)
	if w <= 240.01 {
		if errOut != "" {
			t.Errorf("tree --width 240: a page %g pt wide, and stderr %q", w, errOut)
		}
		return
	}
	m := widthWarning.FindStringSubmatch(errOut)
	if m == nil {
		t.Fatalf("tree --width 240: a page %g pt wide, stderr %q; want one line saying so and the depth that fits", w, errOut)
	}
	if said, _ := strconv.Atoi(m[1]); math.Abs(float64(said)-w) > 1 {
		t.Errorf("tree --width 240: stderr says %s pt, the page is %g", m[1], w)
	}
	if m[4] == "" {
		t.Fatalf("tree --width 240: %q, want a depth that fits", errOut)
	}
	code, _, errOut = grundy("tree", "cram", "3x4", "--width", "240", "--depth", m[4], "-o", file)
	if w := pdfWidth(t, file); code != 0 || errOut != "" || w > 240.01 {
		t.Errorf("tree --width 240 --depth %s: exit %d, page %g pt wide, stderr %q; want a silent fit", m[4], code, w, errOut)
	}
	depth, _ := strconv.Atoi(m[4])
	deeper := strconv.Itoa(depth + 1)
	if _, _, errOut = grundy("tree", "cram", "3x4", "--width", "240", "--depth", deeper, "-o", file); !widthWarning.MatchString(errOut) {
		t.Errorf("tree --width 240 --depth %s: stderr %q, want the warning (depth %s is said to be the largest that fits)", deeper, errOut, m[4])
	}
}

// TestTree_SVG: the SVG of cram 3x4 has its labels as <text>, ≠ among them, no <path>, and
// librsvg and ImageMagick draw it alike, when they are installed.
func TestTree_SVG(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "t.svg")
	if code, _, errOut := grundy("tree", "cram", "3x4", "-o", file); code != 0 {
		t.Fatalf("tree -o t.svg: exit %d, %s", code, errOut)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	texts := regexp.MustCompile(`<text[^>]*>([^<]*)</text>`).FindAllSubmatch(data, -1)
	neq := 0
	for _, m := range texts {
		if bytes.Contains(m[1], []byte("≠")) {
			neq++
		}
	}
	if neq == 0 || bytes.Contains(data, []byte("<path")) {
		t.Errorf("t.svg: %d <text> elements, %d with ≠, <path> present: %v; want ≠ in <text> and no path",
			len(texts), neq, bytes.Contains(data, []byte("<path")))
	}
	rsvg, err1 := exec.LookPath("rsvg-convert")
	convert, err2 := exec.LookPath("convert")
	if err1 != nil || err2 != nil {
		t.Skip("rsvg-convert or convert not installed (apt packages librsvg2-bin, imagemagick)")
	}
	if out, err := exec.Command(convert, "-version").Output(); err != nil || !bytes.Contains(out, []byte("ImageMagick")) {
		t.Skipf("%s is not ImageMagick's convert", convert)
	}
	const width = 1600
	draw := func(out, name string, args ...string) float64 {
		if msg, err := exec.Command(name, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, msg)
		}
		return darkShare(t, out, width)
	}
	rsvgPNG, imPNG := filepath.Join(dir, "rsvg.png"), filepath.Join(dir, "im.png")
	a := draw(rsvgPNG, rsvg, "-b", "white", "-w", strconv.Itoa(width), "-o", rsvgPNG, file)
	b := draw(imPNG, convert, "-background", "white", "-density", "300", file, "-flatten", "-resize", strconv.Itoa(width)+"x", imPNG)
	if a < 0.01 || b < 0.01 || math.Abs(a-b) > 0.25*max(a, b) {
		t.Errorf("t.svg: dark share %.3f drawn by rsvg-convert, %.3f by ImageMagick; want both above 1%% and within 25%%", a, b)
	}
}

// darkShare returns the share of a PNG's pixels that are darker than half grey, checking
// its width.
func darkShare(t *testing.T, name string, width int) float64 {
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
	b := img.Bounds()
	if b.Dx() != width {
		t.Fatalf("%s: %d pixels wide, want %d", name, b.Dx(), width)
	}
	dark := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			if (r+g+bl)/3+(0xffff-a) < 0x8000 { // transparency over white
				dark++
			}
		}
	}
	return float64(dark) / float64(b.Dx()*b.Dy())
}

// TestTree_TeX: the .tex of a Cram tree and of a Sprouts tree (whose notation has | and .)
// compiles with pdflatex, when it is installed, to a page as wide as the PDF's.
func TestTree_TeX(t *testing.T) {
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		t.Skip("pdflatex not installed (apt packages texlive-latex-extra, texlive-pictures)")
	}
	for _, args := range [][]string{{"cram", "3x4", "--depth", "2"}, {"sprouts", "0*2"}} {
		dir := t.TempDir()
		tex, pdf := filepath.Join(dir, "t.tex"), filepath.Join(dir, "ref.pdf")
		for _, out := range []string{tex, pdf} {
			if code, _, errOut := grundy(append([]string{"tree"}, append(args, "-o", out)...)...); code != 0 {
				t.Fatalf("tree %v -o %s: exit %d, %s", args, filepath.Base(out), code, errOut)
			}
		}
		cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "t.tex")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("pdflatex (tree %v): %v\n%s", args, err, lastLines(string(out), 15))
		}
		pdfinfo, err := exec.LookPath("pdfinfo") // pdflatex compresses its page objects
		if err != nil {
			continue
		}
		info, err := exec.Command(pdfinfo, filepath.Join(dir, "t.pdf")).Output()
		m := regexp.MustCompile(`Page size:\s+([0-9.]+) x`).FindSubmatch(info)
		if err != nil || m == nil {
			t.Fatalf("pdfinfo t.pdf: %v, %s", err, info)
		}
		got, _ := strconv.ParseFloat(string(m[1]), 64)
		if want := pdfWidth(t, pdf); math.Abs(got-want) > 0.2 {
			t.Errorf("tree %v: the compiled .tex is %g pt wide, the .pdf %g", args, got, want)
		}
	}
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// tree's memory budget: a tree past it exits 2 and says so; a budget past the machine's
// memory exits 2 before any work.
func TestTree_CacheMB(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := grundy("tree", "cram", "4x8", "-o", filepath.Join(dir, "t.json"), "--cache-mb", "1"); code != 2 || !strings.Contains(errOut, "too large") {
		t.Errorf("tree cram 4x8 --cache-mb 1: exit %d, %q; want 2 and the tree too large", code, errOut)
	}
	if code, _, errOut := grundy("tree", "cram", "3x4", "-o", filepath.Join(dir, "t.json"), "--cache-mb", "1000000"); code != 2 || !strings.Contains(errOut, "memory") {
		t.Errorf("tree --cache-mb 1000000: exit %d, %q; want 2 and the memory named", code, errOut)
	}
	if code, _, errOut := grundy("tree", "cram", "3x4", "-o", filepath.Join(dir, "t.json"), "--cache-mb", "16"); code != 0 {
		t.Errorf("tree cram 3x4 --cache-mb 16: exit %d, %q", code, errOut)
	}
}

// A minimised proof's certificate is what Glop's check used of it: no more couples than the
// tree's, and db check derives the outcome from it without theory.
func TestTree_MinimizedCertificate(t *testing.T) {
	dir := t.TempDir()
	out, cert := filepath.Join(dir, "t.json"), filepath.Join(dir, "t.txt")
	code, stdout, errOut := grundy("tree", "sprouts", "0*5", "--outcome-only", "--no-db", "--minimize", "10x", "-o", out, "--certificate", cert)
	if code != 0 {
		t.Fatalf("tree: exit %d, %s", code, errOut)
	}
	m := regexp.MustCompile(`the certificate, (\d+) losing couples[\s\S]*; (\d+) nodes, (\d+) losing couples`).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("tree's output %q", stdout)
	}
	if c, tree := atoi(t, m[1]), atoi(t, m[3]); c > tree || c == 0 {
		t.Errorf("certificate %d losing couples, tree %d", c, tree)
	}
	if code, stdout, errOut := grundy("db", "check", cert, "--game", "sprouts", "0*5", "--no-theory"); code != 0 || !strings.HasPrefix(stdout, "ok: ") {
		t.Errorf("db check of the certificate: exit %d, %s%s", code, stdout, errOut)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// tree --certificate without -o writes the proof's losing couples alone: as many as the
// tree's certificate holds, and db check derives the nimber from them in an empty store.
// Without a tree, --minimize is refused; a certificate's missing folder is said before the
// search.
func TestTree_CertificateOnly(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	dir := t.TempDir()
	alone, withTree := filepath.Join(dir, "alone.txt"), filepath.Join(dir, "with.txt")
	code, stdout, errOut := grundy("tree", "cram", "4x5", "--no-db", "--certificate", alone)
	m := regexp.MustCompile(`\(4x5, (\d+)\) is L; the certificate, (\d+) losing couples of a proof of (\d+) couples`).FindStringSubmatch(stdout)
	if code != 0 || m == nil {
		t.Fatalf("tree --certificate without -o: exit %d, %q %q", code, stdout, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "t.json")); err == nil {
		t.Error("a tree was written")
	}
	code, stdout, errOut = grundy("tree", "cram", "4x5", "--no-db", "-o", filepath.Join(dir, "t.json"), "--certificate", withTree)
	n := regexp.MustCompile(`the certificate, (\d+) losing couples[\s\S]*\(4x5, (\d+)\) is L; (\d+) nodes`).FindStringSubmatch(stdout)
	if code != 0 || n == nil {
		t.Fatalf("tree -o --certificate: exit %d, %q %q", code, stdout, errOut)
	}
	if m[1] != n[2] || m[2] != n[1] || m[3] != n[3] {
		t.Errorf("alone: nimber %s, %s losing couples of %s; with the tree: nimber %s, %s of %s", m[1], m[2], m[3], n[2], n[1], n[3])
	}
	code, stdout, errOut = grundy("db", "check", alone, "--game", "cram", "4x5", "--no-theory")
	if code != 0 || !strings.Contains(stdout, `nimber("4x5") = `+m[1]) {
		t.Errorf("db check of the certificate alone: exit %d, %q %q", code, stdout, errOut)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--certificate", alone, "--minimize", "10x"}, "only a tree is made smaller"},
		{[]string{"--certificate", filepath.Join(dir, "none", "c.txt")}, "no such file or directory"},
	} {
		code, _, errOut := grundy(append([]string{"tree", "cram", "3x4", "--no-db"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("tree %v: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}
