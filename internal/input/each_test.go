package input_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/testfiles"
)

const game = "[Event \"x\"]\n\n1. e4 e5 *\n"

// zipOf is a zip archive of the name, text pairs, in order.
func zipOf(t *testing.T, files ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for i := 0; i < len(files); i += 2 {
		w, err := z.Create(files[i])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(files[i+1]))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// writeTree writes the name, data pairs under dir.
func writeTree(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// opened is what Each gave for one input.
type opened struct {
	name, path string
	format     input.Format
	text       string
	ranges     bool // ReaderAt offered the input
	err        error
}

func (o opened) String() string {
	if o.err != nil {
		return "error " + o.err.Error()
	}
	return fmt.Sprintf("%s (path %q, format %q, ranges %v): %q", o.name, o.path, o.format, o.ranges, o.text)
}

// each reads every input that Each gives for arg, each read to its end
// before the next is opened, and closes it.
func each(t *testing.T, arg string, stdin io.Reader, o input.Options) []opened {
	t.Helper()
	var got []opened
	for src, err := range input.Each(arg, stdin, o) {
		if err != nil {
			got = append(got, opened{err: err})
			continue
		}
		_, _, ranges := src.ReaderAt()
		text, err := io.ReadAll(src)
		if err != nil {
			t.Errorf("%s: %v", src.Name, err)
		}
		if err := src.Close(); err != nil {
			t.Errorf("%s: close: %v", src.Name, err)
		}
		got = append(got, opened{name: src.Name, path: src.Path, format: src.Format, text: string(text), ranges: ranges})
	}
	return got
}

func expect(t *testing.T, what string, got, want []opened) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s:\n got %v\nwant %v", what, got, want)
	}
}

// TestEachZip: the .pgn members of a zip archive come in archive order,
// named archive.zip:member.pgn, and other members are passed over. A
// member is read after the loop has moved on: the archive stays open
// until its last member is closed.
func TestEachZip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "twic.zip")
	writeTree(t, dir, map[string][]byte{
		"twic.zip":     zipOf(t, "a.pgn", game, "readme.txt", "not PGN", "sub/b.PGN", "1. d4 *\n"),
		"pictures.zip": zipOf(t, "a.png", "\x89PNG"),
	})
	expect(t, "zip", each(t, path, nil, input.Options{}), []opened{
		{name: path + ":a.pgn", path: path, format: input.Zip, text: game},
		{name: path + ":sub/b.PGN", path: path, format: input.Zip, text: "1. d4 *\n"},
	})

	// Stored, not compressed, members much longer than what opening one
	// reads ahead: read after the loop, they are read from the archive.
	long := []string{strings.Repeat(game, 10000), strings.Repeat("1. d4 *\n", 30000)}
	var stored bytes.Buffer
	z := zip.NewWriter(&stored)
	for i, text := range long {
		w, err := z.CreateHeader(&zip.FileHeader{Name: fmt.Sprint(i, ".pgn"), Method: zip.Store})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(text))
	}
	z.Close()
	path = filepath.Join(dir, "stored.zip")
	writeTree(t, dir, map[string][]byte{"stored.zip": stored.Bytes()})
	var kept []*input.Source
	for src, err := range input.Each(path, nil, input.Options{}) {
		if err != nil {
			t.Fatal(err)
		}
		kept = append(kept, src)
	}
	for i, want := range long {
		got, err := io.ReadAll(kept[i])
		if string(got) != want || err != nil {
			t.Errorf("member %d read after the loop: %d bytes of %d, %v", i, len(got), len(want), err)
		}
		if err := kept[i].Close(); err != nil {
			t.Errorf("member %d: close: %v", i, err)
		}
	}

	// Named itself, a zip archive without a .pgn member is an error.
	pictures := filepath.Join(dir, "pictures.zip")
	got := each(t, pictures, nil, input.Options{})
	var open *input.OpenError
	var notPGN *input.NotPGNError
	if len(got) != 1 || !errors.As(got[0].err, &open) || open.Name != pictures || !errors.As(got[0].err, &notPGN) ||
		got[0].err.Error() != pictures+": 'pictures.zip' is a zip archive without a .pgn member, not PGN text; is it the right file?" {
		t.Errorf("zip without PGN: %v", got)
	}
}

