package lsp

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/pgnc/pgnc/internal/lsp/lsptest"
)

// bulkText returns at least size bytes of real games: whole files of the
// shared corpus's otb-masters, in name order; the benchmark skips where
// the corpus is missing.
func bulkText(b *testing.B, size int) string {
	dir := filepath.Join("..", "..", "..", "shared", "corpus", "bulk", "otb-masters")
	if env := os.Getenv("PGNC_BULK"); env != "" {
		dir = env
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
	sort.Strings(names)
	var text strings.Builder
	for _, name := range names {
		if text.Len() >= size {
			break
		}
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		text.Write(data)
		text.WriteString("\n")
	}
	if text.Len() < size {
		b.Skipf("the bulk corpus (%s) has less than %d bytes; set PGNC_BULK to a folder of PGN files", dir, size)
	}
	return text.String()
}

// BenchmarkKeystroke10MB measures one keystroke in the middle of a 10 MB
// file, through the protocol: the time from the client's didChange (a
// character typed into a move, or taken out again) to the diagnostics of
// the whole file that the server publishes, as a client waits for them.
// Its first line reports the time the file took to open.
func BenchmarkKeystroke10MB(b *testing.B) {
	text := bulkText(b, 10<<20)
	serverEnd, clientEnd := lsptest.Pipes()
	s := NewServer(Options{})
	go s.Serve(context.Background(), serverEnd)
	c := lsptest.New(b, clientEnd)
	defer c.Close()
	c.Initialize("en")
	const uri = protocol.DocumentURI("file:///bulk.pgn")
	start := time.Now()
	first := c.Open(uri, text)
	b.Logf("%d bytes, %d lines: open and first diagnostics (%d) in %v", len(text), strings.Count(text, "\n"), len(first.Diagnostics), time.Since(start))

	// A move in the middle of the file: the first move of the first game
	// that starts after the middle.
	at := len(text)/2 + strings.Index(text[len(text)/2:], "\n1. ") + 1
	line := strings.Count(text[:at], "\n")
	pos := protocol.Position{Line: uint32(line), Character: 3}
	typed := protocol.Range{Start: pos, End: protocol.Position{Line: pos.Line, Character: pos.Character + 1}}
	b.ResetTimer()
	for i := range b.N {
		if i%2 == 0 {
			c.Change(uri, int32(i+2), protocol.Range{Start: pos, End: pos}, "x") // "1. xe4": a move that is not SAN
		} else {
			c.Change(uri, int32(i+2), typed, "")
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(len(first.Diagnostics)), "diagnostics")
}
