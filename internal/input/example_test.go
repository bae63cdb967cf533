package input_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"

	"github.com/pgnc/pgnc/internal/input"
)

// Reader recognises compressed text by its content and decodes it; what
// is not PGN text is refused with what it is and how to read it.
func ExampleReader() {
	var compressed bytes.Buffer
	w, _ := zstd.NewWriter(&compressed)
	w.Write([]byte("1. e4 e5 *\n"))
	w.Close()
	text, format, err := input.Reader(&compressed)
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := io.ReadAll(text)
	fmt.Printf("%s: %q\n", format, b)

	_, _, err = input.Reader(bytes.NewReader([]byte("7z\xbc\xaf\x27\x1c\x00\x04")))
	var notPGN *input.NotPGNError
	if errors.As(err, &notPGN) {
		fmt.Println(notPGN.What, "-", notPGN.Fix)
	}
	// Output:
	// zstd: "1. e4 e5 *\n"
	// a 7-Zip archive - unpack it first
}

// Each opens what a command-line argument names: here standard input,
// gzip-compressed. A file, a directory of PGN files or a zip archive are
// opened the same way, each PGN input as a Source of its own.
func ExampleEach() {
	var compressed bytes.Buffer
	w := gzip.NewWriter(&compressed)
	w.Write([]byte("1. e4 e5 *\n"))
	w.Close()
	for src, err := range input.Each("-", &compressed, input.Options{}) {
		if err != nil {
			fmt.Println(err) // an *input.OpenError: the others go on
			continue
		}
		text, err := io.ReadAll(src) // or, for a plain text file, src.ReaderAt()
		src.Close()
		fmt.Printf("%s (%s): %q %v\n", src.Name, src.Format, text, err)
	}
	// Output:
	// <stdin> (gzip): "1. e4 e5 *\n" <nil>
}
