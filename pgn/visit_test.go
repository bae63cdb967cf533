package pgn_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/pgn"
)

// recorder keeps every event (copying the strings, which are valid only
// during the call), to compare with the games of the Full mode.
type recorder struct {
	games []recordedGame
	depth int
	// skipEvery, when positive, skips every skipEvery-th variation.
	skipEvery, variations int
	diags                 []string
}

type recordedGame struct {
	index    int
	tags     []pgn.Tag
	mainLine []string // moves at depth 0
	all      int      // moves at any depth
	outcome  string
	ended    bool
}

func (r *recorder) cur() *recordedGame { return &r.games[len(r.games)-1] }

func (r *recorder) BeginGame(i int) bool {
	r.games = append(r.games, recordedGame{index: i})
	r.depth = 0
	return false
}
func (r *recorder) Tag(name, value string) {
	g := r.cur()
	g.tags = append(g.tags, pgn.Tag{Name: strings.Clone(name), Value: strings.Clone(value)})
}
func (r *recorder) Move(san string) {
	g := r.cur()
	g.all++
	if r.depth == 0 {
		g.mainLine = append(g.mainLine, strings.Clone(san))
	}
}
func (r *recorder) NAG(int)        {}
func (r *recorder) Comment(string) {}
func (r *recorder) BeginVariation() bool {
	r.depth++
	r.variations++
	return r.skipEvery > 0 && r.variations%r.skipEvery == 0
}
func (r *recorder) EndVariation()               { r.depth-- }
func (r *recorder) Outcome(o string)            { r.cur().outcome = o }
func (r *recorder) EndGame()                    { r.cur().ended = true }
func (r *recorder) Diagnostic(d pgn.Diagnostic) { r.diags = append(r.diags, d.String()) }

// transcript writes down every event, and skips every skipEvery-th
// variation and, when it is a MovetextSkipper, the movetext of the games
// whose White holds an "a".
type transcript struct {
	strings.Builder
	skipEvery, variations int
}

func (r *transcript) BeginGame(i int) bool   { fmt.Fprintf(r, "game %d\n", i); return false }
func (r *transcript) Tag(name, value string) { fmt.Fprintf(r, "tag %q %q\n", name, value) }
func (r *transcript) Move(san string)        { fmt.Fprintf(r, "move %q\n", san) }
func (r *transcript) NAG(n int)              { fmt.Fprintf(r, "nag %d\n", n) }
func (r *transcript) Comment(text string)    { fmt.Fprintf(r, "comment %q\n", text) }
func (r *transcript) BeginVariation() bool {
	r.variations++
	skip := r.skipEvery > 0 && r.variations%r.skipEvery == 0
	fmt.Fprintf(r, "( skip=%v\n", skip)
	return skip
}
func (r *transcript) EndVariation()               { r.WriteString(")\n") }
func (r *transcript) Outcome(o string)            { fmt.Fprintf(r, "outcome %q\n", o) }
func (r *transcript) EndGame()                    { r.WriteString("end\n") }
func (r *transcript) Diagnostic(d pgn.Diagnostic) { fmt.Fprintf(r, "diag %s\n", d) }

type skippingTranscript struct{ transcript }

func (r *skippingTranscript) SkipMovetext(tags pgn.Tags) bool {
	return strings.Contains(tags.Tag("White"), "a")
}

// parallelAgrees checks that a Visit on two workers, whose events are
// logged on the workers and replayed in order, hands a Visitor what a Visit
// on one does, a MovetextSkipper too.
func parallelAgrees(t *testing.T, src string) {
	t.Helper()
	for skipEvery := range 3 {
		var one, two skippingTranscript
		one.skipEvery, two.skipEvery = skipEvery, skipEvery
		visitors := []pgn.Visitor{&one.transcript, &two.transcript}
		if skipEvery == 2 {
			visitors = []pgn.Visitor{&one, &two}
		}
		for i, v := range visitors {
			if err := pgn.NewReader(strings.NewReader(src), pgn.WithWorkers(i+1)).Visit(v); err != nil {
				t.Fatal(err)
			}
		}
		if a, b := one.String(), two.String(); a != b {
			t.Fatalf("skipping every %d-th variation, one worker and two differ:\n%s", skipEvery, firstDifference(a, b))
		}
	}
}

