package reader

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// absolute renders diagnostics as pgnc check prints them, with positions
// in the whole input and the source line around each.
func absolute(f *diag.File, ds diag.List, game func(int) int) []string {
	var out []string
	for _, d := range ds {
		var b strings.Builder
		if err := diag.WriteText(&b, f, d, diag.English); err != nil {
			panic(err)
		}
		out = append(out, fmt.Sprintf("game %d %s", game(d.Game), b.String()))
	}
	return out
}

// wholeFile checks src in one piece, the reference for streaming.
func wholeFile(src string) (games int, diags []string) {
	db, ds := parser.Parse(src)
	ds = append(ds, check.DatabaseDiagnostics(db)...)
	ds.Sort()
	return len(db.Games), absolute(diag.NewFile("x", src), ds, func(g int) int { return g })
}

// streamed checks src through a Reader with small pieces; with reuseText,
// with the options of pgnc check, which reuse the memory of the text too
// and replay the games while parsing them.
func streamed(t *testing.T, src string, piece, workers int, reuseText bool) (games int, diags []string) {
	opts := Options{PieceSize: piece, Workers: workers, ReuseMemory: true}
	if reuseText {
		opts.ReuseText, opts.InParts, opts.SkipComments, opts.ReplayWhileParsing = true, true, true, true
	}
	return drain(t, New(strings.NewReader(src), "x", opts))
}

// TestMain poisons the memory that readers give back (Options.ReuseText),
// so that a game whose text is used after that reads zero bytes and fails
// the comparisons with the whole-file check.
func TestMain(m *testing.M) {
	poisonGivenBack = true
	os.Exit(m.Run())
}

// readerOf returns a reader of src: a stream reader, or, with file, a
// reader of src as a file in byte ranges (NewFile).
func readerOf(src string, opts Options, file bool) *Reader {
	if file {
		return NewFile(strings.NewReader(src), int64(len(src)), "x", opts)
	}
	return New(strings.NewReader(src), "x", opts)
}

// drain reads every game of rd and renders its diagnostics, each game
// before the next call to Next, as Options.ReuseText requires.
func drain(t testing.TB, rd *Reader) (games int, diags []string) {
	for g, err := range rd.All() {
		if err != nil {
			t.Fatal(err)
		}
		if g.Index > 0 {
			games++
		}
		diags = append(diags, absolute(g.File, g.Diags, func(n int) int { return n })...)
	}
	return games, diags
}

func compare(t *testing.T, name, src string, piece, workers int) {
	t.Helper()
	wantGames, want := wholeFile(src)
	for _, reuseText := range []bool{false, true} {
		gotGames, got := streamed(t, src, piece, workers, reuseText)
		if gotGames != wantGames {
			t.Fatalf("%s (ReuseText %v): %d games streamed, %d in one piece", name, reuseText, gotGames, wantGames)
		}
		// Within a game, the streamed order is the sorted order; across
		// games, input order. Both are position order here.
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("%s (ReuseText %v): streamed diagnostics differ:\n got %d: %.2000s\nwant %d: %.2000s", name, reuseText, len(got), strings.Join(got, "\n"), len(want), strings.Join(want, "\n"))
		}
	}
}

func TestStreamMatchesWholeFile(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/*.pgn")
	more, _ := filepath.Glob("../../testdata/*/*.pgn")
	for _, path := range append(files, more...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, piece := range []int{1, 64, 1 << 20} {
			for _, workers := range []int{1, 3} {
				compare(t, path, string(data), piece, workers)
			}
		}
	}
}

// TestMatchesWholeFileOnCorpus: pieces of 4 KiB, serially and on workers,
// and ranges of 20 kB give the whole-file result on every corpus file.
func TestMatchesWholeFileOnCorpus(t *testing.T) {
	n := 0
	for _, path := range testfiles.Corpus(t, "edge") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		compare(t, path, string(data), 4096, 1)
		compare(t, path, string(data), 4096, 4)
		compareRanges(t, path, string(data), 20000, 2)
		n++
	}
	t.Logf("%d files read in 4 KiB pieces and in 20 kB ranges match the whole-file check", n)
}

// failingReader returns data, then err.
type failingReader struct {
	data string
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.data == "" {
		return 0, f.err
	}
	n := copy(p, f.data)
	f.data = f.data[n:]
	return n, nil
}

