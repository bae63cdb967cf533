package export

import (
	"fmt"
	"maps"
	"slices"

	"github.com/pgnc/pgnc/ast"
	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/internal/charset"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// JSONGame is the JSON form of a resolved game (docs/json.md describes it).
type JSONGame struct {
	Index int `json:"index"`
	// Tags holds the first value of each tag by name, so that a program
	// looks one up as .tags.White; TagList is the tag section as written,
	// in order, duplicates included.
	Tags     map[string]string `json:"tags"`
	TagList  []JSONTag         `json:"tag_list"`
	Start    string            `json:"start"` // FEN of the starting position
	Chess960 bool              `json:"chess960,omitempty"`
	Comments []string          `json:"comments,omitempty"` // main-line comments that follow no move
	Moves    []JSONMove        `json:"moves"`
	Result   string            `json:"result"`             // the termination marker; "" when missing
	Trailing []string          `json:"trailing,omitempty"` // comments after the marker
	Span     [2]int            `json:"span"`               // byte offsets of the game in its file
	// Error, in the record of a game whose moves could not be converted,
	// is the error that stopped them; such a record has no moves.
	Error string `json:"error,omitempty"`
}

// JSONTag is one tag pair.
type JSONTag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// JSONMove is one move with everything the model knows of it.
type JSONMove struct {
	SAN        string       `json:"san"`                 // canonical SAN
	Written    string       `json:"written"`             // SAN as written in the file
	UCI        string       `json:"uci"`                 // UCI notation ("0000" for a null move)
	From       string       `json:"from,omitempty"`      // source square
	To         string       `json:"to,omitempty"`        // destination (the rook's square for castling)
	Piece      string       `json:"piece,omitempty"`     // moving piece: pawn, knight, …
	Captured   string       `json:"captured,omitempty"`  // captured piece
	Promotion  string       `json:"promotion,omitempty"` // piece promoted to
	Castle     string       `json:"castle,omitempty"`    // "king" or "queen"
	Check      string       `json:"check,omitempty"`     // "check" or "mate"
	Null       bool         `json:"null,omitempty"`      // a null move
	Ply        int          `json:"ply"`                 // half-move number from the move numbers
	Suffix     string       `json:"suffix,omitempty"`    // suffix annotation as written ("!?")
	NAGs       []int        `json:"nags,omitempty"`      // NAGs, the suffix's first
	Before     []string     `json:"before,omitempty"`    // comments before the move
	Comments   []string     `json:"comments,omitempty"`  // comments after the move
	Clock      *float64     `json:"clock,omitempty"`     // seconds on the clock, from [%clk]
	Elapsed    *float64     `json:"emt,omitempty"`       // seconds spent on the move, from [%emt]
	EvalCP     *int         `json:"eval_cp,omitempty"`   // evaluation in centipawns, from [%eval]
	EvalMate   *int         `json:"eval_mate,omitempty"` // mate in N, from [%eval #N]
	Variations [][]JSONMove `json:"variations,omitempty"`
	Span       [2]int       `json:"span"` // byte offsets of the move in its file
}

// ToJSON converts a resolved game into its JSON form. base is added to byte
// offsets, for games read from a piece of a larger file.
func ToJSON(g *model.Game, base int) JSONGame {
	j := JSONGame{
		Index: g.Index, Start: g.Start.FEN(), Chess960: g.Chess960,
		Comments: utf8All(g.Comments), Trailing: utf8All(g.Trailing), Moves: movesToJSON(g.Moves, base),
	}
	for _, t := range g.Tags {
		j.TagList = append(j.TagList, JSONTag{t.Name, UTF8(t.Value)})
		if j.Tags == nil {
			j.Tags = map[string]string{}
		}
		if _, seen := j.Tags[t.Name]; !seen {
			j.Tags[t.Name] = UTF8(t.Value)
		}
	}
	if g.Result != nil {
		j.Result = g.Result.Outcome.String()
	}
	if g.Node != nil {
		j.Span = [2]int{base + g.Node.From, base + g.Node.To}
	}
	return j
}

func movesToJSON(moves []*model.Move, base int) []JSONMove {
	out := make([]JSONMove, 0, len(moves))
	for _, m := range moves {
		jm := JSONMove{
			SAN: m.SAN, UCI: m.UCI(), Null: m.Null, Ply: m.Ply, NAGs: m.NAGs,
			Before: utf8All(m.Before), Comments: utf8All(m.Comments), Suffix: m.Suffix.String(),
		}
		if m.Node != nil {
			jm.Written = m.Node.Text
			jm.Span = [2]int{base + m.Node.From, base + m.Node.To}
		}
		if !m.Null {
			jm.From, jm.To = m.Move.From.String(), m.Move.To.String()
			jm.Piece = m.Piece.Name()
			if m.Captured != chess.NoPieceType {
				jm.Captured = m.Captured.Name()
			}
			if m.Move.Promotion != chess.NoPieceType {
				jm.Promotion = m.Move.Promotion.Name()
			}
			switch m.Castle() {
			case san.CastleKingside:
				jm.Castle = "king"
			case san.CastleQueenside:
				jm.Castle = "queen"
			}
		}
		switch m.Check {
		case san.Checking:
			jm.Check = "check"
		case san.Mating:
			jm.Check = "mate"
		}
		if m.Has&model.HasClock != 0 {
			jm.Clock = ptr(m.Clock.Seconds())
		}
		if m.Has&model.HasElapsed != 0 {
			jm.Elapsed = ptr(m.Elapsed.Seconds())
		}
		switch {
		case m.Has&model.HasEval == 0:
		case m.Eval.Mate != 0:
			jm.EvalMate = ptr(m.Eval.Mate)
		default:
			jm.EvalCP = ptr(m.Eval.Centipawns)
		}
		for _, v := range m.Variations {
			jm.Variations = append(jm.Variations, movesToJSON(v, base))
		}
		out = append(out, jm)
	}
	return out
}

// FromJSON rebuilds a resolved game from its JSON form by replaying the
// canonical SAN of its moves from its starting position.
func FromJSON(j JSONGame) (*model.Game, error) {
	start, err := chess.ParseFEN(j.Start)
	if err != nil {
		return nil, fmt.Errorf("game %d: start: %v", j.Index, err)
	}
	start.SetChess960(j.Chess960 || start.IsChess960())
	g := &model.Game{Index: j.Index, Start: start, Chess960: j.Chess960, Comments: j.Comments, Trailing: j.Trailing, Complete: true}
	for _, t := range j.TagList {
		g.Tags = append(g.Tags, model.Tag{Name: t.Name, Value: t.Value})
	}
	if j.TagList == nil {
		// Written by hand, with the object alone: its tags in name order.
		for _, name := range slices.Sorted(maps.Keys(j.Tags)) {
			g.Tags = append(g.Tags, model.Tag{Name: name, Value: j.Tags[name]})
		}
	}
	if j.Result != "" {
		r := &ast.Result{Text: j.Result}
		switch j.Result {
		case "1-0":
			r.Outcome = ast.WhiteWins
		case "0-1":
			r.Outcome = ast.BlackWins
		case "1/2-1/2":
			r.Outcome = ast.Draw
		case "*":
		default:
			return nil, fmt.Errorf("game %d: result %q is not a termination marker", j.Index, j.Result)
		}
		g.Result = r
	}
	if g.Moves, err = movesFromJSON(start, j.Moves); err != nil {
		return nil, fmt.Errorf("game %d: %v", j.Index, err)
	}
	return g, nil
}

func movesFromJSON(pos chess.Position, moves []JSONMove) ([]*model.Move, error) {
	var out []*model.Move
	for _, jm := range moves {
		before := pos
		m := &model.Move{SAN: jm.SAN, Ply: jm.Ply, NAGs: jm.NAGs, Before: jm.Before, Comments: jm.Comments, Null: jm.Null}
		if a, ok := san.ParseAnnotation(jm.Suffix); ok {
			m.Suffix = a
		}
		if jm.Null {
			pos.PlayNull()
		} else {
			sm, ok := san.Parse(jm.SAN)
			if !ok {
				return nil, fmt.Errorf("%q is not SAN", jm.SAN)
			}
			mv, _, err := pos.Resolve(sm)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", jm.SAN, err)
			}
			m.Move, m.Piece, m.Captured = mv, pos.At(mv.From).Type(), pos.Captured(mv)
			m.SetChess960(pos.IsChess960())
			pos.Play(mv)
			if check, mate := pos.CheckState(); mate {
				m.Check = san.Mating
			} else if check {
				m.Check = san.Checking
			}
		}
		for _, v := range jm.Variations {
			alt, err := movesFromJSON(before, v)
			if err != nil {
				return nil, err
			}
			m.Variations = append(m.Variations, alt)
		}
		out = append(out, m)
	}
	return out, nil
}

// UTF8 returns s as valid UTF-8: sequences that are UTF-8 stay, and other
// bytes are read as Windows-1252. The parser has already decoded games that
// are not UTF-8 unless it was told the input is UTF-8 (parser.UTF8); JSON
// text must be UTF-8 all the same, and this keeps every character.
func UTF8(s string) string { return charset.Repair(s) }

func utf8All(ss []string) []string {
	if ss == nil {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = UTF8(s)
	}
	return out
}

func ptr[T any](v T) *T { return &v }
