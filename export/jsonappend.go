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

// AppendJSON appends the JSON form of g to dst, byte for byte what
// json.Marshal writes for ToJSON(g, base), and returns the extended slice.
// It builds no JSONGame and looks at no struct tags, which makes it several
// times faster: pgnc convert writes every game with it.
func AppendJSON(dst []byte, g *model.Game, base int) []byte {
	dst = append(dst, `{"index":`...)
	dst = strconv.AppendInt(dst, int64(g.Index), 10)
	return AppendJSONAfterIndex(dst, g, base)
}

// AppendJSONAfterIndex appends what AppendJSON writes after the game's
// index, from the comma before "tags" to the closing brace, for a writer
// that learns the index only later: pgnc convert writes games on several
// cores and numbers them in order.
func AppendJSONAfterIndex(dst []byte, g *model.Game, base int) []byte {
	dst = appendTags(dst, g.Tags)
	dst = append(dst, `,"start":`...)
	dst = appendJSONString(dst, g.Start.FEN())
	if g.Chess960 {
		dst = append(dst, `,"chess960":true`...)
	}
	dst = appendTexts(dst, `,"comments":`, g.Comments)
	dst = append(dst, `,"moves":`...)
	dst = appendMoves(dst, g.Moves, base)
	dst = append(dst, `,"result":`...)
	if g.Result != nil {
		dst = appendJSONString(dst, g.Result.Outcome.String())
	} else {
		dst = append(dst, `""`...)
	}
	dst = appendTexts(dst, `,"trailing":`, g.Trailing)
	if g.Node != nil {
		dst = appendSpan(dst, base+g.Node.From, base+g.Node.To)
	} else {
		dst = appendSpan(dst, 0, 0)
	}
	return append(dst, '}')
}

// AppendJSONErrorAfterIndex appends, after a game's index, the record of a
// game whose moves cannot be converted: the error that stops them, the
// game's tags and its span, so that every game of the input has a record.
func AppendJSONErrorAfterIndex(dst []byte, message string, tags []model.Tag, from, to int) []byte {
	dst = append(dst, `,"error":`...)
	dst = appendJSONString(dst, UTF8(message))
	dst = appendTags(dst, tags)
	dst = appendSpan(dst, from, to)
	return append(dst, '}')
}

