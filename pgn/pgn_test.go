package pgn_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/pgn"
)

// summary prints what a user sees of each game and of the text between
// games, with the input's name replaced so that inputs can be compared.
func summary(t testing.TB, r *pgn.Reader, name string) string {
	t.Helper()
	var b strings.Builder
	for g, err := range r.Games() {
		if err != nil {
			fmt.Fprintln(&b, "error:", err)
			continue
		}
		fmt.Fprintf(&b, "game %d %q %q %s %q plies=%d complete=%v moves=%d\n", g.Index, g.Tag("White"), g.Tag("Black"),
			g.Final().FEN(), g.Result, g.Plies, g.Complete, len(g.Moves))
		for _, d := range g.Diags {
			fmt.Fprintln(&b, strings.ReplaceAll(text(d), d.File, "NAME"))
		}
	}
	for _, s := range r.Stray() {
		fmt.Fprintf(&b, "stray %q skipped=%d\n", s.Text, s.Skipped)
		for _, d := range s.Diags {
			fmt.Fprintln(&b, strings.ReplaceAll(text(d), d.File, "NAME"))
		}
	}
	return b.String()
}

func open(t testing.TB, path string, opts ...pgn.Option) *pgn.Reader {
	t.Helper()
	r, err := pgn.Open(path, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// A compressed file and a compressed stream read as the plain file does.
func TestCompressedReadsAsPlain(t *testing.T) {
	for _, name := range []string{"mistakes.pgn", "broken.pgn", "sample.pgn"} {
		plain, err := os.ReadFile(filepath.Join("..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		want := summary(t, open(t, filepath.Join("..", "testdata", name)), name)
		dir := t.TempDir()
		forms := map[string][]byte{
			".zst": testfiles.Framed(plain, []int{len(plain) / 3, len(plain) / 2}),
			".gz":  testfiles.Gzip(plain),
			".xz":  testfiles.XZ(plain),
		}
		for ext, data := range forms {
			path := filepath.Join(dir, name+ext)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			for _, workers := range []int{1, 2} {
				if got := summary(t, open(t, path, pgn.WithWorkers(workers)), path); got != want {
					t.Errorf("%s%s, %d workers:\n%s\nwant (plain):\n%s", name, ext, workers, got, want)
				}
			}
			if got := summary(t, pgn.NewReader(bytes.NewReader(data)), "<stdin>"); got != want {
				t.Errorf("%s%s as a stream:\n%s\nwant (plain):\n%s", name, ext, got, want)
			}
		}
	}
}

// Text between games is no game: it comes out of Stray, with its
// diagnostics, and the games around it are whole.
func TestStrayTextIsNoGame(t *testing.T) {
	src := "[Event \"a\"]\n[White \"A\"]\n\n1. e4 e5 1-0\n\n)) \n\n[Event \"b\"]\n[White \"B\"]\n\n1. d4 d5 *\n"
	r := pgn.NewReader(strings.NewReader(src), pgn.WithName("round.pgn"))
	var whites []string
	for g, err := range r.Games() {
		if err != nil {
			t.Fatal(err)
		}
		whites = append(whites, g.Tag("White"))
		if g.Source != "round.pgn" {
			t.Errorf("game %d: Source %q", g.Index, g.Source)
		}
	}
	if !slices.Equal(whites, []string{"A", "B"}) {
		t.Errorf("games: %q, want A and B", whites)
	}
	var texts []string
	diags := 0
	for _, s := range r.Stray() {
		texts = append(texts, s.Text)
		diags += len(s.Diags)
	}
	if !slices.Equal(texts, []string{"))"}) || diags != 2 {
		t.Errorf("stray texts %q with %d diagnostics, want the two parentheses between the games, each reported", texts, diags)
	}
}

// Every mode reads the same games with the same tags and results; the
// checking modes find the same diagnostics, and no mode's Game panics.
func TestModesAgree(t *testing.T) {
	for _, name := range []string{"mistakes.pgn", "broken.pgn", "sample.pgn", "repeats.pgn"} {
		path := filepath.Join("..", "testdata", name)
		read := func(m pgn.Mode) (heads, diags []string) {
			for g, err := range open(t, path, pgn.WithMode(m)).Games() {
				if err != nil {
					t.Fatal(err)
				}
				heads = append(heads, fmt.Sprint(g.Index, g.Tags, g.Result, g.From, g.To))
				for _, d := range g.Diags {
					diags = append(diags, d.String())
				}
				g.Final().FEN()
				g.Err()
				if m != pgn.Full && (g.Moves != nil || g.Model() != nil) {
					t.Errorf("%s, mode %d: game %d has moves", name, m, g.Index)
				}
			}
			return heads, diags
		}
		fullHeads, fullDiags := read(pgn.Full)
		checkHeads, checkDiags := read(pgn.Diagnostics)
		syntaxHeads, syntaxDiags := read(pgn.Syntax)
		if !slices.Equal(fullHeads, checkHeads) || !slices.Equal(fullHeads, syntaxHeads) {
			t.Errorf("%s: games differ between modes:\nfull   %q\ncheck  %q\nsyntax %q", name, fullHeads, checkHeads, syntaxHeads)
		}
		if !slices.Equal(fullDiags, checkDiags) {
			t.Errorf("%s: diagnostics differ:\nfull  %q\ncheck %q", name, fullDiags, checkDiags)
		}
		for _, d := range syntaxDiags {
			if !slices.Contains(fullDiags, d) {
				t.Errorf("%s: syntax mode reports %q, which the full mode does not", name, d)
			}
		}
	}
}

// The games of a directory come file by file in name order, each named by
// its path and numbered from 1.
func TestOpenDirectory(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"b.pgn":        "[White \"B1\"]\n\n1. e4 *\n",
		"a.pgn":        "[White \"A1\"]\n\n1. e4 *\n\n[White \"A2\"]\n\n1. d4 *\n",
		"notes.txt":    "[White \"not read\"]\n\n1. c4 *\n",
		"sub/c.pgn.gz": string(testfiles.Gzip([]byte("[White \"C1\"]\n\n1. c4 *\n"))),
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for g, err := range open(t, dir).Games() {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s#%d %s", filepath.ToSlash(strings.TrimPrefix(g.Source, dir)), g.Index, g.Tag("White")))
	}
	want := []string{"/a.pgn#1 A1", "/a.pgn#2 A2", "/b.pgn#1 B1", "/sub/c.pgn.gz#1 C1"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A stream that is not PGN fails with an error naming it, not with games.
func TestBinaryStreamFails(t *testing.T) {
	r := pgn.NewReader(bytes.NewReader(bytes.Repeat([]byte("\x00\x01\xfe\xff"), 4096)), pgn.WithName("blob"))
	n := 0
	for g, err := range r.Games() {
		if g != nil {
			t.Errorf("game from binary input: %v", g.Tags)
		}
		if err == nil || !strings.Contains(err.Error(), "blob") {
			t.Errorf("error %v, want one naming the input", err)
		}
		n++
	}
	if n != 1 {
		t.Errorf("%d results, want one error", n)
	}
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// text returns the diagnostic as pgnc check prints it.
func text(d pgn.Diagnostic) string {
	var b strings.Builder
	d.WriteText(&b, diag.English)
	return b.String()
}
