package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"
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
	// A blank line ends each game's block of FENs; a failed game's block
	// is empty.
	var blocks [][]string
	var block []string
	for _, line := range strings.SplitAfter(string(runOut(t, "convert", "--to", "fen", path)), "\n") {
		switch line {
		case "\n":
			blocks, block = append(blocks, block), nil
		case "":
		default:
			block = append(block, strings.TrimSuffix(line, "\n"))
		}
	}
	if len(blocks) != len(games) {
		t.Fatalf("%s: %d games, %d FEN blocks", path, len(games), len(blocks))
	}
	for i, g := range games {
		if g.Index != i+1 {
			t.Fatalf("%s: record %d has index %d", path, i+1, g.Index)
		}
		g.Opening = withECO[i].Opening
		g.fens = blocks[i]
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
	for _, path := range testfiles.Corpus(t, filepath.Join("edge", "lichess-twic")) {
		if filepath.Base(path) == "lichess_db_1000k.pgn" {
			return path
		}
	}
	t.Skip("corpus not present: no lichess-twic/lichess_db_1000k.pgn")
	return ""
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
		{query: `clock < 0:01:30`, want: func(g *termGame) bool { return anyMove(g, clockBelow(90)) }},
		{query: `clock < 2:05`, want: func(g *termGame) bool { return anyMove(g, clockBelow(125)) }},
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

// tagNames are the terms that name a tag, and the tag.
var tagNames = map[string]string{
	"white": "White", "black": "Black", "event": "Event", "site": "Site", "round": "Round", "result": "Result",
	"variation": "Variation", "annotator": "Annotator", "timecontrol": "TimeControl",
	"termination": "Termination", "whitetitle": "WhiteTitle", "blacktitle": "BlackTitle", "mode": "Mode",
	"eventdate": "EventDate", "whitefideid": "WhiteFideId", "blackfideid": "BlackFideId",
}

// textLess compares a tag's value with v as select's help says: as
// numbers where both are, else as text.
func textCompare(s, v string) int {
	x, errX := strconv.ParseFloat(s, 64)
	y, errY := strconv.ParseFloat(v, 64)
	if errX == nil && errY == nil && !math.IsNaN(x) && !math.IsInf(x, 0) && !math.IsNaN(y) && !math.IsInf(y, 0) {
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	return strings.Compare(s, v)
}

// dayOf returns a Date tag as YYYYMMDD with unknown parts as their first
// possible value, and whether it is a date: YYYY, then a two-digit month
// and day, either of which may be unknown (??), but not the month alone.
func dayOf(s string) (string, bool) {
	parts := strings.Split(s, ".")
	if len(parts) > 3 || len(parts[0]) != 4 || strings.Trim(parts[0], "0123456789") != "" {
		return "", false
	}
	for len(parts) < 3 {
		parts = append(parts, "??")
	}
	known := func(p string) bool { return strings.Trim(p, "?") != "" }
	if !known(parts[1]) && known(parts[2]) {
		return "", false
	}
	out := parts[0]
	for i, limit := range []string{"12", "31"} {
		p := parts[i+1]
		if !known(p) {
			out += "01"
			continue
		}
		if len(p) != 2 || strings.Trim(p, "0123456789") != "" || p == "00" || p > limit {
			return "", false
		}
		out += p
	}
	return out, true
}

// opening returns the ECO or Opening tag, or where it is missing, empty or
// "?", what convert --eco names.
func (g *termGame) opening(tag string) (string, bool) {
	if v, ok := g.Tags[tag]; ok && v != "" && v != "?" {
		return v, true
	}
	if g.Opening == nil || !g.ok() {
		return "", false
	}
	if tag == "ECO" {
		return g.Opening.ECO, true
	}
	return g.Opening.Name, true
}

// elo returns a rating tag when it is a positive number.
func (g *termGame) elo(tag string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(g.Tags[tag]))
	return n, err == nil && n > 0
}

// placement returns a FEN's placement as 64 characters, the eighth rank
// first, "_" for an empty square.
func placement(fen string) []string {
	field, _, _ := strings.Cut(fen, " ")
	var ranks []string
	for _, r := range strings.Split(field, "/") {
		var b strings.Builder
		for _, c := range r {
			if c >= '1' && c <= '8' {
				b.WriteString(strings.Repeat("_", int(c-'0')))
			} else {
				b.WriteRune(c)
			}
		}
		ranks = append(ranks, b.String())
	}
	return ranks
}

// patternRegexps turns a FEN pattern into one regular expression per rank,
// on placement's ranks, and the side to move ("" for either).
func patternRegexps(pat string) ([]*regexp.Regexp, string) {
	field, side, _ := strings.Cut(pat, " ")
	var res []*regexp.Regexp
	for _, r := range strings.Split(field, "/") {
		var b strings.Builder
		b.WriteString("^")
		for _, c := range r {
			switch {
			case c >= '1' && c <= '8':
				b.WriteString(strings.Repeat("_", int(c-'0')))
			case c == '?':
				b.WriteString(".")
			case c == '!':
				b.WriteString("[^_]")
			case c == 'A':
				b.WriteString("[KQRBNP]")
			case c == 'a':
				b.WriteString("[kqrbnp]")
			case c == '*':
				b.WriteString(".*")
			default:
				b.WriteRune(c) // piece letters, and [ ] ^ of sets
			}
		}
		b.WriteString("$")
		res = append(res, regexp.MustCompile(b.String()))
	}
	return res, side
}

// anyFEN reports whether a position of the main line, the start
// included, passes f.
func anyFEN(g *termGame, f func(fen string) bool) bool {
	return slices.ContainsFunc(g.fens, f)
}

// patternTest returns the test of a FEN pattern on a FEN.
func patternTest(pat string) func(string) bool {
	res, side := patternRegexps(pat)
	return func(fen string) bool {
		if side != "" && strings.Fields(fen)[1] != side {
			return false
		}
		for i, rank := range placement(fen) {
			if !res[i].MatchString(rank) {
				return false
			}
		}
		return true
	}
}

// pieceCount returns the letters of a FEN's pieces, sorted.
func pieceCount(fen string) map[rune]int {
	n := map[rune]int{}
	for _, c := range strings.Join(placement(fen), "") {
		if c != '_' {
			n[c]++
		}
	}
	return n
}

// epd returns a FEN's first four fields.
func epd(fen string) string { return strings.Join(strings.Fields(fen)[:4], " ") }

// mainComments returns the comments of the main line.
func mainComments(g *termGame) []string {
	out := append(slices.Clone(g.Comments), g.Trailing...)
	for _, m := range g.Moves {
		out = append(append(out, m.Before...), m.Comments...)
	}
	return out
}

// threefold reports whether a position, as the first four fields of its
// FEN, stands three times in the main line.
func threefold(g *termGame) bool {
	seen := map[string]int{}
	for _, f := range g.fens {
		if seen[epd(f)]++; seen[epd(f)] == 3 {
			return true
		}
	}
	return false
}

func trimCheck(san string) string { return strings.TrimRight(san, "+#") }

// termCases are the cases of TestSelectTermsCorpus: every term of the
// language with an independent computation.
func termCases() []termCase {
	var cases []termCase
	re := regexp.MustCompile(`^[A-M]`)
	cases = append(cases,
		termCase{query: `white ~ "^[A-M]"`, tags: true, want: func(g *termGame) bool { v, ok := g.Tags["White"]; return ok && re.MatchString(v) }},
		termCase{query: `black !~ "^[A-M]"`, tags: true, want: func(g *termGame) bool { v, ok := g.Tags["Black"]; return !ok || !re.MatchString(v) }},
		termCase{query: `round > 3`, tags: true, want: func(g *termGame) bool { v, ok := g.Tags["Round"]; return ok && textCompare(v, "3") > 0 }},
		termCase{query: `event <= "M"`, tags: true, want: func(g *termGame) bool { v, ok := g.Tags["Event"]; return ok && textCompare(v, "M") <= 0 }},
		termCase{query: `result in [1-0, "0-1"]`, tags: true, want: func(g *termGame) bool { v := g.Tags["Result"]; return v == "1-0" || v == "0-1" }},
		termCase{query: `player contains "an"`, tags: true, want: func(g *termGame) bool {
			w, okw := g.Tags["White"]
			b, okb := g.Tags["Black"]
			return okw && strings.Contains(strings.ToLower(w), "an") || okb && strings.Contains(strings.ToLower(b), "an")
		}},
		termCase{query: `tag("TimeControl") = "300+3"`, tags: true, want: func(g *termGame) bool { v, ok := g.Tags["TimeControl"]; return ok && v == "300+3" }},
		termCase{query: `tag("PlyCount") >= 80`, tags: true, want: func(g *termGame) bool { v, ok := g.Tags["PlyCount"]; return ok && textCompare(v, "80") >= 0 }},
		termCase{query: `variant = standard`, tags: true, want: func(g *termGame) bool { v := g.Tags["Variant"]; return v == "" || v == "standard" }},
		termCase{query: `variant ~ "(?i)960"`, tags: true, want: func(g *termGame) bool { return strings.Contains(g.Tags["Variant"], "960") }},
		termCase{query: `date >= 2000.06 and date < 2020`, tags: true, want: func(g *termGame) bool {
			d, ok := dayOf(g.Tags["Date"])
			return ok && d >= "20000601" && d < "20200101"
		}},
		termCase{query: `date = 2025.05.01 or date = 1990.??.??`, tags: true, want: func(g *termGame) bool {
			d, ok := dayOf(g.Tags["Date"])
			return ok && (d == "20250501" || strings.HasPrefix(d, "1990"))
		}},
		termCase{query: `date <= 1980.05`, tags: true, want: func(g *termGame) bool { d, ok := dayOf(g.Tags["Date"]); return ok && d <= "19800531" }},
		termCase{query: `date > 1980.05`, tags: true, want: func(g *termGame) bool { d, ok := dayOf(g.Tags["Date"]); return ok && d > "19800531" }},
		termCase{query: `elo >= 2500`, tags: true, want: func(g *termGame) bool {
			w, okw := g.elo("WhiteElo")
			b, okb := g.elo("BlackElo")
			return okw && okb && min(w, b) >= 2500
		}},
		termCase{query: `whiteelo > 2000 or blackelo < 1500`, tags: true, want: func(g *termGame) bool {
			w, okw := g.elo("WhiteElo")
			b, okb := g.elo("BlackElo")
			return okw && w > 2000 || okb && b < 1500
		}},
		termCase{query: `elodiff > 300`, tags: true, want: func(g *termGame) bool {
			w, okw := g.elo("WhiteElo")
			b, okb := g.elo("BlackElo")
			return okw && okb && (w-b > 300 || b-w > 300)
		}},
		// eco and opening fall back on the moves: compared where convert
		// replays them.
		termCase{query: `eco in B90..B99 or eco < A10`, want: func(g *termGame) bool {
			v, ok := g.opening("ECO")
			v = strings.ToUpper(v[:min(len(v), 3)])
			return ok && len(v) == 3 && v[0] >= 'A' && v[0] <= 'E' && v[1] >= '0' && v[1] <= '9' && v[2] >= '0' && v[2] <= '9' &&
				(v >= "B90" && v <= "B99" || v < "A10")
		}},
		termCase{query: `opening ~ "Sicilian"`, want: func(g *termGame) bool { v, ok := g.opening("Opening"); return ok && strings.Contains(v, "Sicilian") }},
		termCase{query: `plies > 60`, want: func(g *termGame) bool { return len(g.Moves) > 60 }},
		termCase{query: `moves <= 20`, want: func(g *termGame) bool { return (len(g.Moves)+1)/2 <= 20 }},
		termCase{query: `checkmate`, want: func(g *termGame) bool { return len(g.Moves) > 0 && g.Moves[len(g.Moves)-1].Check == "mate" }},
		termCase{query: `draw by repetition`, want: threefold},
		termCase{query: `repetition and not castles`, want: func(g *termGame) bool {
			return threefold(g) && !anyMove(g, func(m termMove) bool { return m.Castle != "" })
		}},
		termCase{query: `promotion`, want: func(g *termGame) bool { return anyMove(g, func(m termMove) bool { return m.Promotion != "" }) }},
		termCase{query: `underpromotion`, want: func(g *termGame) bool {
			return anyMove(g, func(m termMove) bool { return m.Promotion != "" && m.Promotion != "queen" })
		}},
		termCase{query: `castles`, want: func(g *termGame) bool { return anyMove(g, func(m termMove) bool { return m.Castle != "" }) }},
		termCase{query: `has comments`, want: func(g *termGame) bool { return len(mainComments(g)) > 0 }},
		termCase{query: `has variations`, want: func(g *termGame) bool { return anyMove(g, func(m termMove) bool { return len(m.Variations) > 0 }) }},
		termCase{query: `comment ~ "(?i)mate|blunder"`, want: func(g *termGame) bool {
			re := regexp.MustCompile(`(?i)mate|blunder`)
			return slices.ContainsFunc(mainComments(g), re.MatchString)
		}},
		termCase{query: `has errors`, want: func(g *termGame) bool { return slices.Contains(slices.Collect(maps.Values(g.codes)), "error") }},
		termCase{query: `has warnings`, want: func(g *termGame) bool { return slices.Contains(slices.Collect(maps.Values(g.codes)), "warning") }},
		termCase{query: `has code PGN321 or has code PGN106`, want: func(g *termGame) bool { return g.codes["PGN321"] != "" || g.codes["PGN106"] != "" }},
		termCase{query: `position "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -"`, want: func(g *termGame) bool {
			return anyFEN(g, func(f string) bool { return epd(f) == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -" })
		}},
		termCase{query: `position "rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3"`, want: func(g *termGame) bool {
			return anyFEN(g, func(f string) bool { return epd(f) == "rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq -" })
		}},
		termCase{query: `pattern "*/*/*/*/*/*/*/*R*r* w"`, want: func(g *termGame) bool { return anyFEN(g, patternTest("*/*/*/*/*/*/*/*R*r* w")) }},
		termCase{query: `pattern "r?[bn]*/*/*/3Aa*/*/*/*/* b" after ply 10`, want: func(g *termGame) bool {
			return len(g.fens) > 11 && slices.ContainsFunc(g.fens[11:], patternTest("r?[bn]*/*/*/3Aa*/*/*/*/* b"))
		}},
		termCase{query: `pattern "*/*/*/*/*/*/*/[^K_]!*" at ply 20`, want: func(g *termGame) bool {
			return len(g.fens) > 20 && patternTest("*/*/*/*/*/*/*/[^K_]!*")(g.fens[20])
		}},
		termCase{query: `pattern "8/*/*/*/*/*/*/*" in final position`, want: func(g *termGame) bool {
			return len(g.fens) > 0 && patternTest("8/*/*/*/*/*/*/*")(g.fens[len(g.fens)-1])
		}},
		termCase{query: `material "KRP vs KR" in final position`, want: func(g *termGame) bool {
			if len(g.fens) == 0 {
				return false
			}
			return maps.Equal(pieceCount(g.fens[len(g.fens)-1]), map[rune]int{'K': 1, 'R': 1, 'P': 1, 'k': 1, 'r': 1})
		}},
		termCase{query: `material >= "KQR vs KQR"`, want: func(g *termGame) bool {
			return anyFEN(g, func(f string) bool {
				n := pieceCount(f)
				return n['Q'] >= 1 && n['R'] >= 1 && n['q'] >= 1 && n['r'] >= 1
			})
		}},
		termCase{query: `material <= "KRBPPP vs KRBPPP" in final position`, want: func(g *termGame) bool {
			if len(g.fens) == 0 {
				return false
			}
			n := pieceCount(g.fens[len(g.fens)-1])
			return n['Q'] == 0 && n['q'] == 0 && n['N'] == 0 && n['n'] == 0 && n['R'] <= 1 && n['r'] <= 1 &&
				n['B'] <= 1 && n['b'] <= 1 && n['P'] <= 3 && n['p'] <= 3
		}},
		termCase{query: `to move black in final position`, want: func(g *termGame) bool {
			return len(g.fens) > 0 && strings.Fields(g.fens[len(g.fens)-1])[1] == "b"
		}},
		termCase{query: `to move white at ply 3`, want: func(g *termGame) bool { return len(g.fens) > 3 && strings.Fields(g.fens[3])[1] == "w" }},
		termCase{query: `starts "1. e4 c5 2. Nf3 d6"`, want: func(g *termGame) bool {
			want := []string{"e2e4", "c7c5", "g1f3", "d7d6"}
			if len(g.Moves) < 4 || g.Start != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
				return false
			}
			for i, u := range want {
				if g.Moves[i].UCI != u {
					return false
				}
			}
			return true
		}},
		termCase{query: `contains moves "exd5 exd5" or contains moves "Bxf7+ Kxf7"`, want: func(g *termGame) bool {
			for i := 0; i+1 < len(g.Moves); i++ {
				a, b := trimCheck(g.Moves[i].SAN), trimCheck(g.Moves[i+1].SAN)
				if a == "exd5" && b == "exd5" || a == "Bxf7" && b == "Kxf7" {
					return true
				}
			}
			return false
		}},
	)
	return cases
}

// TestSelectTermsCorpus checks every term of the language on the edge
// corpus against computations from convert's and check's output.
func TestSelectTermsCorpus(t *testing.T) {
	// The small files, and a slice of lichess (clocks, evals).
	var files []string
	for _, path := range testfiles.Corpus(t, "edge") {
		if info, err := os.Stat(path); err == nil && info.Size() < 150<<10 {
			files = append(files, path)
		}
	}
	files = append(files, lichessFile(t))
	cases := termCases()
	counts := map[string][2]int{}
	for _, path := range files {
		compareTerms(t, path, termGames(t, path), cases, counts)
	}
	for _, c := range cases {
		n := counts[c.query]
		t.Logf("%-70s %5d of %d games", c.query, n[1], n[0])
		if n[1] == 0 || n[1] == n[0] {
			t.Errorf("%q selects %d of %d games: the case tells nothing", c.query, n[1], n[0])
		}
	}
}

// TestSelectTagTerms checks each term that names a tag on games that have
// it, have it empty, have "?" or lack it, against the tags convert
// writes.
func TestSelectTagTerms(t *testing.T) {
	var pgn strings.Builder
	values := []string{"Anand", "", "?", "Kasparov, Garry", "1", "12.5", "ANNA"}
	names := slices.Sorted(maps.Keys(tagNames))
	for i := range 2 * len(values) {
		for j, name := range names {
			if (i+j)%len(values) == len(values)-1 && i >= len(values) {
				continue // the tag is missing
			}
			fmt.Fprintf(&pgn, "[%s %q]\n", tagNames[name], values[(i*3+j)%len(values)])
		}
		pgn.WriteString("\n1. e4 *\n\n")
	}
	path := filepath.Join(t.TempDir(), "tags.pgn")
	if err := os.WriteFile(path, []byte(pgn.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	games := termGames(t, path)
	var cases []termCase
	for _, name := range names {
		tag := tagNames[name]
		cases = append(cases,
			termCase{query: name + ` contains "an"`, tags: true, want: func(g *termGame) bool {
				v, ok := g.Tags[tag]
				return ok && strings.Contains(strings.ToLower(v), "an")
			}},
			termCase{query: name + ` != "?"`, tags: true, want: func(g *termGame) bool { return g.Tags[tag] != "?" }},
			termCase{query: name + ` >= 10`, tags: true, want: func(g *termGame) bool { v, ok := g.Tags[tag]; return ok && textCompare(v, "10") >= 0 }},
			termCase{query: name + ` = ""`, tags: true, want: func(g *termGame) bool { v, ok := g.Tags[tag]; return ok && v == "" }},
		)
	}
	counts := map[string][2]int{}
	compareTerms(t, path, games, cases, counts)
	for _, c := range cases {
		if n := counts[c.query]; n[1] == 0 || n[1] == n[0] {
			t.Errorf("%q selects %d of %d games: the case tells nothing", c.query, n[1], n[0])
		}
	}
}
