package check

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/parser"
)

const corpusDir = "../../../shared/corpus"

// knownErrors are the errors in the otb-masters files, each checked by hand:
// in Krush.pgn, 42.Be5+ mates but the game is recorded as a draw; in
// Paehtz.pgn, 38.Bf3 is played by a bishop on c1, which cannot reach f3.
var knownErrors = map[string]bool{
	"Krush.pgn:20610:66 PGN319":  true,
	"Paehtz.pgn:28726:15 PGN301": true,
}

// TestCorpus checks every game of the shared corpus: no panic, no error in
// the lichess and TWIC samples, and in the OTB masters only the known errors
// of the data. Counts of every code are logged.
func TestCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus not present at %s: %v", corpusDir, err)
	}
	testfiles.Extended(t)
	known := maps.Clone(knownErrors)
	counts := map[diag.Code]int{}
	var p parser.Parser
	games := 0
	for _, path := range testfiles.PGN(corpusDir) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		db, _ := p.Parse(string(src))
		_, diags := Database(db)
		games += len(db.Games)
		clean := strings.Contains(path, "lichess-twic") || strings.Contains(path, "otb-masters")
		for _, d := range diags {
			counts[d.Code]++
			if clean && d.Severity() == diag.Error {
				pos := diag.NewFile(path, string(src)).Position(d.Start)
				where := fmt.Sprintf("%s:%d:%d %s", filepath.Base(path), pos.Line, pos.Col, d.Code)
				if !known[where] {
					t.Errorf("%s: %s", where, d.Message())
				}
				delete(known, where)
			}
		}
	}
	for where := range known {
		t.Errorf("known data error %s was not found", where)
	}
	t.Logf("%d games checked; diagnostics by code: %v", games, counts)
}
