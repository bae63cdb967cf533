package input_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"

	"github.com/pgnc/pgnc/input"
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
