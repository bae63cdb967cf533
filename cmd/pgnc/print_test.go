package main

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nopWriteCloser stores a zip member as it is, under a method number that
// no reader knows.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// checkTerminalSafe fails t when out holds a control character other than
// LF and tab, a bidirectional control or bytes that are not UTF-8, or a
// line that starts as the forged names in the tests do.
func checkTerminalSafe(t *testing.T, what, out string) {
	t.Helper()
	for i, r := range out {
		if r == '\n' || r == '\t' {
			continue
		}
		if r < 0x20 || r >= 0x7f && r <= 0x9f || r == 0x202e || r == 0xfffd && strings.HasPrefix(out[i:], "\xff") {
			t.Errorf("%s holds %U at %d:\n%s", what, r, i, out)
			return
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "forged") {
			t.Errorf("%s has a forged line %q:\n%s", what, line, out)
		}
	}
}

// TestNamesAreEscaped: file names, zip member names and tag values that
// hold control characters are escaped wherever text output shows them:
// diagnostics, the game line, I/O errors and fmt -l.
func TestNamesAreEscaped(t *testing.T) {
	dir := t.TempDir()
	broken := "[White \"Evil\x1b]0;PWNED\x07\x1b[2J\"]\n[Black \"B\u202eX\"]\n\n1. e4 Kxx *\n"
	var archive bytes.Buffer
	zw := zip.NewWriter(&archive)
	zw.RegisterCompressor(99, func(w io.Writer) (io.WriteCloser, error) { return nopWriteCloser{w}, nil })
	for _, m := range []struct {
		name   string
		method uint16
		text   string
	}{
		{"a\nforged.pgn:1:1: error[PGN999]: \x1b[31mfake.pgn", zip.Store, broken},
		{"b\nforged\x1b]0;T\x07.pgn", 99, broken},        // unreadable: an I/O error
		{"c\nforged\xff.pgn", zip.Store, "\x00\x01\x02"}, // binary: PGN116
	} {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: m.name, Method: m.method})
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, m.text)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	zipPath := filepath.Join(dir, "games.zip")
	plainPath := filepath.Join(dir, "e\x1b[2J\nforged.pgn")
	for path, data := range map[string][]byte{zipPath: archive.Bytes(), plainPath: []byte(broken)} {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"check", zipPath, plainPath},
		{"check", dir},
		{"check", "--lang", "es", zipPath, plainPath},
		{"fmt", "-l", plainPath},
		{"fmt", "--check", plainPath},
		{"convert", "--to", "san", zipPath},
	} {
		var stdout, stderr bytes.Buffer
		code := run(args, nil, &stdout, &stderr)
		checkTerminalSafe(t, strings.Join(args[:1], " ")+" stdout", stdout.String())
		checkTerminalSafe(t, strings.Join(args[:1], " ")+" stderr", stderr.String())
		if args[0] == "check" {
			if code != exitUsage || !strings.Contains(stdout.String(), `1 (Evil\x1b]0;PWNED\x07\x1b[2J – B\u202eX)`) ||
				!strings.Contains(stdout.String(), `e\x1b[2J\x0aforged.pgn:4:7: error[PGN1`) ||
				!strings.Contains(stdout.String(), `games.zip:a\x0aforged.pgn:1:1: error[PGN999]: \x1b[31mfake.pgn:4:7: error[PGN1`) ||
				!strings.Contains(stderr.String(), `games.zip:b\x0aforged\x1b]0;T\x07.pgn: zip: unsupported compression algorithm`) {
				t.Errorf("%v: exit %d\nstdout:\n%s\nstderr:\n%s", args, code, stdout.String(), stderr.String())
			}
		}
	}
}

// TestJSONNamesAreExact: --format json gives names and tag values as they
// are, escaped as JSON escapes them.
func TestJSONNamesAreExact(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e\x1b[2J\nx.pgn")
	if err := os.WriteFile(path, []byte("[White \"Evil\x1b]0\"]\n\n1. e4 Kxx *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", "--format", "json", path}, nil, &stdout, &stderr); code != exitProblems {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), `e\u001b[2J\nx.pgn","line":3`) || strings.Contains(stdout.String(), `\\x1b`) {
		t.Errorf("JSON names:\n%s", stdout.String())
	}
}
