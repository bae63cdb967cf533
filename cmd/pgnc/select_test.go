package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// gameTexts returns the text of every game of the file at path, as the
// reader cuts it.
func gameTexts(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	rd := reader.New(f, path, reader.Options{SyntaxOnly: true})
	for g, err := range rd.All() {
		if err != nil {
			t.Fatal(err)
		}
		if g.Index > 0 {
			out = append(out, g.File.Src()[g.From:g.To])
		}
	}
	return out
}

// runSelect runs pgnc select with args and returns its standard output.
func runSelectCLI(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"select"}, args...), nil, &stdout, &stderr); code != exitClean {
		t.Fatalf("pgnc select %q: exit %d: %s", args, code, stderr.String())
	}
	return stdout.String()
}

// TestSelectInvertPartition checks that the games a query selects and
// those --invert selects are, together, every game of the input exactly
// once, byte for byte, for queries on tags and on moves, and for games
// with errors.
func TestSelectInvertPartition(t *testing.T) {
	for _, name := range []string{"sample.pgn", "broken.pgn", "mistakes.pgn", "repeats.pgn"} {
		path := filepath.Join("..", "..", "testdata", name)
		want := gameTexts(t, path)
		for _, q := range []string{`result = 1-0`, `plies > 40 or has errors`, `material >= "KQ vs KQ"`, `not castles and eco < C00`} {
			sel := runSelectCLI(t, "-j2", q, path)
			inv := runSelectCLI(t, "-j2", "--invert", q, path)
			var got []string
			for _, g := range want {
				n := strings.Count(sel, g+"\n\n") + strings.Count(inv, g+"\n\n")
				if n < 1 {
					t.Errorf("%s, %q: game %.40q is in neither output", name, q, g)
				}
				got = append(got, g)
			}
			all := strings.Join(got, "\n\n") + "\n\n"
			if len(sel)+len(inv) != len(all) {
				t.Errorf("%s, %q: %d+%d bytes selected, want %d", name, q, len(sel), len(inv), len(all))
			}
		}
	}
}

// otbCorpus returns the OTB masters corpus, or skips.
func otbCorpus(t *testing.T) string {
	testfiles.Extended(t)
	dir := filepath.Join(testfiles.Root(), "..", "shared", "corpus", "bulk", "otb-masters")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus not present: %v", err)
	}
	return dir
}

// count runs select --count and returns the games selected.
func selectCount(t *testing.T, args ...string) int {
	out := runSelectCLI(t, append([]string{"--count"}, args...)...)
	line, _, _ := strings.Cut(out, "\n")
	n, err := strconv.Atoi(strings.TrimPrefix(line, "selected: "))
	if err != nil {
		t.Fatalf("--count wrote %q", out)
	}
	return n
}

// TestSelectCorpusAgainstConvert checks material, plies and checkmate on
// the OTB corpus against what is computed here from convert's final FENs
// and UCI moves.
func TestSelectCorpusAgainstConvert(t *testing.T) {
	dir := otbCorpus(t)
	var fens, ucis bytes.Buffer
	var stderr bytes.Buffer
	run([]string{"convert", "--to", "fen", "--final", dir}, nil, &fens, &stderr)
	run([]string{"convert", "--to", "uci", dir}, nil, &ucis, &stderr)
	// A blank line ends each game's block; a game that was not converted
	// has an empty one.
	var finals []string
	last := ""
	for _, line := range strings.Split(fens.String(), "\n") {
		if line != "" {
			last = line
			continue
		}
		finals = append(finals, last)
		last = ""
	}
	finals = finals[:len(finals)-1] // the split's empty string after the last line break
	lines := strings.Split(strings.TrimSuffix(ucis.String(), "\n"), "\n")
	if len(finals) != len(lines) {
		t.Fatalf("%d final positions, %d move lines", len(finals), len(lines))
	}
	// Material: kings and rooks only in the final position.
	wantRooks, wantLong := 0, 0
	for i, fen := range finals {
		placement, _, _ := strings.Cut(fen, " ")
		letters := strings.Map(func(r rune) rune {
			if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' {
				return r
			}
			return -1
		}, placement)
		sorted := []byte(letters)
		slices.Sort(sorted)
		if string(sorted) == "KRkr" {
			wantRooks++
		}
		if fen != "" && len(strings.Fields(lines[i])) > 120 {
			wantLong++
		}
	}
	if got := selectCount(t, `material "KR vs KR" in final position`, dir); got != wantRooks {
		t.Errorf("material KR vs KR: %d games, convert's FENs give %d", got, wantRooks)
	}
	if got := selectCount(t, `plies > 120`, dir); got != wantLong {
		t.Errorf("plies > 120: %d games, convert's UCI gives %d", got, wantLong)
	}
}

