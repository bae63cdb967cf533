package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The tests of this file check the terms of select against what is
// computed here, without package query, from pgnc's other outputs: the
// games as convert --to ndjson writes them (tags, moves, comments), the
// positions of convert --to fen, the openings of convert --eco and the
// diagnostics of check --format json.

// termMove is a move as convert --to ndjson writes it.
type termMove struct {
	SAN        string       `json:"san"`
	UCI        string       `json:"uci"`
	Promotion  string       `json:"promotion"`
	Castle     string       `json:"castle"`
	Check      string       `json:"check"`
	Before     []string     `json:"before"`
	Comments   []string     `json:"comments"`
	Variations [][]termMove `json:"variations"`
}

// termGame is a game as convert and check see it.
type termGame struct {
	Index    int               `json:"index"`
	Error    json.RawMessage   `json:"error"`
	Tags     map[string]string `json:"tags"`
	Start    string            `json:"start"`
	Comments []string          `json:"comments"`
	Trailing []string          `json:"trailing"`
	Moves    []termMove        `json:"moves"`
	Opening  *struct {
		ECO  string `json:"eco"`
		Name string `json:"name"`
	} `json:"opening"`

	fens  []string          // the start, then the position after each ply; none for a failed game
	codes map[string]string // the codes of the game's diagnostics, with their severity
}

// ok reports whether convert replayed the game's main line.
func (g *termGame) ok() bool { return len(g.Error) == 0 }

// runOut runs pgnc with args and returns its standard output, whatever
// its exit code (1 for a file with errors).
func runOut(t *testing.T, args ...string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, nil, &stdout, &stderr); code != exitClean && code != exitProblems {
		t.Fatalf("pgnc %q: exit %d: %s", args, code, stderr.String())
	}
	return stdout.Bytes()
}

// ndjsonLines decodes each line of out into a new T.
func ndjsonLines[T any](t *testing.T, out []byte) []*T {
	t.Helper()
	var list []*T
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<28)
	for sc.Scan() {
		v := new(T)
		if err := json.Unmarshal(sc.Bytes(), v); err != nil {
			t.Fatalf("%v: %.200s", err, sc.Text())
		}
		list = append(list, v)
	}
	return list
}

// termGames returns the games of the file at path as convert and check
// see them.
func termGames(t *testing.T, path string) []*termGame {
	t.Helper()
	games := ndjsonLines[termGame](t, runOut(t, "convert", "--to", "ndjson", path))
	withECO := ndjsonLines[termGame](t, runOut(t, "convert", "--eco", "--to", "ndjson", path))
	if len(withECO) != len(games) {
		t.Fatalf("%s: %d games, %d with --eco", path, len(games), len(withECO))
	}
	blocks := strings.Split(string(runOut(t, "convert", "--to", "fen", path)), "\n\n")
	blocks = blocks[:len(blocks)-1] // after the last blank line
	if len(blocks) != len(games) {
		t.Fatalf("%s: %d games, %d FEN blocks", path, len(games), len(blocks))
	}
	for i, g := range games {
		if g.Index != i+1 {
			t.Fatalf("%s: record %d has index %d", path, i+1, g.Index)
		}
		g.Opening = withECO[i].Opening
		if blocks[i] = strings.TrimPrefix(blocks[i], "\n"); blocks[i] != "" {
			g.fens = strings.Split(blocks[i], "\n")
		}
		if g.ok() && len(g.fens) != len(g.Moves)+1 {
			t.Fatalf("%s: game %d has %d moves and %d FENs", path, g.Index, len(g.Moves), len(g.fens))
		}
		g.codes = map[string]string{}
	}
	type diagRecord struct {
		Game     int    `json:"game"`
		Code     string `json:"code"`
		Severity string `json:"severity"`
	}
	for _, d := range ndjsonLines[diagRecord](t, runOut(t, "check", "--format", "json", "--max-errors", "0", path)) {
		if d.Game > 0 && d.Game <= len(games) {
			games[d.Game-1].codes[d.Code] = d.Severity
		}
	}
	return games
}

