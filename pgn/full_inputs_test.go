package pgn_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pgnc/pgnc/pgn"
)

// Inputs gives the inputs of a directory one by one: the games of the ones
// read, nothing of the ones passed over, and nothing of an input once the
// loop has moved past it.
func TestInputs(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"a.pgn": "[White \"A1\"]\n\n1. e4 *\n\n[White \"A2\"]\n\n1. d4 *\n",
		"b.pgn": "[White \"B1\"]\n\n1. c4 *\n",
		"c.pgn": "[White \"C1\"]\n\n1. Nf3 *\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := open(t, dir)
	var names, whites []string
	var passed *pgn.Input
	for in, err := range r.Inputs() {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, filepath.Base(in.Name))
		if len(names) == 2 {
			passed = in // not read
			continue
		}
		for g, err := range in.Games() {
			if err != nil {
				t.Fatal(err)
			}
			if g.Source != in.Name {
				t.Errorf("game %d of %s says it comes from %s", g.Index, in.Name, g.Source)
			}
			whites = append(whites, g.Tag("White"))
			break // the first game only
		}
		for g := range in.Games() {
			t.Errorf("%s read twice: game %d", in.Name, g.Index)
		}
	}
	if want := []string{"a.pgn", "b.pgn", "c.pgn"}; !slices.Equal(names, want) {
		t.Errorf("inputs %q, want %q", names, want)
	}
	if want := []string{"A1", "C1"}; !slices.Equal(whites, want) {
		t.Errorf("games %q, want %q", whites, want)
	}
	for g := range passed.Games() {
		t.Errorf("an input passed over is read after the loop: game %d", g.Index)
	}
	// Breaking out of Inputs leaves nothing open, and Close does nothing.
	for range r.Inputs() {
		break
	}
	if err := r.Close(); err != nil {
		t.Error(err)
	}
}

// WithSkipped is told of the files below a directory that Open passes
// over, and why; the others are read.
func TestWithSkipped(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "outside.pgn")
	dir := t.TempDir()
	game := []byte("[White \"A\"]\n\n1. e4 *\n")
	if err := os.WriteFile(outside, game, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.pgn"), game, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link.pgn")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	var skipped []string
	r := open(t, dir, pgn.WithSkipped(func(path string, why pgn.Skip) {
		skipped = append(skipped, filepath.Base(path)+": "+why.String())
	}))
	games := 0
	for _, err := range r.Games() {
		if err != nil {
			t.Fatal(err)
		}
		games++
	}
	if want := []string{"link.pgn: links to a file outside the directory"}; games != 1 || !slices.Equal(skipped, want) {
		t.Errorf("%d games, skipped %q; want 1 game, skipped %q", games, skipped, want)
	}
}
