package reader

import (
	"flag"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"
)

func TestSync(t *testing.T) {
	const src = "[Event \"a\"]\n\n1. e4 {\n\n[not a tag]} e5 1-0\n[Event \"b\"]\n\n1. d4 *\n\n\n[Event \"c\"]\n*"
	tests := []struct {
		off, want int
	}{
		{0, 0},
		{1, strings.Index(src, "[not")}, // found from its neighbours alone
		{strings.Index(src, "[not") + 1, strings.Index(src, `[Event "b"]`)},
		{strings.Index(src, `[Event "b"]`), strings.Index(src, `[Event "b"]`)},
		{strings.Index(src, `[Event "b"]`) + 1, strings.Index(src, `[Event "c"]`)},
		{strings.Index(src, `[Event "c"]`) + 1, len(src)},
		{len(src) + 5, len(src)},
	}
	for _, tt := range tests {
		got, err := Sync(strings.NewReader(src), int64(tt.off), math.MaxInt64)
		if err != nil || got != int64(tt.want) {
			t.Errorf("Sync(%d) = %d, %v; want %d", tt.off, got, err, tt.want)
		}
	}
}

// TestSyncLongFile finds sync points past the first block Sync reads.
func TestSyncLongFile(t *testing.T) {
	game := "[Event \"x\"]\n\n1. e4 e5 " + strings.Repeat("{a long comment} ", 400) + "1-0\n"
	src := strings.Repeat(game, 40)
	for off := 1; off < len(src); off += 997 {
		want := strings.Index(src[off:], "[Event")
		if want < 0 {
			want = len(src)
		} else {
			want += off
		}
		if got, err := Sync(strings.NewReader(src), int64(off), math.MaxInt64); err != nil || got != int64(want) {
			t.Fatalf("Sync(%d) = %d, %v; want %d", off, got, err, want)
		}
	}
}

// TestSyncLimit: Sync looks for a sync point before its limit only, and
// answers the limit where there is none, however far the next one lies.
func TestSyncLimit(t *testing.T) {
	const src = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Event \"b\"]\n\n1. d4 *\n"
	second := int64(strings.Index(src, `[Event "b"]`))
	tests := []struct {
		off, limit, want int64
	}{
		{1, second + 1, second}, // found just before the limit
		{1, second, second},     // at the limit: none before it
		{1, 5, 5},
		{second + 1, int64(len(src)) + 10, int64(len(src))}, // the input ends first
		{7, 7, 7},
		{9, 3, 3},
	}
	for _, tt := range tests {
		got, err := Sync(strings.NewReader(src), tt.off, tt.limit)
		if err != nil || got != tt.want {
			t.Errorf("Sync(%d, %d) = %d, %v; want %d", tt.off, tt.limit, got, err, tt.want)
		}
	}
	// A long text without a sync point is searched up to the limit only.
	long := &countingReader{r: strings.NewReader("[Event \"x\"]\n\n1. " + strings.Repeat("e4 ", 1<<20) + "*\n")}
	if got, err := Sync(long, 100, 20_000); err != nil || got != 20_000 {
		t.Errorf("Sync of a long game = %d, %v; want 20000", got, err)
	}
	if long.total() > 64<<10 {
		t.Errorf("Sync read %d bytes to search 20,000", long.total())
	}
}

// countingReader counts the bytes read through it, from any goroutine.
type countingReader struct {
	r    io.ReaderAt
	read atomic.Int64
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.read.Add(int64(n))
	return n, err
}

func (c *countingReader) total() int { return int(c.read.Load()) }

// TestRangeSeam: a range ends where a serial read finds the next game,
// which a sync point inside a comment is not; the seam check sees that.
func TestRangeSeam(t *testing.T) {
	const src = "[Event \"a\"]\n\n1. e4 {\n\n[not a tag]} e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n"
	r := strings.NewReader(src)
	cut := int64(strings.Index(src, "{"))
	sync, _ := Sync(r, cut, int64(len(src)))
	if sync != int64(strings.Index(src, "[not")) {
		t.Fatalf("sync point %d", sync)
	}
	first := NewRange(r, "x", 0, cut, Options{})
	games, _ := drain(t, first)
	if games != 1 || first.End() != int64(strings.Index(src, `[Event "b"]`)) {
		t.Fatalf("first range: %d games, ends at %d", games, first.End())
	}
	second := NewRange(r, "x", first.End(), int64(len(src)), Options{})
	if games, _ := drain(t, second); games != 1 || second.End() != int64(len(src)) {
		t.Fatalf("second range: %d games, ends at %d", games, second.End())
	}
	if first.Lines()+second.Lines() != strings.Count(src, "\n") {
		t.Errorf("lines %d + %d, want %d", first.Lines(), second.Lines(), strings.Count(src, "\n"))
	}
}