// TestReadError: every game read before a read error is checked and comes
// out, then the error.
func TestReadError(t *testing.T) {
	game := "[Event \"x\"]\n\n1. e4 e5 *\n\n"
	boom := fmt.Errorf("disk on fire")
	for _, workers := range []int{1, 2} {
		rd := New(&failingReader{data: strings.Repeat(game, 50), err: boom}, "x", Options{PieceSize: 100, Workers: workers})
		games := 0
		var err error
		for {
			var g *Game
			g, err = rd.Next()
			if err != nil {
				break
			}
			if g.Index > 0 {
				games++
			}
		}
		if err != boom || games != 50 {
			t.Errorf("workers %d: %d games then %v; want all 50 games, then the read error", workers, games, err)
		}
		rd.Close()
	}
}

// TestMaxGameBytes: input with no game boundary is cut at the limit with a
// diagnostic that names it, and memory stays bounded by it.
func TestMaxGameBytes(t *testing.T) {
	// One unterminated comment of 1 MB, then a real game.
	src := "{" + strings.Repeat("no closing brace here\n", 50000) + "\n[Event \"after\"]\n\n1. e4 *\n"
	rd := New(strings.NewReader(src), "x", Options{PieceSize: 4096, MaxGameBytes: 64 << 10})
	limits, games := 0, 0
	var last *Game
	for g, err := range rd.All() {
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range g.Diags {
			if d.Code == diag.GameBytesLimit {
				limits++
				if !strings.Contains(d.Message(), "bytes") || d.Hint() == "" {
					t.Errorf("message %q, hint %q", d.Message(), d.Hint())
				}
			}
		}
		if g.Index > 0 {
			games++
			last = g
		}
		if cap(rd.buf) > 1<<20 {
			t.Fatalf("buffer grew to %d bytes", cap(rd.buf))
		}
	}
	if limits == 0 {
		t.Error("no limit diagnostic")
	}
	if last == nil || len(last.Tags) == 0 || last.Tags[0].Value != "after" {
		t.Errorf("the game after the long comment was not read: %+v", last)
	}
}

// TestLineEndings: LF, CRLF and lone CR files give the same games and the
// same diagnostics at the same lines and columns, whole or streamed.
func TestLineEndings(t *testing.T) {
	data, err := os.ReadFile("../../testdata/broken.pgn")
	if err != nil {
		t.Fatal(err)
	}
	lf := strings.ReplaceAll(string(data), "\r\n", "\n")
	wantGames, want := wholeFile(lf)
	for name, src := range map[string]string{
		"CRLF":    strings.ReplaceAll(lf, "\n", "\r\n"),
		"lone CR": strings.ReplaceAll(lf, "\n", "\r"),
	} {
		games, got := wholeFile(src)
		if games != wantGames || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s, whole file:\n got %d %q\nwant %d %q", name, games, got, wantGames, want)
		}
		games, got = streamed(t, src, 64, 1, true)
		if games != wantGames || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s, streamed:\n got %d %q\nwant %d %q", name, games, got, wantGames, want)
		}
	}
}

// TestUnterminatedCommentLoneCR: the recovery from an unterminated comment
// finds the next game's tags after a lone CR too.
func TestUnterminatedCommentLoneCR(t *testing.T) {
	src := "[Event \"a\"]\r\r1. e4 {never closed\r2. Nf3 *\r\r[Event \"b\"]\r\r1. d4 *\r"
	games, diags := wholeFile(src)
	if games != 2 {
		t.Fatalf("%d games: %q", games, diags)
	}
	sGames, sDiags := streamed(t, src, 16, 1, true)
	if sGames != games || strings.Join(sDiags, "\n") != strings.Join(diags, "\n") {
		t.Errorf("streamed %d %q, whole %d %q", sGames, sDiags, games, diags)
	}
}

// FuzzStream: cutting any input into pieces (serially or on workers) gives
// the same games and diagnostics as checking it whole.
func FuzzStream(f *testing.F) {
	for _, seed := range testfiles.Seeds() {
		f.Add(seed, uint8(16))
	}
	f.Fuzz(func(t *testing.T, src string, piece uint8) {
		wantGames, want := wholeFile(src)
		for _, workers := range []int{1, 2} {
			for _, reuseText := range []bool{false, true} {
				games, got := streamed(t, src, int(piece)+1, workers, reuseText)
				if games != wantGames || strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Fatalf("workers %d, pieces of %d, ReuseText %v: %d games %q; whole: %d games %q", workers, int(piece)+1, reuseText, games, got, wantGames, want)
				}
			}
		}
	})
}

