//go:build unix

package input_test

import (
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"

	"github.com/pgnc/pgnc/internal/input"
)

// TestEachLinks: in a directory, a symbolic link counts for the file it
// leads to when that file is inside the directory; a link to a file
// outside it, a named pipe and a link that leads nowhere are passed over,
// each with its reason. A file named itself is read wherever its link
// leads.
func TestEachLinks(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "games")
	writeTree(t, root, map[string][]byte{"games/real.pgn": []byte(game), "secret.pgn": []byte("1. d4 *\n")})
	for link, target := range map[string]string{
		"in.pgn":       "real.pgn",
		"out.pgn":      "../secret.pgn",
		"absolute.pgn": filepath.Join(root, "secret.pgn"),
		"nowhere.pgn":  "missing.pgn",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.pgn"), 0o644); err != nil {
		t.Fatal(err)
	}
	var skipped []string
	o := input.Options{Skipped: func(path string, why input.Skip) { skipped = append(skipped, filepath.Base(path)+": "+why.String()) }}
	in, real := filepath.Join(dir, "in.pgn"), filepath.Join(dir, "real.pgn")
	expect(t, "directory", each(t, dir, nil, o), []opened{
		{name: in, path: in, format: input.Text, text: game, ranges: true},
		{name: real, path: real, format: input.Text, text: game, ranges: true},
	})
	want := []string{
		"absolute.pgn: links to a file outside the directory",
		"fifo.pgn: not a regular file",
		"nowhere.pgn: not a regular file",
		"out.pgn: links to a file outside the directory",
	}
	if !slices.Equal(skipped, want) {
		t.Errorf("skipped %q, want %q", skipped, want)
	}

	out := filepath.Join(dir, "out.pgn")
	expect(t, "link named", each(t, out, nil, input.Options{}), []opened{{name: out, path: out, format: input.Text, text: "1. d4 *\n", ranges: true}})
}