// selectedIndexes runs select --format ndjson and returns the indexes of
// the games it selects.
func selectedIndexes(t *testing.T, query, path string) map[int]bool {
	t.Helper()
	type indexed struct {
		Index int `json:"index"`
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"select", "--format", "ndjson", query, path}, nil, &stdout, &stderr); code != exitClean {
		t.Fatalf("pgnc select %q %s: exit %d: %s", query, path, code, stderr.String())
	}
	set := map[int]bool{}
	for _, r := range ndjsonLines[indexed](t, stdout.Bytes()) {
		set[r.Index] = true
	}
	return set
}

// termCase is a query and the games it must select. A case on tags is
// compared on every game; the others on the games whose main line
// convert replays, as a game whose main line stops at an error has no
// moves to compute from.
type termCase struct {
	query string
	tags  bool
	want  func(g *termGame) bool
}

// compareTerms runs each case on the file at path and compares the
// selected indexes with the computed ones; it returns, by query, how many
// games were compared and selected.
func compareTerms(t *testing.T, path string, games []*termGame, cases []termCase, counts map[string][2]int) {
	t.Helper()
	for _, c := range cases {
		got := selectedIndexes(t, c.query, path)
		var missing, extra []int
		n := counts[c.query]
		for _, g := range games {
			if !c.tags && !g.ok() {
				continue
			}
			want := c.want(g)
			n[0]++
			if want {
				n[1]++
			}
			switch {
			case want && !got[g.Index]:
				missing = append(missing, g.Index)
			case !want && got[g.Index]:
				extra = append(extra, g.Index)
			}
		}
		counts[c.query] = n
		if len(missing) > 0 || len(extra) > 0 {
			t.Errorf("%s: %q: games not selected that should be %v, selected that should not be %v",
				path, c.query, firstFew(missing), firstFew(extra))
		}
	}
}

func firstFew(s []int) []int { return s[:min(len(s), 10)] }

// Commands of comments: %clk h:mm:ss and %eval pawns or #mate.
var (
	clkCommand  = regexp.MustCompile(`\[%clk\s+(\d+):(\d\d):(\d\d(?:\.\d+)?)\s*\]`)
	evalCommand = regexp.MustCompile(`\[%eval\s+(#?)(-?[0-9.]+)[\s,\]]`)
)

// clockOf returns the seconds of the move's first %clk command.
func clockOf(m termMove) (float64, bool) {
	for _, c := range m.Comments {
		if s := clkCommand.FindStringSubmatch(c); s != nil {
			h, _ := strconv.Atoi(s[1])
			mm, _ := strconv.Atoi(s[2])
			sec, _ := strconv.ParseFloat(s[3], 64)
			return float64(h*3600+mm*60) + sec, true
		}
	}
	return 0, false
}

// evalOf returns the move's %eval: centipawns, or mate in mate moves.
func evalOf(m termMove) (cp float64, mate int, ok bool) {
	for _, c := range m.Comments {
		if s := evalCommand.FindStringSubmatch(c + " "); s != nil {
			if s[1] == "#" {
				n, err := strconv.Atoi(s[2])
				return 0, n, err == nil && n != 0
			}
			x, err := strconv.ParseFloat(s[2], 64)
			return math.Round(x * 100), 0, err == nil
		}
	}
	return 0, 0, false
}

// anyMoveFrom reports whether a move of the main line from ply from
// (1-based) to ply to passes f.
func anyMoveFrom(g *termGame, from, to int, f func(termMove) bool) bool {
	for i := max(from, 1); i <= min(to, len(g.Moves)); i++ {
		if f(g.Moves[i-1]) {
			return true
		}
	}
	return false
}

func anyMove(g *termGame, f func(termMove) bool) bool { return anyMoveFrom(g, 1, len(g.Moves), f) }

// evalAtMost is the test of eval <= cp: a centipawn value, or any mate by
// black.
func evalAtMost(cp float64) func(termMove) bool {
	return func(m termMove) bool {
		x, mate, ok := evalOf(m)
		return ok && (mate < 0 || mate == 0 && x <= cp)
	}
}

