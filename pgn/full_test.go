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

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/pgn"
)

// hugeGames returns three games, the second with moves (knights out and
// back) more than pgn.WholeGameLimit elements of movetext.
func hugeGames(repeats int) []byte {
	var b bytes.Buffer
	b.WriteString("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 1-0\n\n")
	b.WriteString("[White \"Huge\"]\n[Black \"Game\"]\n\n")
	for range repeats {
		b.WriteString("Nf3 Nf6 Ng1 Ng8 ")
	}
	b.WriteString("1/2-1/2\n\n")
	b.WriteString("[White \"C\"]\n[Black \"D\"]\n\n1. d4 d5 2. c4 0-1\n")
	return b.Bytes()
}

// A game too long to hold whole comes out of the Full mode with its tags,
// span and result, no moves and PGN904 at its start; the games around it
// are read whole.
func TestFullRefusesHugeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a game of 1.2 million moves")
	}
	src := hugeGames(pgn.WholeGameLimit/4 + 1000)
	path := filepath.Join(t.TempDir(), "huge.pgn")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	readers := map[string]func(workers int) *pgn.Reader{
		"file":   func(w int) *pgn.Reader { return open(t, path, pgn.WithWorkers(w)) },
		"stream": func(w int) *pgn.Reader { return pgn.NewReader(bytes.NewReader(src), pgn.WithWorkers(w)) },
	}
	for name, newReader := range readers {
		for _, workers := range []int{1, 2} {
			var games []*pgn.Game
			for g, err := range newReader(workers).Games() {
				if err != nil {
					t.Fatal(err)
				}
				games = append(games, g)
			}
			where := fmt.Sprintf("%s, %d workers", name, workers)
			if len(games) != 3 {
				t.Fatalf("%s: %d games, want 3", where, len(games))
			}
			first, huge, last := games[0], games[1], games[2]
			if len(first.Moves) != 2 || !first.Complete || len(last.Moves) != 3 || !last.Complete || last.Result != "0-1" || last.Tag("White") != "C" {
				t.Errorf("%s: the games around the huge one are not whole: %d moves %v, %d moves %v %q", where,
					len(first.Moves), first.Complete, len(last.Moves), last.Complete, last.Result)
			}
			if huge.Moves != nil || huge.Model() != nil || huge.Complete || huge.Final().FEN() != new(pgn.Game).Final().FEN() {
				t.Errorf("%s: the huge game has %d moves, complete %v", where, len(huge.Moves), huge.Complete)
			}
			if huge.Tag("White") != "Huge" || huge.Result != "1/2-1/2" || huge.From != int64(bytes.Index(src, []byte("[White \"Huge\"]"))) {
				t.Errorf("%s: the huge game's tags, result or span are lost: %q %q %d", where, huge.Tags, huge.Result, huge.From)
			}
			// Its diagnostics are those of its check in parts (the tags
			// it lacks), and PGN904 at its start.
			if len(huge.Diags) != 2 || huge.Diags[0].Code != diag.TooLong || huge.Diags[1].Code != diag.RosterMissing || huge.Err() != nil {
				t.Fatalf("%s: the huge game's diagnostics are %q, want PGN904 and PGN321", where, huge.Diags)
			}
			var b strings.Builder
			huge.Diags[0].WriteText(&b, diag.English)
			want := fmt.Sprintf("%s:6:1: warning[PGN904]: this game has more than 1048576 tag pairs or elements of movetext, too many to hold in memory: it was checked in parts and is left as it is\n", huge.Source)
			if !strings.HasPrefix(b.String(), want) || !strings.Contains(b.String(), "in game 2 (Huge – Game)") {
				t.Errorf("%s: PGN904 prints\n%s\nwant it to begin\n%s", where, b.String(), want)
			}
		}
	}
}

// BenchmarkFullHugeGame reads the three games of hugeGames in the Full mode
// and reports the peak of the heap (HeapInuse sampled after each game, and
// the total allocated) per read: the huge game is checked in parts, not
// held as a tree and a model.
func BenchmarkFullHugeGame(b *testing.B) {
	src := hugeGames(pgn.WholeGameLimit/4 + 1000)
	b.SetBytes(int64(len(src)))
	var peak uint64
	for b.Loop() {
		runtime.GC()
		for _, err := range pgn.NewReader(bytes.NewReader(src)).Games() {
			if err != nil {
				b.Fatal(err)
			}
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
		}
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
}

// Full on a game read in the Syntax or Diagnostics mode gives what the
// Full mode reads: the same moves, positions, result, span and
// diagnostics, each printed as the Full mode prints it.
func TestFullRereadsAGame(t *testing.T) {
	roots := []string{"../testdata"}
	if testfiles.IsExtended() {
		roots = append(roots, "../../shared/corpus/edge")
	}
	games := 0
	for _, path := range testfiles.PGN(roots...) {
		want := fullTranscripts(t, path, pgn.Full)
		for _, mode := range []pgn.Mode{pgn.Syntax, pgn.Diagnostics} {
			got := fullTranscripts(t, path, mode)
			if len(got) != len(want) {
				t.Fatalf("%s: %d games read in mode %d, %d in the Full mode", path, len(got), mode, len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s, mode %d, game %d: Full gives\n%s\nthe Full mode\n%s", path, mode, i+1, got[i], want[i])
				}
			}
		}
		games += len(want)
	}
	if games == 0 {
		t.Fatal("no game read")
	}
}

// FuzzFullRereadsAGame holds Game.Full to the Full mode on any text, read
// as a stream on two workers.
func FuzzFullRereadsAGame(f *testing.F) {
	for _, s := range testfiles.Seeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		read := func(mode pgn.Mode) []string {
			return transcripts(t, pgn.NewReader(strings.NewReader(src), pgn.WithMode(mode), pgn.WithWorkers(2)))
		}
		want := read(pgn.Full)
		for _, mode := range []pgn.Mode{pgn.Syntax, pgn.Diagnostics} {
			if got := read(mode); !slices.Equal(got, want) {
				t.Fatalf("mode %d: Full gives\n%q\nthe Full mode\n%q", mode, got, want)
			}
		}
	})
}

// fullTranscripts reads path in mode, and writes down what Full gives for
// each game.
func fullTranscripts(t *testing.T, path string, mode pgn.Mode) []string {
	t.Helper()
	r, err := pgn.Open(path, pgn.WithMode(mode))
	if err != nil {
		t.Fatal(err)
	}
	return transcripts(t, r)
}

// transcripts writes down what Full gives for each game of r.
func transcripts(t *testing.T, r *pgn.Reader) []string {
	t.Helper()
	defer r.Close()
	var out []string
	for g, err := range r.Games() {
		if err != nil {
			t.Fatal(err)
		}
		f := g.Full()
		var b strings.Builder
		fmt.Fprintf(&b, "#%d %s [%d,%d) %v %q complete=%v plies=%d start=%s final=%s\n", f.Index, f.Source, f.From, f.To, f.Tags, f.Result, f.Complete, f.Plies, f.Start.FEN(), f.Final().FEN())
		for _, m := range f.Moves {
			fmt.Fprintf(&b, "%s %s %v %v;", m.Written, m.UCI(), m.Comments, m.NAGs)
		}
		b.WriteString("\n")
		for _, d := range f.Diags {
			d.WriteText(&b, diag.English)
		}
		out = append(out, b.String())
	}
	return out
}
