package parser

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"

	"github.com/pgnc/pgnc/diag"
)

// corpusDir is the shared corpus of real PGN files, when present.
const corpusDir = "../../../shared/corpus"

// knownValid lists corpus folders whose files must parse without a syntax
// error.
var knownValid = []string{"edge/lichess-twic", "bulk/otb-masters", "bulk/tcec"}

// TestCorpus parses every file of the shared corpus: no panic, spans inside
// the file, and no error in files known to be valid.
func TestCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus not present at %s: %v", corpusDir, err)
	}
	testfiles.Extended(t)
	valid := map[string]bool{}
	for _, dir := range knownValid {
		for _, f := range testfiles.PGN(filepath.Join(corpusDir, dir)) {
			valid[f] = true
		}
	}
	var p Parser
	files, games := 0, 0
	for _, path := range testfiles.PGN(corpusDir) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		db, diags := p.Parse(string(src))
		files++
		games += len(db.Games)
		checkSpans(t, path, db, len(src))
		if !valid[path] {
			continue
		}
		for _, d := range diags {
			if d.Severity() == diag.Error {
				pos := diag.NewFile(path, string(src)).Position(d.Start)
				t.Errorf("%s:%d:%d: %s %s", path, pos.Line, pos.Col, d.Code, d.Message())
			}
		}
	}
	t.Logf("%d files, %d games parsed", files, games)
}