// sumPlies reads every game of rd and adds up the plies the check replayed.
func sumPlies(t *testing.T, rd *Reader) int {
	n := 0
	for g, err := range rd.All() {
		if err != nil {
			t.Fatal(err)
		}
		n += g.Plies
	}
	return n
}

// TestPliesMatchWholeFile: streams and ranges replay as many plies as a
// check of the whole file, and SyntaxOnly replays none.
func TestPliesMatchWholeFile(t *testing.T) {
	total := 0
	for _, path := range testfiles.PGN("../../testdata") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		db, _ := parser.Parse(src)
		want := 0
		for _, g := range db.Games {
			_, plies := check.Checker{}.Replay(g)
			want += plies
		}
		total += want
		for _, r := range []struct {
			how      string
			rd       *Reader
			replayed int
		}{
			{"stream, 1 worker", New(strings.NewReader(src), "x", Options{PieceSize: 64, Workers: 1, ReuseMemory: true}), want},
			{"stream, 3 workers", New(strings.NewReader(src), "x", Options{PieceSize: 64, Workers: 3, ReuseMemory: true}), want},
			{"ranges, 3 workers", NewFile(strings.NewReader(src), int64(len(src)), "x", Options{RangeSize: 100, PieceSize: 512, Workers: 3}), want},
			{"model, 1 worker", New(strings.NewReader(src), "x", Options{Model: true, Workers: 1}), want},
			{"syntax only", New(strings.NewReader(src), "x", Options{SyntaxOnly: true, Workers: 1}), 0},
		} {
			if got := sumPlies(t, r.rd); got != r.replayed {
				t.Errorf("%s, %s: %d plies, want %d", path, r.how, got, r.replayed)
			}
		}
	}
	if total == 0 {
		t.Fatal("no plies in testdata: the test proves nothing")
	}
	t.Logf("%d plies", total)
}

// TestReuseTextTags: with ReuseText the tags of each game, read before the
// next call to Next, are those of a read without it, on one worker, on
// several and in ranges.
func TestReuseTextTags(t *testing.T) {
	var src strings.Builder
	for i := range 400 {
		fmt.Fprintf(&src, "[Event \"e%d\"]\n[White \"w%d\"]\n[Black \"b%d\"]\n\n1. e4 e5 2. Nf3 *\n\n", i, i, i)
	}
	tagsOf := func(rd *Reader) []string {
		var out []string
		for g, err := range rd.All() {
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprint(g.Index, g.Tags))
		}
		return out
	}
	want := tagsOf(New(strings.NewReader(src.String()), "x", Options{}))
	if len(want) != 400 {
		t.Fatalf("%d games, want 400", len(want))
	}
	for _, workers := range []int{1, 3} {
		opts := Options{PieceSize: 512, Workers: workers, ReuseText: true, RangeSize: 2048}
		for name, rd := range map[string]*Reader{
			"stream": New(strings.NewReader(src.String()), "x", opts),
			"ranges": NewFile(strings.NewReader(src.String()), int64(src.Len()), "x", opts),
		} {
			if got := tagsOf(rd); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s on %d workers: tags differ:\n got %.300s\nwant %.300s", name, workers, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		}
	}
}

// TestCopyText: with ReuseText a text is copied into pooled memory, except
// TestReuseTextGames: with ReuseText the games of a piece are made in
// memory that later pieces reuse, so that reading many pieces of small
// games without diagnostics takes a few allocations a piece, not one or
// more a game.
func TestReuseTextGames(t *testing.T) {
	testfiles.NoRace(t)
	const games = 3000
	src := strings.Repeat("[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n", games)
	for _, workers := range []int{1, 2} {
		for _, ranges := range []bool{false, true} {
			read := func() {
				opts := Options{PieceSize: 4096, RangeSize: 64 << 10, Workers: workers, ReuseText: true}
				rd := readerOf(src, opts, ranges)
				n := 0
				for g, err := range rd.All() {
					if err != nil {
						t.Fatal(err)
					}
					if g.Index > 0 {
						n++
					}
				}
				if n != games {
					t.Fatalf("%d games, want %d", n, games)
				}
			}
			read() // fills the pool
			if allocs := testing.AllocsPerRun(3, read); allocs > games/4 {
				t.Errorf("on %d workers (ranges %v): %.0f allocations for %d games", workers, ranges, allocs, games)
			}
		}
	}
}

