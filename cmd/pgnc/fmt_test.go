package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pgnc/pgnc/internal/testfiles"

	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/reader"
)

// TestFmtIdempotent: formatting a formatted file changes nothing, whole
// files included (games with errors copied through, text between games).
func TestFmtIdempotent(t *testing.T) {
	var files []string
	for _, root := range []string{"../../testdata", "../../../shared/corpus"} {
		if !testfiles.IsExtended() && root != "../../testdata" {
			continue
		}
		files = append(files, testfiles.PGN(root)...)
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var once, twice strings.Builder
		formatStream(path, strings.NewReader(string(src)), &once, export.Options{}, reader.Options{Workers: 2}, defaultCodes, io.Discard)
		formatStream(path, strings.NewReader(once.String()), &twice, export.Options{}, reader.Options{}, defaultCodes, io.Discard)
		if once.String() != twice.String() {
			t.Errorf("%s: fmt is not idempotent", path)
		}
	}
	t.Logf("%d files", len(files))
}

// TestFmtPastLimit: input skipped after a cut at --max-game-bytes cannot
// be copied through, so fmt fails (exit 2) and -w leaves the file as it
// is, with no temporary file beside it; with a higher limit every byte of
// the comment is kept.
func TestFmtPastLimit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.pgn")
	src := "[Event \"big\"]\n\n1. e4 {" + strings.Repeat("a comment line\n", 20000) + "} e5 *\n\n[Event \"next\"]\n\n1. d4 *\n"
	os.WriteFile(path, []byte(src), 0o644)
	code, _, stderr := pgncRun([]string{"fmt", "-w", "--max-game-bytes", "100000", path}, nil)
	if code != exitUsage || !strings.Contains(stderr, "bytes after a game cut at --max-game-bytes (100000) were skipped unread") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if data, _ := os.ReadFile(path); string(data) != src {
		t.Error("the file was changed")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files beside the input", len(entries)-1)
	}
	if code, _, stderr := pgncRun([]string{"fmt", "-w", path}, nil); code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if data, _ := os.ReadFile(path); strings.Count(string(data), "a comment line\n") != 20000 || !strings.Contains(string(data), "} 1... e5 *") {
		t.Error("the comment was not kept whole")
	}
}

// TestFmtWritesUTF8: fmt writes UTF-8 only: a Windows-1252 game copied
// through because of an error is transcoded like the games it formats, with
// one warning for the file.
func TestFmtWritesUTF8(t *testing.T) {
	path := filepath.Join(t.TempDir(), "latin1.pgn")
	game := "[Event \"M\xfcnchen\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"J\xfcrgen\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"
	os.WriteFile(path, []byte(game+"1. e4 Ke9 *\n\n"+game+"1. d4 *\n"), 0o644)
	code, out, stderr := pgncRun([]string{"fmt", path}, nil)
	if code != exitProblems || !utf8.ValidString(out) || strings.Count(out, "[Event \"München\"]") != 2 {
		t.Errorf("exit %d, UTF-8 %v:\n%s", code, utf8.ValidString(out), out)
	}
	if strings.Count(stderr, "not UTF-8 copied as UTF-8") != 1 {
		t.Errorf("stderr: %s", stderr)
	}
}

// TestTooLongLeftAsItIs: a game of more tag pairs or elements of movetext
// than wholeGameLimit is checked in parts: fmt copies it byte for byte and
// convert writes an error record for it, each with PGN904, and both go on
// with the games after it.
func TestTooLongLeftAsItIs(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "long.pgn")
	long := "[Event \"long\"]\n\n" + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", wholeGameLimit/4+1) + "*"
	tags := "[Event \"tags\"]\n" + strings.Repeat("[Annotator \"x\"]\n", wholeGameLimit) + "\n1. e4 *"
	src := "[Event \"one\"]\n\n1. e4 e5 *\n\n" + long + "\n\n" + tags + "\n\n[Event \"two\"]\n\n1. d4 d5 *\n"
	os.WriteFile(path, []byte(src), 0o644)
	for _, jobs := range []string{"1", "2"} {
		code, out, stderr := pgncRun([]string{"fmt", "-j", jobs, path}, nil)
		if code != exitClean || strings.Count(stderr, "warning[PGN904]") != 2 {
			t.Errorf("fmt -j %s: exit %d: %.2000s", jobs, code, stderr)
		}
		if !strings.Contains(out, "\n"+long+"\n") || !strings.Contains(out, "\n"+tags+"\n") || !strings.Contains(out, "1. d4 d5 *") {
			t.Errorf("fmt -j %s: the long games are not copied whole, or the game after them is missing", jobs)
		}
		code, out, stderr = pgncRun([]string{"convert", "--to", "ndjson", "-j", jobs, path}, nil)
		if lines := strings.Split(strings.TrimSpace(out), "\n"); code != exitProblems || len(lines) != 4 ||
			!strings.Contains(lines[1], `"error":`) || !strings.Contains(lines[1], "PGN904") || !strings.Contains(lines[3], `"san":"d4"`) {
			t.Errorf("convert -j %s: exit %d: %.300s\n%.300s", jobs, code, out, stderr)
		}
	}
}

