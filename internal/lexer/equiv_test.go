package lexer

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"

	"github.com/timtadh/lexmachine"
	"github.com/timtadh/lexmachine/machines"

	"github.com/pgnc/pgnc/internal/token"
)

// referenceLexer builds lexmachine's runtime lexer from the same patterns the
// generator compiles.
func referenceLexer(t testing.TB) *lexmachine.Lexer {
	t.Helper()
	lx := lexmachine.NewLexer()
	for _, p := range token.Patterns {
		kind := p.Kind
		lx.Add([]byte(p.Regex), func(_ *lexmachine.Scanner, m *machines.Match) (any, error) {
			if kind == token.Whitespace {
				return nil, nil
			}
			return Token{Kind: kind, Start: m.TC, End: m.TC + len(m.Bytes)}, nil
		})
	}
	if err := lx.CompileDFA(); err != nil {
		t.Fatal(err)
	}
	return lx
}

// referenceTokens scans src with lexmachine, turning each UnconsumedInput
// error into an Illegal token and resuming after it, as pgnc's scanner does.
func referenceTokens(t testing.TB, lx *lexmachine.Lexer, src []byte) []Token {
	t.Helper()
	sc, err := lx.Scanner(src)
	if err != nil {
		t.Fatal(err)
	}
	var toks []Token
	for {
		tok, err, eos := sc.Next()
		if eos {
			break
		}
		if ui, ok := err.(*machines.UnconsumedInput); ok {
			toks = append(toks, Token{Kind: token.Illegal, Start: ui.StartTC, End: ui.FailTC})
			sc.TC = ui.FailTC
			continue
		}
		if err != nil {
			t.Fatalf("lexmachine: %v", err)
		}
		toks = append(toks, tok.(Token))
	}
	return toks
}

func generatedTokens(src string) []Token {
	var s Scanner
	s.Reset(src)
	var toks []Token
	for {
		tok := s.Next()
		if tok.Kind == token.EOF {
			return toks
		}
		toks = append(toks, tok)
	}
}

// compareWithReference fails when the generated scanner and lexmachine's
// runtime scanner disagree on src.
func compareWithReference(t testing.TB, lx *lexmachine.Lexer, name string, src []byte) {
	t.Helper()
	want := referenceTokens(t, lx, src)
	got := generatedTokens(string(src))
	n := min(len(want), len(got))
	for i := 0; i < n; i++ {
		if want[i] != got[i] {
			t.Fatalf("%s: token %d: lexmachine %s, generated %s", name, i, describe(src, want[i]), describe(src, got[i]))
		}
	}
	if len(want) != len(got) {
		t.Fatalf("%s: lexmachine gives %d tokens, generated scanner %d", name, len(want), len(got))
	}
}

func describe(src []byte, tok Token) string {
	text := string(src[tok.Start:min(tok.End, tok.Start+40)])
	return fmt.Sprintf("%s %d-%d %q", tok.Kind, tok.Start, tok.End, text)
}

func TestGeneratedScannerMatchesLexmachineOnTestdata(t *testing.T) {
	lx := referenceLexer(t)
	files := testfiles.PGN("../../testdata")
	if len(files) == 0 {
		t.Fatal("no .pgn files in testdata")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		compareWithReference(t, lx, f, src)
	}
}

// corpusDir is the shared corpus of real PGN files, when present.
const corpusDir = "../../../shared/corpus"

func TestGeneratedScannerMatchesLexmachineOnCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus not present at %s: %v", corpusDir, err)
	}
	testfiles.Extended(t)
	lx := referenceLexer(t)
	files := testfiles.PGN(filepath.Join(corpusDir, "edge"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		compareWithReference(t, lx, f, src)
	}
	t.Logf("%d corpus files agree", len(files))
}
