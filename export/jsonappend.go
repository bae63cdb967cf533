package export

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/internal/jsonstr"
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
	dst = jsonstr.Append(dst, g.Start.FEN())
	if g.Chess960 {
		dst = append(dst, `,"chess960":true`...)
	}
	dst = appendTexts(dst, `,"comments":`, g.Comments)
	dst = append(dst, `,"moves":`...)
	dst = appendMoves(dst, g.Moves, base)
	dst = append(dst, `,"result":`...)
	dst = jsonstr.Append(dst, string(g.Result))
	dst = appendTexts(dst, `,"trailing":`, g.Trailing)
	dst = appendSpan(dst, g.Span, base)
	return append(dst, '}')
}

// AppendJSONErrorAfterIndex appends, after a game's index, the record of a
// game whose moves cannot be converted: the error that stops them, the
// game's tags and its span, so that every game of the input has a record.
func AppendJSONErrorAfterIndex(dst []byte, message string, tags []model.Tag, from, to int) []byte {
	dst = append(dst, `,"error":`...)
	dst = jsonstr.Append(dst, UTF8(message))
	dst = appendTags(dst, tags)
	dst = appendOffsets(dst, from, to)
	return append(dst, '}')
}

// appendTags appends the "tags" and "tag_list" fields as json.Marshal
// writes them: the object with its names sorted and the first value of
// each, then the list.
func appendTags(dst []byte, tags []model.Tag) []byte {
	dst = append(dst, `,"tags":`...)
	if len(tags) == 0 {
		return append(dst, `{},"tag_list":[]`...) // never null, as ToJSON writes them
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
		dst = jsonstr.Append(dst, tags[i].Name)
		dst = append(dst, ':')
		dst = jsonstr.Append(dst, UTF8(tags[i].Value))
	}
	dst = append(dst, `},"tag_list":[`...)
	for i, t := range tags {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"name":`...)
		dst = jsonstr.Append(dst, t.Name)
		dst = append(dst, `,"value":`...)
		dst = jsonstr.Append(dst, UTF8(t.Value))
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

// moveRoom is the room appendMove makes sure of before it writes a move,
// doubling its buffer where there is less: a game's JSON can be many times
// the size of its text, and append alone grows a long buffer by a quarter
// at a time, leaving garbage of about four times the final buffer behind.
const moveRoom = 512

// appendMove appends one JSONMove, its fields in their declared order and
// the omitempty ones left out where empty.
func appendMove(dst []byte, m *model.Move, base int) []byte {
	if cap(dst)-len(dst) < moveRoom {
		dst = append(make([]byte, 0, 2*cap(dst)+moveRoom), dst...)
	}
	dst = append(dst, `{"san":`...)
	dst = jsonstr.Append(dst, m.SAN)
	dst = append(dst, `,"written":`...)
	dst = jsonstr.Append(dst, m.Written)
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
	dst = appendSpan(dst, m.Span, base)
	return append(dst, '}')
}

// appendField appends an omitempty string field: key and value, or nothing
// when value is empty.
func appendField(dst []byte, key, value string) []byte {
	if value == "" {
		return dst
	}
	return jsonstr.Append(append(dst, key...), value)
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
		dst = jsonstr.Append(dst, UTF8(s))
	}
	return append(dst, ']')
}

// appendSpan appends the span field, the last of games and moves: s with
// base added, or [0,0] for a zero span, as ToJSON writes it.
func appendSpan(dst []byte, s model.Span, base int) []byte {
	if s == (model.Span{}) {
		return appendOffsets(dst, 0, 0)
	}
	return appendOffsets(dst, base+s.From, base+s.To)
}

// appendOffsets appends a span field of the offsets from and to.
func appendOffsets(dst []byte, from, to int) []byte {
	dst = append(dst, `,"span":[`...)
	dst = strconv.AppendInt(dst, int64(from), 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(to), 10)
	return append(dst, ']')
}
