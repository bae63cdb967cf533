package dedupe

import (
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/model"
)

// models reads the games of text.
func models(t *testing.T, text string) []*model.Game {
	t.Helper()
	rd := reader.New(strings.NewReader(text), "test.pgn", reader.Options{Model: true})
	defer rd.Close()
	var games []*model.Game
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatal(err)
		}
		if g.Index > 0 {
			if g.Model == nil || !g.Model.Complete {
				t.Fatalf("game %d does not replay", g.Index)
			}
			games = append(games, g.Model)
		}
	}
}

// game writes a game's PGN.
func game(white, black, date, moves string) string {
	return fmt.Sprintf("[Event \"E\"]\n[Site \"S\"]\n[Date %q]\n[Round \"1\"]\n[White %q]\n[Black %q]\n[Result \"*\"]\n\n%s *\n\n", date, white, black, moves)
}

// run dedupes the games of text and returns, for each duplicate, "seq>of
// kind", in input order.
func run(t *testing.T, text string, opts Options) ([]string, Counts) {
	t.Helper()
	d := New(opts)
	defer d.Close()
	for i, g := range models(t, text) {
		k, _ := NewGame(g, g.Span.To-g.Span.From, opts, nil)
		if err := d.Add(k, uint64(i+1), Loc{Line: uint32(i + 1)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Finish(); err != nil {
		t.Fatal(err)
	}
	var got []string
	err := d.Dups(func(dup Dup) error {
		got = append(got, fmt.Sprintf("%d>%d %s", dup.Seq, dup.Of, dup.Kind))
		if dup.Loc.Line != uint32(dup.Seq) || dup.OfLoc.Line != uint32(dup.Of) {
			t.Errorf("duplicate %+v: locations do not follow the games", dup)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got, d.Counts()
}

const (
	ruy   = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"
	ruy4  = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6"
	ruyBx = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6"
	sicil = "1. e4 c5 2. Nf3 d6"
)

func TestKinds(t *testing.T) {
	tests := []struct {
		name  string
		games []string
		opts  Options
		want  []string
	}{
		{"exact: whitespace and case in names", []string{
			game("Carlsen, Magnus", "Anand, V", "2014.11.09", ruy),
			game("carlsen,  magnus ", "ANAND, V", "2014.11.09", ruy),
			game("Carlsen, Magnus", "Anand, V", "2014.11.10", ruy), // another date
			game("Carlsen, Magnus", "Anand, V", "2014.11.09", "1. e4 {a comment} (1. d4) e5 $1 2. Nf3 Nc6 3. Bb5 a6"),
			game("Carlsen, Magnus", "Anand, V", "2014.11.09", ruy4),
		}, Options{Kind: Exact}, []string{"2>1 exact", "4>1 exact"}},
		{"moves: tags ignored, labels by closeness", []string{
			game("Carlsen, Magnus", "Anand, V", "2014.11.09", ruy),
			game("carlsen, magnus", "Anand, V", "2014.11.09", ruy),
			game("Magnus Carlsen", "Anand, Viswanathan", "2014.11.10", ruy),
			game("Kasparov, G", "Karpov, A", "1985.01.01", ruy),
			game("Kasparov, G", "Karpov, A", "1985.01.01", sicil),
		}, Options{Kind: Moves}, []string{"2>1 exact", "3>1 fuzzy", "4>1 moves"}},
		{"fuzzy: accents, transliteration, name order", []string{
			game("Müller, K.", "Nunn, John", "", ruy),
			game("Mueller, Karsten", "Nunn, J", "", ruy),
			game("Karsten Müller", "John Nunn", "", ruy),
			game("Müller, Hans", "Nunn, John", "", ruy),    // another initial
			game("Müller", "Nunn, John", "", ruy),          // no given name
			game("Mueller, Karsten", "Nunn, J", "", ruyBx), // other moves
		}, Options{Kind: Fuzzy}, []string{"2>1 fuzzy", "3>1 fuzzy"}},
		{"contained: prefixes with the same players", []string{
			game("A", "B", "", ruy),
			game("A", "B", "", ruy4),
			game("A", "B", "", "1. e4 e5"),           // held by game 7, the next line in sorted order
			game("C", "B", "", "1. e4 e5"),           // other players
			game("A", "B", "", ruyBx),                // branches off ruy
			game("A", "B", "", ruy4),                 // equal to game 2
			game("A", "B", "", "1. e4 e5 2. Nf3 c6"), // diverges: not a prefix
		}, Options{Kind: Contained}, []string{"1>2 contained", "3>7 contained", "6>2 exact"}},
		{"keep longest: the copy with more text", []string{
			game("A", "B", "", ruy),
			game("A", "B", "", "1. e4 {a long comment} e5 2. Nf3 Nc6 3. Bb5 a6"),
			game("A", "B", "", ruy),
		}, Options{Kind: Exact, Keep: Longest}, []string{"1>2 exact", "3>2 exact"}},
		{"keep most-annotated", []string{
			game("A", "B", "", "1. e4 {x} e5 2. Nf3 Nc6 3. Bb5 a6"),
			game("A", "B", "", "1. e4 $1 (1. d4 d5) e5 2. Nf3 Nc6 3. Bb5 a6"),
			game("A", "B", "", ruy),
		}, Options{Kind: Moves, Keep: MostAnnotated}, []string{"1>2 exact", "3>2 exact"}},
		{"hash only", []string{
			game("A", "B", "", ruy),
			game("A", "B", "", ruy),
		}, Options{Kind: Moves, HashOnly: true}, []string{"2>1 exact"}},
		{"start position from a FEN tag", []string{
			"[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n[SetUp \"1\"]\n\n1... e5 *\n\n",
			"[White \"A\"]\n\n1. e4 e5 *\n\n",
			"[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 e5 *\n\n",
		}, Options{Kind: Moves}, []string{"3>2 moves"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, counts := run(t, strings.Join(tt.games, ""), tt.opts)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("duplicates %q, want %q", got, tt.want)
			}
			if counts.Games != uint64(len(tt.games)) || counts.Kept != counts.Games-uint64(len(tt.want)) {
				t.Errorf("counts %+v for %d games and %d duplicates", counts, len(tt.games), len(tt.want))
			}
		})
	}
}

func TestFoldName(t *testing.T) {
	for name, want := range map[string]string{
		"Müller, K.":        "muller k",
		"Mueller, Karsten":  "muller k",
		"Karsten Müller":    "muller k",
		"MÜLLER,Karsten":    "muller k",
		"Carlsen":           "carlsen ",
		"Nepomniachtchi, I": "nepomniachtchi i",
		"Ståhlberg, Gideon": "stahlberg g",
		"Łukasz Nowak":      "nowak l",
		"Van Wely, Loek":    "vanwely l",
		"":                  " ",
	} {
		if got := FoldName(name); got != want {
			t.Errorf("FoldName(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestSpill: records sorted on disk, with a budget of a few hundred bytes,
// give the same duplicates as in memory, for every kind.
func TestSpill(t *testing.T) {
	lines := []string{ruy, ruy4, ruyBx, sicil, "1. d4 d5", "1. d4 d5 2. c4", "1. d4 Nf6 2. c4 e6", "1. e4"}
	players := []string{"Müller, K.", "Mueller, Karsten", "Nunn, J", "Carlsen, M"}
	var b strings.Builder
	for i := range 400 {
		b.WriteString(game(players[i*7%4], players[i*3%4], fmt.Sprint(i%3), lines[i*5%len(lines)]))
	}
	text := b.String()
	for kind := range Kinds {
		for _, keep := range []Keep{First, Longest} {
			opts := Options{Kind: Kinds[kind], Keep: keep}
			want, wantCounts := run(t, text, opts)
			opts.Budget, opts.Dir = 512, t.TempDir()
			got, gotCounts := run(t, text, opts)
			if !reflect.DeepEqual(got, want) || gotCounts != wantCounts {
				t.Errorf("%s, keep %d: on disk %d duplicates %+v, in memory %d %+v", kind, keep, len(got), gotCounts, len(want), wantCounts)
			}
			if len(want) == 0 {
				t.Errorf("%s: no duplicates among the games", kind)
			}
		}
	}
	// The budget did spill.
	opts := Options{Kind: Moves, Budget: 512, Dir: t.TempDir()}
	d := New(opts)
	defer d.Close()
	for i, g := range models(t, text) {
		k, _ := NewGame(g, 0, opts, nil)
		d.Add(k, uint64(i+1), Loc{})
	}
	if err := d.Finish(); err != nil {
		t.Fatal(err)
	}
	if runs, bytes := d.Spilled(); runs < 10 || bytes == 0 {
		t.Errorf("spilled %d runs, %d bytes: the budget did not force a sort on disk", runs, bytes)
	}
}
