// Package testfiles helps the tests find PGN files and compare golden
// files; it is used by tests only.
package testfiles

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// PGN returns the .pgn files below each root, in walk order. Roots that do
// not exist are left out, so that the shared corpus may be absent.
func PGN(roots ...string) []string {
	var files []string
	for _, root := range roots {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".pgn") {
				files = append(files, path)
			}
			return nil
		})
	}
	return files
}

// Golden compares got with the golden file at path, or rewrites the file
// when update is set.
func Golden(t *testing.T, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run the test with -update and review the diff):\n%s", path, got)
	}
}
