// Command gendoc writes the grundy command line's reference from its own flag definitions:
//
//	go run ./internal/gendoc -o docs/cli.md markdown   # what go generate ./cli runs
//	go run ./internal/gendoc -o grundy.1 man           # the man page; make install runs it
//
// With no -o it writes to stdout. The man page's date is SOURCE_DATE_EPOCH's, else today's;
// its version is -version's.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"grundy/cli"
	"grundy/internal/atomicfile"
)

func main() {
	out := flag.String("o", "", "the file to write (default: stdout)")
	version := flag.String("version", "", "the version the man page names")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: gendoc [-o FILE] [-version V] markdown|man")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	var b bytes.Buffer
	switch flag.Arg(0) {
	case "markdown":
		cli.WriteMarkdown(&b)
	case "man":
		cli.WriteMan(&b, buildDate().Format("2006-01-02"), *version)
	default:
		flag.Usage()
		os.Exit(2)
	}
	if *out == "" {
		os.Stdout.Write(b.Bytes())
		return
	}
	err := atomicfile.Write(*out, func(w io.Writer) error {
		_, err := w.Write(b.Bytes())
		return err
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendoc:", err)
		os.Exit(1)
	}
}

// buildDate is SOURCE_DATE_EPOCH (reproducible builds), else now.
func buildDate() time.Time {
	if s, err := strconv.ParseInt(os.Getenv("SOURCE_DATE_EPOCH"), 10, 64); err == nil {
		return time.Unix(s, 0).UTC()
	}
	return time.Now().UTC()
}
