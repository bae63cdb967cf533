package chess

// EPDKey returns Key with the en passant square counted only where a
// capture en passant is legal, as EPD and the FIDE repetition rule count
// it: after 1. e4 the position is the same as after 1. e3 e6 2. e4 e7 …
// only if no black pawn can take on e3. Key counts the square after every
// double step, which is cheaper and enough where both keys come from moves
// played the same way; EPDKey compares positions reached by different
// moves (package eco's opening names).
func (p *Position) EPDKey() uint64 {
	k := p.Key()
	if ep := p.EnPassant(); ep != NoSquare && !p.epCapturable() {
		k ^= zobristPieces[0][ep]
	}
	return k
}

// epCapturable reports whether the side to move has a legal capture en
// passant.
func (p *Position) epCapturable() bool {
	us, ep := p.turn, p.EnPassant()
	king := p.King(us)
	if king == NoSquare {
		return false
	}
	// The pawns that attack ep are on the squares a pawn of the other
	// side on ep would attack.
	for from := p.Pieces(us, Pawn) & pawnAttacks[us.Other()][ep]; from != 0; {
		if p.epLegal(from.PopFirst(), king) {
			return true
		}
	}
	return false
}
