package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/lexer"
	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/internal/token"
)

// fusionAgrees checks that delivering well-formed tag pairs as one TAGPAIR
// token gives the tree and diagnostics of delivering their four tokens.
func fusionAgrees(t testing.TB, name, src string) {
	t.Helper()
	var separate Parser
	separate.p.separatePairs = true
	agrees(t, "fused tag pairs", &separate, name, src)
}

// runFusionAgrees checks that delivering runs of movetext tokens as one RUN
// token gives the tree and diagnostics of delivering them one by one.
func runFusionAgrees(t testing.TB, name, src string) {
	t.Helper()
	var separate Parser
	separate.p.separateRuns = true
	agrees(t, "runs", &separate, name, src)
}

// agrees checks that separate, a Parser that fuses less, parses src as a
// Parser that fuses everything does.
func agrees(t testing.TB, what string, separate *Parser, name, src string) {
	t.Helper()
	_, want, _ := parseWith(t, separate, src, Cut{From: len(src) + 1})
	_, got, _ := parsePrefix(t, src, Cut{From: len(src) + 1})
	if got != want {
		t.Fatalf("%s: %s parse differently:\n got: %.3000s\nwant: %.3000s", name, what, got, want)
	}
}

// TestTagPairFusion covers every test file and seed, and tag pairs broken
// or misplaced in the ways that make the grammar reject a fused pair.
func TestTagPairFusion(t *testing.T) {
	agreesEverywhere(t, fusionAgrees, []string{
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
	})
}

// agreesEverywhere runs agrees, one of the checks above, on every test
// file and seed and on each of extra.
func agreesEverywhere(t *testing.T, agrees func(t testing.TB, name, src string), extra []string) {
	for i, src := range testfiles.Seeds() {
		agrees(t, fmt.Sprintf("seed %d", i), src)
	}
	for _, src := range extra {
		agrees(t, fmt.Sprintf("%q", src), src)
	}
}

// FuzzTagPairFusion: on any input, fusing tag pairs changes nothing.
func FuzzTagPairFusion(f *testing.F) { fuzzAgreement(f, fusionAgrees) }

// fuzzAgreement fuzzes agrees, one of the checks above, from every seed.
func fuzzAgreement(f *testing.F, agrees func(t testing.TB, name, src string)) {
	for _, seed := range testfiles.Seeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		agrees(t, "fuzz", src)
	})
}

// TestRunFusion covers every test file and seed, and runs of movetext
// tokens where the grammar rejects them, broken off by every other kind of
// token, and longer than one RUN token holds.
func TestRunFusion(t *testing.T) {
	agreesEverywhere(t, runFusionAgrees, []string{
		"[Event \"a\"]\n\n12. Nf3 Nc6 13. Bb5 a6 $1 {c} 1-0\n",
		"12. Nf3 Nc6 *\n",
		"{c} e4 e5 *\n",
		"[Event 12. Nf3 Nc6]\n1. e4 *\n",
		"[Event \"a\" 12. Nf3 {c} Nc6]\n*\n",
		"[ {c\x01} e4 e5\n1. d4 *\n",
		"[Event \"a\"\n$1 $2 e4\n\n[Event \"b\"]\n*\n",
		"[Event \"a\"]\n[Site e4 e5]\n*\n",
		"[Event \"a\"]\n\n1. e4 {\x01} e5 {caf\xc3\xa9} 2. Nf3 {\xff} *\n",
		"[Event \"a\"]\n\n1. e4 e5 2. Nf3 (2. Nc3 Nc6 3. f4) Nc6 ; line\n3. Bb5 *\n",
		"[Event \"a\"]\n\n1. e4 e5 2 Nf3 2... Nc6 3. Bb5 e.p. a6 !! 4. Ba4 ? *\n",
		"[Event \"a\"]\n\n1. e4 e5\n\n1. d4 d5 *\n",
		"1. e4 e5 2. Nf3 1-0 2. Nc6 *\n",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 {never closed\n\n[Event \"b\"]\n*\n",
		"1. e4 e5 2. Nf3 Zz9 Nc6 @@ 3. Bb5 *",
		"[Event \"a\"]\n\n" + strings.Repeat("2. Nf3 {c} $1 ", maxRun) + "*\n",
		"[Event \"a\"]\n\n" + strings.Repeat("e4 ", maxRun-1) + "[Event \"b\"]\n*\n",
		"[Event \"a\"]\n\n" + strings.Repeat("e4 ", 2*maxRun) + "\n",
	})
}

// FuzzRunFusion: on any input, fusing runs of movetext tokens changes
// nothing.
func FuzzRunFusion(f *testing.F) { fuzzAgreement(f, runFusionAgrees) }

// TestLongRun: a movetext longer than one RUN token holds (maxRun) goes on
// in the next, and every element is built once, in order.
func TestLongRun(t *testing.T) {
	src := "[Event \"a\"]\n\n" + strings.Repeat("2. Nf3 {c} ", 10*maxRun) + "*\n"
	var ps Parser
	db, _ := ps.Parse(src)
	moves := db.Games[0].Moves
	if len(moves) != 30*maxRun {
		t.Fatalf("%d elements, want %d", len(moves), 30*maxRun)
	}
	for i, e := range moves {
		if want := strings.Index(src, "2. ") + i/3*len("2. Nf3 {c} ") + []int{0, 3, 7}[i%3]; e.Pos() != want {
			t.Fatalf("element %d at %d, want %d", i, e.Pos(), want)
		}
	}
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
