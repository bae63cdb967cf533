//go:build unix

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// TestPlayInTmux plays a short game to mate in a real terminal: moves
// typed at the prompt, the board in chess symbols on the screen, and the
// game written back with -w.
func TestPlayInTmux(t *testing.T) {
	tmux := tmuxServer(t)
	dir := t.TempDir()
	game := filepath.Join(dir, "game.pgn")
	os.WriteFile(game, []byte("[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Bc4 Nc6 *\n\n[Event \"next\"]\n\n1. d4 *\n"), 0o644)
	script := fmt.Sprintf("PGNC_TEST_MAIN=1 %q play -w %q; echo exit $?; sleep 30", os.Args[0], game)
	if out, err := tmux("new-session", "-d", "-s", "play", "-x", "80", "-y", "60", "sh", "-c", script).CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v: %s", err, out)
	}
	screen := func(want string) string {
		var text string
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			out, err := tmux("capture-pane", "-p", "-t", "play").Output()
			if err != nil {
				t.Fatalf("tmux capture-pane: %v", err)
			}
			if text = string(out); strings.Contains(text, want) {
				return text
			}
		}
		t.Fatalf("the screen never showed %q:\n%s", want, text)
		return ""
	}
	screen("white to move\n>")
	for _, move := range []string{"Qh5", "Nf6", "Qxf7"} {
		tmux("send-keys", "-t", "play", move, "Enter").Run()
	}
	end := screen("exit 0")
	for _, want := range []string{"A – B, Club", "5 . . . . ♟ . . ♕", "checkmate: white wins: 1-0", "wrote " + game} {
		if !strings.Contains(end, want) {
			t.Errorf("the screen lacks %q:\n%s", want, end)
		}
	}
	data, _ := os.ReadFile(game)
	if !strings.Contains(string(data), "4. Qxf7# 1-0\n\n[Event \"next\"]") {
		t.Errorf("the file written:\n%s", data)
	}
}

// TestPlayLongLines: a line of input longer than play reads (maxLine) is
// passed over with a message, and the session goes on; a failed read ends
// it with the game written all the same (exit 2). The moves played are
// never lost.
func TestPlayLongLines(t *testing.T) {
	long := strings.Repeat("x", 3*maxLine)
	for _, c := range []struct {
		name  string
		stdin io.Reader
		code  int
		want  string
	}{
		{"long line", strings.NewReader("Nf3\n" + long + "\nNc6\n"), exitClean, "2. Nf3 Nc6 *"},
		{"long last line", strings.NewReader("Nf3\n" + long), exitClean, "2. Nf3 *"},
		{"long line with CRLF", strings.NewReader("Nf3\r\n" + long + "\r\nNc6\r\n"), exitClean, "2. Nf3 Nc6 *"},
		{"read error", io.MultiReader(strings.NewReader("Nf3\n"), iotest.ErrReader(errors.New("the terminal went away"))), exitUsage, "2. Nf3 *"},
	} {
		path := filepath.Join(t.TempDir(), "game.pgn")
		os.WriteFile(path, []byte(unfinished), 0o644)
		var out, errb strings.Builder
		code := run([]string{"play", "-w", "--ascii", path}, c.stdin, &out, &errb)
		if code != c.code || !strings.Contains(out.String(), "wrote "+path) {
			t.Errorf("%s: exit %d: %.500s%s", c.name, code, out.String(), errb.String())
		}
		if strings.Contains(c.name, "long") && !strings.Contains(out.String(), fmt.Sprintf("a line of %d bytes is too long for a move or command (at most %d); passed over", len(long), maxLine)) {
			t.Errorf("%s: no message for the long line: %.500s", c.name, out.String())
		}
		if c.code == exitUsage && !strings.Contains(errb.String(), "the terminal went away") {
			t.Errorf("%s: %s", c.name, errb.String())
		}
		if data, _ := os.ReadFile(path); !strings.Contains(string(data), c.want) {
			t.Errorf("%s: the file written:\n%s", c.name, data)
		}
	}
}

// TestPlayTitle: the title play prints, from the game's tags, shows
// control characters escaped (diag.Printable): a tag cannot retitle
// the terminal or colour it. A control character that check calls an
// error (ESC) makes the game one play does not continue.
func TestPlayTitle(t *testing.T) {
	dir := t.TempDir()
	csi := filepath.Join(dir, "csi.pgn")
	os.WriteFile(csi, []byte(strings.Replace(unfinished, `"A"`, "\"Evil\u009b31mRED\u0085\"", 1)), 0o644)
	code, out, stderr := runWith([]string{"play", "--ascii", csi}, "quit\n")
	if title, _, _ := strings.Cut(out, "\n"); code != exitClean || title != `Evil\u009b31mRED\u0085 – B, x` {
		t.Errorf("exit %d, title %q: %s", code, title, stderr)
	}
	esc := filepath.Join(dir, "esc.pgn")
	os.WriteFile(esc, []byte(strings.Replace(unfinished, `"A"`, "\"Evil\x1b]0;PWNED\x07\"", 1)), 0o644)
	code, out, stderr = runWith([]string{"play", "--ascii", esc}, "quit\n")
	if code != exitUsage || strings.ContainsAny(out+stderr, "\x1b\x07") || !strings.Contains(stderr, "game 1 has errors") {
		t.Errorf("exit %d: %q%q", code, out, stderr)
	}
}

// TestPlayDevZero: play reads a file that is not PGN text no further than
// its first bytes: /dev/zero, which never ends, is refused at once.
func TestPlayDevZero(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	code, _, stderr := runWith([]string{"play", "/dev/zero"}, "quit\n")
	if code != exitUsage || !strings.Contains(stderr, "/dev/zero is not a plain PGN file") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}
