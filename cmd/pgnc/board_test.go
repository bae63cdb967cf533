package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// unfinished is a game that play continues.
const unfinished = "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"

// TestHugeGameRefused: board and play hold one game whole, its tree and
// model, as fmt and convert do: a game of more than wholeGameLimit
// elements of movetext is read in parts and refused with PGN904, so that
// it costs megabytes, not gigabytes; the games before and after it are
// shown and continued as usual.
func TestHugeGameRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.pgn")
	huge := strings.Replace(unfinished, "1. e4 e5 *", "1. "+strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", wholeGameLimit/4+1)+"*", 1)
	os.WriteFile(path, []byte(unfinished+"\n"+huge+"\n"+unfinished), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"board", "--game", "2", path}, exitProblems, "pgnc board: game 2 is too long to show"},
		{[]string{"play", "--game", "2", path}, exitUsage, "pgnc play: game 2 is too long to continue"},
	} {
		code, _, stderr := runWith(c.args, "quit\n")
		if code != c.code || !strings.Contains(stderr, "huge.pgn:11:1: warning[PGN904]: this game has more than 1048576") || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d: %s", c.args[0], code, stderr)
		}
	}
	if code, out, stderr := runWith([]string{"board", "--ascii", "--game", "3", path}, ""); code != exitClean || !strings.Contains(out, "after 1... e5") {
		t.Errorf("board --game 3: exit %d: %s%s", code, out, stderr)
	}
	if code, out, stderr := runWith([]string{"play", "--ascii", "--game", "3", path}, "quit\n"); code != exitClean || !strings.Contains(out, "1. e4 e5 *") {
		t.Errorf("play --game 3: exit %d: %s%s", code, out, stderr)
	}
}

// runWith runs pgnc with stdin as its standard input.
func runWith(args []string, stdin string) (int, string, string) {
	var out, errb strings.Builder
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// TestBoardStdin: board reads standard input as the other commands do,
// with no FILE (standard input not a terminal) or "-", and shows what it
// shows of the same file named.
func TestBoardStdin(t *testing.T) {
	sample := filepath.Join("..", "..", "testdata", "sample.pgn")
	data, err := os.ReadFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	_, want, _ := runWith([]string{"board", "--ascii", "--game", "2", sample}, "")
	for _, args := range [][]string{{"board", "--ascii", "--game", "2"}, {"board", "--ascii", "--game", "2", "-"}} {
		if code, out, stderr := runWith(args, string(data)); code != exitClean || out != want || stderr != "" {
			t.Errorf("%v: exit %d: %s%s", args, code, out, stderr)
		}
	}
	if code, _, stderr := runWith([]string{"board", sample, sample}, ""); code != exitUsage || !strings.Contains(stderr, "want exactly one FILE") {
		t.Errorf("two files: exit %d: %s", code, stderr)
	}
}

// TestBoardFlagConflicts: --all and --ply ask for different things; given
// together they are a usage error, whichever order, not --all silently.
func TestBoardFlagConflicts(t *testing.T) {
	sample := filepath.Join("..", "..", "testdata", "sample.pgn")
	for _, args := range [][]string{{"--all", "--ply", "3"}, {"--ply", "0", "--all"}, {"--ply=3", "--all=true"}} {
		code, out, stderr := runWith(append(append([]string{"board"}, args...), sample), "")
		if code != exitUsage || out != "" || !strings.Contains(stderr, "pgnc board: --all shows every position and --ply") {
			t.Errorf("%v: exit %d: %s%s", args, code, out, stderr)
		}
	}
	for _, args := range [][]string{{"--all"}, {"--ply", "3"}, {"--all=false", "--ply", "3"}} {
		if code, _, stderr := runWith(append(append([]string{"board", "--ascii"}, args...), sample), ""); code != exitClean {
			t.Errorf("%v: exit %d: %s", args, code, stderr)
		}
	}
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestBoardStopsAtTheGameShown: board reads its input up to the game it
// shows, and not the games after it, whatever the file's size.
func TestBoardStopsAtTheGameShown(t *testing.T) {
	sample, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sample.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat(append(sample, '\n'), (16<<20)/len(sample))
	in := &countingReader{r: bytes.NewReader(big)}
	var out, errb strings.Builder
	if code := run([]string{"board", "--ascii", "--game", "2", "-"}, in, &out, &errb); code != exitClean || !strings.Contains(out.String(), "FEN: ") {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	if in.n > 4<<20 {
		t.Errorf("board --game 2 read %d bytes of %d", in.n, len(big))
	}
}
