package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/lexer"
	"github.com/pgnc/pgnc/token"
)

// fusionAgrees checks that delivering well-formed tag pairs as one TAGPAIR
// token gives the tree and diagnostics of delivering their four tokens.
func fusionAgrees(t testing.TB, name, src string) {
	t.Helper()
	var separate Parser
	separate.p.separatePairs = true
	_, want, _ := parseWith(t, &separate, src, Cut{From: len(src) + 1})
	_, got, _ := parsePrefix(t, src, Cut{From: len(src) + 1})
	if got != want {
		t.Fatalf("%s: fused tag pairs parse differently:\n got: %.3000s\nwant: %.3000s", name, got, want)
	}
}

// TestTagPairFusion covers every test file and seed, and tag pairs broken
// or misplaced in the ways that make the grammar reject a fused pair.
func TestTagPairFusion(t *testing.T) {
	for i, src := range testfiles.Seeds() {
		fusionAgrees(t, fmt.Sprintf("seed %d", i), src)
	}
	for _, src := range []string{
		"[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n",
		"1. e4 [Event \"a\"] e5 *\n",
		"1. e4\n[Event \"a\"]\n1. d4 *\n",
		"1. e4 (1... e5\n[Event \"a\"]\n1. d4 *\n",
		"1. e4 ( [Event \"a\"] ) *\n",
		"[Event \"a\"] [Event \"b\"] [Event \"c\"]\n",
		"[Event \"a\"]\n\n[Event \"b\"]\n1. e4 1-0\n",
		"[Event \"a\" ]\n[Site\"b\"]\n[ Date \"c\"]\n*\n",
		"[Event \"a\\q\"]\n[Site \"b\tc\"]\n[Round \"\xff\"]\n*\n",
		"[Event \"a]\n[Site \"b\"]\n*\n",
		"[Event \"a\"] 1-0 [Site \"b\"] [Date",
		"1-0 [Event \"a\"]",
		// Runs of pairs, fused into one token up to where a game may end.
		"[Event \"a\"]\n[Site \"b\"]\n[Date \"c\"]\n\n[Event \"d\"]\n[Site \"e\"]\n1. e4 *\n",
		"[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n[Date \"c\"]\r\n*\r\n",
		"[Event \"a\"][Site \"b\"][Event \"c\"][Site \"d\"]\n1. e4 *",
		"[Site \"a\"]\n[Event \"b\"]\n[Event \"c\"]\n*\n",
		"[Event \"a\"]\n[Site \"b\"] {c}\n[Date \"c\"]\n*\n",
		"[Event \"a\"]\n[Site b]\n[Date \"c\"]\n[Round \"d\"]\n*\n",
		"[Event \"a\"]\n%escape\n[Site \"b\"]\n[Date \"c\"]\n*\n",
		"[Event \"a\"]\n[Site \"b\\\"c\"]\n[Date \"\xe9\"]\n*\n",
		"1. e4 1-0 [Event \"a\"] [Site \"b\"] (",
		// Longer than one TAGPAIR token holds (maxFusedPairs).
		"[Event \"a\"]\n" + strings.Repeat("[Annotator \"x\"]\n", 3*maxFusedPairs) + "*\n",
		strings.Repeat("[Site \"x\"]\n", maxFusedPairs-1) + "[Event \"a\"]\n[Event \"b\"]\n*\n",
		strings.Repeat("[Site \"x\"]\n", maxFusedPairs) + "[Event \"a\"]\n[Event \"b\"]\n*\n",
	} {
		fusionAgrees(t, fmt.Sprintf("%q", src), src)
	}
}

// FuzzTagPairFusion: on any input, fusing tag pairs changes nothing.
func FuzzTagPairFusion(f *testing.F) {
	for _, seed := range testfiles.Seeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		fusionAgrees(t, "fuzz", src)
	})
}

// TestFusedPairsBounded: however long a tag section, a TAGPAIR token holds
// at most maxFusedPairs pairs, so the memory kept for them stays bounded.
func TestFusedPairsBounded(t *testing.T) {
	src := "[Event \"a\"]\n" + strings.Repeat("[Annotator \"x\"]\n", 10*maxFusedPairs) + "*\n"
	var ps Parser
	db, _ := ps.Parse(src)
	if n := len(db.Games[0].Tags); n != 10*maxFusedPairs+1 {
		t.Fatalf("%d tags, want %d", n, 10*maxFusedPairs+1)
	}
	if c := cap(ps.p.pairs); c >= 2*maxFusedPairs {
		t.Errorf("room for %d fused pairs kept, want fewer than %d", c, 2*maxFusedPairs)
	}
}

// TestLeftBracketAlone: fuseTagPairs takes a "[" after a line break for a
// left bracket token without scanning it, which holds only while "[" is a
// token of its own whatever byte follows it.
func TestLeftBracketAlone(t *testing.T) {
	var sc lexer.Scanner
	for b := range 256 {
		src := "\n[" + string([]byte{byte(b)})
		sc.Reset(src)
		if tok := sc.Next(); tok != (lexer.Token{Kind: token.LBracket, Start: 1, End: 2}) {
			t.Fatalf("%q: first token %v, want the left bracket alone", src, tok)
		}
	}
}
