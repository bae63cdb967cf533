//go:build unix

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
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

// TestPlayPieceLetters: play reads the moves check reads: the piece
// letters of another language, in the one language that has all the
// game's letters, or in the language --piece-letters names; letters that
// languages read as different legal moves are refused with the readings.
func TestPlayPieceLetters(t *testing.T) {
	dir := t.TempDir()
	english := filepath.Join(dir, "english.pgn")
	os.WriteFile(english, []byte(unfinished), 0o644)
	german := filepath.Join(dir, "german.pgn")
	os.WriteFile(german, []byte(strings.Replace(unfinished, "1. e4 e5 *", "1. e4 e5 2. Sf3 *", 1)), 0o644)
	for _, c := range []struct {
		name  string
		args  []string
		file  string
		moves string
		want  string // in the game printed
		say   string // in the output
	}{
		{"Spanish", nil, english, "Cf3\nCc6\nAb5\n", "2. Nf3 Nc6 3. Bb5 *", ""},
		{"German", nil, english, "Sf3\nSc6\nLb5\n", "2. Nf3 Nc6 3. Bb5 *", ""},
		{"French", nil, english, "Cf3\nCc6\nFb5\nDe7\n", "2. Nf3 Nc6 3. Bb5 Qe7 *", ""},
		{"English still", nil, english, "Nf3\nNc6\n", "2. Nf3 Nc6 *", ""},
		{"--piece-letters", []string{"--piece-letters", "de"}, english, "Sf3\nSc6\n", "2. Nf3 Nc6 *", ""},
		{"--piece-letters refuses", []string{"--piece-letters", "fr"}, english, "Sf3\n", "1. e4 e5 *", "Sf3: S is no piece letter of French"},
		{"the file's German", nil, german, "Sc6\nLc4\n", "2. Nf3 Nc6 3. Bc4 *", ""},
		{"no one language", nil, english, "Sf3\nCc6\n", "2. Nf3 *", "Cc6: no language has all the piece letters of this game (C, S)"},
		{"illegal in its language", nil, english, "Cf5\n", "1. e4 e5 *", "illegal move Cf5: no knight can move to f5 (read in French)"},
		{"no such letter", nil, english, "Xf3\n", "1. e4 e5 *", `"Xf3" is not a move`},
		{"promotion", nil, english, "e8\n", "1. e4 e5 *", "illegal move e8"},
	} {
		args := append(append([]string{"play", "--ascii"}, c.args...), c.file)
		code, out, stderr := runWith(args, c.moves)
		if code != exitClean || !strings.Contains(out, c.want) || !strings.Contains(out, c.say) {
			t.Errorf("%s: exit %d, want %q and %q:\n%s%s", c.name, code, c.want, c.say, out, stderr)
		}
	}
	// S is a knight in German and a bishop in Czech: Sc4 names a legal
	// move in both.
	code, out, stderr := runWith([]string{"play", "--ascii", "--fen", "4k3/8/8/8/8/8/3N4/4KB2 w - - 0 1"}, "Sc4\n")
	if code != exitClean || !strings.Contains(out, "Sc4 reads as Nc4 in German, Bc4 in Czech; write the move in English, or name the language with --piece-letters") {
		t.Errorf("Sc4: exit %d:\n%s%s", code, out, stderr)
	}
	code, out, stderr = runWith([]string{"play", "--ascii", "--piece-letters", "cs", "--fen", "4k3/8/8/8/8/8/3N4/4KB2 w - - 0 1"}, "Sc4\n")
	if code != exitClean || !strings.Contains(out, "1. Bc4 *") {
		t.Errorf("Sc4 in Czech: exit %d:\n%s%s", code, out, stderr)
	}
	// What play writes, check reads clean; what check reads, play reads.
	code, _, stderr = runWith([]string{"check", german}, "")
	if code != exitClean {
		t.Errorf("check %s: exit %d: %s", german, code, stderr)
	}
}

// newTags is the start of a new game's text, Date today.
func newTags() string {
	return "[Event \"?\"]\n[Site \"?\"]\n[Date \"" + time.Now().Format("2006.01.02") + "\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
}