// one over maxTextMemory, whose memory is not kept for later pieces.
func TestCopyText(t *testing.T) {
	rd := &Reader{opts: Options{ReuseText: true}}
	small := []byte("[Event \"x\"]\n\n1. e4 *\n")
	text, mem := rd.copyText(small)
	if text != string(small) || mem == nil || cap(mem.text) < minTextMemory {
		t.Errorf("small text: %q, memory %v", text, mem != nil)
	}
	huge := bytes.Repeat([]byte("{x}"), maxTextMemory/3+1)
	if text, mem := rd.copyText(huge); text != string(huge) || mem != nil {
		t.Errorf("text of %d bytes: copied right %v, pooled %v", len(huge), text == string(huge), mem != nil)
	}
	plain := &Reader{}
	if text, mem := plain.copyText(small); text != string(small) || mem != nil {
		t.Errorf("without ReuseText: %q, pooled %v", text, mem != nil)
	}
}

// describeModel is what the tests of Options.Prepare have it return: the
// game's text and what its model holds.
func describeModel(g *Game) []byte {
	var moves []string
	for _, m := range g.Model.Moves {
		moves = append(moves, m.SAN+fmt.Sprint(m.Comments, len(m.Variations)))
	}
	return fmt.Appendf(nil, "%d plies, %d diagnostics: %s\n%s", g.Plies, len(g.Diags), g.File.Src()[g.AST.From:g.AST.To], strings.Join(moves, " "))
}

// prepared reads text with models and describeModel as Options.Prepare,
// through NewFile when ranged, and returns what each game got from it.
func prepared(t *testing.T, text string, opts Options, ranged bool) (out []string, calls int64) {
	var n atomic.Int64
	opts.Model = true
	opts.Prepare = func(g *Game) []byte {
		n.Add(1)
		return describeModel(g)
	}
	rd := New(strings.NewReader(text), "x", opts)
	if ranged {
		rd = NewFile(strings.NewReader(text), int64(len(text)), "x", opts)
	}
	for g, err := range rd.All() {
		if err != nil {
			t.Fatal(err)
		}
		if g.Index == 0 {
			if g.Prepared != nil {
				t.Errorf("text outside games prepared as %q", g.Prepared)
			}
			continue
		}
		if opts.ReuseMemory && opts.Workers > 1 && (g.AST != nil || g.Model != nil) {
			t.Errorf("game %d handed out with the tree or model of reused memory", g.Index)
		}
		out = append(out, string(g.Prepared))
	}
	return out, n.Load()
}

// Options.Prepare runs once for every game, on whichever goroutine checks
// it, with the game's tree and model valid also where their memory is
// reused, and its result reaches the game in the serial, parallel and
// ranged reads alike.
func TestPrepare(t *testing.T) {
	var src strings.Builder
	for _, name := range []string{"sample.pgn", "broken.pgn", "repeats.pgn"} {
		data, err := os.ReadFile(filepath.Join("../../testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		src.Write(data)
		src.WriteString("\n\n")
	}
	text := strings.Repeat(src.String(), 4)
	want, _ := prepared(t, text, Options{}, false)
	for _, workers := range []int{1, 2, 3} {
		for _, ranged := range []bool{false, true} {
			for _, reuse := range []bool{false, true} {
				got, calls := prepared(t, text, Options{Workers: workers, ReuseMemory: reuse, PieceSize: 512, RangeSize: 2048}, ranged)
				if strings.Join(got, "\n\n") != strings.Join(want, "\n\n") {
					t.Fatalf("%d workers, ranged %v, reusing memory %v: %d games prepared, want %d\n%.1500s\nwant:\n%.1500s",
						workers, ranged, reuse, len(got), len(want), strings.Join(got, "\n\n"), strings.Join(want, "\n\n"))
				}
				if calls < int64(len(got)) {
					t.Errorf("%d workers, ranged %v: %d games, Prepare called %d times", workers, ranged, len(got), calls)
				}
			}
		}
	}
}

// FuzzPrepare: models built in reused memory on two workers, in pieces of
// any size, are those of a plain serial read.
func FuzzPrepare(f *testing.F) {
	for _, seed := range testfiles.Seeds() {
		f.Add(seed, uint16(64))
	}
	f.Fuzz(func(t *testing.T, src string, piece uint16) {
		want, _ := prepared(t, src, Options{}, false)
		got, _ := prepared(t, src, Options{Workers: 2, ReuseMemory: true, PieceSize: int(piece) + 1}, false)
		if strings.Join(got, "\n\n") != strings.Join(want, "\n\n") {
			t.Fatalf("pieces of %d: prepared\n%q\nwant\n%q", int(piece)+1, got, want)
		}
	})
}