// TestFmtCopiesRuns: games copied through and the text around them are
// written byte for byte, line breaks included, from the first character
// that is not blank to the last, whatever -j and however the reader cuts
// the input; the games fmt formats end their lines with LF.
func TestFmtCopiesRuns(t *testing.T) {
	const seven = "[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"
	for _, tt := range []struct{ name, in, want string }{
		// A game cut short in the middle of a word: the rest of the word
		// is outside it, and stays on its line.
		{"word", "[Event \"b\"]\n\n1. Kxe8 René", "[Event \"b\"]\n\n1. Kxe8 René\n\n"},
		{"latin-1 word", "[Event \"b\"]\n\n1. Kxe8 Ren\xe9", "[Event \"b\"]\n\n1. Kxe8 René\n\n"},
		{"word, then a game", "1. Kxe8 René\n\n[Event \"a\"]\n\n1. e4 *\n", "1. Kxe8 René\n\n" + seven + "1. e4 *\n\n"},
		// A copied game on the line of a formatted one starts at its
		// first character, whatever -j.
		{"same line", "1. e4 * Be3\n", strings.Replace(seven, "\"a\"", "\"?\"", 1) + "1. e4 *\n\nBe3\n\n"},
		// Copied games and the text between them keep their bytes, CR
		// and CRLF included; the formatted game is written with LF.
		{"crlf", "[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n\r\n1. Kxe8 *\r\n\r\n  junk\r\n\r\n1. Ke7 *\r\n",
			seven + "1. e4 *\n\n[Event \"b\"]\r\n\r\n1. Kxe8 *\r\n\r\n  junk\r\n\r\n1. Ke7 *\n\n"},
		{"cr", "[Event \"b\"]\r\r1. Kxe8 *\r\r[Event \"c\"]\r\r1. Ke7 *\r", "[Event \"b\"]\r\r1. Kxe8 *\r\r[Event \"c\"]\r\r1. Ke7 *\n\n"},
		// Stray text (here a character outside any game) keeps the
		// blanks before it on its line when that line starts between the
		// games, and not a byte order mark; on the line of a formatted
		// game it starts at its first character.
		{"stray", "\ufeff  é \n[Event \"a\"]\n\n1. e4 *\n\n   é  \n\n", "  é\n" + seven + "1. e4 *\n\n   é\n"},
		{"stray after a game", "[Event \"a\"]\n\n1. e4 *   é\n", seven + "1. e4 *\n\né\n"},
		// Text read as games of their own, copied from their first
		// character.
		{"text as games", "\ufeff  ; header\n[Event \"a\"]\n\n1. e4 *\n\n   text  \n\n", "; header\n\n" + seven + "1. e4 *\n\ntext\n\n"},
		{"indented game", "[Event \"a\"]\n\n1. e4 *\n\n   1. Kxe8 *\n", seven + "1. e4 *\n\n1. Kxe8 *\n\n"},
	} {
		for _, piece := range []int{0, 1, 5} {
			for workers := 1; workers <= 3; workers++ {
				var out strings.Builder
				formatStream("x", strings.NewReader(tt.in), &out, export.Options{}, reader.Options{PieceSize: piece, Workers: workers}, defaultCodes, io.Discard)
				if out.String() != tt.want {
					t.Errorf("%s, pieces of %d, %d workers:\n got %q\nwant %q", tt.name, piece, workers, out.String(), tt.want)
				}
			}
		}
	}
}

