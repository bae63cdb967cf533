package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// TestCompressedInput: check reads gzip and zstd files, and stdin, by their
// magic bytes; fmt -w refuses to rewrite them.
func TestCompressedInput(t *testing.T) {
	src, err := os.ReadFile("../../testdata/sample.pgn")
	if err != nil {
		t.Fatal(err)
	}
	var gz, zs bytes.Buffer
	gw := gzip.NewWriter(&gz)
	gw.Write(src)
	gw.Close()
	zw, _ := zstd.NewWriter(&zs)
	zw.Write(src)
	zw.Close()
	dir := t.TempDir()
	files := map[string][]byte{"a.pgn.gz": gz.Bytes(), "b.pgn.zst": zs.Bytes(), "c.data": gz.Bytes()}
	for name, data := range files {
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	for _, name := range []string{"a.pgn.gz", "b.pgn.zst", "c.data"} {
		var out, errb bytes.Buffer
		if code := run([]string{"check", filepath.Join(dir, name)}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s%s", name, code, out.String(), errb.String())
		}
		if !strings.Contains(out.String(), "3 games (0 with errors)") {
			t.Errorf("%s: %s", name, out.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"check", "-"}, bytes.NewReader(zs.Bytes()), &out, &errb); code != 0 || !strings.Contains(out.String(), "3 games") {
		t.Errorf("stdin: exit %d: %s", code, out.String())
	}
	// A directory finds compressed PGN by name.
	out.Reset()
	run([]string{"check", dir}, nil, &out, &errb)
	if !strings.Contains(out.String(), "2 files, 6 games") {
		t.Errorf("directory: %s", out.String())
	}
	errb.Reset()
	if code := run([]string{"fmt", "-w", filepath.Join(dir, "a.pgn.gz")}, nil, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), "does not rewrite gzip-compressed files") {
		t.Errorf("fmt -w on gzip: exit %d: %s", code, errb.String())
	}
}
