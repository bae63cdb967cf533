package check

import (
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
)

// The tags the checks look up, numbered for tagIndex: the Seven Tag Roster
// first, in its required order, then the others.
const (
	tagEvent = iota
	tagSite
	tagDate
	tagRound
	tagWhite
	tagBlack
	tagResult
	tagPlyCount
	tagFEN
	tagSetUp
	tagVariant
	lookedUpTags
)

// roster is the Seven Tag Roster in its required order.
var roster = [tagPlyCount]string{
	tagEvent: "Event", tagSite: "Site", tagDate: "Date", tagRound: "Round",
	tagWhite: "White", tagBlack: "Black", tagResult: "Result",
}

// lookedUp returns the number of a tag the checks look up, or -1.
func lookedUp(name string) int {
	switch name {
	case "Event":
		return tagEvent
	case "Site":
		return tagSite
	case "Date":
		return tagDate
	case "Round":
		return tagRound
	case "White":
		return tagWhite
	case "Black":
		return tagBlack
	case "Result":
		return tagResult
	case "PlyCount":
		return tagPlyCount
	case "FEN":
		return tagFEN
	case "SetUp":
		return tagSetUp
	case "Variant":
		return tagVariant
	}
	return -1
}

// tagIndex holds the first tag of each name the checks look up and its place
// in the tag section, found in one pass, which may take the section in
// parts (addTags).
type tagIndex struct {
	first [lookedUpTags]*ast.TagPair
	at    [lookedUpTags]int
	// count is how many tags are added, and firstSpan where the first is.
	count     int
	firstSpan ast.Span
	// others has a bit for the length and first byte of each other name
	// seen: a name whose bit is clear cannot repeat an earlier one. seen,
	// where set, holds the other names instead: so that a long section
	// costs O(n), not O(n²), and for a section that comes in parts.
	others  uint64
	seen    map[string]bool
	missing []string // the roster's tags that are not there (finishTags)
}

// checkTags checks the tag section: the Seven Tag Roster in order, dates
// and duplicates. It fills c.tags for the checks that follow, and the
// missing roster tags for tagsVsGame.
func (c *checker) checkTags(g *ast.Game) {
	c.tags = tagIndex{}
	if len(g.Tags) > manyTags {
		c.tags.seen = map[string]bool{} // as big as the distinct names, not the pairs
	}
	c.addTags(g.Tags)
	c.finishTags()
}

// addTags adds tags, the next ones of the tag section, to c.tags and
// reports those that repeat a name. Without c.tags.seen, the tags added
// before must be tags itself.
func (c *checker) addTags(tags []*ast.TagPair) {
	ti := &c.tags
	if ti.count == 0 && len(tags) > 0 {
		ti.firstSpan = tags[0].Span
	}
	for i, t := range tags {
		if k := lookedUp(t.Name); k >= 0 {
			if ti.first[k] == nil {
				ti.first[k], ti.at[k] = t, ti.count+i
				continue
			}
		} else if ti.seen != nil {
			if !ti.seen[t.Name] {
				ti.seen[t.Name] = true
				continue
			}
		} else if bit := nameBit(t.Name); ti.others&bit == 0 {
			ti.others |= bit
			continue
		} else if !namedBefore(tags[:i], t.Name) {
			continue
		}
		c.add(diag.DuplicateTag, t, "tag", t.Name)
	}
	ti.count += len(tags)
}

// finishTags checks the tag section once it is complete: the roster's
// order, the date and the Result tag's value.
func (c *checker) finishTags() {
	if c.tags.count == 0 {
		return // reported by the parser
	}
	last, lastName := -1, ""
	for k, name := range roster {
		t := c.tags.first[k]
		if t == nil {
			c.tags.missing = append(c.tags.missing, name)
			continue
		}
		if pos := c.tags.at[k]; pos < last {
			c.add(diag.RosterOrder, t, "tag", name, "other", lastName)
		} else {
			last, lastName = pos, name
		}
	}
	if d := c.tags.first[tagDate]; d != nil && !validDate(d.Value) {
		c.add(diag.DateFormat, d, "value", strconv.Quote(d.Value))
	}
	if r := c.tags.first[tagResult]; r != nil && !validResult(r.Value) {
		c.add(diag.ResultTagValue, r, "value", strconv.Quote(r.Value))
	}
}

