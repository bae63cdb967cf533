package san

import (
	"fmt"

	"github.com/pgnc/pgnc/chess"
)

// Resolve finds the legal move in p that m, decoded from a move's text,
// denotes: castling by chess.Position.FindCastling, any other move by
// chess.Position.FindMove. A pawn move to the last rank written without
// promotion piece resolves to the queen promotion and reports
// promotionAssumed, so that the caller can warn and go on. A null move,
// a drop and a move whose piece waits for its language (ForeignLetter,
// chess.NoPieceType) resolve to no move.
func Resolve(p *chess.Position, m Move) (mv chess.Move, promotionAssumed bool, err error) {
	// Small enough to be inlined: the common case is one call.
	if m.Kind == Normal && m.Piece-chess.Pawn <= chess.King-chess.Pawn {
		return p.FindMove(m.Piece, int(m.FromFile), int(m.FromRank), m.To, m.Promotion)
	}
	return resolveOther(p, &m)
}

// resolveOther is Resolve for castling, null moves, drops, AnyPiece and
// moves without a piece.
func resolveOther(p *chess.Position, m *Move) (chess.Move, bool, error) {
	switch m.Kind {
	case CastleKingside, CastleQueenside:
		mv, err := p.FindCastling(m.Kind == CastleKingside)
		return mv, false, err
	case Null, Drop:
		if p.King(p.Turn()) == chess.NoSquare {
			return chess.Move{}, false, &chess.IllegalMoveError{Reason: chess.NoKing, Piece: chess.King, To: chess.NoSquare}
		}
		if m.Kind == Null {
			return chess.Move{}, false, fmt.Errorf("a null move is not a move")
		}
		return chess.Move{}, false, &chess.IllegalMoveError{Reason: chess.DropMove, Piece: m.Piece, To: m.To}
	}
	piece := m.Piece
	switch piece {
	case AnyPiece:
		piece = chess.NoPieceType
	case chess.NoPieceType:
		return chess.Move{}, false, fmt.Errorf("not a move: no piece or no destination square")
	}
	return p.FindMove(piece, int(m.FromFile), int(m.FromRank), m.To, m.Promotion)
}

// ParseMove returns the legal move that text names in p: SAN, or any
// notation that ParseLenient reads, UCI ("e2e4", "e7e8q", "e1g1" for
// castling) and long algebraic ("Ng1-f3") included. A pawn move to the
// last rank must name its piece.
func ParseMove(p *chess.Position, text string) (chess.Move, error) {
	sm, ok := ParseLenient(text)
	if !ok {
		return chess.Move{}, fmt.Errorf("%q is not a move", text)
	}
	if sm.Kind == Null {
		return chess.Move{}, fmt.Errorf("%q is a null move, not a move", text)
	}
	m, assumed, err := Resolve(p, sm)
	if err != nil {
		return chess.Move{}, fmt.Errorf("%s: %w", text, err)
	}
	if assumed {
		return chess.Move{}, fmt.Errorf("%s: a pawn reaching %s must say which piece it becomes", text, m.To)
	}
	return m, nil
}

// PlayMove plays the move that text names in p (ParseMove), and returns it
// with its canonical SAN, as Position.SAN writes it: PlayMove(p, "e2e4")
// returns the move and "e4". On error p is unchanged.
func PlayMove(p *chess.Position, text string) (chess.Move, string, error) {
	m, err := ParseMove(p, text)
	if err != nil {
		return chess.Move{}, "", err
	}
	var buf [16]byte
	b := p.AppendSANWithoutCheck(buf[:0], m)
	p.Play(m)
	if check, mate := p.CheckState(); mate {
		b = append(b, '#')
	} else if check {
		b = append(b, '+')
	}
	return m, string(b), nil
}
