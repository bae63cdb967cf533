package check

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// streamAgrees checks src with a Stream, in parts of partSize elements
// when partSize is positive, against a check of the same parse without
// it: the same games over the same text, the same diagnostics of the
// parser and of the check, the same plies. It returns how many games the
// stream replayed to their end.
func streamAgrees(t testing.TB, src string, partSize int) (streamed int) {
	t.Helper()
	s := Checker{}.Stream()
	want := checkAll(t, src, partSize, nil)
	got := checkAll(t, src, partSize, s)
	if got.parser != want.parser {
		t.Fatalf("the parser's diagnostics with a Stream:\n%s\nwant\n%s\nin %q", got.parser, want.parser, src)
	}
	if len(got.games) != len(want.games) {
		t.Fatalf("%d games with a Stream, want %d, in %q", len(got.games), len(want.games), src)
	}
	for i, g := range got.games {
		if g != want.games[i] {
			t.Fatalf("game %d with a Stream:\n%s\nwant\n%s\nin %q", i+1, g, want.games[i], src)
		}
	}
	return got.streamed
}

// checked is what checkAll found: the parser's diagnostics, and for each
// game its fields and the diagnostics and plies of its check.
type checked struct {
	parser   string
	games    []string
	streamed int
}

// checkAll parses src with s as the Replayer, in parts of partSize when
// positive, and checks each game as package reader does.
func checkAll(t testing.TB, src string, partSize int, s *Stream) checked {
	ps := parser.Parser{SkipComments: true}
	if s != nil {
		ps.Replayer = s
	}
	checks := &partChecks{games: map[*ast.Game]*Parts{}, raw: map[*ast.Game]bool{}}
	if partSize > 0 {
		ps.Parts, ps.PartSize = checks, partSize
	}
	db, diags := ps.Parse(src)
	out := checked{parser: fmt.Sprint(diags)}
	for _, g := range db.Games {
		var d any
		var plies int
		switch {
		case g.Parts > 0 && !checks.raw[g]:
			d, plies = checks.games[g].End(g)
		case s != nil:
			if s.next < len(s.lines) && s.lines[s.next].game == g {
				out.streamed++
			}
			d, plies = s.Replay(g)
		default:
			d, plies = Checker{}.Replay(g)
		}
		out.games = append(out.games, fmt.Sprintf("%v index %d broken %v skipped %d parts %d trailing %d: %d plies\n%s",
			g.Span, g.Index, g.Broken, g.Skipped, g.Parts, len(g.Trailing), plies, d))
	}
	return out
}

// TestStreamAgrees: every test file and seed, and texts that stop the
// stream at each place it can stop, check as the whole trees do.
func TestStreamAgrees(t *testing.T) {
	streamed := 0
	for _, src := range testfiles.Seeds() {
		streamed += streamAgrees(t, src, 0)
	}
	if streamed == 0 {
		t.Fatal("no game of the seeds was replayed while parsed")
	}
	for _, c := range []struct {
		src      string
		streamed int
	}{
		{"[Event \"a\"]\n\n1. e4 {a} e5 $1 2. Nf3 {b} Nc6 1-0\n", 1},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n1. d4 d5 *\n", 2},
		{"[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kb2 *\n", 0},                                          // another start
		{"1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 *\n", 0},                                                                   // a variation
		{"1. e4 e5 2. Nf3 Nc7 3. Bb5 *\n", 0},                                                                              // illegal
		{"1. e4 e5 2. Nf3 Nc6 4. Bb5 *\n", 0},                                                                              // a wrong number
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *\n", 1}, // needed disambiguation
		{"1. e4 e5 2. Ng1f3 Nc6 *\n", 0},                                                                                   // over-disambiguated
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5+ a6 *\n", 0},                                                                          // a wrong check mark
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 ! a6 *\n", 0},                                                                         // a suffix apart
		{"1. e4 e5 2. Nf3 Nc6 3. ... Bb5 *\n", 0},                                                                          // dots apart
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. e2e4 *\n", 0},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 ) Nf6 *\n\n1. d4 *\n", 2},     // a stray ")"
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 \"x\" Nf6 *\n\n1. d4 *\n", 1}, // a syntax error
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5\n\n[Event \"b\"]\n\n1. d4 {c} d5 ]\n", 1},
		{"1. e4 e5 2. Nf3 Nc6 12. {x} $3 1-0 {after} {the result}\n", 0}, // a dangling number
		{"1. e4 e5 2. Nf3 Sc6 3. Bb5 *\n", 0},                            // a foreign letter
		{"1. e4 e5 2. Nf3 {a} {b} Nc6 ; line\n3. Bb5 $300 *\n", 1},
		{"$1 {a} 1. e4 e5 *\n", 1},
		{"1. e4 e5 2. Nf3 Nc6 1/2-1/2\n", 1},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 2. Nc3 *\n", 0},
		{"1. e4 e5\n\n1. d4 d5 *\n", 2}, // a game without result before a move number 1
	} {
		if got := streamAgrees(t, c.src, 0); got != c.streamed {
			t.Errorf("%q: %d games replayed while parsed, want %d", c.src, got, c.streamed)
		}
		for _, size := range []int{2, 5, 16} {
			streamAgrees(t, c.src, size)
		}
	}
}

// TestStreamInParts: a main line longer than half a part gets its nodes
// back before the first part is handed out, so that the parts and their
// checks are those of a parse without Stream.
func TestStreamInParts(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"long\"]\n\n")
	for n := 1; n <= 40; n += 2 {
		fmt.Fprintf(&b, "%d. Nf3 Nf6 %d. Ng1 {back} Ng8 ", n, n+1)
	}
	b.WriteString("41. Nc3 Nc7 *\n")
	for _, size := range []int{8, 64, 1 << 10} {
		streamAgrees(t, b.String(), size)
	}
}

// plyCounter is a PositionWatcher that counts the positions of each game.
type plyCounter map[*ast.Game]int

func (c plyCounter) Position(g *ast.Game, ply int, _ *chess.Position) { c[g] = ply }

// TestStreamWatchCountsPlies: Watch counts the plies that Replay counts,
// for the games a PositionStream replayed while parsed and the others,
// and the positions of both reach the last ply.
func TestStreamWatchCountsPlies(t *testing.T) {
	streamed := 0
	for _, src := range testfiles.Seeds() {
		counts := plyCounter{}
		s := Checker{Positions: counts}.Stream()
		db, _ := (&parser.Parser{SkipComments: true, Replayer: s.Positions()}).Parse(src)
		want := Checker{}.Stream()
		wantDB, _ := (&parser.Parser{SkipComments: true, Replayer: want}).Parse(src)
		streamed += len(s.lines)
		for i, g := range db.Games {
			_, wantPlies := want.Replay(wantDB.Games[i])
			if got := s.Watch(g); got != wantPlies {
				t.Fatalf("game %d: Watch counts %d plies, Replay %d, in %q", i+1, got, wantPlies, src)
			}
			if got, ok := counts[g]; ok && got != wantPlies {
				t.Fatalf("game %d: the last position watched is after ply %d, want %d, in %q", i+1, got, wantPlies, src)
			}
		}
	}
	if streamed == 0 {
		t.Fatal("no game of the seeds was replayed while parsed")
	}
}
