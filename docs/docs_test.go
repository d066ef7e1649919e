// Package docs holds the user's documentation; its test keeps the documents to their rules.
package docs

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeMaxLines is the hard limit of README.md's length: it is a front page, the rest is in
// docs/.
const readmeMaxLines = 250

// userDocs lists the documents a user reads: README.md and docs/*.md. docs/design/ holds
// design history, where issue numbers and work sessions are allowed.
func userDocs(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no docs/*.md found: the test runs in docs/")
	}
	return append([]string{"../README.md"}, files...)
}

// allDocs lists every Markdown file whose links must hold: the user's documents and
// docs/design/*.md.
func allDocs(t *testing.T) []string {
	t.Helper()
	design, err := filepath.Glob("design/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append(userDocs(t), design...)
}

func TestReadme_IsShort(t *testing.T) {
	if n := len(lines(t, "../README.md")) - 1; n >= readmeMaxLines {
		t.Errorf("README.md has %d lines, want fewer than %d: move the details into docs/", n, readmeMaxLines)
	}
}

// journal matches what a user's document must not say: references to issues ("issue 12",
// "issues 13 and 14", "#12"), work sessions, and hours of the day ("08:33", "08:33 UTC").
var journal = []struct {
	what string
	re   *regexp.Regexp
}{
	{"an issue number", regexp.MustCompile(`(?i)\bissues?\s+#?\d+`)},
	{"an issue reference", regexp.MustCompile(`(^|[\s(\[])#\d+\b`)},
	{"a work session", regexp.MustCompile(`(?i)\bsessions?\b`)},
	{"an hour of the day", regexp.MustCompile(`\b([01]?\d|2[0-3]):[0-5]\d\b`)},
}

func TestDocs_NoJournal(t *testing.T) {
	for _, f := range userDocs(t) {
		for _, p := range journalHits(t, f) {
			t.Error(p)
		}
	}
}

// journalHits lists, one a line, what file f says that only a journal should.
func journalHits(t *testing.T, f string) []string {
	t.Helper()
	var hits []string
	for i, line := range lines(t, f) {
		for _, j := range journal {
			if m := j.re.FindString(line); m != "" {
				hits = append(hits, fmt.Sprintf("%s:%d: %s (%q): users read this; history goes to docs/design/", f, i+1, j.what, strings.TrimSpace(m)))
			}
		}
	}
	return hits
}

// lines returns the lines of file f.
func lines(t *testing.T, f string) []string {
	t.Helper()
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(b), "\n")
}

// The journal patterns catch what they are for, and not what documents ordinarily hold.
func TestJournal_Patterns(t *testing.T) {
	bad := []string{"(issue 12)", "issues 13 and 14", "see #12", "session 7", "Sessions", "at 08:33", "08:33 UTC", "23:59"}
	good := []string{"tls://127.0.0.1:4222", "[store](store.md#a-full-disk)", "TestStore_SecondSessionSeesFacts", "0*3.AB|0*2.1aCa|ABC", "1 ÷ 2", "DIR.damaged-20261128T081500"}
	match := func(s string) bool {
		for _, j := range journal {
			if j.re.MatchString(s) {
				return true
			}
		}
		return false
	}
	for _, s := range bad {
		if !match(s) {
			t.Errorf("%q is not caught", s)
		}
	}
	for _, s := range good {
		if match(s) {
			t.Errorf("%q is caught, but is no journal", s)
		}
	}
}

// link matches a Markdown link or image, [text](target) or ![alt](target), capturing target.
var link = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

func TestDocs_RelativeLinksExist(t *testing.T) {
	for _, f := range allDocs(t) {
		for _, p := range brokenLinks(t, f) {
			t.Error(p)
		}
	}
}

// brokenLinks lists the relative links of file f whose target does not exist.
func brokenLinks(t *testing.T, f string) []string {
	t.Helper()
	var broken []string
	for i, line := range lines(t, f) {
		for _, m := range link.FindAllStringSubmatch(line, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "#") {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			path := filepath.Join(filepath.Dir(f), target)
			if _, err := os.Stat(path); err != nil {
				broken = append(broken, fmt.Sprintf("%s:%d: link to %s: %v", f, i+1, m[1], err))
			}
		}
	}
	return broken
}

// The link check finds a broken link, and passes a good one.
func TestBrokenLinks_FindsAMissingFile(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "a.md")
	os.WriteFile(filepath.Join(dir, "b.md"), nil, 0o644)
	os.WriteFile(f, []byte("[b](b.md#x) ![pic](images/none.png) [web](https://example.org/x.md)\n[gone](gone.md)\n"), 0o644)
	got := brokenLinks(t, f)
	if len(got) != 2 || !strings.Contains(got[0], "images/none.png") || !strings.Contains(got[1], "gone.md") {
		t.Errorf("broken links of %s: %q, want images/none.png and gone.md", f, got)
	}
}
