package check

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/parser"
)

const corpusDir = "../../shared/corpus"

func corpusFiles(dir string) []string {
	var files []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".pgn") {
			files = append(files, path)
		}
		return nil
	})
	return files
}

// TestCorpus checks every game of the shared corpus: no panic, and no error
// in the lichess and TWIC samples. Counts of every code are logged.
func TestCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus not present at %s: %v", corpusDir, err)
	}
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	counts := map[diag.Code]int{}
	var p parser.Parser
	games := 0
	for _, path := range corpusFiles(corpusDir) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		db, _ := p.Parse(string(src))
		_, diags := Database(db)
		games += len(db.Games)
		clean := strings.Contains(path, "lichess-twic")
		for _, d := range diags {
			counts[d.Code]++
			if clean && d.Severity() == diag.Error {
				pos := diag.NewFile(path, string(src)).Position(d.Start)
				t.Errorf("%s:%d:%d: %s %s", path, pos.Line, pos.Col, d.Code, d.Message())
			}
		}
	}
	t.Logf("%d games checked; diagnostics by code: %v", games, counts)
}