func validResult(s string) bool { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*" }

// tagsVsGame checks what the tag section says against what only the end
// of the game tells: the roster, unless a syntax error skipped later tags,
// and the Result tag against the marker.
func (c *checker) tagsVsGame(g *ast.Game) {
	if len(c.tags.missing) > 0 && !g.Broken {
		c.diags.Add(diag.RosterMissing, c.tags.firstSpan.From, c.tags.firstSpan.To, c.index, "tags", strings.Join(c.tags.missing, ", "))
	}
	if r := c.tags.first[tagResult]; r != nil && validResult(r.Value) && g.Result != nil && r.Value != g.Result.Outcome.String() {
		if d := c.add(diag.ResultMismatch, g.Result, "tag", strconv.Quote(r.Value), "marker", g.Result.Text); c.kept(d) {
			if g.Result.Outcome != ast.Unknown {
				// The marker is the game's result as pgnc reads it
				// (and fmt writes it): the tag follows it.
				d.Fixes = append(d.Fixes, diag.Fix{Start: r.ValueSpan.From, End: r.ValueSpan.To, Text: `"` + g.Result.Outcome.String() + `"`, Certain: true})
			} else {
				// A '*' may stand for a result the tag knows: the
				// marker may follow the tag, which a reader decides.
				d.Replace(r.Value)
			}
		}
	}
}

// tagOutcome reads a Result tag's value, one of the standard's four.
func tagOutcome(value string) (ast.Outcome, bool) {
	for _, o := range [...]ast.Outcome{ast.Unknown, ast.WhiteWins, ast.BlackWins, ast.Draw} {
		if value == o.String() {
			return o, true
		}
	}
	return ast.Unknown, false
}

// manyTags is the longest tag section searched without a map.
const manyTags = 64

// nameBit picks one of 64 bits from a tag name's length and first byte.
func nameBit(name string) uint64 {
	h := uint(len(name)) * 7
	if len(name) > 0 {
		h += uint(name[0])
	}
	return 1 << (h % 64)
}

// namedBefore reports whether a tag of tags is named name.
func namedBefore(tags []*ast.TagPair, name string) bool {
	for _, t := range tags {
		if t.Name == name {
			return true
		}
	}
	return false
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
	if pc := c.tags.first[tagPlyCount]; pc != nil {
		if n, err := strconv.Atoi(pc.Value); err == nil && n != plies {
			if d := c.add(diag.PlyCountWrong, pc, "tag", pc.Value, "count", strconv.Itoa(plies)); c.kept(d) {
				// The tag counts the moves, which stay as they are.
				d.Fixes = append(d.Fixes, diag.Fix{Start: pc.ValueSpan.From, End: pc.ValueSpan.To, Text: `"` + strconv.Itoa(plies) + `"`, Certain: true})
			}
		}
	}
	// The result the game declares: its termination marker, or, where it
	// has none, its Result tag, which fmt writes as the marker.
	var declared ast.Outcome
	var where ast.Node
	var text string
	if g.Result != nil {
		declared, where, text = g.Result.Outcome, g.Result, g.Result.Text
	} else if r := c.tags.first[tagResult]; r != nil {
		var ok bool
		if declared, ok = tagOutcome(r.Value); !ok {
			return // PGN328, reported by checkTags
		}
		where, text = r, r.Value
	} else {
		return
	}
	var status, fix string
	want := declared
	switch final.Status() {
	case chess.Checkmate:
		if final.Turn() == chess.White {
			status, want, fix = diag.Phrase("checkmate: black wins"), ast.BlackWins, "0-1"
		} else {
			status, want, fix = diag.Phrase("checkmate: white wins"), ast.WhiteWins, "1-0"
		}
	case chess.Stalemate:
		status, want, fix = diag.Phrase("stalemate: a draw"), ast.Draw, "1/2-1/2"
	default:
		return
	}
	var d *diag.Diagnostic
	switch {
	case declared == want:
		return
	case declared == ast.Unknown:
		d = c.addArgs(diag.UnfinishedResult, where, diag.PhraseArg("status", status), diag.ValueArg("fix", fix))
	default:
		d = c.addArgs(diag.ResultVsBoard, where, diag.PhraseArg("status", status), diag.ValueArg("result", text), diag.ValueArg("fix", fix))
	}
	if !c.kept(d) {
		return
	}
	d.FEN = final.FEN()
	if tag, ok := where.(*ast.TagPair); ok {
		// The Result tag stands for the missing marker: its value is
		// what to mend, quotes and all.
		d.Fixes = append(d.Fixes, diag.Fix{Start: tag.ValueSpan.From, End: tag.ValueSpan.To, Text: `"` + fix + `"`, Certain: true})
	} else {
		d.ReplaceCertain(fix) // the board decides the result
	}
}
