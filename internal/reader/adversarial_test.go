package reader

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand"
	"runtime"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// readAll checks every game of r and returns the games read and the count
// of each code.
func readAll(t *testing.T, r io.Reader, opts Options) (int, map[diag.Code]int) {
	t.Helper()
	games, codes := 0, map[diag.Code]int{}
	for g, err := range New(r, "x", opts).All() {
		if err != nil {
			t.Fatal(err)
		}
		if g.Index > 0 {
			games++
		}
		for _, d := range g.Diags {
			codes[d.Code]++
			if d.Start < 0 || d.End > len(g.File.Src()) || d.Start > d.End {
				t.Fatalf("diagnostic %v outside its piece", d)
			}
		}
	}
	return games, codes
}

const nextGame = "\n[Event \"next\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n"

// TestAdversarial feeds hostile inputs (smaller than the ones bench/
// adversarial.sh times) through the streaming check: each gives its
// diagnostic, and the game after it is still read.
func TestAdversarial(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	bomb := bytes.Repeat([]byte("x"), 20<<20) // 20 MB of text with no game boundary, from about 20 KB
	zw.Write(bomb)
	zw.Close()
	random := make([]byte, 1<<20)
	rand.New(rand.NewSource(1)).Read(random)
	tests := []struct {
		name  string
		src   io.Reader
		opts  Options
		code  diag.Code // a diagnostic that must appear
		games int       // games that must be read, at least
	}{
		{"nested variations", strings.NewReader("1. e4 " + strings.Repeat("(", 100000) + strings.Repeat(")", 100000) + " *\n" + nextGame), Options{}, diag.DepthLimit, 2},
		{"5 MB comment", strings.NewReader("1. e4 {" + strings.Repeat("x", 5<<20) + "} *\n" + nextGame), Options{}, diag.MissingTags, 2},
		{"unterminated comment first", strings.NewReader("{" + strings.Repeat("no end ", 1<<20) + nextGame), Options{}, diag.UnterminatedComm, 1},
		{"unterminated tag string", strings.NewReader("[Event \"open\n1. e4 *\n" + nextGame), Options{}, diag.UnterminatedString, 2},
		{"100000 null moves", strings.NewReader("[Event \"nulls\"]\n\n" + strings.Repeat("-- ", 100000) + "*\n" + nextGame), Options{}, diag.NullMove, 2},
		{"100000 empty games", strings.NewReader(strings.Repeat("*\n", 100000) + nextGame), Options{}, diag.MissingTags, 100001},
		{"1 MB line", strings.NewReader("1. e4 {" + strings.Repeat("y", 1<<20) + "} *" + nextGame), Options{}, diag.MissingTags, 2},
		{"random bytes", io.MultiReader(bytes.NewReader(random), strings.NewReader(nextGame)), Options{}, diag.IllegalChar, 1},
		{"NUL bytes", strings.NewReader("1. e4 \x00\x00\x00 e5 *\n" + nextGame), Options{}, diag.IllegalChar, 2},
		{"truncated game", strings.NewReader(nextGame + "[Event \"cut\"]\n\n1. e4 e5 2. Nf"), Options{}, diag.UnknownMove, 2},
		{"truncated UTF-8", strings.NewReader(nextGame + "[Event \"caf\xc3"), Options{}, diag.UnterminatedString, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, codes := readAll(t, tt.src, tt.opts)
			if codes[tt.code] == 0 {
				t.Errorf("no %s among %v", tt.code, codes)
			}
			if games < tt.games {
				t.Errorf("%d games read, want at least %d", games, tt.games)
			}
		})
	}
	var zs bytes.Buffer
	zstdw, err := zstd.NewWriter(&zs)
	if err != nil {
		t.Fatal(err)
	}
	zstdw.Write(bomb)
	zstdw.Close()
	var xzb bytes.Buffer
	xzw, err := xz.NewWriter(&xzb)
	if err != nil {
		t.Fatal(err)
	}
	xzw.Write(bomb)
	xzw.Close()
	for _, bomb := range []struct {
		name string
		data []byte
	}{{"gzip bomb", gz.Bytes()}, {"zstd bomb", zs.Bytes()}, {"xz bomb", xzb.Bytes()}} {
		t.Run(bomb.name, func(t *testing.T) {
			if len(bomb.data) > 64<<10 {
				t.Fatalf("the bomb is %d bytes compressed", len(bomb.data))
			}
			r, _, err := input.Reader(bytes.NewReader(bomb.data))
			if err != nil {
				t.Fatal(err)
			}
			rd := New(r, "x", Options{MaxGameBytes: 1 << 20})
			limits := 0
			for g, err := range rd.All() {
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range g.Diags {
					if d.Code == diag.GameBytesLimit {
						limits++
					}
				}
				if cap(rd.buf) > 4<<20 {
					t.Fatalf("buffer grew to %d bytes", cap(rd.buf))
				}
			}
			if limits == 0 {
				t.Error("no limit diagnostic")
			}
		})
	}
}

