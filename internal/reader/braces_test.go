package reader

import (
	"bytes"
	"math/rand"
	"testing"
)

// TestCommentOpen: a reader that remembers where it saw braces answers as a
// scan of its whole buffer would, while the buffer grows at its end, loses
// text at its start and is cut short (stopAt), asked after every change or
// only now and then.
func TestCommentOpen(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	whole := func(buf []byte) bool { return bytes.LastIndexByte(buf, '{') > bytes.LastIndexByte(buf, '}') }
	for round := range 200 {
		rd := &Reader{base: rng.Intn(100)}
		for step := range 50 {
			switch rng.Intn(4) {
			case 0, 1: // read more
				for range rng.Intn(20) {
					rd.buf = append(rd.buf, "{}ab"[rng.Intn(4)])
				}
			case 2: // a piece cut off the start
				n := rng.Intn(len(rd.buf) + 1)
				rd.buf = append(rd.buf[:0], rd.buf[n:]...)
				rd.base += n
			case 3: // a range ends
				rd.stopAt(rng.Intn(len(rd.buf) + 1))
			}
			if round%2 == 1 && step%5 != 4 {
				continue
			}
			if got, want := rd.commentOpen(), whole(rd.buf); got != want {
				t.Fatalf("round %d step %d: %q at %d: commentOpen %v, want %v", round, step, rd.buf, rd.base, got, want)
			}
		}
	}
}
