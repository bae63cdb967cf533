package pgn_test

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/pgnreuse"
	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/pgn"
)

// summary prints what a user sees of each game and of the text between
// games, with the input's name replaced so that inputs can be compared.
func summary(t testing.TB, r *pgn.Reader, name string) string {
	t.Helper()
	var b strings.Builder
	for g, err := range r.Games() {
		if err != nil {
			fmt.Fprintln(&b, "error:", err)
			continue
		}
		fmt.Fprintf(&b, "game %d %q %q %s %q plies=%d complete=%v moves=%d\n", g.Index, g.Tag("White"), g.Tag("Black"),
			g.Final().FEN(), g.Result, g.Plies, g.Complete, len(g.Moves))
		for _, d := range g.Diags {
			fmt.Fprintln(&b, strings.ReplaceAll(text(d), d.File, "NAME"))
		}
	}
	for _, s := range r.Stray() {
		fmt.Fprintf(&b, "stray %q skipped=%d\n", s.Text, s.Skipped)
		for _, d := range s.Diags {
			fmt.Fprintln(&b, strings.ReplaceAll(text(d), d.File, "NAME"))
		}
	}
	return b.String()
}

func open(t testing.TB, path string, opts ...pgn.Option) *pgn.Reader {
	t.Helper()
	r, err := pgn.Open(path, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// A compressed file and a compressed stream read as the plain file does.
func TestCompressedReadsAsPlain(t *testing.T) {
	for _, name := range []string{"mistakes.pgn", "broken.pgn", "sample.pgn"} {
		plain, err := os.ReadFile(filepath.Join("..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		want := summary(t, open(t, filepath.Join("..", "testdata", name)), name)
		dir := t.TempDir()
		forms := map[string][]byte{
			".zst": testfiles.Framed(plain, []int{len(plain) / 3, len(plain) / 2}),
			".gz":  testfiles.Gzip(plain),
			".xz":  testfiles.XZ(plain),
		}
		for ext, data := range forms {
			path := filepath.Join(dir, name+ext)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			for _, workers := range []int{1, 2} {
				if got := summary(t, open(t, path, pgn.WithWorkers(workers)), path); got != want {
					t.Errorf("%s%s, %d workers:\n%s\nwant (plain):\n%s", name, ext, workers, got, want)
				}
			}
			if got := summary(t, pgn.NewReader(bytes.NewReader(data)), "<stdin>"); got != want {
				t.Errorf("%s%s as a stream:\n%s\nwant (plain):\n%s", name, ext, got, want)
			}
		}
	}
}

// Text between games is no game: it comes out of Stray, with its
// diagnostics, and the games around it are whole.
func TestStrayTextIsNoGame(t *testing.T) {
	src := "[Event \"a\"]\n[White \"A\"]\n\n1. e4 e5 1-0\n\n)) \n\n[Event \"b\"]\n[White \"B\"]\n\n1. d4 d5 *\n"
	r := pgn.NewReader(strings.NewReader(src), pgn.WithName("round.pgn"))
	var whites []string
	for g, err := range r.Games() {
		if err != nil {
			t.Fatal(err)
		}
		whites = append(whites, g.Tag("White"))
		if g.Source != "round.pgn" {
			t.Errorf("game %d: Source %q", g.Index, g.Source)
		}
	}
	if !slices.Equal(whites, []string{"A", "B"}) {
		t.Errorf("games: %q, want A and B", whites)
	}
	var texts []string
	diags := 0
	for _, s := range r.Stray() {
		texts = append(texts, s.Text)
		diags += len(s.Diags)
	}
	if !slices.Equal(texts, []string{"))"}) || diags != 2 {
		t.Errorf("stray texts %q with %d diagnostics, want the two parentheses between the games, each reported", texts, diags)
	}
}

// Every mode reads the same games with the same tags and results; the
// checking modes find the same diagnostics, and no mode's Game panics.
func TestModesAgree(t *testing.T) {
	for _, name := range []string{"mistakes.pgn", "broken.pgn", "sample.pgn", "repeats.pgn"} {
		path := filepath.Join("..", "testdata", name)
		read := func(m pgn.Mode) (heads, diags []string) {
			for g, err := range open(t, path, pgn.WithMode(m)).Games() {
				if err != nil {
					t.Fatal(err)
				}
				heads = append(heads, fmt.Sprint(g.Index, g.Tags, g.Result, g.From, g.To))
				for _, d := range g.Diags {
					diags = append(diags, d.String())
				}
				g.Final().FEN()
				g.Err()
				if m != pgn.Full && (g.Moves != nil || g.Model() != nil) {
					t.Errorf("%s, mode %d: game %d has moves", name, m, g.Index)
				}
			}
			return heads, diags
		}
		fullHeads, fullDiags := read(pgn.Full)
		checkHeads, checkDiags := read(pgn.Diagnostics)
		syntaxHeads, syntaxDiags := read(pgn.Syntax)
		if !slices.Equal(fullHeads, checkHeads) || !slices.Equal(fullHeads, syntaxHeads) {
			t.Errorf("%s: games differ between modes:\nfull   %q\ncheck  %q\nsyntax %q", name, fullHeads, checkHeads, syntaxHeads)
		}
		if !slices.Equal(fullDiags, checkDiags) {
			t.Errorf("%s: diagnostics differ:\nfull  %q\ncheck %q", name, fullDiags, checkDiags)
		}
		for _, d := range syntaxDiags {
			if !slices.Contains(fullDiags, d) {
				t.Errorf("%s: syntax mode reports %q, which the full mode does not", name, d)
			}
		}
	}
}

// The games of a directory come file by file in name order, each named by
// its path and numbered from 1.
func TestOpenDirectory(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"b.pgn":        "[White \"B1\"]\n\n1. e4 *\n",
		"a.pgn":        "[White \"A1\"]\n\n1. e4 *\n\n[White \"A2\"]\n\n1. d4 *\n",
		"notes.txt":    "[White \"not read\"]\n\n1. c4 *\n",
		"sub/c.pgn.gz": string(testfiles.Gzip([]byte("[White \"C1\"]\n\n1. c4 *\n"))),
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for g, err := range open(t, dir).Games() {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s#%d %s", filepath.ToSlash(strings.TrimPrefix(g.Source, dir)), g.Index, g.Tag("White")))
	}
	want := []string{"/a.pgn#1 A1", "/a.pgn#2 A2", "/b.pgn#1 B1", "/sub/c.pgn.gz#1 C1"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A stream that is not PGN fails with an error naming it, not with games.
func TestBinaryStreamFails(t *testing.T) {
	r := pgn.NewReader(bytes.NewReader(bytes.Repeat([]byte("\x00\x01\xfe\xff"), 4096)), pgn.WithName("blob"))
	n := 0
	for g, err := range r.Games() {
		if g != nil {
			t.Errorf("game from binary input: %v", g.Tags)
		}
		if err == nil || !strings.Contains(err.Error(), "blob") {
			t.Errorf("error %v, want one naming the input", err)
		}
		n++
	}
	if n != 1 {
		t.Errorf("%d results, want one error", n)
	}
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// text returns the diagnostic as pgnc check prints it.
func text(d pgn.Diagnostic) string {
	var b strings.Builder
	d.WriteText(&b, diag.English)
	return b.String()
}

// strayEvents reads r to its end and lists its games and the Strays that
// WithStray hands over, in the order they come, each with the offset it
// starts at (a Stray's first diagnostic's).
type strayEvents struct {
	events []string
	stray  []pgn.Stray
	last   map[string]int64 // by input, the offset of the last event
}

func (e *strayEvents) add(t testing.TB, source, what string, offset int64) {
	t.Helper()
	if offset < e.last[source] {
		t.Errorf("%s at %d comes after an event at %d of %s", what, offset, e.last[source], source)
	}
	e.last[source] = offset
	e.events = append(e.events, what)
}

// WithStray hands each Stray over before the game after it, in input
// order, and all of those that Stray returns without it; the Reader then
// keeps none. A Stray belongs to one input: the text at the end of one
// file and at the start of the next make two.
func TestWithStray(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"a.pgn": "[White \"A\"]\n\n1. e4 *\n\n))\n",
		"b.pgn": "))\n\n[White \"B\"]\n\n1. d4 ) *\n\n)\n\n[White \"C\"]\n\n1. c4 *\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, path := range []string{dir, "../testdata/repeats.pgn", "../testdata/broken.pgn", "../testdata/mistakes.pgn"} {
		for _, mode := range []pgn.Mode{pgn.Full, pgn.Diagnostics, pgn.Syntax} {
			for _, workers := range []int{1, 2} {
				name := fmt.Sprintf("%s mode %d, %d workers", path, mode, workers)
				opts := []pgn.Option{pgn.WithMode(mode), pgn.WithWorkers(workers)}
				kept := open(t, path, opts...)
				for _, err := range kept.Games() {
					if err != nil {
						t.Fatal(err)
					}
				}
				e := strayEvents{last: map[string]int64{}}
				handed := open(t, path, append(opts, pgn.WithStray(func(s pgn.Stray) {
					offset := e.last[s.Source]
					if len(s.Diags) > 0 {
						offset = int64(s.Diags[0].Offset)
					}
					e.add(t, s.Source, "stray", offset)
					e.stray = append(e.stray, s)
				}))...)
				for g, err := range handed.Games() {
					if err != nil {
						t.Fatal(err)
					}
					e.add(t, g.Source, "game", g.From)
				}
				if !reflect.DeepEqual(e.stray, kept.Stray()) {
					t.Errorf("%s: WithStray handed over\n%+v\nStray returns\n%+v", name, e.stray, kept.Stray())
				}
				if s := handed.Stray(); s != nil {
					t.Errorf("%s: Stray returns %d with WithStray", name, len(s))
				}
				if path == dir {
					var sources []string
					for _, s := range e.stray {
						sources = append(sources, filepath.Base(s.Source)+" "+s.Text)
					}
					want := []string{"a.pgn ))", "b.pgn ))", "b.pgn )"}
					if !slices.Equal(sources, want) || !slices.Equal(e.events, []string{"game", "stray", "stray", "game", "stray", "game"}) {
						t.Errorf("%s: strays %q, events %q; want strays %q, each before the game after it", name, sources, e.events, want)
					}
				}
			}
		}
	}
}

// progressRecord records what a Reader tells its Progress.
type progressRecord struct {
	mu    sync.Mutex
	begun []string
	read  map[string]int64 // by the input begun last
	last  string
}

func (p *progressRecord) Begin(name string, size int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.begun = append(p.begun, fmt.Sprint(filepath.Base(name), " ", size))
	p.last = name
}

func (p *progressRecord) Read(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n < 0 {
		panic(fmt.Sprint("Read(", n, ")"))
	}
	p.read[p.last] += int64(n)
}

// WithProgress is told of each input as it begins, with its size as
// stored, and of every byte of it read: a plain file, read in ranges, to
// its size, a compressed file or a stream to its size and the first bytes
// that say what it holds, which are read twice.
func TestWithProgress(t *testing.T) {
	plain := readFile(t, "../testdata/mistakes.pgn")
	dir := t.TempDir()
	gz := testfiles.Gzip(plain)
	for name, data := range map[string][]byte{"a.pgn": plain, "b.pgn.gz": gz} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, b := filepath.Join(dir, "a.pgn"), filepath.Join(dir, "b.pgn.gz")
	for _, tc := range []struct {
		name  string
		open  func(...pgn.Option) *pgn.Reader
		begun []string
		read  map[string]int64
	}{
		{"plain file", func(o ...pgn.Option) *pgn.Reader { return open(t, a, o...) },
			[]string{fmt.Sprint("a.pgn ", len(plain))}, map[string]int64{a: int64(len(plain))}},
		{"directory", func(o ...pgn.Option) *pgn.Reader { return open(t, dir, o...) },
			[]string{fmt.Sprint("a.pgn ", len(plain)), fmt.Sprint("b.pgn.gz ", len(gz))}, map[string]int64{a: int64(len(plain)), b: 2 * int64(len(gz))}},
		{"stream", func(o ...pgn.Option) *pgn.Reader { return pgn.NewReader(bytes.NewReader(gz), o...) },
			[]string{"<stdin> -1"}, map[string]int64{"<stdin>": int64(len(gz))}},
		{"stream of a plain file", func(o ...pgn.Option) *pgn.Reader { return pgn.NewReader(bytes.NewReader(plain), o...) },
			[]string{"<stdin> -1"}, map[string]int64{"<stdin>": int64(len(plain))}},
	} {
		for _, mode := range []pgn.Mode{pgn.Full, pgn.Diagnostics, pgn.Syntax} {
			for _, workers := range []int{1, 2} {
				p := &progressRecord{read: map[string]int64{}}
				r := tc.open(pgn.WithMode(mode), pgn.WithWorkers(workers), pgn.WithProgress(p))
				for _, err := range r.Games() {
					if err != nil {
						t.Fatal(err)
					}
				}
				if !slices.Equal(p.begun, tc.begun) || !maps.Equal(p.read, tc.read) {
					t.Errorf("%s, mode %d, %d workers: begun %q, read %v; want %q, %v", tc.name, mode, workers, p.begun, p.read, tc.begun, tc.read)
				}
			}
		}
	}
}

// Game.Skipped and Stray.Skipped count the bytes that error recovery
// passed over, as pgnc check's summary adds them up, in every mode.
func TestSkippedBytes(t *testing.T) {
	for _, mode := range []pgn.Mode{pgn.Full, pgn.Diagnostics, pgn.Syntax} {
		r := open(t, "../testdata/broken.pgn", pgn.WithMode(mode))
		var games []int
		for g, err := range r.Games() {
			if err != nil {
				t.Fatal(err)
			}
			games = append(games, g.Skipped)
		}
		stray := 0
		for _, s := range r.Stray() {
			stray += s.Skipped
		}
		if want := []int{0, 0, 15, 0}; !slices.Equal(games, want) || stray != 0 {
			t.Errorf("mode %d: games skipped %v and strays %d bytes; want %v and 0 (15 in all, as pgnc check says)", mode, games, stray, want)
		}
	}
}

// gameLine is what a test compares of a game read in the Diagnostics or
// Syntax mode, with its Full game.
func gameLine(g *pgn.Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s#%d %v %q %d-%d plies=%d skipped=%d\n", g.Source, g.Index, g.Tags, g.Result, g.From, g.To, g.Plies, g.Skipped)
	for _, d := range g.Diags {
		b.WriteString(text(d))
	}
	full := g.Full()
	fmt.Fprintf(&b, "full: %s %d moves\n", full.Final().FEN(), len(full.Moves))
	for _, d := range full.Diags {
		b.WriteString(text(d))
	}
	return b.String()
}

// The Reader of pgnc check (package pgnreuse) reads the same games,
// strays and Full games as a Reader that reuses nothing, one Game value
// handed out again and again, while each
// game is looked at before the loop moves on; on inputs of many pieces, so
// that the reader's memory is reused, with one worker and two.
func TestReuse(t *testing.T) {
	dir := t.TempDir()
	var big bytes.Buffer
	for i := 0; i < 600; i++ {
		big.Write(readFile(t, "../testdata/sample.pgn"))
		big.WriteString("\n" + strings.Repeat(")", 1+i%7) + "\n\n") // strays that differ
		big.Write(readFile(t, "../testdata/mistakes.pgn"))
		big.WriteString("\n\n")
		big.Write(readFile(t, "../testdata/broken.pgn"))
		big.WriteString("\n\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "big.pgn"), big.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.pgn.gz"), testfiles.Gzip(big.Bytes()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []pgn.Mode{pgn.Diagnostics, pgn.Syntax} {
		for _, workers := range []int{1, 2} {
			read := func(opts ...pgn.Option) (lines []string, stray []pgn.Stray, games map[*pgn.Game]bool) {
				games = map[*pgn.Game]bool{}
				r := open(t, dir, append(opts, pgn.WithMode(mode), pgn.WithWorkers(workers))...)
				for g, err := range r.Games() {
					if err != nil {
						t.Fatal(err)
					}
					games[g] = true
					if g.Index%7 == 1 { // Full rereads a piece: not every game's
						lines = append(lines, gameLine(g))
					} else {
						lines = append(lines, fmt.Sprint(g.Index, g.Tags, g.Diags))
					}
				}
				return lines, r.Stray(), games
			}
			want, wantStray, _ := read()
			got, gotStray, games := read(pgnreuse.Option().(pgn.Option))
			if !slices.Equal(got, want) {
				for i := range min(len(got), len(want)) {
					if got[i] != want[i] {
						t.Fatalf("mode %d, %d workers: game %d of %d:\n%s\nwant\n%s", mode, workers, i, len(want), got[i], want[i])
					}
				}
				t.Fatalf("mode %d, %d workers: %d games, want %d", mode, workers, len(got), len(want))
			}
			if !reflect.DeepEqual(gotStray, wantStray) || len(wantStray) < 1200 {
				t.Errorf("mode %d, %d workers: %d strays reusing memory, %d without; want the same, 1200 or more", mode, workers, len(gotStray), len(wantStray))
			}
			if len(games) != 1 {
				t.Errorf("mode %d, %d workers: %d Game values handed out, want one reused", mode, workers, len(games))
			}
		}
	}
}
