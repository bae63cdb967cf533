//go:build unix

package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestProgressInTmux runs pgnc check in a real terminal (tmux) of 40, 60 and
// 120 columns and reads the screen while the input is still coming: the
// progress bar is one line that fits the width, redrawn in place.
func TestProgressInTmux(t *testing.T) {
	tmux := tmuxServer(t)
	dir := t.TempDir()
	input := filepath.Join(dir, "games.pgn")
	os.WriteFile(input, bytes.Repeat(readTestdata(t, "sample.pgn"), 20000), 0o644) // about 22 MB
	for _, cols := range []int{40, 60, 120} {
		session := fmt.Sprintf("pgnc-%d", cols)
		// The input stays open a while after its last game, so that the
		// bar is on the screen when it is read.
		script := fmt.Sprintf("(cat %q; sleep 3) | PGNC_TEST_MAIN=1 %q check - > /dev/null", input, os.Args[0])
		if out, err := tmux("new-session", "-d", "-s", session, "-x", fmt.Sprint(cols), "-y", "10", "sh", "-c", script).CombinedOutput(); err != nil {
			t.Fatalf("tmux: %v: %s", err, out)
		}
		var screen []string
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
			out, err := tmux("capture-pane", "-p", "-t", session).Output()
			if err != nil {
				break
			}
			screen = nil
			for _, line := range strings.Split(string(out), "\n") {
				if strings.TrimSpace(line) != "" {
					screen = append(screen, line)
				}
			}
			// Wait for a frame that shows the games counted; a bar that
			// wraps never gives one line.
			if len(screen) == 1 && strings.Contains(screen[0], "<stdin>") && strings.ContainsAny(screen[0], "ge") {
				break
			}
		}
		tmux("kill-session", "-t", session).Run()
		if len(screen) != 1 {
			t.Errorf("%d columns: %d lines on the screen, want the bar alone:\n%s", cols, len(screen), strings.Join(screen, "\n"))
			continue
		}
		if n := utf8.RuneCountInString(screen[0]); n > cols || !strings.Contains(screen[0], "<stdin>") {
			t.Errorf("%d columns: the bar takes %d: %q", cols, n, screen[0])
		}
	}
}

