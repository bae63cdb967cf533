package input

import (
	"bytes"
	stdgzip "compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// benchText is about 16 MB of real PGN: the bulk corpus where it is
// present, else the repository's sample repeated.
func benchText(b *testing.B) []byte {
	paths, _ := filepath.Glob("../../../shared/corpus/bulk/otb-masters/*.pgn")
	var text []byte
	for _, p := range paths {
		data, _ := os.ReadFile(p)
		if text = append(text, data...); len(text) > 16<<20 {
			return text
		}
	}
	sample, err := os.ReadFile("../../testdata/sample.pgn")
	if err != nil {
		b.Fatal(err)
	}
	return bytes.Repeat(sample, 16<<20/len(sample))
}

// BenchmarkGunzip compares the gzip decoders: klauspost/compress, which
// Reader uses, against the standard library's.
func BenchmarkGunzip(b *testing.B) {
	text := benchText(b)
	compressed := gzipped(string(text))
	for _, dec := range []struct {
		name string
		open func(io.Reader) (io.Reader, error)
	}{
		{"klauspost", func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }},
		{"stdlib", func(r io.Reader) (io.Reader, error) { return stdgzip.NewReader(r) }},
	} {
		b.Run(dec.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				r, err := dec.open(bytes.NewReader(compressed))
				if err != nil {
					b.Fatal(err)
				}
				if n, err := io.Copy(io.Discard, r); err != nil || n != int64(len(text)) {
					b.Fatal(n, err)
				}
			}
		})
	}
}

// BenchmarkFrames decodes a file of 4 MiB zstd frames on one and on two
// goroutines.
func BenchmarkFrames(b *testing.B) {
	text := benchText(b)
	var cuts []int
	for at := 4 << 20; at < len(text); at += 4 << 20 {
		cuts = append(cuts, at)
	}
	file := testfiles.Framed(text, cuts)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprint(workers), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if got, err := decodeFrames(b, file, workers); err != nil || len(got) != len(text) {
					b.Fatal(len(got), err)
				}
			}
		})
	}
}