// inRanges checks src through NewFile, in ranges of rangeSize bytes.
func inRanges(t testing.TB, src string, rangeSize, workers int, reuseText bool) (games int, diags []string) {
	r := strings.NewReader(src)
	return drain(t, NewFile(r, int64(len(src)), "x", Options{RangeSize: rangeSize, PieceSize: 512, Workers: workers, ReuseMemory: true, ReuseText: reuseText}))
}

func compareRanges(t testing.TB, name, src string, rangeSize, workers int) {
	t.Helper()
	wantGames, want := wholeFile(src)
	for _, reuseText := range []bool{false, true} {
		gotGames, got := inRanges(t, src, rangeSize, workers, reuseText)
		if gotGames != wantGames || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("%s in ranges of %d on %d workers (ReuseText %v): %d games, %d diagnostics; whole: %d games, %d diagnostics\n got: %.1500s\nwant: %.1500s",
				name, rangeSize, workers, reuseText, gotGames, len(got), wantGames, len(want), strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

func TestRangesMatchWholeFile(t *testing.T) {
	for _, path := range testfiles.PGN("../../testdata") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []int{1, 100, 4096} {
			compareRanges(t, path, string(data), size, 3)
		}
	}
}

// TestRangesReadLinearly: a file without sync points is read in time
// linear in its size: each range searches its own bytes for one, and not
// the rest of the file, which took time that grew with the square of the
// size.
func TestRangesReadLinearly(t *testing.T) {
	src := "[Event \"x\"]\n\n1. " + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 1<<16) + "*\n"
	r := &countingReader{r: strings.NewReader(src)}
	games, _ := drain(t, NewFile(r, int64(len(src)), "x.pgn", Options{Workers: 2, RangeSize: 4096, ReuseText: true}))
	if games != 1 {
		t.Errorf("%d games, want 1", games)
	}
	if read := r.total(); read > 8*len(src) {
		t.Errorf("read %d bytes of a file of %d", read, len(src))
	}
}

// TestRangesCapped: ranges that hold too many games, or find no sync point
// for a long way, stop early and are read on; nothing is lost.
func TestRangesCapped(t *testing.T) {
	compareRanges(t, "tiny games", strings.Repeat("*\n", 3*maxRangeGames)+nextGame, 1<<20, 2)
	compareRanges(t, "no sync points", strings.Repeat("1. e4 e5 2. Nf3 *\n", 5000)+nextGame, 4096, 2)
	errors := "[Event \"x\"]\n\n1. e4 " + strings.Repeat("Ke9 ", 10) + "*\n\n" // 11 diagnostics
	compareRanges(t, "many diagnostics", strings.Repeat(errors, 2*maxRangeDiags/11)+nextGame, 1<<20, 2)
	random := make([]byte, 200000)
	for i := range random {
		random[i] = byte(i * 7919 >> 3)
	}
	compareRanges(t, "noise", string(random)+nextGame, 4096, 2)
}

// TestRangeChunksReadByWorkers: ranges of tiny games, each at a sync
// point, are read in chunks by their workers, and none by the reader that
// hands them out, so that workers read the next ranges meanwhile; the games
// are those of the whole file.
func TestRangeChunksReadByWorkers(t *testing.T) {
	src := strings.Repeat("[Event \"x\"]\n\n*\n\n", 6*maxRangeGames) // about 3 chunks a range
	compareRanges(t, "tiny games at sync points", src, 64<<10, 2)
	rd := NewFile(strings.NewReader(src), int64(len(src)), "x", Options{Workers: 2, RangeSize: 64 << 10})
	games, _ := drain(t, rd)
	if want := 6 * maxRangeGames; games != want {
		t.Errorf("%d games, want %d", games, want)
	}
	if rd.files.readHere != 0 {
		t.Errorf("the reader read %d ranges or chunks itself, want none", rd.files.readHere)
	}
}

// TestRangesEndAtEOF: a range that ends at the end of the input reports it.
func TestRangesEndAtEOF(t *testing.T) {
	const src = "[Event \"a\"]\n\n1. e4 *\n"
	rd := NewRange(strings.NewReader(src), "x", 0, 3, Options{})
	if games, _ := drain(t, rd); games != 1 || rd.End() != int64(len(src)) {
		t.Errorf("%d games, end %d", games, rd.End())
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Errorf("Next after the end: %v", err)
	}
}

// FuzzRanges: reading any input in ranges, on workers that each find their
// own start, gives the same games and diagnostics as checking it whole.
func FuzzRanges(f *testing.F) {
	boundMinimizing(f)
	for _, seed := range testfiles.Seeds() {
		f.Add(seed, uint16(100))
	}
	f.Fuzz(func(t *testing.T, src string, size uint16) {
		compareRanges(t, "input", src, fuzzRangeSize(len(src), size), 2)
	})
}

// boundMinimizing makes the fuzzer minimize each new input it finds with
// at most minimizeTries runs, unless -fuzzminimizetime says otherwise. By
// default it minimizes for up to 60 s, and an input of a few hundred
// bytes takes longer than that (Go removes every run of bytes in turn,
// which takes a number of runs that grows with the square of the length):
// its time limit cuts the minimizing, the fuzzer then restarts the worker
// and counts none of its runs, and the worker fuzzes nothing meanwhile.
// FuzzRanges, on one worker, reported 106,895 execs in 10 minutes, more
// about 9 of them spent so (2026-11-27), against 20,763 in one minute with
// minimizing bounded.
func boundMinimizing(f *testing.F) {
	set := false
	flag.Visit(func(fl *flag.Flag) { set = set || fl.Name == "test.fuzzminimizetime" })
	if !set {
		if err := flag.Set("test.fuzzminimizetime", strconv.Itoa(minimizeTries)+"x"); err != nil {
			f.Fatal(err)
		}
	}
}

// minimizeTries is how many runs boundMinimizing allows the minimizing of
// one input: about a second of FuzzRanges.
const minimizeTries = 1000

// maxFuzzRanges bounds the ranges FuzzRanges splits one input into. Each
// range costs a worker's sync search, reader and piece (about 7 µs), and
// a read of a file takes time linear in their number; with ranges of a
// byte, a 10 kB input took 150 to 300 ms, and the fuzzer, minimizing such
// an input for up to its 60 s, reported no execs meanwhile. Every range
// size still meets every input short enough (up to 64 times the size), and
// long inputs are read in ranges that the size still shifts; ranges of a
// byte over whole files are TestRangesMatchWholeFile's.
const maxFuzzRanges = 64

// fuzzRangeSize is the range size FuzzRanges reads an input of n bytes
// in, from the fuzzer's size: size+1, made larger by n/maxFuzzRanges
// where that would make more than maxFuzzRanges ranges.
func fuzzRangeSize(n int, size uint16) int {
	rangeSize := int(size) + 1
	if n/rangeSize > maxFuzzRanges {
		rangeSize += n / maxFuzzRanges
	}
	return rangeSize
}

// TestSplitRanges checks that the ranges of a file follow each other from
// its start to its end, full ones first, and that its last ranges, the
// ones the workers finish on, are quarter ones.
func TestSplitRanges(t *testing.T) {
	const r = 1000
	tests := []struct {
		size           int64
		workers        int
		full, quarters int
	}{
		{0, 2, 0, 0},
		{1, 2, 0, 1},
		{250, 2, 0, 1},
		{251, 2, 0, 2},
		{1999, 2, 0, 8},
		{2000, 2, 0, 8},
		{2001, 2, 0, 9},
		{2999, 2, 0, 12},
		{3000, 2, 1, 8},
		{10_500, 2, 8, 10},
		{10_500, 4, 6, 18},
	}
	for _, tt := range tests {
		full, ranges := splitRanges(tt.size, r, tt.workers)
		if full != tt.full || ranges-full != tt.quarters {
			t.Errorf("splitRanges(%d, %d, %d) = %d full of %d; want %d full and %d quarters", tt.size, r, tt.workers, full, ranges, tt.full, tt.quarters)
			continue
		}
		p := filePool{size: tt.size, full: full, ranges: ranges}
		var end int64
		for seq := range ranges {
			from, to := p.bounds(seq, r)
			long := to - from
			if from != end || seq < full && long != r || seq >= full && (long > r/4 || long < min(r/8, tt.size)) {
				t.Errorf("size %d, %d workers: range %d spans [%d, %d) after %d", tt.size, tt.workers, seq, from, to, end)
			}
			end = to
		}
		if end != tt.size {
			t.Errorf("size %d, %d workers: the ranges end at %d", tt.size, tt.workers, end)
		}
	}
}
