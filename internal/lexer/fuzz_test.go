package lexer

import (
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/internal/token"
)

// FuzzScanner: the generated scanner agrees with lexmachine's on any input,
// its tokens are ordered, non-empty and inside the input, and PlainString
// is right about every string; Run and NameAndValue scan what Next does.
func FuzzScanner(f *testing.F) {
	for _, seed := range testfiles.Seeds() {
		f.Add([]byte(seed))
	}
	lx := referenceLexer(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		var s Scanner
		s.Reset(string(src))
		prev := 0
		for {
			tok := s.Next()
			if tok.Kind == token.EOF {
				break
			}
			if tok.Start < prev || tok.End <= tok.Start || tok.End > len(src) {
				t.Fatalf("bad token %+v after offset %d in %d bytes", tok, prev, len(src))
			}
			if tok.Kind == token.String && s.PlainString() != isPlain(string(src[tok.Start+1:tok.End-1])) {
				t.Fatalf("PlainString() = %v for %q", s.PlainString(), src[tok.Start:tok.End])
			}
			prev = tok.End
		}
		compareWithReference(t, lx, "fuzz", src)
		runAgrees(t, string(src), 1+len(src)%5, len(src)-len(src)%3)
		if len(src) < 2048 {
			nameAndValueAgrees(t, string(src))
		}
	})
}