// partsAgree checks that a Visit that reads games of more than 40 tag
// pairs or elements in parts, as it reads huge games, hands a Visitor what a Visit
// that reads them whole does, on one worker and on two, the diagnostics
// included. (A MovetextSkipper is not asked about a game whose tag section
// comes in parts: TestVisitHugeGames.)
func partsAgree(t *testing.T, src string) {
	t.Helper()
	visit := func(workers, partSize, skipEvery int) string {
		defer pgn.SetVisitPartSize(partSize)()
		v := transcript{skipEvery: skipEvery}
		if err := pgn.NewReader(strings.NewReader(src), pgn.WithWorkers(workers)).Visit(&v); err != nil {
			t.Fatal(err)
		}
		return v.String()
	}
	for skipEvery := range 2 {
		whole := visit(1, 0, skipEvery)
		for _, workers := range []int{1, 2} {
			if parts := visit(workers, 40, skipEvery); parts != whole {
				t.Fatalf("%d workers, skipping every %d-th variation: in parts and whole differ:\n%s", workers, skipEvery, firstDifference(parts, whole))
			}
		}
	}
}

// firstDifference shows the first line where a and b differ.
func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d: %q against %q", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("%d lines against %d", len(al), len(bl))
}

// visitorAgrees checks that the events of src are the games that the Full
// mode reads: the same games, tags, results, diagnostics of the syntax, and
// main lines as far as they were replayed.
func visitorAgrees(t *testing.T, src string) {
	parallelAgrees(t, src)
	partsAgree(t, src)
	var rec recorder
	if err := pgn.NewReader(strings.NewReader(src), pgn.WithWorkers(1)).Visit(&rec); err != nil {
		t.Fatal(err)
	}
	full := pgn.NewReader(strings.NewReader(src), pgn.WithWorkers(1))
	var fullDiags []string
	n := 0
	for g, err := range full.Games() {
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range g.Diags {
			fullDiags = append(fullDiags, d.String())
		}
		if n >= len(rec.games) {
			t.Fatalf("game %d was not visited", g.Index)
		}
		v := rec.games[n]
		n++
		if v.index != g.Index || !v.ended || !slices.Equal(v.tags, g.Tags) || v.outcome != string(g.Result) {
			t.Fatalf("game %d: visited as #%d ended=%v tags %v result %q; read as tags %v result %q",
				g.Index, v.index, v.ended, v.tags, v.outcome, g.Tags, g.Result)
		}
		for i, m := range g.Moves {
			if i >= len(v.mainLine) || !strings.HasPrefix(v.mainLine[i], strings.TrimRight(m.Written, "+#!?")) {
				t.Fatalf("game %d: move %d read as %q, visited main line %q", g.Index, i+1, m.Written, v.mainLine)
			}
		}
	}
	if n != len(rec.games) {
		t.Fatalf("%d games visited, %d read", len(rec.games), n)
	}
	for _, s := range full.Stray() {
		for _, d := range s.Diags {
			fullDiags = append(fullDiags, d.String())
		}
	}
	for _, d := range rec.diags {
		if !slices.Contains(fullDiags, d) {
			t.Fatalf("the visitor got %q, which reading the games does not report", d)
		}
	}
}

func TestVisitorAgreesWithGames(t *testing.T) {
	roots := []string{"../testdata"}
	if testfiles.IsExtended() {
		roots = append(roots, "../../shared/corpus/edge")
	}
	for _, path := range testfiles.PGN(roots...) {
		t.Run(path, func(t *testing.T) {
			visitorAgrees(t, string(readFile(t, path)))
		})
	}
}

func FuzzVisitorAgreesWithGames(f *testing.F) {
	for _, s := range testfiles.Seeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		visitorAgrees(t, src)
	})
}

// A skipped variation is not visited, and everything after it is.
func TestVisitSkipsVariations(t *testing.T) {
	src := "[Event \"x\"]\n\n1. e4 (1. d4 (1. c4) d5) e5 (1... c5 2. Nf3) 2. Nf3 *\n"
	for _, c := range []struct {
		skipEvery, moves int
	}{{0, 8}, {1, 3}, {2, 7}} {
		rec := recorder{skipEvery: c.skipEvery}
		if err := pgn.NewReader(strings.NewReader(src)).Visit(&rec); err != nil {
			t.Fatal(err)
		}
		g := rec.games[0]
		if g.all != c.moves || fmt.Sprint(g.mainLine) != "[e4 e5 Nf3]" || rec.depth != 0 {
			t.Errorf("skipping every %d: %d moves, main line %v, depth %d; want %d moves", c.skipEvery, g.all, g.mainLine, rec.depth, c.moves)
		}
	}
}

