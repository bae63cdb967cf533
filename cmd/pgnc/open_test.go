package main

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"
)

func readTestdata(t *testing.T, name string) []byte {
	data, err := os.ReadFile(filepath.Join("../../testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// zipData is a zip archive of the named files, in order.
func zipData(t *testing.T, files ...string) []byte {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for i := 0; i < len(files); i += 2 {
		w, err := z.Create(files[i])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(files[i+1]))
	}
	z.Close()
	return b.Bytes()
}

// pgncRun runs pgnc with args and returns its exit code and output.
func pgncRun(args []string, stdin *os.File) (int, string, string) {
	var out, errb bytes.Buffer
	var in = os.Stdin
	if stdin != nil {
		in = stdin
	}
	code := run(args, in, &out, &errb)
	return code, out.String(), errb.String()
}

// writeFiles writes name, data pairs under dir.
func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	for name, data := range files {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCompressedFormats: every compressed form of a file, named by any
// name, is checked exactly as the plain file, with every -j.
func TestCompressedFormats(t *testing.T) {
	broken := readTestdata(t, "broken.pgn")
	sample := readTestdata(t, "sample.pgn")
	text := append(append([]byte{}, sample...), broken...)
	dir := t.TempDir()
	forms := map[string][]byte{
		"plain.pgn":   text,
		"gz.pgn.gz":   append(testfiles.Gzip(text[:700]), testfiles.Gzip(text[700:])...), // two members, as pigz writes
		"xz.pgn.xz":   testfiles.XZ(text),
		"frames.data": testfiles.Framed(text, []int{100, 700, 1200}), // any name: content decides
		"pzstd.zst":   readTestdata(t, "compressed/sample.pgn.zst"),
		"bz.pgn.bz2":  readTestdata(t, "compressed/sample.pgn.bz2"),
		"sample.pgn":  sample,
	}
	writeFiles(t, dir, forms)
	for _, j := range []string{"-j1", "-j2", "-j3"} {
		for _, form := range []struct{ name, plain string }{
			{"gz.pgn.gz", "plain.pgn"}, {"xz.pgn.xz", "plain.pgn"}, {"frames.data", "plain.pgn"},
			{"pzstd.zst", "sample.pgn"}, {"bz.pgn.bz2", "sample.pgn"},
		} {
			wantCode, want, _ := pgncRun([]string{"check", j, filepath.Join(dir, form.plain)}, nil)
			code, got, stderr := pgncRun([]string{"check", j, filepath.Join(dir, form.name)}, nil)
			got = strings.ReplaceAll(got, form.name, form.plain)
			if code != wantCode || got != want || stderr != "" {
				t.Errorf("%s %s: exit %d, %s%s\nwant exit %d, %s", j, form.name, code, got, stderr, wantCode, want)
			}
		}
	}
	// Compressed standard input, and compressed files found in a directory.
	f, _ := os.Open(filepath.Join(dir, "xz.pgn.xz"))
	defer f.Close()
	if code, out, _ := pgncRun([]string{"check", "-"}, f); code != exitProblems || !strings.Contains(out, "7 games (3 with errors)") {
		t.Errorf("xz on standard input: exit %d: %s", code, out)
	}
	if _, out, _ := pgncRun([]string{"check", dir}, nil); !strings.Contains(out, "5 files, 27 games") {
		t.Errorf("directory: %s", out)
	}
	if code, _, stderr := pgncRun([]string{"fmt", "-w", filepath.Join(dir, "gz.pgn.gz")}, nil); code != exitUsage || !strings.Contains(stderr, "does not rewrite gzip-compressed files") {
		t.Errorf("fmt -w on gzip: exit %d: %s", code, stderr)
	}
}

// TestZip: every .pgn member of a zip archive is read in archive order,
// named archive.zip:member.pgn; fmt, convert and board read them too.
func TestZip(t *testing.T) {
	sample, broken := string(readTestdata(t, "sample.pgn")), string(readTestdata(t, "broken.pgn"))
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"twic.zip":       zipData(t, "twic1599.pgn", sample, "readme.txt", "not PGN", "sub/more.PGN", broken),
		"one.zip":        zipData(t, "a.pgn", sample),
		"pictures.zip":   zipData(t, "a.png", "\x89PNG"),
		"d/games.zip":    zipData(t, "g.pgn", sample),
		"d/pictures.zip": zipData(t, "a.png", "\x89PNG"),
	})
	zipPath := filepath.Join(dir, "twic.zip")
	code, out, stderr := pgncRun([]string{"check", zipPath}, nil)
	if code != exitProblems || !strings.Contains(out, zipPath+":sub/more.PGN:21:11: error[PGN201]") || !strings.HasSuffix(out, "2 files, 7 games (3 with errors), 111 plies replayed: 5 errors, 8 warnings, 15 bytes skipped\n") {
		t.Errorf("check: exit %d\n%s%s", code, out, stderr)
	}
	// From standard input: a redirected file can be read, a pipe cannot.
	f, _ := os.Open(zipPath)
	defer f.Close()
	if _, got, _ := pgncRun([]string{"check", "-"}, f); got != strings.ReplaceAll(out, zipPath, "<stdin>") {
		t.Errorf("zip on standard input:\n%s", got)
	}
	pr, pw, _ := os.Pipe()
	data, _ := os.ReadFile(zipPath)
	go func() { pw.Write(data); pw.Close() }()
	if code, out, _ := pgncRun([]string{"check", "-"}, pr); code != exitUsage || !strings.Contains(out, "hint: a zip archive is read from a named file, not from standard input or a pipe") {
		t.Errorf("zip from a pipe: exit %d: %s", code, out)
	}
	// A zip without PGN is named; in a directory it is passed over.
	if code, out, _ := pgncRun([]string{"check", filepath.Join(dir, "pictures.zip")}, nil); code != exitUsage || !strings.Contains(out, "error[PGN116]: 'pictures.zip' is a zip archive without a .pgn member, not PGN text") {
		t.Errorf("zip without PGN: exit %d: %s", code, out)
	}
	if code, out, _ := pgncRun([]string{"check", filepath.Join(dir, "d")}, nil); code != exitClean || !strings.HasPrefix(out, "1 file, 3 games") {
		t.Errorf("directory with zips: exit %d: %s", code, out)
	}
	// fmt, convert and board.
	if code, out, stderr := pgncRun([]string{"fmt", filepath.Join(dir, "one.zip")}, nil); code != exitClean || !strings.Contains(out, "[White \"Anderssen, Adolf\"]") {
		t.Errorf("fmt: exit %d: %s%s", code, out, stderr)
	}
	if code, _, stderr := pgncRun([]string{"fmt", "-w", filepath.Join(dir, "one.zip")}, nil); code != exitUsage || !strings.Contains(stderr, "-w does not rewrite members of zip archives") {
		t.Errorf("fmt -w: exit %d: %s", code, stderr)
	}
	if code, out, _ := pgncRun([]string{"fmt", "-l", filepath.Join(dir, "one.zip")}, nil); code != exitClean || out != filepath.Join(dir, "one.zip")+":a.pgn\n" {
		t.Errorf("fmt -l: exit %d: %q", code, out)
	}
	if code, out, _ := pgncRun([]string{"convert", "--to", "fen", "--final", filepath.Join(dir, "d")}, nil); code != exitClean || len(strings.Fields(out)) != 3*6 {
		t.Errorf("convert: exit %d: %s", code, out)
	}
	if code, out, _ := pgncRun([]string{"board", "--ascii", filepath.Join(dir, "one.zip")}, nil); code != exitClean || !strings.Contains(out, "FEN") {
		t.Errorf("board: exit %d: %s", code, out)
	}
	if code, _, stderr := pgncRun([]string{"board", zipPath}, nil); code != exitUsage || !strings.Contains(stderr, "holds 2 PGN inputs") {
		t.Errorf("board on two members: exit %d: %s", code, stderr)
	}
}

// TestNotPGN: a file that is not PGN text gets one diagnostic, PGN116, and
// exit 2; the inputs after it are still checked.
func TestNotPGN(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"x.7z":      []byte("7z\xbc\xaf\x27\x1c\x00\x04" + strings.Repeat("\x00", 100)),
		"games.cbh": bytes.Repeat([]byte{0, 1, 2, 3, 'a'}, 1000),
		"g.pgn.gz":  testfiles.Gzip(bytes.Repeat([]byte{0}, 1000)),
		"ok.pgn":    readTestdata(t, "sample.pgn"),
	})
	seven, cbh, gz, ok := filepath.Join(dir, "x.7z"), filepath.Join(dir, "games.cbh"), filepath.Join(dir, "g.pgn.gz"), filepath.Join(dir, "ok.pgn")
	code, out, stderr := pgncRun([]string{"check", seven, cbh, gz, ok}, nil)
	want := seven + ":1:1: error[PGN116]: 'x.7z' is a 7-Zip archive, not PGN text\n  hint: unpack it first\n" +
		cbh + ":1:1: error[PGN116]: 'games.cbh' is binary data, not PGN text\n  hint: is it the right file?\n" +
		gz + ":1:1: error[PGN116]: 'g.pgn.gz' is binary data, not PGN text\n  hint: is it the right file?\n" +
		"4 files, 3 games (0 with errors), 91 plies replayed: 3 errors (3 outside any game), 0 warnings, 0 bytes skipped\n"
	if code != exitUsage || out != want || stderr != "" {
		t.Errorf("exit %d\n%s%s\nwant\n%s", code, out, stderr, want)
	}
	code, out, _ = pgncRun([]string{"check", "--format", "json", seven}, nil)
	if code != exitUsage || !strings.Contains(out, `"code":"PGN116","message":"'x.7z' is a 7-Zip archive, not PGN text","hint":"unpack it first"`) {
		t.Errorf("json: exit %d: %s", code, out)
	}
	for _, cmd := range [][]string{{"fmt", seven}, {"convert", "--to", "uci", seven}, {"board", seven}} {
		if code, _, stderr := pgncRun(cmd, nil); code != exitUsage || !strings.Contains(stderr, "'x.7z' is a 7-Zip archive, not PGN text; unpack it first") {
			t.Errorf("%s: exit %d: %s", cmd[0], code, stderr)
		}
	}
}

