package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/parser"
)

// convertText runs a converter from PGN or JSON text to format.
func convertText(t *testing.T, from, to, src string) string {
	var b bytes.Buffer
	out := bufio.NewWriter(&b)
	w := &converter{to: to, out: out}
	var err error
	if from == "json" {
		_, err = w.fromJSON(strings.NewReader(src), "x", io.Discard)
	} else {
		_, err = w.fromPGN(strings.NewReader(src), "x", io.Discard)
	}
	if err != nil {
		t.Fatal(err)
	}
	out.Flush()
	return b.String()
}

// TestJSONReadsBack: PGN → ndjson → PGN equals the export format of every
// game whose moves replay to the end, on testdata and the corpus; the
// records of the other games, which hold an error, write nothing. A game
// that the JSON reader refuses (its comments or tags cannot be written as
// PGN that reads back without errors) writes nothing either, and it must
// be one whose PGN has errors, or a NAG above 255 (PGN212), which the
// JSON reader refuses.
func TestJSONReadsBack(t *testing.T) {
	var files []string
	for _, root := range []string{"../../testdata", "../../../shared/corpus/edge"} {
		if !testfiles.IsExtended() && root != "../../testdata" {
			continue
		}
		files = append(files, testfiles.PGN(root)...)
	}
	games, refused := 0, 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		db, parseDiags := parser.Parse(src)
		models, checkDiags := check.Database(db)
		flagged := map[int]bool{} // games with errors, or PGN212
		for _, d := range append(parseDiags, checkDiags...) {
			if d.Severity() == diag.Error || d.Code == diag.NAGRange {
				flagged[d.Game] = true
			}
		}
		var want strings.Builder
		for i, g := range models {
			if !g.Complete || db.Games[i].Broken { // the rest have error records
				continue
			}
			j := export.ToJSON(g, 0)
			if back, err := export.FromJSON(j); back == nil {
				if !flagged[g.Index] {
					t.Errorf("%s: game %d has no error in PGN, and JSON refuses it: %v", path, g.Index, err)
				}
				refused++
				continue
			}
			export.Game(&want, g, export.Options{})
			games++
		}
		ndjson := convertText(t, "pgn", "ndjson", src)
		// JSON is UTF-8: Latin-1 text comes back converted (PGN104).
		if got := convertText(t, "json", "pgn", ndjson); got != export.UTF8(want.String()) {
			t.Fatalf("%s: json → pgn differs from fmt", path)
		}
	}
	t.Logf("%d games from %d files read back from JSON; %d refused", games, len(files), refused)
}