// TestEachDir: a directory gives every PGN file below it, compressed or
// in a zip archive, in lexical order; files with other names, and zip
// archives without a .pgn member, are passed over. A directory without a
// PGN file is an error.
func TestEachDir(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string][]byte{
		"a.pgn":            []byte(game),
		"b.pgn.gz":         testfiles.Gzip([]byte("1. c4 *\n")),
		"notes.txt":        []byte("not PGN"),
		"sub/c.pgn.zst":    testfiles.Framed([]byte("1. d4 d5 *\n"), []int{4}),
		"sub/d.zip":        zipOf(t, "x.pgn", "1. f4 *\n"),
		"sub/pictures.zip": zipOf(t, "a.png", "\x89PNG"),
		"empty/notes.txt":  []byte("not PGN"),
	})
	var skipped []string
	o := input.Options{Workers: 2, Skipped: func(path string, why input.Skip) { skipped = append(skipped, path+": "+why.String()) }}
	sub := filepath.Join(dir, "sub")
	expect(t, "directory", each(t, dir, nil, o), []opened{
		{name: filepath.Join(dir, "a.pgn"), path: filepath.Join(dir, "a.pgn"), format: input.Text, text: game, ranges: true},
		{name: filepath.Join(dir, "b.pgn.gz"), path: filepath.Join(dir, "b.pgn.gz"), format: input.Gzip, text: "1. c4 *\n"},
		{name: filepath.Join(sub, "c.pgn.zst"), path: filepath.Join(sub, "c.pgn.zst"), format: input.Zstd, text: "1. d4 d5 *\n"},
		{name: filepath.Join(sub, "d.zip") + ":x.pgn", path: filepath.Join(sub, "d.zip"), format: input.Zip, text: "1. f4 *\n"},
	})
	if want := filepath.Join(sub, "pictures.zip") + ": a zip archive without a .pgn member"; len(skipped) != 1 || skipped[0] != want {
		t.Errorf("skipped %q, want %q", skipped, want)
	}

	empty := filepath.Join(dir, "empty")
	got := each(t, empty, nil, input.Options{})
	if len(got) != 1 || !errors.Is(got[0].err, input.ErrNoPGNFile) ||
		got[0].err.Error() != empty+": no PGN file in this directory (.pgn, compressed, or in a zip archive)" {
		t.Errorf("empty directory: %v", got)
	}
}

// TestEachStdin: "-" is standard input, decoded as a stream; redirected
// from a file it is read as a file, so that a zip archive can be read
// from it, and from a pipe a zip archive is refused.
func TestEachStdin(t *testing.T) {
	var sizes []int64
	read := 0
	progress := countProgress{begin: func(name string, size int64) { sizes = append(sizes, size) }, read: func(n int) { read += n }}
	gz := testfiles.Gzip([]byte(game))
	expect(t, "gzip stream", each(t, "-", bytes.NewReader(gz), input.Options{Progress: progress}), []opened{
		{name: "<stdin>", format: input.Gzip, text: game},
	})
	if len(sizes) != 1 || sizes[0] != -1 || read != len(gz) {
		t.Errorf("progress: sizes %v, %d bytes read; want [-1], %d", sizes, read, len(gz))
	}

	archive := zipOf(t, "a.pgn", game)
	got := each(t, "-", bytes.NewReader(archive), input.Options{})
	if len(got) != 1 || !errors.Is(got[0].err, input.ErrZipStream) {
		t.Errorf("zip as a stream: %v", got)
	}

	path := filepath.Join(t.TempDir(), "games.zip")
	writeTree(t, filepath.Dir(path), map[string][]byte{"games.zip": archive})
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	expect(t, "zip redirected", each(t, "-", f, input.Options{}), []opened{{name: "<stdin>:a.pgn", format: input.Zip, text: game}})

	if got := each(t, "-", nil, input.Options{}); len(got) != 1 || got[0].err == nil {
		t.Errorf("no standard input: %v", got)
	}
}

// countProgress is an input.Progress of functions.
type countProgress struct {
	begin func(string, int64)
	read  func(int)
}

func (p countProgress) Begin(name string, size int64) { p.begin(name, size) }
func (p countProgress) Read(n int)                    { p.read(n) }

// TestEachErrors: an input that cannot be opened is an *OpenError that
// names it, and the inputs after it are opened; the error of the
// operating system is its own text, which names the path.
func TestEachErrors(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string][]byte{
		"a.pgn":      []byte("7z\xbc\xaf\x27\x1c\x00\x04" + strings.Repeat("\x00", 100)),
		"b.pgn":      bytes.Repeat([]byte{0, 1, 2, 3, 'a'}, 1000),
		"c.pgn":      []byte(game),
		"x/f.pgn.xz": []byte(game), // any name: content decides
	})
	got := each(t, dir, nil, input.Options{})
	var errs []string
	for _, g := range got {
		if g.err != nil {
			var open *input.OpenError
			if !errors.As(g.err, &open) {
				t.Errorf("%v is not an *OpenError", g.err)
			}
			errs = append(errs, g.err.Error())
		}
	}
	a := filepath.Join(dir, "a.pgn")
	b := filepath.Join(dir, "b.pgn")
	want := []string{
		a + ": 'a.pgn' is a 7-Zip archive, not PGN text; unpack it first",
		b + ": 'b.pgn' is binary data, not PGN text; is it the right file?",
	}
	if fmt.Sprint(errs) != fmt.Sprint(want) || len(got) != 4 {
		t.Errorf("errors %q, want %q; all: %v", errs, want, got)
	}

	missing := filepath.Join(dir, "missing.pgn")
	got = each(t, missing, nil, input.Options{})
	if len(got) != 1 || !errors.Is(got[0].err, fs.ErrNotExist) || got[0].err.Error() != "stat "+missing+": no such file or directory" {
		t.Errorf("missing file: %v", got)
	}
}

