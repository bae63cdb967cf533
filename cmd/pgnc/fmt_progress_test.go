//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestFmtConvertProgress runs pgnc fmt and pgnc convert in a real terminal
// (tmux), their output sent elsewhere, and reads the screen while the input
// is still coming: the progress bar shows on standard error, with the
// input's name and the games counted; with -q the screen stays empty.
func TestFmtConvertProgress(t *testing.T) {
	counted := regexp.MustCompile(`<stdin> .*\b[0-9][0-9 ]* games?\b`)
	tmux := tmuxServer(t)
	input := filepath.Join(t.TempDir(), "games.pgn")
	os.WriteFile(input, bytes.Repeat(readTestdata(t, "sample.pgn"), 2000), 0o644) // about 2 MB
	for i, command := range []string{"fmt -", "convert --to ndjson -", "fmt -q -", "convert -q --to uci -"} {
		quiet := strings.Contains(command, "-q")
		session := fmt.Sprintf("pgnc-%d", i)
		// The input stays open a while after its last game, so that the
		// bar is on the screen when it is read.
		script := fmt.Sprintf("(cat %q; sleep 3) | PGNC_TEST_MAIN=1 %q %s > /dev/null; sleep 3", input, os.Args[0], command)
		if out, err := tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "10", "sh", "-c", script).CombinedOutput(); err != nil {
			t.Fatalf("tmux: %v: %s", err, out)
		}
		var screen string
		deadline := time.Now().Add(10 * time.Second)
		if quiet {
			deadline = time.Now().Add(2 * time.Second) // the input is read, its last bytes awaited
		}
		for ; time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
			out, err := tmux("capture-pane", "-p", "-t", session).Output()
			if err != nil {
				break
			}
			screen = strings.TrimSpace(string(out))
			if !quiet && counted.MatchString(screen) {
				break
			}
		}
		tmux("kill-session", "-t", session).Run()
		switch {
		case quiet && screen != "":
			t.Errorf("pgnc %s: the screen shows %q", command, screen)
		case !quiet && (!counted.MatchString(screen) || strings.Contains(screen, "\n")):
			t.Errorf("pgnc %s: no progress bar with its games counted on one line:\n%s", command, screen)
		}
	}
}
