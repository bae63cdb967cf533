package reader

import (
	"fmt"
	"strings"
	"testing"
)

// TestSyncCuts: a parallel stream cut at sync points reads the same games
// and diagnostics as a serial read (and that as the whole-file check), also
// where a sync point is no game boundary and the reader must read pieces
// again, and where a cut at MaxGameBytes follows pieces not yet confirmed.
// A serial read in pieces of 256 bytes once cut inside the comments of
// "sync points in comments", whose "}" lay beyond the text it parsed.
func TestSyncCuts(t *testing.T) {
	game := "[Event \"g\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 1-0\n\n"
	inComment := "[Event \"c\"]\n[Result \"*\"]\n\n1. d4 {a comment with a blank line\n\n[Event \"inside\"]\n\nand a tag line} d5 *\n\n"
	tagsOnly := "[Event \"tags only\"]\n[Result \"*\"]\n\n"
	unclosed := "[Event \"u\"]\n[Result \"*\"]\n\n1. c4 {never closed here\n\n"
	plain := "[Event \"p\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"
	closer := "[Event \"v\"]\n[Result \"*\"]\n\n1. c4 {closes the comment before} c5 *\n\n"
	tests := []struct {
		name      string
		src       string
		opts      Options
		rollbacks bool // whether some sync cut must fail
	}{
		{"clean", strings.Repeat(game, 300), Options{PieceSize: 512}, false},
		{"sync points in comments", strings.Repeat(game+inComment, 150), Options{PieceSize: 256}, true},
		{"games of tags only", strings.Repeat(game+tagsOnly+tagsOnly, 150), Options{PieceSize: 256}, false},
		{"tiny games", strings.Repeat("[Event \"t\"]\n*\n\n", 6000), Options{PieceSize: 64 << 10}, false}, // syncCut keeps to half a piece's games
		{"tiny games of tags only", strings.Repeat("[Event \"t\"]\n[Site \"s\"]\n\n", 6000), Options{PieceSize: 64 << 10}, false},
		{"games of tags only, no blank lines", strings.Repeat("[Event \"t\"]\n[Site \"s\"]\n", 6000), Options{PieceSize: 64 << 10}, false},
		{"unclosed comment closed games later", strings.Repeat(game, 20) + unclosed + strings.Repeat(plain, 100) + closer + strings.Repeat(game, 20), Options{PieceSize: 512}, true},
		{"cut at MaxGameBytes", strings.Repeat(game, 100) + "[Event \"long\"]\n\n1. e4 {" + strings.Repeat("no brace on this line\n", 8000) + "\n" + strings.Repeat(game, 100), Options{PieceSize: 1024, MaxGameBytes: 64 << 10}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.opts.MaxGameBytes == 0 {
				// The serial read is the whole-file check here.
				compare(t, tt.name, tt.src, tt.opts.PieceSize, 1)
			}
			serial := tt.opts
			serial.Workers, serial.ReuseMemory = 1, true
			wantGames, want := drain(t, New(strings.NewReader(tt.src), "x", serial))
			parallel := serial
			parallel.Workers, parallel.ReuseText = 3, true
			rd := New(strings.NewReader(tt.src), "x", parallel)
			games, got := drain(t, rd)
			if games != wantGames {
				t.Fatalf("%d games, serial %d", games, wantGames)
			}
			for i := range max(len(got), len(want)) {
				if i >= len(got) || i >= len(want) || got[i] != want[i] {
					t.Fatalf("diagnostic %d of %d differs from the serial read's (%d):\n%s", i, len(got), len(want), firstDiff(got, want, i))
				}
			}
			if rd.syncCuts == 0 {
				t.Error("no piece was cut at a sync point")
			}
			if failed := rd.syncFrom > 0; failed != tt.rollbacks {
				t.Errorf("a sync cut failed: %v, want %v (%d sync cuts)", failed, tt.rollbacks, rd.syncCuts)
			}
		})
	}
}