// TestPlayNew: --new and --fen play a new game, written to standard
// output, or with -w appended to FILE after a blank line, every byte
// before it kept; a FILE that does not exist is made. A FEN that is not
// a position is refused with its field and column.
func TestPlayNew(t *testing.T) {
	code, out, stderr := runWith([]string{"play", "--ascii", "--new"}, "e4\ne5\n")
	if want := newTags() + "[Result \"*\"]\n\n1. e4 e5 *\n"; code != exitClean || !strings.Contains(out, want) {
		t.Errorf("--new: exit %d, want %q:\n%s%s", code, want, out, stderr)
	}
	code, out, stderr = runWith([]string{"play", "--ascii", "--fen", "k7/8/8/2Q5/8/8/8/K7  w - -"}, "Qc7\n")
	if want := newTags() + "[Result \"1/2-1/2\"]\n[FEN \"k7/8/8/2Q5/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qc7 1/2-1/2\n"; code != exitClean || !strings.Contains(out, want) {
		t.Errorf("--fen: exit %d, want %q:\n%s%s", code, want, out, stderr)
	}
	dir := t.TempDir()
	game := newTags() + "[Result \"*\"]\n\n1. d4 d5 *\n"
	for _, c := range []struct{ name, before, sep string }{
		{"no newline", "[Event \"a\"]\n\n1. e4 *", "\n\n"},
		{"newline", "[Event \"a\"]\n\n1. e4 *\n", "\n"},
		{"blank line", "[Event \"a\"]\n\n1. e4 *\n\n", ""},
		{"CRLF", "[Event \"a\"]\r\n\r\n1. e4 *\r\n", "\n"},
		{"empty", "", ""},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".pgn")
		os.WriteFile(path, []byte(c.before), 0o644)
		code, out, stderr := runWith([]string{"play", "--ascii", "--new", "-w", path}, "d4\nd5\n")
		data, _ := os.ReadFile(path)
		if want := c.before + c.sep + game; code != exitClean || string(data) != want || !strings.Contains(out, "wrote "+path) {
			t.Errorf("%s: exit %d: the file is %q, want %q\n%s", c.name, code, data, want, stderr)
		}
		if code, _, stderr := runWith([]string{"check", path}, ""); code == exitUsage || strings.Contains(stderr, "error") {
			t.Errorf("%s: check: exit %d: %s", c.name, code, stderr)
		}
	}
	// A save in the session, then more moves: the game appended is
	// replaced, the bytes before it kept.
	path := filepath.Join(dir, "saves.pgn")
	os.WriteFile(path, []byte(unfinished), 0o644)
	runWith([]string{"play", "--ascii", "--new", "-w", path}, "d4\nsave\nd5\nsave\nc4\n")
	if data, _ := os.ReadFile(path); string(data) != unfinished+"\n"+newTags()+"[Result \"*\"]\n\n1. d4 d5 2. c4 *\n" {
		t.Errorf("saves: the file is %q", data)
	}
	// A file that does not exist is made.
	made := filepath.Join(dir, "made.pgn")
	if code, _, stderr := runWith([]string{"play", "--ascii", "--new", "-w", made}, "d4\nd5\n"); code != exitClean {
		t.Errorf("made: exit %d: %s", code, stderr)
	}
	if data, _ := os.ReadFile(made); string(data) != game {
		t.Errorf("made: the file is %q", data)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--fen", "rnbqkbnr/ppxppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
			"pgnc play: --fen, column 12: placement field: unknown piece letter 'x'\n  rnbqkbnr/ppxppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n             ^\n"},
		{[]string{"--fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, "pgnc play: --fen, column 1: placement field:"},
		{[]string{"--fen", "k7/8/1Q6/8/8/8/8/K7 b - - 0 1"}, "the side to move has no legal move"},
		{[]string{"--new", "--fen", chessStart}, "--new starts from the initial position and --fen from a FEN; give one of them"},
		{[]string{"--new", "--game", "1", "-w", made}, "--game picks a game of FILE to continue"},
		{[]string{"--new", made}, "a new game is written to standard output and reads no FILE; -w appends it to FILE"},
		{[]string{"--new", "-w"}, "-w appends the new game to FILE; name one FILE"},
		{[]string{"--new", "-w", "-"}, "-w writes the new game to a file, not to standard output"},
		{[]string{"--new", "-w", dir}, "is not a regular file"},
	} {
		code, out, stderr := runWith(append([]string{"play"}, c.args...), "e4\n")
		if code != exitUsage || out != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, want %q:\n%s%s", c.args, code, c.want, out, stderr)
		}
	}
	gz := filepath.Join(dir, "games.pgn.gz")
	os.WriteFile(gz, []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3}, 0o644)
	if code, _, stderr := runWith([]string{"play", "--new", "-w", gz}, "e4\n"); code != exitUsage || !strings.Contains(stderr, "is not a plain PGN file") {
		t.Errorf("gz: exit %d: %s", code, stderr)
	}
}

