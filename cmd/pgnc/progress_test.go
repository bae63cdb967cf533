//go:build unix

package main

import (
	"bytes"
	"fmt"
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
