package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/rogpeppe/go-internal/diff"
)

// diffOf formats src as fmt -d does, the reader cutting it into pieces of
// piece bytes (0: the default) on workers goroutines, and returns the diff
// and the formatted text.
func diffOf(src string, piece, workers int) (string, string) {
	d := &differ{hunks: hunkWriter{header: "diff x.orig x\n--- x.orig\n+++ x\n"}}
	var out bytes.Buffer
	formatGames("x", io.TeeReader(strings.NewReader(src), oldWriter{d}), io.MultiWriter(&out, newWriter{d}), export.Options{},
		reader.Options{PieceSize: piece, Workers: workers}, defaultCodes, io.Discard, nil, d.mark)
	return string(d.result()), out.String()
}

// applyDiff applies a unified diff to old as patch does, strictly: every
// hunk in order, its context and removed lines as in old, its counts as
// its header says.
func applyDiff(old, diff string) (string, error) {
	if diff == "" {
		return old, nil
	}
	header := "diff x.orig x\n--- x.orig\n+++ x\n"
	if !strings.HasPrefix(diff, header) {
		return "", fmt.Errorf("no header")
	}
	oldLines := strings.SplitAfter(old, "\n")
	if oldLines[len(oldLines)-1] == "" {
		oldLines = oldLines[:len(oldLines)-1]
	}
	var out strings.Builder
	next := 0 // the next line of old to copy, 0-based
	lines := strings.SplitAfter(strings.TrimPrefix(diff, header), "\n")
	for i := 0; i < len(lines) && lines[i] != ""; {
		var a, b, c, e int
		if _, err := fmt.Sscanf(lines[i], "@@ -%d,%d +%d,%d @@\n", &a, &b, &c, &e); err != nil {
			return "", fmt.Errorf("line %q: %v", lines[i], err)
		}
		i++
		start := a - 1
		if b == 0 {
			start = a // after line a
		}
		if start < next {
			return "", fmt.Errorf("hunk at %d before line %d", a, next+1)
		}
		for ; next < start; next++ {
			out.WriteString(oldLines[next])
		}
		removed, added := 0, 0
		for ; i < len(lines) && lines[i] != "" && !strings.HasPrefix(lines[i], "@@ "); i++ {
			line := lines[i]
			text := line[1:]
			if i+1 < len(lines) && strings.HasPrefix(lines[i+1], `\ No newline at end of file`) {
				text = strings.TrimSuffix(text, "\n")
				i++
			} else if strings.HasPrefix(line, `\`) {
				return "", fmt.Errorf("misplaced %q", line)
			}
			switch line[0] {
			case ' ', '-':
				if next >= len(oldLines) || oldLines[next] != text {
					return "", fmt.Errorf("line %d is not %q", next+1, text)
				}
				next++
				removed++
				if line[0] == ' ' {
					out.WriteString(text)
					added++
				}
			case '+':
				out.WriteString(text)
				added++
			default:
				return "", fmt.Errorf("line %q", line)
			}
		}
		if removed != b || added != e {
			return "", fmt.Errorf("hunk -%d,%d +%d,%d holds -%d +%d", a, b, c, e, removed, added)
		}
	}
	for ; next < len(oldLines); next++ {
		out.WriteString(oldLines[next])
	}
	return out.String(), nil
}

// TestFmtDiffApplies: the diff of fmt -d, built piece by piece between the
// games, turns each file into its export format, however the reader cuts
// the input and on any number of workers: line breaks (CRLF, CR), byte
// order marks, stray text, games copied through and text without a final
// line break included.
func TestFmtDiffApplies(t *testing.T) {
	inputs := map[string]string{
		"crlf":         "[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n\r\n1. Ke7 *\r\n\r\n  junk\r\n\r\n1. d4 *\r\n",
		"cr":           "[Event \"b\"]\r\r1. e4 *\r\r[Event \"c\"]\r\r1. d4 *\r",
		"bom":          "\ufeff  é \n[Event \"a\"]\n\n1. e4 *\n\n   é  \n\n",
		"same line":    "1. e4 * 1. d4 * Be3 1. c4 *",
		"no line end":  "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *",
		"formatted":    "[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n\n",
		"empty":        "",
		"blank":        "\n\n\n",
		"text as game": "; header\n[Event \"a\"]\n\n1.e4 *\n",
	}
	for _, path := range testfiles.PGN("../../testdata") {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs[path] = string(src)
	}
	sample, _ := os.ReadFile("../../testdata/sample.pgn")
	inputs["sample x 50"] = strings.Repeat(string(sample), 50)
	check := func(name, src string, piece, workers int) {
		diff, want := diffOf(src, piece, workers)
		got, err := applyDiff(src, diff)
		switch {
		case err != nil:
			t.Errorf("%s, pieces of %d, %d workers: %v\n%.2000s", name, piece, workers, err, diff)
		case got != want:
			t.Errorf("%s, pieces of %d, %d workers: the diff gives\n%.2000q\nwant\n%.2000q", name, piece, workers, got, want)
		case (src == want) != (diff == ""):
			t.Errorf("%s: the texts are the same: %v; the diff is %.2000q", name, src == want, diff)
		}
	}
	for name, src := range inputs {
		for _, piece := range []int{0, 1, 7} {
			for _, workers := range []int{1, 3} {
				check(name, src, piece, workers)
			}
		}
	}
	if testing.Short() {
		return
	}
	// The odd files of the shared corpus, once each.
	for _, path := range testfiles.PGN("../../../shared/corpus/edge") {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		check(path, string(src), 0, 2)
	}
}

// TestFmtDiffHunks: each game of a file gets a hunk of its own, with 3
// lines of context on either side, where the diff of the whole texts,
// anchored on the lines found once in each, makes one hunk of games whose
// tag lines repeat.
func TestFmtDiffHunks(t *testing.T) {
	game := "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1.e4 e5 *\n\n"
	src := strings.Repeat(game, 100)
	got, want := diffOf(src, 0, 2)
	if n := strings.Count(got, "\n@@ "); n != 100 {
		t.Errorf("%d hunks, want one a game:\n%.600s", n, got)
	}
	if !strings.Contains(got, "\n@@ -6,7 +6,7 @@\n [Black \"?\"]\n [Result \"*\"]\n \n-1.e4 e5 *\n+1. e4 e5 *\n \n [Event \"x\"]\n [Site \"?\"]\n@@ -16,7 ") ||
		!strings.HasSuffix(got, "\n@@ -996,5 +996,5 @@\n [Black \"?\"]\n [Result \"*\"]\n \n-1.e4 e5 *\n+1. e4 e5 *\n \n") {
		t.Errorf("the first and last hunks are not those of the first and last games:\n%.300s\n...\n%s", got, got[len(got)-200:])
	}
	if whole := string(diff.Diff("x.orig", []byte(src), "x", []byte(want))); strings.Count(whole, "\n@@ ") != 1 {
		t.Errorf("the diff of the whole texts has %d hunks", strings.Count(whole, "\n@@ "))
	}
}