// appendTags appends the "tags" and "tag_list" fields as json.Marshal
// writes them: the object with its names sorted and the first value of
// each, then the list.
func appendTags(dst []byte, tags []model.Tag) []byte {
	dst = append(dst, `,"tags":`...)
	if tags == nil {
		return append(dst, `null,"tag_list":null`...) // as a nil map and a nil slice marshal
	}
	byName := make([]int, 0, len(tags)) // the first of each name, sorted by name
	for i, t := range tags {
		if !slices.ContainsFunc(byName, func(j int) bool { return tags[j].Name == t.Name }) {
			byName = append(byName, i)
		}
	}
	slices.SortFunc(byName, func(a, b int) int { return strings.Compare(tags[a].Name, tags[b].Name) })
	dst = append(dst, '{')
	for k, i := range byName {
		if k > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, tags[i].Name)
		dst = append(dst, ':')
		dst = appendJSONString(dst, UTF8(tags[i].Value))
	}
	dst = append(dst, `},"tag_list":[`...)
	for i, t := range tags {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"name":`...)
		dst = appendJSONString(dst, t.Name)
		dst = append(dst, `,"value":`...)
		dst = appendJSONString(dst, UTF8(t.Value))
		dst = append(dst, '}')
	}
	return append(dst, ']')
}

// appendMoves appends a line of moves as movesToJSON and json.Marshal
// would write it: always an array, "[]" when empty.
func appendMoves(dst []byte, moves []*model.Move, base int) []byte {
	dst = append(dst, '[')
	for i, m := range moves {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendMove(dst, m, base)
	}
	return append(dst, ']')
}

// appendMove appends one JSONMove, its fields in their declared order and
// the omitempty ones left out where empty.
func appendMove(dst []byte, m *model.Move, base int) []byte {
	dst = append(dst, `{"san":`...)
	dst = appendJSONString(dst, m.SAN)
	dst = append(dst, `,"written":`...)
	if m.Node != nil {
		dst = appendJSONString(dst, m.Node.Text)
	} else {
		dst = append(dst, `""`...)
	}
	dst = append(dst, `,"uci":"`...) // UCI notation needs no escapes
	dst = append(m.AppendUCI(dst), '"')
	if !m.Null {
		dst = appendField(dst, `,"from":`, m.Move.From.String())
		dst = appendField(dst, `,"to":`, m.Move.To.String())
		dst = appendField(dst, `,"piece":`, m.Piece.Name())
		if m.Captured != chess.NoPieceType {
			dst = appendField(dst, `,"captured":`, m.Captured.Name())
		}
		if m.Move.Promotion != chess.NoPieceType {
			dst = appendField(dst, `,"promotion":`, m.Move.Promotion.Name())
		}
		switch m.Castle() {
		case san.CastleKingside:
			dst = append(dst, `,"castle":"king"`...)
		case san.CastleQueenside:
			dst = append(dst, `,"castle":"queen"`...)
		}
	}
	switch m.Check {
	case san.Checking:
		dst = append(dst, `,"check":"check"`...)
	case san.Mating:
		dst = append(dst, `,"check":"mate"`...)
	}
	if m.Null {
		dst = append(dst, `,"null":true`...)
	}
	dst = append(dst, `,"ply":`...)
	dst = strconv.AppendInt(dst, int64(m.Ply), 10)
	dst = appendField(dst, `,"suffix":`, m.Suffix.String())
	if len(m.NAGs) > 0 {
		dst = append(dst, `,"nags":[`...)
		for i, n := range m.NAGs {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = strconv.AppendInt(dst, int64(n), 10)
		}
		dst = append(dst, ']')
	}
	dst = appendTexts(dst, `,"before":`, m.Before)
	dst = appendTexts(dst, `,"comments":`, m.Comments)
	if m.Has&model.HasClock != 0 {
		dst = strconv.AppendFloat(append(dst, `,"clock":`...), m.Clock.Seconds(), 'f', -1, 64)
	}
	if m.Has&model.HasElapsed != 0 {
		dst = strconv.AppendFloat(append(dst, `,"emt":`...), m.Elapsed.Seconds(), 'f', -1, 64)
	}
	switch {
	case m.Has&model.HasEval == 0:
	case m.Eval.Mate != 0:
		dst = strconv.AppendInt(append(dst, `,"eval_mate":`...), int64(m.Eval.Mate), 10)
	default:
		dst = strconv.AppendInt(append(dst, `,"eval_cp":`...), int64(m.Eval.Centipawns), 10)
	}
	if len(m.Variations) > 0 {
		dst = append(dst, `,"variations":[`...)
		for i, v := range m.Variations {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendMoves(dst, v, base)
		}
		dst = append(dst, ']')
	}
	if m.Node != nil {
		dst = appendSpan(dst, base+m.Node.From, base+m.Node.To)
	} else {
		dst = appendSpan(dst, 0, 0)
	}
	return append(dst, '}')
}

// appendField appends an omitempty string field: key and value, or nothing
// when value is empty.
func appendField(dst []byte, key, value string) []byte {
	if value == "" {
		return dst
	}
	return appendJSONString(append(dst, key...), value)
}

// appendTexts appends an omitempty list of comments, each made valid UTF-8
// as utf8All makes it.
func appendTexts(dst []byte, key string, texts []string) []byte {
	if len(texts) == 0 {
		return dst
	}
	dst = append(dst, key...)
	dst = append(dst, '[')
	for i, s := range texts {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, UTF8(s))
	}
	return append(dst, ']')
}

// appendSpan appends the span field, the last of games and moves.
func appendSpan(dst []byte, from, to int) []byte {
	dst = append(dst, `,"span":[`...)
	dst = strconv.AppendInt(dst, int64(from), 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(to), 10)
	return append(dst, ']')
}

// appendJSONString appends s as a JSON string the way json.Marshal writes
// one: '"' and '\' escaped with a backslash; the control characters with
// short escapes where JSON has them (\b \f \n \r \t) and as \u00XX
// otherwise; '<', '>' and '&' as \u003c, \u003e and \u0026 (Marshal's
// HTML escaping); U+2028 and U+2029 as \u2028 and \u2029; and each byte
// that is not part of valid UTF-8 as \ufffd.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	done := 0 // s[:done] is written
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if jsonPlain[c] {
				i++
				continue
			}
			dst = append(dst, s[done:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, `\b`...)
			case '\f':
				dst = append(dst, `\f`...)
			case '\n':
				dst = append(dst, `\n`...)
			case '\r':
				dst = append(dst, `\r`...)
			case '\t':
				dst = append(dst, `\t`...)
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			done = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[done:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[done:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&15])
		default:
			i += size
			continue
		}
		i += size
		done = i
	}
	dst = append(dst, s[done:]...)
	return append(dst, '"')
}

// jsonPlain marks the ASCII bytes that json.Marshal writes as they are.
var jsonPlain = func() (plain [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return plain
}()