// TestFmtCompareExitCodes: with -l, -d or --check the exit code says what
// the files need: 0 nothing (or, for -l and -d alone, pgnc fmt -w), 1
// pgnc fmt -w (--check), 2 a person: a file with errors, which fmt cannot
// format and which is never listed or diffed, or a usage or I/O error.
// Without these flags a file with errors exits 1, as before.
func TestFmtCompareExitCodes(t *testing.T) {
	dir := t.TempDir()
	const clean = "[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
	files := map[string]string{
		"clean.pgn": clean,
		"messy.pgn": "[Event \"a\"]\n\n1.e4 *\n",
		// Formatted but for its game with errors: unchanged by fmt.
		"bad.pgn":  clean + "[Event \"b\"]\n\n1. Ke3 *\n\n",
		"warn.pgn": "[Event \"a\"]\n\n1. Sf3 *\n", // PGN311, a warning
	}
	for name, text := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(files["messy.pgn"]))
	zw.Close()
	os.WriteFile(filepath.Join(dir, "messy.pgn.gz"), gz.Bytes(), 0o644)
	path := func(name string) string { return filepath.Join(dir, name) }
	for _, tt := range []struct {
		args      []string
		code      int
		stdout    string // "" for none; "diff" for a diff of messy
		notStderr string
	}{
		{[]string{"-l", "clean.pgn"}, exitClean, "", ""},
		{[]string{"-l", "messy.pgn", "clean.pgn"}, exitClean, "messy.pgn\n", ""},
		{[]string{"-l", "warn.pgn"}, exitClean, "warn.pgn\n", "cannot be formatted"},
		{[]string{"-l", "bad.pgn"}, exitUsage, "", "not in export format"},
		{[]string{"-l", "bad.pgn", "messy.pgn"}, exitUsage, "messy.pgn\n", ""},
		{[]string{"--check", "clean.pgn"}, exitClean, "", ""},
		{[]string{"--check", "messy.pgn"}, exitProblems, "", ""},
		{[]string{"--check", "messy.pgn", "bad.pgn"}, exitUsage, "", ""},
		{[]string{"--check", "bad.pgn", "messy.pgn"}, exitUsage, "", ""},
		{[]string{"--check", "--warn-as-error", "PGN311", "warn.pgn"}, exitUsage, "", "not in export format"},
		{[]string{"-d", "clean.pgn"}, exitClean, "", ""},
		{[]string{"-d", "messy.pgn"}, exitClean, "diff", ""},
		{[]string{"-d", "messy.pgn.gz"}, exitClean, "diff", ""},
		{[]string{"-d", "--check", "messy.pgn"}, exitProblems, "diff", ""},
		{[]string{"-d", "bad.pgn"}, exitUsage, "", ""},
		{[]string{"-d", "missing.pgn"}, exitUsage, "", ""},
		{[]string{"bad.pgn"}, exitProblems, files["bad.pgn"], "cannot be formatted"},
		{[]string{"-w", "bad.pgn"}, exitProblems, "", "cannot be formatted"},
	} {
		args := []string{"fmt"}
		for _, a := range tt.args {
			if strings.HasSuffix(a, ".pgn") || strings.HasSuffix(a, ".gz") {
				a = path(a)
			}
			args = append(args, a)
		}
		code, out, stderr := pgncRun(args, nil)
		out = strings.ReplaceAll(out, dir+string(filepath.Separator), "")
		stderr = strings.ReplaceAll(stderr, dir+string(filepath.Separator), "")
		want := tt.stdout
		if want == "diff" {
			name := "messy.pgn"
			if strings.HasSuffix(tt.args[len(tt.args)-1], ".gz") {
				name += ".gz"
			}
			want = "diff " + name + ".orig " + name + "\n--- " + name + ".orig\n+++ " + name + "\n@@ -1,3 +1,10 @@\n [Event \"a\"]\n+[Site \"?\"]\n+[Date \"????.??.??\"]\n+[Round \"?\"]\n+[White \"?\"]\n+[Black \"?\"]\n+[Result \"*\"]\n \n-1.e4 *\n+1. e4 *\n+\n"
		}
		if code != tt.code || out != want || tt.notStderr != "" && strings.Contains(stderr, tt.notStderr) {
			t.Errorf("fmt %s: exit %d, want %d\nstdout %q\nwant   %q\nstderr %s", strings.Join(tt.args, " "), code, tt.code, out, want, stderr)
		}
		if strings.Contains(stderr, "bad.pgn") && code == exitUsage && !strings.Contains(stderr, "bad.pgn: cannot be formatted: 1 error\n") {
			t.Errorf("fmt %s: the file with errors is not named apart:\n%s", strings.Join(tt.args, " "), stderr)
		}
	}
	if data, _ := os.ReadFile(path("bad.pgn")); string(data) != files["bad.pgn"] {
		t.Errorf("fmt -w changed a file that was formatted but for its game with errors:\n%s", data)
	}
}
