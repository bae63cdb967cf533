// Package export writes games in the PGN export format (PGN standard 1994,
// sections 3.2 and 8): the Seven Tag Roster first and in order, other tags
// in ASCII order, movetext in canonical SAN on lines of less than 80
// characters, move numbers where the standard puts them, suffix annotations
// as NAGs, and the termination marker equal to the Result tag.
package export

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// Options change what is written.
type Options struct {
	Width           int  // longest movetext line; 0 means 79, the standard's "less than 80"
	StripComments   bool // leave out comments
	StripVariations bool // leave out variations
	StripNAGs       bool // leave out NAGs and suffix annotations
	StripClock      bool // remove [%clk …] commands from comments, dropping comments left empty
	KeepSuffixes    bool // write suffix annotations as written ("!?") instead of as NAGs ("$5")
	// Letters writes the moves with the piece letters of a language (nil:
	// English, as the standard has it); Figurines with chess symbols
	// instead of letters. pgnc reads both back; other programs may not.
	Letters   *san.Language
	Figurines bool
}

// roster is the Seven Tag Roster and the values written for missing tags.
var roster = [...]struct{ name, missing string }{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// Game appends g in export format to b, followed by the empty line that
// ends a game. g must be complete (every main-line move replayed).
func Game(b *strings.Builder, g *model.Game, opts Options) {
	b.Write(AppendGame(nil, g, opts))
}

// AppendGame appends what Game writes to dst and returns the extended
// slice, for a caller that reuses the memory (pgnc fmt).
func AppendGame(dst []byte, g *model.Game, opts Options) []byte {
	b := &buffer{dst}
	if opts.Width <= 0 {
		opts.Width = 79
	}
	result := model.Unknown
	if g.Result.Valid() {
		result = g.Result
	} else if v := model.Result(g.Tag("Result")); v.Valid() {
		result = v
	}
	writeTags(b, g, string(result))
	w := &movetext{b: b, width: opts.Width, opts: opts}
	for _, c := range g.Comments {
		w.comment(c)
	}
	w.line(turn{g.Start.Turn(), g.Start.FullmoveNumber()}, g.Moves)
	w.token(string(result))
	// Comments that follow the marker stay after it, where they were.
	for _, c := range g.Trailing {
		w.comment(c)
	}
	b.add("\n\n")
	return b.b
}

// buffer is the text a game is written into, in memory the caller may
// reuse (AppendGame).
type buffer struct{ b []byte }

func (b *buffer) add(s string)   { b.b = append(b.b, s...) }
func (b *buffer) addByte(c byte) { b.b = append(b.b, c) }
func (b *buffer) len() int       { return len(b.b) }

// writeTags writes the Seven Tag Roster in its order, then the other tags
// by name. Of tags with the same name the first counts, as the checker
// says. The others are sorted in a small array on the stack where they fit,
// so that a game's tags cost no allocation; a larger section drops repeated
// names as it goes, so that a million copies of one tag take no memory.
func writeTags(b *buffer, g *model.Game, result string) {
	var small [32]model.Tag
	others := small[:0]
	var seen map[string]bool
	if len(g.Tags) > len(small) {
		seen = map[string]bool{}
	}
	for _, t := range g.Tags {
		if isRoster(t.Name) || seen[t.Name] {
			continue
		}
		if seen != nil {
			seen[t.Name] = true
		}
		others = append(others, t)
	}
	for _, r := range roster {
		v, ok := g.LookupTag(r.name)
		switch {
		case r.name == "Result":
			v = result
		case !ok:
			v = r.missing
		}
		writeTag(b, r.name, v)
	}
	// Stable, so that the first of equal names comes first, and is kept.
	slices.SortStableFunc(others, func(x, y model.Tag) int { return strings.Compare(x.Name, y.Name) })
	for i, t := range others {
		if i == 0 || t.Name != others[i-1].Name {
			writeTag(b, t.Name, t.Value)
		}
	}
	b.addByte('\n')
}

// isRoster reports whether name is a tag of the Seven Tag Roster.
func isRoster(name string) bool {
	for _, r := range roster {
		if r.name == name {
			return true
		}
	}
	return false
}

func writeTag(b *buffer, name, value string) {
	b.addByte('[')
	b.add(name)
	b.add(` "`)
	for i := 0; i < len(value); i++ {
		if c := value[i]; c == '"' || c == '\\' {
			b.addByte('\\')
		}
		b.addByte(value[i])
	}
	b.add("\"]\n")
}

// movetext writes movetext tokens, breaking lines between tokens. A comment
// longer than a line is written whole: the standard leaves the export of
// commentary open, and pgnc never rewrites what a comment says.
type movetext struct {
	b      *buffer
	width  int
	col    int    // characters (not bytes) on the current line
	prefix string // "(" waiting to be written glued to the next token
	opts   Options
}

// token writes one token, on a new line if it would not fit.
func (w *movetext) token(t string) {
	t, w.prefix = w.prefix+t, ""
	first := t
	if i := strings.IndexByte(t, '\n'); i >= 0 {
		first = t[:i]
	}
	switch {
	case w.col == 0:
	case w.col+1+utf8.RuneCountInString(first) > w.width:
		w.b.addByte('\n')
		w.col = 0
	default:
		w.b.addByte(' ')
		w.col++
	}
	w.b.add(t)
	if i := strings.LastIndexByte(t, '\n'); i >= 0 {
		w.col = utf8.RuneCountInString(t[i+1:])
	} else {
		w.col += utf8.RuneCountInString(t)
	}
}

// open writes "(" glued to the token after it.
func (w *movetext) open() { w.prefix += "(" }

// close writes ")" glued to the token before it.
func (w *movetext) close() {
	if w.prefix != "" { // an empty variation
		w.token("")
	}
	if w.col+1 > w.width {
		w.b.addByte('\n')
		w.col = 0
	}
	w.b.addByte(')')
	w.col++
}

func (w *movetext) comment(text string) {
	if w.opts.StripClock {
		text = stripClock(text)
		if strings.TrimSpace(text) == "" {
			return
		}
	}
	if w.opts.StripComments {
		return
	}
	if strings.Contains(text, "}") {
		// Read from a ";" comment: only that form can hold a "}". It runs
		// to the end of its line.
		w.token(";" + text)
		w.b.addByte('\n')
		w.col = 0
		return
	}
	w.token("{" + text + "}")
}

// moveNumbers holds "1." to "299." and "1..." to "299...", which games
// use over and over; moveNumber makes the others.
var moveNumbers = func() (t [2][300]string) {
	for n := 1; n < len(t[0]); n++ {
		t[0][n], t[1][n] = strconv.Itoa(n)+".", strconv.Itoa(n)+"..."
	}
	return t
}()

// moveNumber returns the move number indication of move n, dots being "."
// or "...".
func moveNumber(n int, dots string) string {
	if n > 0 && n < len(moveNumbers[0]) {
		return moveNumbers[len(dots)/3][n]
	}
	return strconv.Itoa(n) + dots
}

// turn is what a line's move numbers follow: the side to move and the
// number of the move, as in the position before a move.
type turn struct {
	side   chess.Color
	number int
}

// next is the turn after a move (or a null move) played in t.
func (t turn) next() turn {
	if t.side == chess.Black {
		return turn{chess.White, t.number + 1}
	}
	return turn{chess.Black, t.number}
}

// line writes the moves of one line, played from turn t.
func (w *movetext) line(t turn, moves []*model.Move) {
	needNumber := true // black's move needs its number after anything but white's move
	for _, m := range moves {
		for _, c := range m.Before {
			w.comment(c)
		}
		if t.side == chess.White {
			w.token(moveNumber(t.number, "."))
		} else if needNumber {
			w.token(moveNumber(t.number, "..."))
		}
		needNumber = false
		text := m.SAN
		if w.opts.Figurines {
			text = san.Figurines(text)
		} else if w.opts.Letters != nil {
			text = w.opts.Letters.Spell(text)
		}
		nags := m.NAGs
		if w.opts.KeepSuffixes && m.Suffix != san.NoAnnotation && len(nags) > 0 {
			text += m.Suffix.String()
			nags = nags[1:] // the suffix is the first NAG of the move
		}
		w.token(text)
		if !w.opts.StripNAGs {
			for _, n := range nags {
				w.token("$" + strconv.Itoa(n))
				needNumber = true
			}
		}
		for _, c := range m.Comments {
			before := w.b.len()
			w.comment(c)
			needNumber = needNumber || w.b.len() != before
		}
		if !w.opts.StripVariations {
			for _, v := range m.Variations {
				w.open()
				w.line(t, v)
				w.close()
				needNumber = true
			}
		}
		t = t.next()
	}
}

// stripClock removes [%clk …] commands from a comment.
func stripClock(text string) string {
	for {
		i := strings.Index(text, "[%clk")
		if i < 0 {
			return text
		}
		j := strings.IndexByte(text[i:], ']')
		if j < 0 {
			return text
		}
		text = text[:i] + text[i+j+1:]
		text = strings.ReplaceAll(text, "  ", " ")
	}
}