// TestCutShort: a compressed file cut short is reported after the games
// read before the cut, naming the file, with exit code 2.
func TestCutShort(t *testing.T) {
	text := bytes.Repeat(readTestdata(t, "sample.pgn"), 50)
	file := testfiles.Framed(text, []int{len(text) / 3, len(text) * 2 / 3})
	path := filepath.Join(t.TempDir(), "cut.pgn.zst")
	os.WriteFile(path, file[:len(file)-20], 0o644)
	for _, j := range []string{"-j1", "-j2"} {
		code, out, stderr := pgncRun([]string{"check", j, path}, nil)
		// The last frame is cut: what the first two hold is checked, the
		// game cut at their end included.
		want := fmt.Sprintf("pgnc: %s: zstd: the compressed data ends early, after %d decompressed bytes: is the file cut short?\n", path, len(text)*2/3)
		if code != exitUsage || !strings.Contains(out, "1 file, 100 games (1 with errors)") || stderr != want {
			t.Errorf("%s: exit %d: %s%s", j, code, out, stderr)
		}
	}
}

// TestPzstdCorpus compresses corpus files with pzstd, in frames of about
// 2 MiB whose edges fall mid-game, and checks that pgnc check reports on
// the .zst exactly what it reports on the plain file, for every -j.
func TestPzstdCorpus(t *testing.T) {
	testfiles.Extended(t)
	if _, err := exec.LookPath("pzstd"); err != nil {
		t.Skip("pzstd is not installed (Debian package zstd)")
	}
	paths := testfiles.PGN("../../../shared/corpus/edge/lichess-twic", "../../../shared/corpus/bulk/tcec", "../../../shared/corpus/bulk/otb-masters")
	if len(paths) == 0 {
		t.Skip("the corpus is absent: ../shared/corpus")
	}
	var text []byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if text = append(text, data...); len(text) > 12<<20 {
			break
		}
	}
	dir := t.TempDir()
	plain := filepath.Join(dir, "corpus.pgn")
	os.WriteFile(plain, text, 0o644)
	if out, err := exec.Command("pzstd", "-q", "-1", "-p", "2", plain, "-o", plain+".zst").CombinedOutput(); err != nil {
		t.Fatalf("pzstd: %v: %s", err, out)
	}
	for _, j := range []string{"-j1", "-j2", "-j4"} {
		wantCode, want, _ := pgncRun([]string{"check", j, plain}, nil)
		code, got, stderr := pgncRun([]string{"check", j, plain + ".zst"}, nil)
		if got = strings.ReplaceAll(got, plain+".zst", plain); code != wantCode || got != want || stderr != "" {
			t.Errorf("%s: exit %d (want %d), %d bytes of report (want %d), %s", j, code, wantCode, len(got), len(want), stderr)
		}
	}
}

