// Package testfiles helps the tests find PGN files and compare golden
// files; it is used by tests only.
package testfiles

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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

// Root returns the directory of the pgnc module, found from the test's
// working directory (its package's directory) up, so that tests find the
// project's testdata and the shared corpus beside the project from a
// package at any depth. It panics outside the module.
func Root() string {
	dir, err := os.Getwd()
	for err == nil {
		if data, e := os.ReadFile(filepath.Join(dir, "go.mod")); e == nil && strings.HasPrefix(string(data), "module github.com/pgnc/pgnc\n") {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	panic("testfiles: not inside the pgnc module")
}

// seedRoots are where fuzz seeds come from: the project's testdata and,
// when present, the shared corpus's small files, in the extended tests
// (see Extended) and when fuzzing. The seeds of the default run are those
// of a clean clone: the corpus's 253 small files hold 550 KB of text,
// testdata 12 KB, and the tests that run on every seed (the seed runs of
// the fuzz tests, TestParsePrefix) take as much longer.
func seedRoots() []string {
	root := Root()
	roots := []string{filepath.Join(root, "testdata")}
	if IsExtended() || fuzzing() {
		roots = append(roots, filepath.Join(root, "..", "shared", "corpus", "edge"))
	}
	return roots
}

// fuzzing reports whether the test binary runs with -test.fuzz.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// maxSeedBytes leaves big corpus files out of the seeds: the fuzzer mutates
// small inputs faster, and the big ones have their own corpus tests.
const maxSeedBytes = 16 << 10

// Seeds returns the text of every PGN file for fuzz seeds: all of
// testdata, and the corpus files of at most 16 KiB where seedRoots takes
// them.
func Seeds() []string {
	var seeds []string
	roots := seedRoots()
	for _, path := range PGN(roots...) {
		data, err := os.ReadFile(path)
		if err != nil || (len(data) > maxSeedBytes && !strings.HasPrefix(path, roots[0])) {
			continue
		}
		seeds = append(seeds, string(data))
	}
	return seeds
}

var (
	fenTag  = regexp.MustCompile(`\[FEN "([^"]*)"\]`)
	sanWord = regexp.MustCompile(`\b(?:[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8](?:=?[NBRQ])?|O-O(?:-O)?)[+#]?[!?]{0,2}`)
)

// FENs returns the values of the FEN tags in the seed files.
func FENs() []string {
	var fens []string
	for _, src := range Seeds() {
		for _, m := range fenTag.FindAllStringSubmatch(src, -1) {
			fens = append(fens, m[1])
		}
	}
	return fens
}

// SANs returns the distinct words of the seed files that look like SAN
// moves.
func SANs() []string {
	seen := map[string]bool{}
	var sans []string
	for _, src := range Seeds() {
		for _, w := range sanWord.FindAllString(src, -1) {
			if !seen[w] {
				seen[w] = true
				sans = append(sans, w)
			}
		}
	}
	return sans
}

// Corpus returns the PGN files below dir of the shared corpus (beside the
// project), or skips the test when the extended tests do not run (see
// Extended) or the corpus is absent.
func Corpus(t testing.TB, dir string) []string {
	t.Helper()
	Extended(t)
	root := filepath.Join(Root(), "..", "shared", "corpus", dir)
	if _, err := os.Stat(root); err != nil {
		t.Skipf("corpus not present: %v", err)
	}
	return PGN(root)
}
