package check

import (
	"errors"
	"strings"

	"github.com/pgnc/pgnc/ast"
	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// move resolves the move written as n in pos. It reports false when the line
// cannot go on.
func (c *checker) move(pos *chess.Position, n *ast.Move) (*model.Move, bool) {
	sm := n.SAN
	if sm.Kind == san.Null {
		if pos.InCheck() {
			c.withBoard(c.add(diag.NullMoveInCheck, n, "san", n.Text), pos)
			return nil, false
		}
		c.add(diag.NullMove, n, "san", n.Text)
		return &model.Move{Node: n, SAN: "--", Null: true}, true
	}
	m, assumed, err := pos.Resolve(sm)
	if err != nil {
		var amb *chess.AmbiguousMoveError
		if errors.As(err, &amb) {
			var fixes, names []string
			for _, cand := range amb.Candidates {
				fixes = append(fixes, "'"+pos.SAN(cand)+"'")
				names = append(names, "the "+pos.At(cand.From).Type().Name()+" on "+cand.From.String())
			}
			c.withBoard(c.add(diag.AmbiguousMove, n, "san", n.Text,
				"candidates", joinAnd(names), "fixes", strings.Join(fixes, " or ")), pos)
			return nil, false
		}
		c.withBoard(c.add(diag.IllegalMove, n, "san", n.Text, "reason", err.Error()), pos)
		return nil, false
	}
	canonical := pos.SAN(m)
	mv := &model.Move{
		Node:     n,
		SAN:      canonical,
		Move:     m,
		Piece:    pos.At(m.From).Type(),
		Captured: captured(pos, m),
	}
	mv.SetChess960(pos.IsChess960())
	switch {
	case strings.HasSuffix(canonical, "#"):
		mv.Check = san.Mating
	case strings.HasSuffix(canonical, "+"):
		mv.Check = san.Checking
	}
	if sm.Annotation != san.NoAnnotation {
		mv.NAGs = append(mv.NAGs, int(sm.Annotation))
	}
	c.checkNotation(n, sm, mv, assumed)
	return mv, true
}

func captured(pos *chess.Position, m chess.Move) chess.PieceType {
	switch m.Kind {
	case chess.EnPassant:
		return chess.Pawn
	case chess.Castle:
		return chess.NoPieceType
	}
	return pos.At(m.To).Type()
}

// checkNotation compares the SAN as written with the canonical SAN and
// reports each difference once, most important first.
func (c *checker) checkNotation(n *ast.Move, sm san.Move, mv *model.Move, assumed bool) {
	fix := mv.SAN + sm.Annotation.String()
	report := func(code diag.Code, extra ...string) {
		c.add(code, n, append([]string{"san", n.Text, "fix", fix}, extra...)...)
	}
	switch {
	case assumed:
		report(diag.PromotionMissing)
		return
	case sm.Capture != (mv.Captured != chess.NoPieceType) && mv.Move.Kind != chess.Castle:
		if sm.Capture {
			report(diag.CaptureMarkWrong)
		} else {
			report(diag.CaptureMarkMissing)
		}
		return
	}
	switch {
	case sm.Check == mv.Check:
	case mv.Check == san.Mating && sm.Check == san.Checking, mv.Check == san.Mating && sm.Check == san.NoCheck:
		report(diag.MateMarkMissing)
		return
	case mv.Check == san.Checking && sm.Check == san.Mating:
		report(diag.MateMarkWrong)
		return
	case mv.Check == san.Checking:
		report(diag.CheckMarkMissing)
		return
	default:
		report(diag.CheckMarkWrong)
		return
	}
	if written := disambiguation(sm); written > disambiguationOf(mv) {
		report(diag.OverDisambiguated)
		return
	}
	if why := quirk(sm.Quirks); why != "" {
		report(diag.NonStandardSAN, "why", why)
	}
}

// disambiguation counts the disambiguating characters written.
func disambiguation(sm san.Move) int {
	if sm.Piece == san.Pawn || sm.Kind != san.Normal {
		return 0
	}
	n := 0
	if sm.FromFile >= 0 {
		n++
	}
	if sm.FromRank >= 0 {
		n++
	}
	return n
}

// disambiguationOf counts the disambiguating characters of the canonical SAN.
func disambiguationOf(mv *model.Move) int {
	if mv.Piece == chess.Pawn || mv.Move.Kind == chess.Castle {
		return 0
	}
	s := strings.TrimRight(mv.SAN, "+#")
	s = strings.Replace(s[1:], "x", "", 1) // drop the piece letter and capture mark
	return len(s) - 2                      // what precedes the destination square
}

func quirk(q san.Quirks) string {
	var why []string
	if q&san.LowerCasePiece != 0 {
		why = append(why, "piece letters are upper case")
	}
	if q&san.ZeroCastling != 0 {
		why = append(why, "castling is written with the letter O")
	}
	if q&san.PromotionNoEq != 0 {
		why = append(why, "a promotion has '=' before the piece")
	}
	if q&san.LowerPromotion != 0 {
		why = append(why, "the promotion piece is upper case")
	}
	if q&san.EnPassantSuffix != 0 {
		why = append(why, "SAN has no 'e.p.'")
	}
	return strings.Join(why, "; ")
}

// withBoard attaches the position as a diagram and its FEN.
func (c *checker) withBoard(d *diag.Diagnostic, pos *chess.Position) {
	d.Detail = pos.Turn().String() + " to move:\n" + pos.Diagram(false) + "FEN: " + pos.FEN() + "\n"
}

// joinAnd joins "a", "b" and "c" as "a, b and c".
func joinAnd(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
