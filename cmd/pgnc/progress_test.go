package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/pgnc/pgnc/internal/i18n"
	"golang.org/x/text/language"
)

// speak sets the language of msg for the test.
func speak(t *testing.T, tag language.Tag) {
	old := msg
	msg = i18n.New(tag)
	t.Cleanup(func() { msg = old })
}

// TestBarLine pins the bar's line at the widths where its parts go, one by
// one, in English and Spanish.
func TestBarLine(t *testing.T) {
	s := barState{name: "games.pgn", size: 42e6, read: 24e6, games: 95357, errors: 1, elapsed: 5 * time.Second}
	long := s
	long.name = "/home/someone/chess/a-rather-long-name-of-a-file-of-games.pgn.gz"
	long.games, long.errors = 1, 2
	stdin := barState{name: "<stdin>", size: -1, read: 3500, games: 2, errors: 0, elapsed: 2 * time.Second}
	for _, c := range []struct {
		tag  language.Tag
		s    barState
		cols int
		want string
	}{
		{language.English, s, 200, "games.pgn  57% [================>           ] 24/42 MB, 4.8 MB/s, 95 357 games (19 071/s), 1 error, 4s left"},
		{language.English, s, 100, "games.pgn  57% [===========>        ] 24/42 MB, 4.8 MB/s, 95 357 games (19 071/s), 1 error, 4s left"},
		{language.English, s, 80, "games.pgn  57% [======>    ] 24/42 MB, 4.8 MB/s, 95 357 games, 1 error, 4s left"},
		{language.English, s, 60, "games.pgn  57% 24/42 MB, 95 357 games, 1 error, 4s left"},
		{language.English, s, 40, "games.pgn  57% 95 357 games, 1 error"},
		{language.English, s, 30, "games.pgn  57% 95 357 games"},
		{language.English, s, 20, "games.pgn  57%"},
		{language.English, s, 12, "games.pgn"},
		{language.English, s, 5, "…pgn"},
		{language.English, long, 100, "…name-of-a-file-of-games.pgn.gz  57% [====>   ] 24/42 MB, 4.8 MB/s, 1 game (0/s), 2 errors, 4s left"},
		{language.English, long, 60, "…e-of-games.pgn.gz  57% 24/42 MB, 1 game, 2 errors, 4s left"},
		{language.Spanish, s, 200, "games.pgn  57% [================>           ] 24/42 MB, 4,8 MB/s, 95 357 partidas (19 071/s), 1 error, quedan 4s"},
		{language.Spanish, long, 60, "…ames.pgn.gz  57% 24/42 MB, 1 partida, 2 errores, quedan 4s"},
		{language.English, stdin, 80, "<stdin> 3.5 kB, 1.8 kB/s, 2 games (1/s), 0 errors"},
		{language.Spanish, stdin, 30, "<stdin> 2 partidas, 0 errores"},
	} {
		speak(t, c.tag)
		if got := barLine(c.s, c.cols); got != c.want {
			t.Errorf("%s, %d columns:\n got %q\nwant %q", c.tag, c.cols, got, c.want)
		}
	}
}

// TestBarLineFits checks the bar at every width from 1 to 220 columns: it
// takes less than the width, so that the terminal never wraps it; the name
// is the only thing cut; and a count shows whole or not at all, never cut
// to digits that read as another number or a size.
func TestBarLineFits(t *testing.T) {
	names := []string{"g.pgn", "<stdin>", "/a/very/long/path/to/some/collection/of/games/twic-1234.pgn.zst",
		"対局集の名前がとても長いファイル.pgn", "tab\tand\x1b[31mescape.pgn"}
	states := []barState{
		{size: 42e6, read: 24e6, games: 1234567, errors: 1, elapsed: 90 * time.Second},
		{size: 0, read: 999, games: 1, errors: 1000, elapsed: time.Second},
		{size: -1, read: 12e9, games: 0, errors: 0, elapsed: time.Hour},
		{size: 5e12, read: 0, games: 0, errors: 0, elapsed: 0},
	}
	for _, tag := range []language.Tag{language.English, language.Spanish} {
		speak(t, tag)
		for _, name := range names {
			for _, s := range states {
				s.name = name
				games := count(msg.Sprintf("%d games", s.games), s.games)
				errs := count(msg.Sprintf("%d errors", s.errors), s.errors)
				for cols := 1; cols <= 220; cols++ {
					line := barLine(s, cols)
					if n := cells(line); n >= max(cols, 1) && line != "" {
						t.Fatalf("%d columns: %d taken by %q", cols, n, line)
					}
					if strings.ContainsAny(line, "\t\x1b\n\r") {
						t.Fatalf("%d columns: a control character in %q", cols, line)
					}
					if i := strings.Index(line, "…"); i > 0 {
						t.Fatalf("%d columns: a cut past the name's start in %q", cols, line)
					}
					for _, m := range counted.FindAllStringSubmatch(line, -1) {
						if m[0] != games && m[0] != errs {
							t.Fatalf("%d columns: a count cut in %q: %q (want %q or %q)", cols, line, m[0], games, errs)
						}
					}
					if cols >= 100 && (!strings.Contains(line, games) || !strings.Contains(line, errs)) {
						t.Fatalf("%d columns: the counts are not all there in %q", cols, line)
					}
				}
			}
		}
	}
}