// TestSkippedBytes: the bytes error recovery passes over are counted, with
// the games they were in or outside games.
func TestSkippedBytes(t *testing.T) {
	tests := []struct {
		name string
		src  string
		opts Options
		want int
	}{
		{"syntax error", "[Event \"a\"]\n[Site \"?\" junk]\n\n1. d4 *\n" + nextGame, Options{}, len("[Site \"?\" junk]")},
		{"deep variation", "[Event \"b\"]\n\n1. e4 (1. d4 (1. c4)) e5 *\n" + nextGame, Options{MaxDepth: 1}, len("(1. c4)")},
		{"after a result", "[Event \"c\"]\n\n1. e4 *\n\"stray\" 2. d4 *\n" + nextGame, Options{}, len("\"stray\" 2. d4 *")},
		{"clean", nextGame + nextGame, Options{}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rd := New(strings.NewReader(tt.src), "x", tt.opts)
			skipped, games := 0, 0
			for g, err := range rd.All() {
				if err != nil {
					t.Fatal(err)
				}
				skipped += g.Skipped
				if g.Index > 0 {
					games++
				}
			}
			if skipped != tt.want {
				t.Errorf("%d bytes skipped, want %d", skipped, tt.want)
			}
			if games < 2 {
				t.Errorf("%d games", games)
			}
		})
	}
}

// TestSkippedAfterCut: what follows a cut at MaxGameBytes up to the next
// tag line is counted as skipped; with the cut piece it makes up the input
// up to the next game.
func TestSkippedAfterCut(t *testing.T) {
	long := "[Event \"long\"]\n\n1. e4 {" + strings.Repeat(strings.Repeat("z", 99)+"\n", 100)
	rd := New(strings.NewReader(long+nextGame), "x", Options{PieceSize: 64, MaxGameBytes: 150})
	skipped, cut, games := 0, 0, 0
	for g, err := range rd.All() {
		if err != nil {
			t.Fatal(err)
		}
		skipped += g.Skipped
		for _, d := range g.Diags {
			if d.Code == diag.GameBytesLimit {
				cut = len(g.File.Src())
			}
		}
		if g.Index > 0 {
			games++
		}
	}
	// nextGame starts with a blank line, skipped too.
	if cut == 0 || skipped == 0 || cut+skipped != len(long)+1 || games != 2 {
		t.Errorf("cut after %d bytes, %d skipped, %d games; the long game has %d bytes", cut, skipped, games, len(long))
	}
}

// TestCutSameEverywhere: a game cut at MaxGameBytes is cut at the same
// line whether the input is read serially, as a stream on workers or in
// ranges.
func TestCutSameEverywhere(t *testing.T) {
	game := "[Event \"g\"]\n\n1. e4 e5 *\n\n"
	var big strings.Builder
	big.WriteString("[Event \"big\"]\n\n1. e4 {")
	for i := range 30000 {
		fmt.Fprintf(&big, "line %d of a long comment\n", i)
	}
	big.WriteString("} e5 *\n\n")
	src := strings.Repeat(game, 300) + big.String() + strings.Repeat(game, 300)
	opts := Options{MaxGameBytes: 300000}
	// The cut's diagnostic, and the bytes skipped in all, which pieces
	// report in other shares.
	cut := func(rd *Reader) string {
		var diags []string
		skipped := 0
		for _, line := range strings.Split(report(rd), "\n") {
			if strings.Contains(line, "PGN215") {
				diags = append(diags, line)
			}
			var index, plies, n int
			if _, err := fmt.Sscanf(line, "game %d: %d plies, %d skipped", &index, &plies, &n); err == nil {
				skipped += n
			}
		}
		return fmt.Sprint(diags, skipped)
	}
	want := cut(New(strings.NewReader(src), "x", opts))
	if !strings.Contains(want, "PGN215") {
		t.Fatalf("no cut: %s", want)
	}
	for _, workers := range []int{2, 3} {
		opts.Workers = workers
		if got := cut(New(strings.NewReader(src), "x", opts)); got != want {
			t.Errorf("stream, %d workers: %s, want %s", workers, got, want)
		}
		opts.RangeSize = 64 << 10
		if got := cut(NewFile(strings.NewReader(src), int64(len(src)), "x", opts)); got != want {
			t.Errorf("ranges, %d workers: %s, want %s", workers, got, want)
		}
	}
}

