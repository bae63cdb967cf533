package check

import (
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/ast"
	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
)

// roster is the Seven Tag Roster in its required order.
var roster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// checkTags checks the tag section: the Seven Tag Roster present and in
// order, dates, duplicates, and the Result tag against the marker.
func (c *checker) checkTags(g *ast.Game) {
	if len(g.Tags) == 0 {
		return // reported by the parser
	}
	// seen returns the first tag named name; tag sections are short, so a
	// scan beats a map.
	seen := func(name string) *ast.TagPair { return tagNode(g, name) }
	for _, t := range g.Tags {
		if first := seen(t.Name); first != t {
			c.add(diag.DuplicateTag, t, "tag", t.Name)
		}
	}
	last := -1
	var missing []string
	for _, name := range roster {
		t := seen(name)
		if t == nil {
			missing = append(missing, name)
			continue
		}
		pos := indexOf(g.Tags, t)
		if pos < last {
			c.add(diag.RosterOrder, t, "tag", name, "other", g.Tags[last].Name)
		}
		last = max(last, pos)
	}
	if len(missing) > 0 && !g.Broken { // a broken game's later tags were skipped
		c.diags.Add(diag.RosterMissing, g.Tags[0].From, g.Tags[0].To, c.index, "tags", strings.Join(missing, ", "))
	}
	if d := seen("Date"); d != nil && !validDate(d.Value) {
		c.add(diag.DateFormat, d, "value", strconv.Quote(d.Value))
	}
	if r := seen("Result"); r != nil && r.Value != "1-0" && r.Value != "0-1" && r.Value != "1/2-1/2" && r.Value != "*" {
		c.add(diag.ResultTagValue, r, "value", strconv.Quote(r.Value))
	} else if r != nil && g.Result != nil && r.Value != g.Result.Outcome.String() {
		c.add(diag.ResultMismatch, g.Result, "tag", strconv.Quote(r.Value), "marker", g.Result.Text)
	}
	if pc := seen("PlyCount"); pc != nil {
		c.plyCount = pc
	}
}

func indexOf(tags []*ast.TagPair, t *ast.TagPair) int {
	for i, x := range tags {
		if x == t {
			return i
		}
	}
	return -1
}

// validDate accepts YYYY.MM.DD with '?' for unknown digits.
func validDate(s string) bool {
	if len(s) != 10 || s[4] != '.' || s[7] != '.' {
		return false
	}
	for i, ch := range []byte(s) {
		if i == 4 || i == 7 {
			continue
		}
		if ch != '?' && (ch < '0' || ch > '9') {
			return false
		}
	}
	if m := s[5:7]; !strings.Contains(m, "?") && (m < "01" || m > "12") {
		return false
	}
	if d := s[8:10]; !strings.Contains(d, "?") && (d < "01" || d > "31") {
		return false
	}
	return true
}

// checkResult compares the declared result with the final position and the
// PlyCount tag with the moves.
func (c *checker) checkResult(g *ast.Game, final *chess.Position, plies int) {
	if c.plyCount != nil {
		if n, err := strconv.Atoi(c.plyCount.Value); err == nil && n != plies {
			c.add(diag.PlyCountWrong, c.plyCount, "tag", c.plyCount.Value, "count", strconv.Itoa(plies))
		}
	}
	if g.Result == nil {
		return
	}
	var status, fix string
	var declared = g.Result.Outcome
	want := declared
	switch final.Status() {
	case chess.Checkmate:
		if final.Turn() == chess.White {
			status, want, fix = "checkmate: black wins", ast.BlackWins, "0-1"
		} else {
			status, want, fix = "checkmate: white wins", ast.WhiteWins, "1-0"
		}
	case chess.Stalemate:
		status, want, fix = "stalemate: a draw", ast.Draw, "1/2-1/2"
	default:
		return
	}
	switch {
	case declared == want:
	case declared == ast.Unknown:
		c.add(diag.UnfinishedResult, g.Result, "status", status, "fix", fix)
	default:
		c.add(diag.ResultVsBoard, g.Result, "status", status, "result", g.Result.Text, "fix", fix)
	}
}
