package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// edgeCorpusDir is the corpus of edge cases that TestFixCorpus also fixes
// with PGNC_EXTENDED=1.
const edgeCorpusDir = "/work/shared/corpus/edge"

// fixRecord is what TestFixCorpus reads of a diagnostic's JSON record.
type fixRecord struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Game     int    `json:"game"`
	Fixes    []struct {
		Certain bool `json:"certain"`
	} `json:"fixes"`
}

// codeCounts are the counts of a check's diagnostics by code: all of
// them, the errors, and those with a certain fix.
type codeCounts struct{ all, errors, certain map[string]int }

func countDiagnostics(t *testing.T, path string) codeCounts {
	t.Helper()
	var out, errOut strings.Builder
	if code := run([]string{"check", "--format", "json", "--max-repeats", "0", "-j1", path}, nil, &out, &errOut); code == exitUsage {
		t.Fatalf("check %s: exit 2: %s", path, errOut.String())
	}
	c := codeCounts{map[string]int{}, map[string]int{}, map[string]int{}}
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var r fixRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v: %s", path, err, sc.Text())
		}
		c.all[r.Code]++
		if r.Severity == "error" {
			c.errors[r.Code]++
		}
		for _, x := range r.Fixes {
			if x.Certain {
				c.certain[r.Code]++
				break
			}
		}
	}
	return c
}

// finalFENs returns the final position of each game of path, as convert
// --to fen --final gives them: one block a game, empty for a game that
// convert leaves out for its errors.
func finalFENs(t *testing.T, path string) []string {
	t.Helper()
	var out, errOut strings.Builder
	run([]string{"convert", "--to", "fen", "--final", path}, nil, &out, &errOut)
	return strings.Split(out.String(), "\n\n")
}

// TestFixCorpus runs check --fix on copies of the PGN files of testdata,
// and, with PGNC_EXTENDED=1, of the edge corpus: afterwards no diagnostic
// has a certain fix left, a second --fix changes no byte, no code has more
// errors than before, and every game that convert could replay before ends
// in the same position (convert --to fen --final). It logs the counts per
// code before and after.
func TestFixCorpus(t *testing.T) {
	roots := []string{filepath.Join("..", "..", "testdata")}
	if os.Getenv("PGNC_EXTENDED") == "1" {
		if _, err := os.Stat(edgeCorpusDir); err != nil {
			t.Logf("no edge corpus at %s: testdata only", edgeCorpusDir)
		} else {
			roots = append(roots, edgeCorpusDir)
		}
	}
	var files []string
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "script" || d.Name() == "compressed") {
				return filepath.SkipDir
			}
			if d.Type().IsRegular() && strings.HasSuffix(path, ".pgn") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 5 {
		t.Fatalf("only %d files", len(files))
	}
	dir := t.TempDir()
	before, after := map[string]int{}, map[string]int{}
	fixedFiles := 0
	for i, src := range files {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprintf("%d.pgn", i))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		was := countDiagnostics(t, path)
		fens := finalFENs(t, path)
		var out, errOut strings.Builder
		if code := run([]string{"check", "--fix", "-q", path}, nil, &out, &errOut); code == exitUsage {
			t.Errorf("%s: check --fix: exit 2: %s", src, errOut.String())
			continue
		}
		fixed, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(fixed) != string(data) {
			fixedFiles++
		}
		is := countDiagnostics(t, path)
		for code, n := range was.all {
			before[code] += n
		}
		for code, n := range is.all {
			after[code] += n
		}
		for code, n := range is.certain {
			t.Errorf("%s: %d diagnostics %s with a certain fix are left after --fix", src, n, code)
		}
		for code, n := range is.errors {
			if n > was.errors[code] {
				t.Errorf("%s: %d errors %s after --fix, %d before", src, n, code, was.errors[code])
			}
		}
		out.Reset()
		run([]string{"check", "--fix", "-q", path}, nil, &out, &errOut)
		if again, _ := os.ReadFile(path); string(again) != string(fixed) {
			t.Errorf("%s: a second --fix changed the file", src)
		}
		now := finalFENs(t, path)
		if len(now) != len(fens) {
			t.Errorf("%s: %d games before --fix, %d after", src, len(fens), len(now))
			continue
		}
		for g := range fens {
			if strings.TrimSpace(fens[g]) != "" && now[g] != fens[g] {
				t.Errorf("%s: game %d ends in %q before --fix and %q after", src, g+1, fens[g], now[g])
			}
		}
	}
	var codes []string
	for code := range before {
		codes = append(codes, code)
	}
	for code := range after {
		if _, ok := before[code]; !ok {
			codes = append(codes, code)
		}
	}
	sort.Strings(codes)
	var b strings.Builder
	fmt.Fprintf(&b, "%d files, %d changed by --fix\ncode     before  after\n", len(files), fixedFiles)
	for _, code := range codes {
		fmt.Fprintf(&b, "%s %7d %6d\n", code, before[code], after[code])
	}
	t.Log("\n" + b.String())
}