// TestUnclosedCommentsReadAhead: in a file of games whose comments are
// never closed, a reader learns that no "}" comes by asking the file
// (braceFree), not by holding the rest of it, up to MaxGameBytes, in its
// buffer, on one worker or several.
func TestUnclosedCommentsReadAhead(t *testing.T) {
	testfiles.Extended(t)
	testfiles.NoRace(t)
	src := strings.Repeat("[Event \"u\"]\n\n1. e4 { never closed\n\n", 300000) // 8.4 MB
	want, _ := wholeFile(src)
	for _, workers := range []int{1, 2} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rd := NewFile(strings.NewReader(src), int64(len(src)), "x", Options{Workers: workers, RangeSize: 1 << 20, ReuseText: true})
		games, held := 0, uint64(0)
		for g, err := range rd.All() {
			if err != nil {
				t.Fatal(err)
			}
			if g.Index > 0 {
				games++
			}
			if games == 1000 {
				runtime.GC()
				runtime.ReadMemStats(&after)
				held = after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
			}
		}
		if games != want {
			t.Errorf("workers %d: %d games, want %d", workers, games, want)
		}
		// One reader holds a piece or two; two range readers hold their
		// ranges' games until they are handed out in order. Both held the
		// rest of the file, several times over on two workers, before.
		limit := uint64(len(src)) / 2
		if workers > 1 {
			limit = 2 * uint64(len(src))
		}
		if held > limit {
			t.Errorf("workers %d: %d bytes held after 1000 games of a %d-byte file", workers, held, len(src))
		}
	}
}

// TestTinyGamesPastRangeEnd: bare "*" games have no sync point, so the
// first range reads the whole file past its end, where only a sync point
// may end it. Past a piece's worth of text without one, the range is still
// read a piece at a time, each parse handed out, none in vain, so two
// workers allocate about what one does, at every size.
func TestTinyGamesPastRangeEnd(t *testing.T) {
	testfiles.Extended(t)
	testfiles.NoRace(t)
	allocated := func(src string, workers int) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rd := NewFile(strings.NewReader(src), int64(len(src)), "x", Options{Workers: workers, ReuseMemory: true, ReuseText: true})
		games := 0
		for _, err := range rd.All() {
			if err != nil {
				t.Fatal(err)
			}
			games++
		}
		runtime.ReadMemStats(&after)
		if want := len(src) / 2; games != want {
			t.Errorf("%d workers: %d games, want %d", workers, games, want)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	for _, n := range []int{250_000, 500_000, 1_000_000} {
		src := strings.Repeat("*\n", n)
		one, two := allocated(src, 1), allocated(src, 2)
		if two > one*3/2 {
			t.Errorf("%d games: %d bytes allocated on two workers, %d on one", n, two, one)
		}
	}
}

// TestBoundaryAfterUnclosedComments: in games whose comments are never
// closed, the tag line that ends such a comment after movetext is a place
// to cut, and it counts among the games of a range's piece, so that no
// piece holds more than maxPieceGames of them (counting only the games
// after a termination marker, a range of them was one piece, which took
// about three times the memory on two workers than on one); inside a tag
// pair it is not.
func TestBoundaryAfterUnclosedComments(t *testing.T) {
	unit := "[Event \"u\"]\n\n1. e4 { never closed\n\n"
	src := strings.Repeat(unit, 3*maxPieceGames)
	if cut := Boundary(src, true); cut == 0 || cut > maxPieceGames*len(unit) {
		t.Errorf("cut at %d, want one after at most %d games of %d bytes", cut, maxPieceGames, len(unit))
	}
	if _, games := boundary(src, true, len(src)-len(unit)); games < 3*maxPieceGames-2 {
		t.Errorf("%d games counted before the last, want %d", games, 3*maxPieceGames-1)
	}
	if cut := Boundary("[{\n\n[Event \"x\"]\n\n1. e4 *\n", true); cut != 0 {
		t.Errorf("cut at %d inside a tag pair", cut)
	}
}

// gameSpans renders the spans of the games that a parse of src finds, each
// moved by base.
func gameSpans(src string, base int) []string {
	db, _ := parser.Parse(src)
	var out []string
	for _, g := range db.Games {
		out = append(out, fmt.Sprint(base+g.From, "-", base+g.To))
	}
	return out
}

// TestBoundaryOfLongerText: where Boundary cuts the start of a text that
// goes on, cut at every byte, the parses of the two sides give the games
// of the whole text, whatever token the start ends in.
func TestBoundaryOfLongerText(t *testing.T) {
	texts := []string{"1. e4 * e4xyz 1. d4 *\n", "1. e4 1-0 1. d4 0-1 12 1. c4 *\n"}
	for i, src := range testfiles.Seeds() {
		if i%8 == 0 {
			texts = append(texts, src[:min(len(src), 800)])
		}
	}
	for i, src := range texts {
		whole := strings.Join(gameSpans(src, 0), " ")
		for n := 1; n < len(src); n++ {
			cut := Boundary(src[:n], false)
			if cut == 0 {
				continue
			}
			if got := strings.Join(append(gameSpans(src[:cut], 0), gameSpans(src[cut:], cut)...), " "); got != whole {
				t.Fatalf("text %d cut at %d (Boundary of its first %d bytes, before %q): games %s, whole %s", i, cut, n, src[cut:n], got, whole)
			}
		}
	}
}
