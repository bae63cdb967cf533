package main

import (
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