// TestProgressKeepsReportWhole runs the real pgnc, built for the test, in
// a terminal (tmux) of 60 and 200 columns where its standard output and
// standard error are both the terminal, with the bar redrawn at every
// game (throttleEnv) while the report prints: every line of the report
// must reach the scrollback whole, and the scrollback must hold the report
// and nothing else once pgnc has taken its bar away. The report to compare
// with is the same command's with standard output in a file. The bar's
// frames, read from the bytes pgnc wrote (pipe-pane), must fit the width
// and show their counts whole, the file's long name cut first.
func TestProgressKeepsReportWhole(t *testing.T) {
	tmux := tmuxServer(t)
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build pgnc with")
	}
	dir := t.TempDir()
	pgnc := filepath.Join(dir, "pgnc")
	if out, err := exec.Command(goTool, "build", "-o", pgnc, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// Games without problems and games with errors and warnings, and
	// games with a comment of random text, so that the gzip file is not
	// small and is read a piece at a time; a name longer than 60 columns.
	name := "a-collection-of-games-with-a-name-longer-than-the-terminal.pgn.gz"
	var text bytes.Buffer
	rnd := rand.New(rand.NewPCG(1, 2))
	sample, mistakes := readTestdata(t, "sample.pgn"), readTestdata(t, "mistakes.pgn")
	for i := range 40 {
		for j := range 30 {
			text.Write(sample)
			if j%10 == i%10 {
				text.Write(mistakes)
			}
		}
		for range 100 {
			fmt.Fprintf(&text, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n{")
			for range 8 {
				fmt.Fprintf(&text, "%016x", rnd.Uint64())
			}
			text.WriteString("} *\n\n")
		}
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(text.Bytes())
	zw.Close()
	if err := os.WriteFile(filepath.Join(dir, name), gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := tmux("set-option", "-g", "history-limit", "100000").CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v: %s", err, out)
	}
	for _, c := range []struct {
		cols  int
		lang  string
		games string
	}{{60, "es", "partida"}, {200, "en", "game"}} {
		args := []string{"--lang", c.lang, "check", "-j1", name}
		cmd := exec.Command(pgnc, args...)
		cmd.Dir = dir
		want, _ := cmd.Output() // exit code 1: the report has errors
		wantLines := strings.Split(strings.TrimRight(string(want), "\n"), "\n")
		if len(wantLines) < 1000 {
			t.Fatalf("the report has %d lines, too few to test", len(wantLines))
		}

		session := fmt.Sprintf("check-%d", c.cols)
		raw := filepath.Join(dir, session+".raw")
		start := filepath.Join(dir, session+".start")
		// pgnc starts once pipe-pane is on, so that the raw bytes are
		// all there.
		script := fmt.Sprintf("while [ ! -e %q ]; do sleep 0.05; done; %s=0 %q %s; echo exit $?; sleep 600",
			start, throttleEnv, pgnc, strings.Join(args, " "))
		if out, err := tmux("new-session", "-d", "-s", session, "-c", dir, "-x", fmt.Sprint(c.cols), "-y", "30", "sh", "-c", script).CombinedOutput(); err != nil {
			t.Fatalf("tmux: %v: %s", err, out)
		}
		if out, err := tmux("pipe-pane", "-o", "-t", session, "cat > "+raw).CombinedOutput(); err != nil {
			t.Fatalf("tmux pipe-pane: %v: %s", err, out)
		}
		os.WriteFile(start, nil, 0o644)
		var got []string
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
			out, err := tmux("capture-pane", "-p", "-J", "-S", "-", "-t", session).Output()
			if err != nil {
				t.Fatalf("tmux capture-pane: %v", err)
			}
			got = strings.Split(strings.TrimRight(string(out), "\n "), "\n")
			if last := strings.TrimSpace(got[len(got)-1]); strings.HasPrefix(last, "exit ") {
				if last != "exit 1" {
					t.Errorf("%d columns: pgnc ended with %q, want exit 1", c.cols, last)
				}
				got = got[:len(got)-1]
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d columns: pgnc did not end in time; the screen:\n%s", c.cols, strings.Join(got[max(0, len(got)-10):], "\n"))
			}
		}
		tmux("kill-session", "-t", session).Run()

		bad := 0
		for i := range max(len(got), len(wantLines)) {
			var g, w string
			if i < len(got) {
				g = strings.TrimRight(got[i], " ")
			}
			if i < len(wantLines) {
				w = strings.TrimRight(wantLines[i], " ")
			}
			if g != w {
				if bad++; bad <= 5 {
					t.Errorf("%d columns: line %d of the terminal is\n\t%q\nwant\n\t%q", c.cols, i+1, g, w)
				}
			}
		}
		if bad > 0 {
			t.Errorf("%d columns: %d of %d lines differ from the report", c.cols, bad, len(wantLines))
		}

		// The bar was drawn while the report printed: frames come before
		// the report's last line, and each fits the width.
		data, err := os.ReadFile(raw)
		if err != nil {
			t.Fatal(err)
		}
		frames := barFrames(string(data))
		last := bytes.LastIndex(data, []byte(wantLines[len(wantLines)-2]))
		if len(frames) < 100 || last < 0 || bytes.Index(data, []byte("\r"+frames[0])) > last {
			t.Fatalf("%d columns: %d frames of the bar, not drawn while the report printed", c.cols, len(frames))
		}
		for _, f := range frames {
			if n := cells(f); n >= c.cols || !strings.Contains(f, " "+c.games) || (c.cols == 60) != strings.HasPrefix(f, "…") {
				t.Errorf("%d columns: a frame of %d columns: %q", c.cols, n, f)
				break
			}
		}
		t.Logf("%d columns: %d report lines whole, %d frames of the bar, the last %q", c.cols, len(wantLines), len(frames), frames[len(frames)-1])
	}
}

// barFrames returns the frames of the bar in what pgnc wrote to a
// terminal: the text after a carriage return, up to the erasure of the
// line's rest.
func barFrames(raw string) []string {
	var frames []string
	for _, part := range strings.Split(raw, "\r")[1:] {
		if frame, ok := strings.CutSuffix(part, "\x1b[K"); ok && frame != "" {
			frames = append(frames, frame)
		}
	}
	return frames
}

// tmuxServer starts a tmux server of the test's own, so that nothing else
// on the machine meets it, stopped when the test ends, and returns a
// command that runs tmux against it. It skips the test without tmux.
func tmuxServer(t *testing.T) func(args ...string) *exec.Cmd {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (Debian package tmux)")
	}
	socket := fmt.Sprintf("pgnc-%s-%d", t.Name(), os.Getpid())
	tmux := func(args ...string) *exec.Cmd {
		return exec.Command("tmux", append([]string{"-L", socket}, args...)...)
	}
	t.Cleanup(func() { tmux("kill-server").Run() })
	// A session that outlives the others keeps the server up between them:
	// a server that exits as the next session starts fails that start.
	if out, err := tmux("new-session", "-d", "-s", "keep", "sleep", "600").CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v: %s", err, out)
	}
	return tmux
}