// skipper is a recorder that skips the movetext of the games whose White
// holds its letter.
type skipper struct {
	recorder
	letter string
	asked  int
}

func (s *skipper) SkipMovetext(tags pgn.Tags) bool {
	s.asked++
	return strings.Contains(tags.Tag("White"), s.letter)
}

// A MovetextSkipper gets the events of the games it keeps as a Visitor
// does, and of the games it skips everything but the movetext.
func TestVisitSkipsMovetext(t *testing.T) {
	roots := []string{"../testdata"}
	if testfiles.IsExtended() {
		roots = append(roots, "../../shared/corpus/edge")
	}
	skipped := 0
	for _, path := range testfiles.PGN(roots...) {
		src := string(readFile(t, path))
		var all recorder
		if err := pgn.NewReader(strings.NewReader(src), pgn.WithName(path)).Visit(&all); err != nil {
			t.Fatal(err)
		}
		s := skipper{letter: "a"}
		if err := pgn.NewReader(strings.NewReader(src), pgn.WithName(path)).Visit(&s); err != nil {
			t.Fatal(err)
		}
		if len(s.games) != len(all.games) {
			t.Fatalf("%s: %d games visited with a skipper, %d without", path, len(s.games), len(all.games))
		}
		for i, g := range s.games {
			want := all.games[i]
			if strings.Contains(pgn.Tags(want.tags).Tag("White"), "a") && len(want.tags) > 0 {
				want.mainLine, want.all = nil, 0
				skipped++
			}
			if fmt.Sprint(g) != fmt.Sprint(want) {
				t.Fatalf("%s: game %d visited as %v, want %v", path, i+1, g, want)
			}
		}
		for _, d := range s.diags {
			if !slices.Contains(all.diags, d) {
				t.Fatalf("%s: the skipper got %q, which a Visitor does not", path, d)
			}
		}
	}
	if skipped == 0 {
		t.Fatal("no game was skipped")
	}
}

// statsCounter counts games, tags and moves, as Rust pgn-reader's stats
// example does.
type statsCounter struct {
	counter
	tags int
}

func (c *statsCounter) Tag(string, string) { c.tags++ }

// BenchmarkVisitLichess counts the lichess sample of the shared corpus
// repeated 51 times (51 MB), as bench/targets.sh times it, on one worker
// and on two.
func BenchmarkVisitLichess(b *testing.B) {
	sample, err := os.ReadFile(filepath.Join(testfiles.Root(), "..", "shared", "corpus", "edge", "lichess-twic", "lichess_db_1000k.pgn"))
	if err != nil {
		b.Skipf("corpus not present: %v", err)
	}
	path := filepath.Join(b.TempDir(), "lichess.pgn")
	if err := os.WriteFile(path, bytes.Repeat(sample, 51), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.SetBytes(int64(51 * len(sample)))
			for b.Loop() {
				r, err := pgn.Open(path, pgn.WithWorkers(workers))
				if err != nil {
					b.Fatal(err)
				}
				var c statsCounter
				if err := r.Visit(&c); err != nil {
					b.Fatal(err)
				}
				if c.games != 51*438 {
					b.Fatalf("%d games", c.games)
				}
			}
		})
	}
}

// moveCounter counts the moves of each game, and skips the movetext of
// those whose White is skipWhite when it is a MovetextSkipper.
type moveCounter struct {
	pgn.NopVisitor
	moves     []int
	outcomes  []string
	skipWhite string
}

func (c *moveCounter) BeginGame(int) bool {
	c.moves, c.outcomes = append(c.moves, 0), append(c.outcomes, "")
	return false
}
func (c *moveCounter) Move(string)      { c.moves[len(c.moves)-1]++ }
func (c *moveCounter) Outcome(o string) { c.outcomes[len(c.outcomes)-1] = o }

type skippingCounter struct{ moveCounter }

func (c *skippingCounter) SkipMovetext(tags pgn.Tags) bool { return tags.Tag("White") == c.skipWhite }

