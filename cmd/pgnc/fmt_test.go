package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"

	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/reader"
)

// TestFmtIdempotent: formatting a formatted file changes nothing, whole
// files included (games with errors copied through, text between games).
func TestFmtIdempotent(t *testing.T) {
	var files []string
	for _, root := range []string{"../../testdata", "../../../shared/corpus"} {
		if testing.Short() && root != "../../testdata" {
			continue
		}
		files = append(files, testfiles.PGN(root)...)
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var once, twice strings.Builder
		formatStream(path, strings.NewReader(string(src)), &once, export.Options{}, reader.Options{Workers: 2}, io.Discard)
		formatStream(path, strings.NewReader(once.String()), &twice, export.Options{}, reader.Options{}, io.Discard)
		if once.String() != twice.String() {
			t.Errorf("%s: fmt is not idempotent", path)
		}
	}
	t.Logf("%d files", len(files))
}