// failAfter is an input that fails when it is read past its text.
type failAfter struct{ text *strings.Reader }

func (f failAfter) Read(p []byte) (int, error) {
	if f.text.Len() == 0 {
		return 0, errors.New("read past the games board needed")
	}
	return f.text.Read(p)
}

// TestBoardStreams: board reads its input only up to the game it shows.
func TestBoardStreams(t *testing.T) {
	game := "[Event \"x\"]\n\n1. e4 e5 *\n\n"
	input := strings.Repeat(game, 20000) // about 500 KB
	var out, errb bytes.Buffer
	code := run([]string{"board", "--game", "2", "--ascii", "-"}, failAfter{strings.NewReader(input)}, &out, &errb)
	if code != exitClean || !strings.Contains(out.String(), "FEN: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2") {
		t.Errorf("exit %d: %s%s", code, out.String(), errb.String())
	}
	if code, _, stderr := pgncRun([]string{"board", "--game", "0", "-"}, nil); code != exitUsage || !strings.Contains(stderr, "--game 0 is out of range") {
		t.Errorf("--game 0: exit %d: %s", code, stderr)
	}
}

// TestZipFaults: a zip member whose data is damaged gives the games read
// before the fault, then an error naming the member and the fault; an
// encrypted member is refused as such; the members after either are read.
func TestZipFaults(t *testing.T) {
	sample := string(readTestdata(t, "sample.pgn"))
	data := zipData(t, "a.pgn", sample, "b.pgn", sample)
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	first := z.File[0]
	at, _ := first.DataOffset()
	// A CRC-32 that does not match, in the local header and the directory.
	badCRC := bytes.Clone(data)
	crc := first.CRC32 ^ 0xdeadbeef
	binary.LittleEndian.PutUint32(badCRC[bytes.Index(badCRC, []byte("PK\x03\x04"))+14:], crc)
	binary.LittleEndian.PutUint32(badCRC[bytes.Index(badCRC, []byte("PK\x01\x02"))+16:], crc)
	// Compressed data damaged in its middle.
	damaged := bytes.Clone(data)
	damaged[at+int64(first.CompressedSize64)/2] ^= 0x55
	// A member whose header says it is encrypted.
	var enc bytes.Buffer
	zw := zip.NewWriter(&enc)
	w, _ := zw.CreateHeader(&zip.FileHeader{Name: "secret.pgn", Method: zip.Deflate, Flags: 1})
	w.Write([]byte(sample))
	w, _ = zw.Create("open.pgn")
	w.Write([]byte(sample))
	zw.Close()
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{"crc.zip": badCRC, "damaged.zip": damaged, "enc.zip": enc.Bytes()})
	for _, c := range []struct {
		name, out, stderr string
	}{
		{"crc.zip", "2 files, 6 games (0 with errors)", fmt.Sprintf("crc.zip:a.pgn: zip: the member's data (at offset %d of the archive) does not match its CRC-32: the archive is damaged\n", at)},
		{"damaged.zip", "2 files, ", fmt.Sprintf("damaged.zip:a.pgn: zip: the member's data (at offset %d of the archive) ", at)},
		{"enc.zip", "error[PGN116]: 'enc.zip:secret.pgn' is an encrypted zip member, not PGN text\n  hint: pgnc does not read encrypted members: unzip it with its password first\n2 files, 3 games (0 with errors)", ""},
	} {
		code, out, stderr := pgncRun([]string{"check", filepath.Join(dir, c.name)}, nil)
		if code != exitUsage || !strings.Contains(out, c.out) || !strings.Contains(stderr, c.stderr) || (c.stderr == "") != (stderr == "") {
			t.Errorf("%s: exit %d\n%s%s", c.name, code, out, stderr)
		}
	}
}
