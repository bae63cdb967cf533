// Package testinput writes the inputs that the tests of pgnc-beam share:
// a file whose range seam a comment fools, and a zstd file of many frames
// with pzstd's skippable frames.
package testinput

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// SeamInComment writes into dir a file whose range boundary falls on a
// false game start inside a comment, a sync point that only the text
// before tells is no game, and returns its path and that boundary.
func SeamInComment(dir string) (path string, boundary int64, err error) {
	var b strings.Builder
	game := "[Event \"g%d\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
	for i := range 40 {
		fmt.Fprintf(&b, game, i)
	}
	b.WriteString("[Event \"annotated\"]\n\n1. e4 {a quoted game follows:\n\n")
	boundary = int64(b.Len())
	b.WriteString("[Event \"inside the comment\"]\n\n1. d4 Ke3 *\n\nend of the comment} e5 2. Kxe5 *\n\n")
	for i := range 40 {
		fmt.Fprintf(&b, game, 100+i)
	}
	path = filepath.Join(dir, "seam.pgn")
	return path, boundary, os.WriteFile(path, []byte(b.String()), 0o644)
}

// ManyFrames writes text into dir as a zstd file of frames of size bytes
// of text each, each after a skippable frame as pzstd writes them, and
// returns its path.
func ManyFrames(dir, text string, size int) (string, error) {
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		return "", err
	}
	var out []byte
	for len(text) > 0 {
		n := min(size, len(text))
		out = append(out, 0x50, 0x2a, 0x4d, 0x18, 4, 0, 0, 0, 0, 0, 0, 0) // a skippable frame of 4 bytes
		out = enc.EncodeAll([]byte(text[:n]), out)
		text = text[n:]
	}
	path := filepath.Join(dir, "frames.pgn.zst")
	return path, os.WriteFile(path, out, 0o644)
}