// TestEachBreak: leaving the loop early stops Each; the Source in hand
// is still read and closed by the caller.
func TestEachBreak(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string][]byte{
		"a.zip": zipOf(t, "1.pgn", game, "2.pgn", game),
		"b.pgn": []byte(game),
	})
	for stop := 1; stop <= 3; stop++ {
		n := 0
		var last *input.Source
		for src, err := range input.Each(dir, nil, input.Options{}) {
			if err != nil {
				t.Fatal(err)
			}
			if n++; n == stop {
				last = src
				break
			}
			src.Close()
		}
		if n != stop {
			t.Errorf("stop at %d: %d inputs", stop, n)
			continue
		}
		if text, err := io.ReadAll(last); string(text) != game || err != nil {
			t.Errorf("stop at %d: %q, %v", stop, text, err)
		}
		last.Close()
	}
}

// TestEachShrunk: a file cut by another process while it is read ends in
// a *ShrunkError that says so, not in a clean end with its last games
// lost, whether it is read in ranges, serially, or as a stream.
func TestEachShrunk(t *testing.T) {
	text := bytes.Repeat([]byte(game+"\n"), 60000) // 1.6 MB
	for _, c := range []struct {
		name   string
		jobs   int
		ranges bool
	}{{"ranges", 2, true}, {"serial", 1, true}, {"stream", 2, false}} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "games.pgn")
			if err := os.WriteFile(path, text, 0o644); err != nil {
				t.Fatal(err)
			}
			sources := 0
			for src, err := range input.Each(path, nil, input.Options{Workers: c.jobs}) {
				if err != nil {
					t.Fatal(err)
				}
				sources++
				if err := os.Truncate(path, int64(len(text)/3)); err != nil {
					t.Fatal(err)
				}
				opts := reader.Options{Workers: c.jobs, ReuseText: true}
				rd := reader.New(src, src.Name, opts)
				if f, size, ok := src.ReaderAt(); c.ranges {
					if !ok || size != int64(len(text)) {
						t.Fatalf("ReaderAt: %v, size %d", ok, size)
					}
					rd = reader.NewFile(f, size, src.Name, opts)
				}
				games := 0
				var shrunk *input.ShrunkError
				for _, err := range rd.All() {
					if err != nil {
						if !errors.As(err, &shrunk) || shrunk.Size != int64(len(text)) || shrunk.End != int64(len(text)/3) {
							t.Errorf("after %d games: %v", games, err)
						}
						break
					}
					games++
				}
				if shrunk == nil {
					t.Errorf("%d games and no *ShrunkError", games)
				}
				rd.Close()
				src.Close()
			}
			if sources != 1 {
				t.Errorf("%d inputs", sources)
			}
		})
	}
}

// TestEachWarnings: a lone UTF-16 surrogate, decoded as U+FFFD, is a
// PGN118 warning at its place in the decoded text, handed out once.
func TestEachWarnings(t *testing.T) {
	// BOM, "1. e4 ", a lone high surrogate, " *\n".
	var data []byte
	data = append(data, 0xff, 0xfe)
	for _, r := range "1. e4 " {
		data = append(data, byte(r), 0)
	}
	data = append(data, 0x00, 0xd8)
	for _, r := range " *\n" {
		data = append(data, byte(r), 0)
	}
	path := filepath.Join(t.TempDir(), "utf16.pgn")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for src, err := range input.Each(path, nil, input.Options{}) {
		if err != nil {
			t.Fatal(err)
		}
		text, err := io.ReadAll(src)
		if string(text) != "1. e4 \uFFFD *\n" || src.Format != input.UTF16LE || err != nil {
			t.Fatalf("%q, %q, %v", text, src.Format, err)
		}
		f := diag.NewPiece(src.Name, string(text[3:]), diag.Piece{Offset: 3})
		got := src.Warnings(f, len(text))
		if len(got) != 1 || got[0].Code != diag.LoneSurrogate || got[0].Start != 3 || got[0].End != 6 || fmt.Sprint(got[0].Args) != fmt.Sprint([]diag.Arg{diag.ValueArg("unit", "D800"), diag.ValueArg("offset", "14")}) {
			t.Errorf("warnings %+v", got)
		}
		if again := src.Warnings(f, len(text)); len(again) != 0 {
			t.Errorf("handed out again: %+v", again)
		}
		src.Close()
	}
}
