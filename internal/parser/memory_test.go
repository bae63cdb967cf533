package parser

import (
	"runtime"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"
)

// TestOneHugeGameAllocates: the tree of one huge game costs a bounded
// number of bytes of allocation per byte of its text, whatever its length:
// the builder's stack of elements grows by doubling and is not copied at
// the end of a main line of bigLine elements or more. The densest shapes,
// a game of bare moves and one of short variations, are parsed at three
// sizes, each twice the one before, so that growth faster than the text
// shows.
func TestOneHugeGameAllocates(t *testing.T) {
	testfiles.Extended(t) // parses games of up to 4 MB
	testfiles.NoRace(t)
	tests := []struct {
		name    string
		unit    string
		perByte float64 // most bytes allocated per byte of text
	}{
		// A Move node (48 bytes) for every three bytes, and its place in
		// a stack that grows by doubling (16, allocated two to four
		// times over): about 35. append's own growth and a final copy
		// made it 50 to 56.
		{"bare moves", "e4 ", 40},
		// A variation, move number and move (128 bytes), the variation's
		// elements (32) and its place in the main line's stack for every
		// eight bytes: about 27. With append's growth and a final copy,
		// about 35.
		{"variations", "(1. e4) ", 32},
	}
	for _, tt := range tests {
		for _, size := range []int{1 << 20, 2 << 20, 4 << 20} {
			src := "[Event \"x\"]\n\n1. e4 " + strings.Repeat(tt.unit, size/len(tt.unit)) + "*\n"
			var ps Parser
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			db, _ := ps.Parse(src)
			runtime.ReadMemStats(&after)
			if len(db.Games) != 1 {
				t.Fatalf("%s, %d bytes: %d games, want 1", tt.name, len(src), len(db.Games))
			}
			perByte := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(src))
			t.Logf("%s, %d bytes: %.1f bytes allocated per byte", tt.name, len(src), perByte)
			if perByte > tt.perByte {
				t.Errorf("%s, %d bytes: %.1f bytes allocated per byte of text, want at most %.0f", tt.name, len(src), perByte, tt.perByte)
			}
		}
	}
}