// counted finds the counts of games and errors in the bar's line.
var counted = regexp.MustCompile(`\b\d(?:[\d ]*\d)? (games?|partidas?|errors?|errores)\b`)

// TestGroup checks how counts are grouped.
func TestGroup(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 7: "7", 999: "999", 1000: "1 000", 95357: "95 357", 1234567: "1 234 567", -4321: "-4 321"} {
		if got := group(n); got != want {
			t.Errorf("group(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestTerminalWriter writes a report through the writers of a progress
// bar redrawn at every update, from several goroutines as the readers of
// an input do, with lines sometimes written in pieces and warnings on
// standard error, all to one stream as a terminal is: the screen that
// stream draws holds the report's lines, whole and in order, and no bar
// once it finishes.
func TestTerminalWriter(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	read := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		read <- string(b)
	}()
	p := &progress{term: w}
	stdout, stderr, shared := p.writers(w, w)
	if !shared {
		t.Fatal("standard output, the terminal of the bar, is not seen as shared")
	}
	p.begin("games.pgn", 1<<20)
	var readers sync.WaitGroup
	done := make(chan struct{})
	for g := range 4 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for off := int64(g); ; off += 4 {
				select {
				case <-done:
					return
				case <-time.After(100 * time.Microsecond):
					p.reached(off % (1 << 20))
				}
			}
		}()
	}
	var want []string
	for i := range 2000 {
		line := fmt.Sprintf("games.pgn:%d:1: error[PGN301]: illegal move", i)
		switch i % 7 {
		case 0:
			io.WriteString(stdout, line[:10])
			p.game(1) // no bar in the middle of a line
			io.WriteString(stdout, line[10:]+"\n")
		case 3:
			line = "pgnc: warning: " + line
			io.WriteString(stderr, line+"\n")
		default:
			io.WriteString(stdout, line+"\n")
		}
		want = append(want, line)
		p.game(0)
	}
	close(done)
	readers.Wait()
	p.finish()
	w.Close()
	raw := <-read
	if frames := barFrames(raw); len(frames) < 100 {
		t.Fatalf("the bar was drawn %d times", len(frames))
	}
	got := screen(raw)
	if len(got) != len(want) {
		t.Errorf("%d lines on the screen, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Fatalf("line %d is %q, want %q", i+1, got[i], want[i])
		}
	}
}

// screen returns the lines that text draws on a terminal that takes
// carriage returns, newlines and the erasure of a line's rest (ESC [ K),
// the last line left out when empty.
func screen(text string) []string {
	lines := [][]rune{nil}
	col := 0
	for i := 0; i < len(text); {
		cur := &lines[len(lines)-1]
		switch {
		case strings.HasPrefix(text[i:], "\x1b[K"):
			*cur = (*cur)[:min(col, len(*cur))]
			i += 3
			continue
		case text[i] == '\r':
			col = 0
		case text[i] == '\n':
			lines = append(lines, nil)
			col = 0
		default:
			r, size := utf8.DecodeRuneInString(text[i:])
			for len(*cur) <= col {
				*cur = append(*cur, ' ')
			}
			(*cur)[col] = r
			col++
			i += size
			continue
		}
		i++
	}
	var out []string
	for _, l := range lines {
		out = append(out, string(l))
	}
	if out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// TestNilProgress checks that a nil progress, what a check gets when
// standard error is not a terminal, takes every call and leaves the
// writers as they are.
func TestNilProgress(t *testing.T) {
	var p *progress
	p.begin("x", 1)
	p.reached(1)
	p.game(1)
	p.finish()
	var a, b strings.Builder
	out, errOut, shared := p.writers(&a, &b)
	if out != io.Writer(&a) || errOut != io.Writer(&b) || shared {
		t.Error("a nil progress wraps the writers")
	}
	if newProgress(&a, false) != nil {
		t.Error("a progress for a writer that is not a terminal")
	}
}

// BenchmarkProgressGame is what counting a game costs a check: nothing
// without a terminal (nil), and with one an atomic add or two and an
// atomic load, with a redraw every 100ms.
func BenchmarkProgressGame(b *testing.B) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer null.Close()
	for _, c := range []struct {
		name string
		p    *progress
	}{{"nil", nil}, {"terminal", &progress{term: null, throttle: 100 * time.Millisecond}}} {
		b.Run(c.name, func(b *testing.B) {
			c.p.begin("games.pgn", 1<<30)
			for i := 0; b.Loop(); i++ {
				c.p.game(i & 1)
			}
			c.p.finish()
		})
	}
}