func TestLastSyncPoint(t *testing.T) {
	tests := []struct {
		src  string
		want string // the text from the sync point on; "" for none
	}{
		{"1. e4 1-0\n[Event \"b\"]\n", "[Event \"b\"]\n"},
		{"1. e4 *\n\n[Event \"b\"]\n1. d4 *\n\n[Event \"c\"]", "[Event \"c\"]"},
		{"1. e4 {x}\n\n[Event \"b\"]", "[Event \"b\"]"},
		{"1. e4 *\n\n[Event \"b\"]\n\n[Event \"c\"]", "[Event \"c\"]"}, // after a game of tags only
		{"1. e4\n[Event \"b\"]", ""},                                   // no blank line, no marker
		{"1. e4 *\r\r[Event \"b\"]", ""},                               // lone CR
		{"[Event \"a\"]", ""},
		{"[Event \"a\"]\n[Site \"b\"]\n[Event \"c\"]", "[Event \"c\"]"}, // a second Event tag
		{"[Event \"a\"]\n{x}\n[Event \"c\"]", ""},                       // not after a tag pair
	}
	for _, tt := range tests {
		got := ""
		if n := lastSyncPoint(tt.src); n > 0 {
			got = tt.src[n:]
		}
		if got != tt.want {
			t.Errorf("lastSyncPoint(%q) leaves %q, want %q", tt.src, got, tt.want)
		}
	}
}

// firstDiff shows the i-th entries of got and want, which differ.
func firstDiff(got, want []string, i int) string {
	entry := func(l []string) string {
		if i < len(l) {
			return l[i]
		}
		return "(none)"
	}
	return "got:  " + entry(got) + "\nwant: " + entry(want)
}

// TestCommentOpenAtMaxGameBytes: a comment that no "}" closes within
// MaxGameBytes is unterminated, as in the whole-file check when no "}"
// follows at all: the games after it are read, with no cut at the limit.
func TestCommentOpenAtMaxGameBytes(t *testing.T) {
	plain := "[Event \"p\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"
	src := plain + "[Event \"open\"]\n\n1. e4 {never closed\n\n" + strings.Repeat(plain, 3000)
	wantGames, want := wholeFile(src)
	for _, workers := range []int{1, 3} {
		games, got := drain(t, New(strings.NewReader(src), "x", Options{PieceSize: 4096, MaxGameBytes: 64 << 10, Workers: workers, ReuseMemory: true}))
		if games != wantGames || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%d workers: %d games, %d diagnostics; whole file: %d games, %d diagnostics", workers, games, len(got), wantGames, len(want))
		}
	}
}

// TestIndexOneMeaning: a game's Index is its position in the input for
// the caller of Next, however the input is read, and 0 inside Prepare,
// where it is not known yet; never a count from a piece or range.
func TestIndexOneMeaning(t *testing.T) {
	src := strings.Repeat("[Event \"e\"]\n\n1. e4 e5 *\n\n", 3000)
	for _, workers := range []int{1, 2} {
		for _, ranged := range []bool{false, true} {
			opts := Options{Model: true, Workers: workers, PieceSize: 4096, RangeSize: 8192,
				Prepare: func(g *Game) []byte {
					return []byte(fmt.Sprint(g.Index, g.Model.Index, g.AST.Index))
				}}
			rd := readerOf(src, opts, ranged)
			want := 0
			for g, err := range rd.All() {
				if err != nil {
					t.Fatal(err)
				}
				if g.Index == 0 {
					continue
				}
				want++
				if g.Index != want || string(g.Prepared) != "0 0 0" {
					t.Fatalf("workers %d, ranges %v: game %d has Index %d, and %q inside Prepare", workers, ranged, want, g.Index, g.Prepared)
				}
			}
			if want != 3000 {
				t.Errorf("workers %d, ranges %v: %d games", workers, ranged, want)
			}
		}
	}
}