// TestSelectCorpusAgainstPGNExtract compares selections whose semantics
// pgn-extract shares: a substring of White (-Tw), the result (-Tr), the
// final position (--checkmate, --stalemate), threefold repetition,
// underpromotion, ply bounds (-p) and FEN patterns (FENPattern in a tag
// file).
func TestSelectCorpusAgainstPGNExtract(t *testing.T) {
	dir := otbCorpus(t)
	extract, err := exec.LookPath("pgn-extract")
	if err != nil {
		if extract, err = exec.LookPath("/usr/games/pgn-extract"); err != nil {
			t.Skip("pgn-extract is not installed")
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
	countExtract := func(args ...string) int {
		cmd := exec.Command(extract, append(append([]string{"-s"}, args...), files...)...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("pgn-extract %q: %v", args, err)
		}
		return bytes.Count(out, []byte("\n[Event ")) + bytes.Count(out[:min(len(out), 7)], []byte("[Event "))
	}
	if got, want := selectCount(t, `white ~ "Carlsen"`, dir), countExtract("-TwCarlsen"); got != want {
		t.Errorf(`white ~ "Carlsen": %d games, pgn-extract -TwCarlsen %d`, got, want)
	}
	tagFile := func(line string) string {
		path := filepath.Join(t.TempDir(), "tags")
		if err := os.WriteFile(path, []byte(line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return "-t" + path
	}
	for _, c := range []struct {
		query string
		args  []string
	}{
		{`checkmate`, []string{"--checkmate"}},
		{`stalemate`, []string{"--stalemate"}},
		{`draw by repetition`, []string{"--repetition"}},
		{`underpromotion`, []string{"--underpromotion"}},
		{`plies >= 121`, []string{"-pl121"}},
		{`plies <= 20`, []string{"-pu20"}},
		{`result = 1-0`, []string{"-Tr1-0"}},
		// pgn-extract leaves out the one game with an illegal move, which
		// these patterns do not select.
		{`pattern "8/*/*/*/*/*/*/*"`, []string{tagFile(`FENPattern "8/*/*/*/*/*/*/*"`)}},
		{`pattern "r?[bn]*/*/*/3Aa*/*/*/*/*"`, []string{tagFile(`FENPattern "r?[bn]*/*/*/3Aa*/*/*/*/*"`)}},
	} {
		if got, want := selectCount(t, c.query, dir), countExtract(c.args...); got != want {
			t.Errorf(`%s: %d games, pgn-extract %q %d`, c.query, got, c.args, want)
		}
	}
}

// TestSelectInvertPartitionCorpus checks on every file of the edge corpus
// (broken ones, other encodings and line ends among them) that a query's
// output and its --invert output are, game for game, the games of the
// input whose indexes --format ndjson selects and the others, in input
// order, each byte for byte.
func TestSelectInvertPartitionCorpus(t *testing.T) {
	files := testfiles.Corpus(t, "edge")
	games, broken := 0, 0
	for _, path := range files {
		texts := gameTexts(t, path)
		games += len(texts)
		if bytes.Contains(runOut(t, "check", "--severity", "error", "--format", "json", path), []byte(`"severity":"error"`)) {
			broken++
		}
		for _, q := range []string{`result = 1-0`, `plies > 40 or has errors`, `white ~ "a" or checkmate`} {
			in := selectedIndexes(t, q, path)
			var want, wantInv strings.Builder
			for i, g := range texts {
				if in[i+1] {
					want.WriteString(g + "\n\n")
				} else {
					wantInv.WriteString(g + "\n\n")
				}
			}
			if got := runSelectCLI(t, q, path); got != want.String() {
				t.Errorf("%s: %q: %d bytes selected, want the %d of %d games", path, q, len(got), len(in), len(texts))
			}
			if got := runSelectCLI(t, "--invert", q, path); got != wantInv.String() {
				t.Errorf("%s: --invert %q: %d bytes selected, want the %d of %d games", path, q, len(got), len(texts)-len(in), len(texts))
			}
		}
	}
	t.Logf("%d files, %d with errors, %d games", len(files), broken, games)
	if broken == 0 {
		t.Error("no file with errors")
	}
}

// A game too long to hold whole is not tested by a query that reads all
// its moves: it gets PGN904 and a line saying so on stderr, exit 1, and is
// taken as not matching, so that the games around it are selected as usual
// and --invert writes it as it stands; for a query on the moves and on
// positions, on one worker and two. A query on the tags or the first moves
// tests it.
func TestSelectHugeGame(t *testing.T) {
	var b strings.Builder
	b.WriteString("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 1-0\n\n")
	b.WriteString("[White \"Huge\"]\n[Black \"Game\"]\n\n1. e4 (1. d4 d5) 1... e5 ")
	for range wholeGameLimit/4 + 1000 {
		b.WriteString("Nf3 Nf6 Ng1 Ng8 ")
	}
	b.WriteString("1/2-1/2\n\n[White \"C\"]\n[Black \"D\"]\n\n1. e4 d5 2. c4 0-1\n")
	path := filepath.Join(t.TempDir(), "huge.pgn")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	games := gameTexts(t, path)
	for _, q := range []string{`plies > 1`, `pattern "rnbqkbnr/*/*/*/*/*/*/*"`, `material "KQRRBBNNPPPPPPPP vs KQRRBBNNPPPPPPPP"`} {
		for _, jobs := range []string{"-j1", "-j2"} {
			var stdout, stderr bytes.Buffer
			code := run([]string{"select", jobs, q, path}, nil, &stdout, &stderr)
			if code != exitProblems || !strings.Contains(stderr.String(), "warning[PGN904]") || !strings.Contains(stderr.String(), "game 2 of "+path+" is not tested") {
				t.Fatalf("%s %s: exit %d, stderr %.300q", jobs, q, code, stderr.String())
			}
			if want := games[0] + "\n\n" + games[2] + "\n\n"; stdout.String() != want {
				t.Errorf("%s %s: selected %.200q, want the first and last games", jobs, q, stdout.String())
			}
			stdout.Reset()
			run([]string{"select", jobs, "--invert", q, path}, nil, &stdout, &stderr)
			if stdout.String() != games[1]+"\n\n" {
				t.Errorf("%s %s --invert: %d bytes, want the huge game's %d", jobs, q, stdout.Len(), len(games[1])+2)
			}
		}
	}
	// A query on the tags or the first moves reads no more of the huge
	// game than them, and tests it.
	if got := runSelectCLI(t, `starts "1. e4"`, path); got != strings.Join(games, "\n\n")+"\n\n" {
		t.Errorf("starts: selected %.200q, want every game", got)
	}
	if got := runSelectCLI(t, `black = "Game"`, path); got != games[1]+"\n\n" {
		t.Errorf("black = \"Game\": selected %d bytes, want the huge game's %d", len(got), len(games[1])+2)
	}
}
