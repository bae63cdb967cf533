//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