// chessStart is the FEN of the initial position.
const chessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// syncBuffer is a strings.Builder that a process writes while a test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestPlayInterrupt: SIGINT ends a session reading moves from a pipe with
// exit code 130, not 0. No terminal can be asked: with -w the file is
// left as it is, and the game as it stands goes to standard output, as
// without -w, so that its moves are not lost.
func TestPlayInterrupt(t *testing.T) {
	for _, c := range []struct {
		name   string
		args   []string
		moves  string
		stdout string
		stderr string
	}{
		{"-w", []string{"-w"}, "Nf3\n", "2. Nf3 *", "interrupted: %s is left as it is; the game as it stands is on standard output"},
		{"without -w", nil, "Nf3\n", "2. Nf3 *", ""},
		{"-w, nothing played", []string{"-w"}, "", "", ""},
		{"new game", []string{"--new"}, "e4\n", "1. e4 *", ""},
	} {
		path := filepath.Join(t.TempDir(), "game.pgn")
		os.WriteFile(path, []byte(unfinished), 0o644)
		args := append([]string{"play", "--ascii"}, c.args...)
		if c.name != "new game" {
			args = append(args, path)
		}
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), "PGNC_TEST_MAIN=1")
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr syncBuffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		io.WriteString(stdin, c.moves)
		want := "to move\n"
		if c.moves != "" {
			want = "last move " + strings.TrimSpace(c.moves)
		}
		for deadline := time.Now().Add(10 * time.Second); !strings.Contains(stdout.String(), want) && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		cmd.Process.Signal(syscall.SIGINT)
		err = cmd.Wait()
		stdin.Close()
		if exit, _ := err.(*exec.ExitError); exit == nil || exit.ExitCode() != exitInterrupted {
			t.Errorf("%s: %v, want exit 130:\n%s%s", c.name, err, stdout.String(), stderr.String())
		}
		out := stdout.String()
		if !strings.Contains(out, "interrupted\n") || !strings.Contains(out, c.stdout) || c.stdout == "" && strings.Contains(out, "[Event") {
			t.Errorf("%s: the output lacks %q:\n%s", c.name, c.stdout, out)
		}
		if c.stderr == "" && stderr.String() != "" || c.stderr != "" && !strings.Contains(stderr.String(), fmt.Sprintf(c.stderr, path)) {
			t.Errorf("%s: stderr %q, want %q", c.name, stderr.String(), c.stderr)
		}
		if data, _ := os.ReadFile(path); string(data) != unfinished {
			t.Errorf("%s: the file changed:\n%s", c.name, data)
		}
	}
}

// TestPlayInterruptInTmux: Ctrl-C at a terminal, which comes as a key in
// raw mode, not as SIGINT, asks whether to save the moves played with
// -w: y saves them, anything else leaves the file as it is and prints the
// game; the exit code is 130 either way.
func TestPlayInterruptInTmux(t *testing.T) {
	tmux := tmuxServer(t)
	for _, c := range []struct {
		name, answer string
		saved        bool
	}{
		{"yes", "y", true},
		{"no", "", false},
	} {
		game := filepath.Join(t.TempDir(), "game.pgn")
		os.WriteFile(game, []byte(unfinished), 0o644)
		script := fmt.Sprintf("PGNC_TEST_MAIN=1 %q play -w --ascii %q; echo exit $?; sleep 30", os.Args[0], game)
		if out, err := tmux("new-session", "-d", "-s", c.name, "-x", "100", "-y", "60", "sh", "-c", script).CombinedOutput(); err != nil {
			t.Fatalf("tmux: %v: %s", err, out)
		}
		screen := func(want string) string {
			var text string
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
				out, err := tmux("capture-pane", "-p", "-t", c.name).Output()
				if err != nil {
					t.Fatalf("tmux capture-pane: %v", err)
				}
				// Long lines wrap: the screen is read as one line.
				if text = string(out); strings.Contains(strings.ReplaceAll(text, "\n", ""), want) {
					return text
				}
			}
			t.Fatalf("%s: the screen never showed %q:\n%s", c.name, want, text)
			return ""
		}
		screen("white to move>")
		tmux("send-keys", "-t", c.name, "Nf3", "Enter").Run()
		screen("last move Nf3")
		tmux("send-keys", "-t", c.name, "C-c").Run()
		screen("save the game to " + game + " before quitting? [y/N]")
		tmux("send-keys", "-t", c.name, c.answer, "Enter").Run()
		end := screen("exit 130")
		data, _ := os.ReadFile(game)
		if saved := strings.Contains(string(data), "2. Nf3 *"); saved != c.saved || !c.saved && string(data) != unfinished {
			t.Errorf("%s: the file:\n%s", c.name, data)
		}
		if !c.saved && !strings.Contains(end, "1. e4 e5 2. Nf3 *") || c.saved && !strings.Contains(strings.ReplaceAll(end, "\n", ""), "wrote "+game) {
			t.Errorf("%s: the game is not on the screen:\n%s", c.name, end)
		}
	}
}
