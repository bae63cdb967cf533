package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLSPNeovim runs pgnc lsp under a real client, Neovim's built-in one,
// headless (testdata/lsp/nvim.lua): the diagnostics of a file with
// mistakes, with their codes and ranges as vim.diagnostic.get gives them,
// a hover, the code actions of a line, and the buffer after the quick fix
// is applied. The server is this test binary run as pgnc (TestMain).
func TestLSPNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is missing: install Debian's neovim (0.7 or later) to run pgnc lsp under Neovim")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "mistakes.pgn")
	if err := os.WriteFile(file, readTestdata(t, "lsp/mistakes.pgn"), 0o644); err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs("../../testdata/lsp/nvim.lua")
	if err != nil {
		t.Fatal(err)
	}
	outFile := filepath.Join(dir, "out.txt")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-i", "NONE", "-c", "luafile "+script)
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_STATE_HOME="+dir, "XDG_CACHE_HOME="+dir,
		"LANG=C", "LC_ALL=C", "PGNC_NVIM_OUT="+outFile, "PGNC_NVIM_FILE="+file, "PGNC_NVIM_SERVER="+self)
	nvimOut, runErr := cmd.CombinedOutput()
	got, _ := os.ReadFile(outFile)
	t.Logf("nvim --headless wrote:\n%s", got)
	if runErr != nil {
		t.Fatalf("nvim: %v\n%s", runErr, nvimOut)
	}
	want := `diagnostic PGN311 8:56-8:59 0-0 is not standard SAN (castling is written with the letter O)
diagnostic PGN301 9:58-9:62 illegal move Qxe4: no queen can move to e4
diagnostic PGN306 20:7-20:11 Qxf7 is checkmate but is not marked '#'
hover **2. Qh5** (UCI d1h5), black to move
hover FEN: ` + "`rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2`" + `
action Replace 0-0 with O-O (quickfix)
action Fix every certain problem in the file (2 edits) (source.fixAll)
line 9 1. e4 {😀 ñ} e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Bg4 (5... Nf6 6. d3
diagnostic PGN301 9:58-9:62 illegal move Qxe4: no queen can move to e4
diagnostic PGN306 20:7-20:11 Qxf7 is checkmate but is not marked '#'
ok
`
	if string(got) != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if strings.Contains(string(got), "FAIL") {
		t.Error("the script failed")
	}
}