// A huge game is visited in parts, every move of it, on one worker and on
// two; a MovetextSkipper is asked about it as about any game, but for one
// whose tag section comes in parts, which it could not be shown whole.
func TestVisitHugeGames(t *testing.T) {
	const repeats = 1<<16/4 + 1000 // more than a part (parser.DefaultPartSize)
	src := hugeGames(repeats)
	for _, workers := range []int{1, 2} {
		var c moveCounter
		if err := pgn.NewReader(bytes.NewReader(src), pgn.WithWorkers(workers)).Visit(&c); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(c.moves, []int{2, 4 * repeats, 3}) || !slices.Equal(c.outcomes, []string{"1-0", "1/2-1/2", "0-1"}) {
			t.Errorf("%d workers: moves %v, outcomes %v", workers, c.moves, c.outcomes)
		}
		s := skippingCounter{moveCounter{skipWhite: "Huge"}}
		if err := pgn.NewReader(bytes.NewReader(src), pgn.WithWorkers(workers)).Visit(&s); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(s.moves, []int{2, 0, 3}) || s.outcomes[1] != "1/2-1/2" {
			t.Errorf("%d workers, the huge game's movetext declined: moves %v, outcomes %v", workers, s.moves, s.outcomes)
		}
	}
	// With parts of 3, the tag section of the second game comes in parts.
	defer pgn.SetVisitPartSize(3)()
	tagged := "[Event \"a\"]\n[White \"Huge\"]\n[Black \"b\"]\n[Round \"1\"]\n[Date \"?\"]\n\n1. e4 e5 *\n"
	for _, workers := range []int{1, 2} {
		s := skippingCounter{moveCounter{skipWhite: "Huge"}}
		if err := pgn.NewReader(strings.NewReader(tagged), pgn.WithWorkers(workers)).Visit(&s); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(s.moves, []int{2}) {
			t.Errorf("%d workers, a tag section in parts: moves %v", workers, s.moves)
		}
	}
}

// A game read in parts comes with its tag values and comments decoded as
// the parser decodes the whole game: as Windows-1252 when a byte of it is
// not UTF-8, those of the parts before that byte too.
func TestVisitPartsDecoded(t *testing.T) {
	srcs := []string{
		"[Event \"ñ\"]\n[White \"Ñ\"]\n[Black \"b\"]\n[Round \"\xa9\"]\n\n1. e4 {ñ} e5 2. Nf3 {é} (2. f4 {ü} exf4) Nc6 {\xe9} *\n",
		"[Event \"ñ\"]\n\n1. e4 {ñ} e5 2. Nf3 {é} (2. f4 {ü} exf4 3. Nf3 {ö} g5) Nc6 {ü} 3. Bb5 a6 *\n",
	}
	for _, src := range srcs {
		visit := func(partSize int) string {
			defer pgn.SetVisitPartSize(partSize)()
			var v transcript
			if err := pgn.NewReader(strings.NewReader(src), pgn.WithWorkers(1)).Visit(&v); err != nil {
				t.Fatal(err)
			}
			return v.String()
		}
		whole, parts := visit(0), visit(3)
		if parts != whole {
			t.Errorf("%q: in parts and whole differ:\n%s", src, firstDifference(parts, whole))
		}
		if !utf8.ValidString(src) != strings.Contains(whole, "Ã±") {
			t.Errorf("%q: read as Windows-1252: %v", src, strings.Contains(whole, "Ã±"))
		}
	}
}

// BenchmarkVisitHugeGame counts the moves of the three games of hugeGames,
// the second of 4 million moves (16 MB), and reports the peak of the heap:
// the huge game is held as events, not as a syntax tree.
func BenchmarkVisitHugeGame(b *testing.B) {
	src := hugeGames(1 << 20)
	b.SetBytes(int64(len(src)))
	var peak uint64
	for b.Loop() {
		runtime.GC()
		var c heapWatcher
		if err := pgn.NewReader(bytes.NewReader(src), pgn.WithWorkers(1)).Visit(&c); err != nil {
			b.Fatal(err)
		}
		peak = max(peak, c.peak)
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
}

// heapWatcher samples the heap in use at the end of each game.
type heapWatcher struct {
	pgn.NopVisitor
	peak uint64
}

func (h *heapWatcher) EndGame() {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	h.peak = max(h.peak, m.HeapInuse)
}