// clockBelow is the test of clock < secs.
func clockBelow(secs float64) func(termMove) bool {
	return func(m termMove) bool { s, ok := clockOf(m); return ok && s < secs }
}

// lichessFile returns the lichess excerpt with %clk and %eval on every
// move, or skips.
func lichessFile(t *testing.T) string {
	if os.Getenv("PGNC_EXTENDED") == "" {
		t.Skip("the corpus tests run with PGNC_EXTENDED=1 set")
	}
	path := filepath.Join("..", "..", "..", "shared", "corpus", "edge", "lichess-twic", "lichess_db_1000k.pgn")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no corpus file %s", path)
	}
	return path
}

// TestSelectClockEvalCorpus checks eval and clock on lichess games against
// the %clk and %eval commands read here from the comments convert writes.
func TestSelectClockEvalCorpus(t *testing.T) {
	path := lichessFile(t)
	games := termGames(t, path)
	cases := []termCase{
		{query: `eval <= -300`, want: func(g *termGame) bool { return anyMove(g, evalAtMost(-300)) }},
		{query: `eval <= -3.0 after ply 20`, want: func(g *termGame) bool { return anyMoveFrom(g, 21, len(g.Moves), evalAtMost(-300)) }},
		{query: `eval >= 500 at ply 30`, want: func(g *termGame) bool {
			return anyMoveFrom(g, 30, 30, func(m termMove) bool { x, mate, ok := evalOf(m); return ok && (mate > 0 || mate == 0 && x >= 500) })
		}},
		{query: `eval <= "#-3"`, want: func(g *termGame) bool {
			return anyMove(g, func(m termMove) bool { _, mate, ok := evalOf(m); return ok && mate < 0 && mate >= -3 })
		}},
		{query: `eval = "#2"`, want: func(g *termGame) bool {
			return anyMove(g, func(m termMove) bool { _, mate, ok := evalOf(m); return ok && mate == 2 })
		}},
		{query: `eval > 0 in final position`, want: func(g *termGame) bool {
			return anyMoveFrom(g, len(g.Moves), len(g.Moves), func(m termMove) bool { x, mate, ok := evalOf(m); return ok && (mate > 0 || mate == 0 && x > 0) })
		}},
		{query: `eval = 0`, want: func(g *termGame) bool {
			return anyMove(g, func(m termMove) bool { x, mate, ok := evalOf(m); return ok && mate == 0 && x == 0 })
		}},
		{query: `clock < 60`, want: func(g *termGame) bool { return anyMove(g, clockBelow(60)) }},
		{query: `clock < "0:00:10" after ply 40`, want: func(g *termGame) bool { return anyMoveFrom(g, 41, len(g.Moves), clockBelow(10)) }},
		{query: `clock >= 600`, want: func(g *termGame) bool {
			return anyMove(g, func(m termMove) bool { s, ok := clockOf(m); return ok && s >= 600 })
		}},
		{query: `clock < 30 and eval <= -200`, want: func(g *termGame) bool { return anyMove(g, clockBelow(30)) && anyMove(g, evalAtMost(-200)) }},
		{query: `has clocks`, want: func(g *termGame) bool { return anyMove(g, func(m termMove) bool { _, ok := clockOf(m); return ok }) }},
		{query: `not has evals`, want: func(g *termGame) bool {
			return !anyMove(g, func(m termMove) bool { _, _, ok := evalOf(m); return ok })
		}},
	}
	counts := map[string][2]int{}
	compareTerms(t, path, games, cases, counts)
	for _, c := range cases {
		t.Logf("%-40s %4d of %d games", c.query, counts[c.query][1], counts[c.query][0])
		if n := counts[c.query]; n[1] == 0 || n[1] == n[0] {
			t.Errorf("%q selects %d of %d games: the case tells nothing", c.query, n[1], n[0])
		}
	}
}

var _ = slices.Contains[[]string]
