package chess

// MoveKind distinguishes the moves that change more than two squares.
type MoveKind uint8

const (
	Normal    MoveKind = iota // includes captures and promotions
	Castle                    // To is the castling rook's square
	EnPassant                 // To is the empty square the pawn moves to
)

// Move is a legal move in some position: From, To, Promotion and Kind, a
// MoveKind. A castling move is encoded as the king moving onto its own
// rook, which covers Chess960; KingTo gives the king's destination.
//
// A castling move also keeps how UCI writes it, which depends on the
// position that made it: the king's two-file step in standard chess, the
// king onto its rook in Chess960 (Position.IsChess960). Moves are compared
// with ==, and two castling moves from the same position are equal. Moves
// come from LegalMoves, FindMove and FindCastling, which set all this.
//
// Kind is a field of an embedded struct, which keeps Move at four fields,
// the most that the compiler keeps in registers: a fifth field costs 4% of
// the replay of a game. m.Kind reads and writes it as any field; a
// composite literal cannot name it.
type Move struct {
	From, To  Square
	Promotion PieceType // NoPieceType unless a pawn promotes
	kind
}

// kind holds a Move's Kind, which Move promotes, and its castling notation.
type kind struct {
	Kind     MoveKind
	chess960 bool // a castling move of a Chess960 position: UCI writes the king onto its rook
}

// KingTo returns where the moving piece ends up: To, except for castling.
func (m Move) KingTo() Square {
	if m.Kind == Castle {
		k, _ := castleTargets(m.From, m.To)
		return k
	}
	return m.To
}

// UCI returns the move in UCI notation, e.g. "e2e4" or "e7e8q". Castling
// is written as the position that made the move plays: the king's
// two-file step ("e1g1") in standard chess, the king onto its rook
// ("e1h1") in Chess960.
func (m Move) UCI() string {
	var buf [5]byte
	return string(m.AppendUCI(buf[:0]))
}

// AppendUCI appends the move in UCI notation, as UCI returns it, to dst and
// returns the extended slice.
func (m Move) AppendUCI(dst []byte) []byte {
	to := m.To
	if m.Kind == Castle && !m.chess960 {
		to = m.KingTo()
	}
	dst = append(dst, m.From.String()...)
	dst = append(dst, to.String()...)
	if m.Promotion != NoPieceType {
		dst = append(dst, pieceLetters[m.Promotion]+'a'-'A')
	}
	return dst
}

// MoveList is a fixed-capacity list of moves; no position has more than 218
// legal moves.
type MoveList struct {
	moves [256]Move
	n     int
}

// Len returns the number of moves.
func (l *MoveList) Len() int { return l.n }

// At returns the i-th move.
func (l *MoveList) At(i int) Move { return l.moves[i] }

// Moves returns the moves as a slice into the list.
func (l *MoveList) Moves() []Move { return l.moves[:l.n] }

func (l *MoveList) add(m Move) {
	l.moves[l.n] = m
	l.n++
}

// LegalMoves fills l with the legal moves of the side to move.
func (p *Position) LegalMoves(l *MoveList) {
	p.legalMoves(l, ^Bitboard(0), ^Bitboard(0))
}

// legalMoves fills l with the legal moves of the pieces on from to the
// squares in to (for castling: onto the rook's square). Restricting both
// makes resolving one SAN move cheap.
func (p *Position) legalMoves(l *MoveList, from, to Bitboard) {
	l.n = 0
	us, them := p.turn, p.turn.Other()
	king := p.King(us)
	if king == NoSquare {
		return
	}
	occ := p.Occupied()
	own := p.byColor[us]

	// King steps: the destination must be safe with the king gone from its
	// square, so that it cannot step back along a checking line.
	if from.has(king) {
		for dests := kingAttacks[king] &^ own & to; dests != 0; {
			sq := dests.PopFirst()
			if p.attackersTo(sq, them, occ&^king.bit()) == 0 {
				l.add(Move{From: king, To: sq})
			}
		}
	}
	target, ok := p.nonKingTargets(king)
	if !ok {
		return
	}
	target &= to
	pinned := p.pinned(us, king)

	for pieces := own & from &^ p.byType[Pawn] &^ p.byType[King]; pieces != 0; {
		from := pieces.PopFirst()
		att := pieceAttacks(p.board[from].Type(), from, occ) & target
		if pinned.has(from) {
			att &= line[king][from]
		}
		for att != 0 {
			l.add(Move{From: from, To: att.PopFirst()})
		}
	}
	p.pawnMoves(l, us, king, occ, target, pinned, from, to)
	if p.checkers == 0 && from.has(king) {
		p.castlingMoves(l, us, king, occ, to)
	}
}

// nonKingTargets returns the squares that pieces other than the king may
// move to: any square but those of their own pieces, and in check only the
// checker's square or one between it and the king. It reports false in
// double check, where only the king may move.
func (p *Position) nonKingTargets(king Square) (Bitboard, bool) {
	checkers := p.checkers
	if checkers.MoreThanOne() {
		return 0, false
	}
	target := ^p.byColor[p.turn]
	if checkers != 0 {
		target &= between[king][checkers.First()] | checkers
	}
	return target, true
}

// pieceAttacks returns the squares a knight, bishop, rook or queen of type
// t on sq attacks, with occupancy occ.
func pieceAttacks(t PieceType, sq Square, occ Bitboard) Bitboard {
	switch t {
	case Knight:
		return knightAttacks[sq]
	case Bishop:
		return bishopAttacks(sq, occ)
	case Rook:
		return rookAttacks(sq, occ)
	case Queen:
		return bishopAttacks(sq, occ) | rookAttacks(sq, occ)
	}
	return 0
}

// pinned returns our pieces pinned to our king.
func (p *Position) pinned(us Color, king Square) Bitboard {
	them := p.byColor[us.Other()]
	occ := p.Occupied()
	snipers := them & (rookRays[king]&(p.byType[Rook]|p.byType[Queen]) |
		bishopRays[king]&(p.byType[Bishop]|p.byType[Queen]))
	var pinned Bitboard
	for snipers != 0 {
		s := snipers.PopFirst()
		if b := between[king][s] & occ; b != 0 && !b.MoreThanOne() {
			pinned |= b & p.byColor[us]
		}
	}
	return pinned
}

func (p *Position) pawnMoves(l *MoveList, us Color, king Square, occ, target, pinned, fromMask, toMask Bitboard) {
	them := p.byColor[us.Other()]
	forward, startRank, lastRank := 8, 1, 7
	if us == Black {
		forward, startRank, lastRank = -8, 6, 0
	}
	for pawns := p.Pieces(us, Pawn) & fromMask; pawns != 0; {
		from := pawns.PopFirst()
		allowed := target
		if pinned.has(from) {
			allowed &= line[king][from]
		}
		one := Square(int(from) + forward)
		if !occ.has(one) {
			if allowed.has(one) {
				addPawnMove(l, from, one, lastRank)
			}
			if from.Rank() == startRank {
				two := Square(int(one) + forward)
				if !occ.has(two) && allowed.has(two) {
					l.add(Move{From: from, To: two})
				}
			}
		}
		for caps := pawnAttacks[us][from] & them & allowed; caps != 0; {
			addPawnMove(l, from, caps.PopFirst(), lastRank)
		}
		if ep := p.EnPassant(); ep != NoSquare && toMask.has(ep) && pawnAttacks[us][from].has(ep) && p.epLegal(from, king) {
			l.add(Move{From: from, To: ep, kind: kind{Kind: EnPassant}})
		}
	}
}

func addPawnMove(l *MoveList, from, to Square, lastRank int) {
	if to.Rank() != lastRank {
		l.add(Move{From: from, To: to})
		return
	}
	for _, t := range [...]PieceType{Queen, Rook, Bishop, Knight} {
		l.add(Move{From: from, To: to, Promotion: t})
	}
}

// epLegal tests an en passant capture by playing it on the occupancy: it
// is the one move that removes two pieces from a line at once.
func (p *Position) epLegal(from, king Square) bool {
	them, ep := p.turn.Other(), p.EnPassant()
	captured := MakeSquare(ep.File(), from.Rank())
	if !p.Pieces(them, Pawn).has(captured) {
		return false
	}
	occ := p.Occupied()&^from.bit()&^captured.bit() | ep.bit()
	enemies := p.byColor[them] &^ captured.bit()
	rq := (p.byType[Rook] | p.byType[Queen]) & enemies
	bq := (p.byType[Bishop] | p.byType[Queen]) & enemies
	if rookAttacks(king, occ)&rq != 0 || bishopAttacks(king, occ)&bq != 0 {
		return false
	}
	// The remaining attackers (knights, pawns, king) are unaffected unless the
	// captured pawn itself was the checker, in which case capturing it helps.
	others := p.attackersTo(king, them, occ) &^ captured.bit() &^ (rq | bq)
	return others == 0
}

func (p *Position) castlingMoves(l *MoveList, us Color, king Square, occ, toMask Bitboard) {
	them := us.Other()
	for rooks := p.castlingSide(us) & toMask; rooks != 0; {
		rook := rooks.PopFirst()
		kingTo, rookTo := castleTargets(king, rook)
		others := occ &^ king.bit() &^ rook.bit()
		path := between[king][kingTo] | kingTo.bit() | between[rook][rookTo] | rookTo.bit()
		if path&others != 0 {
			continue
		}
		safe := true
		for walk := between[king][kingTo] | kingTo.bit(); walk != 0; {
			if p.attackersTo(walk.PopFirst(), them, others) != 0 {
				safe = false
				break
			}
		}
		if safe {
			l.add(Move{From: king, To: rook, kind: kind{Kind: Castle, chess960: p.chess960}})
		}
	}
}

// Captured returns the type of the piece m captures in p, or NoPieceType.
func (p *Position) Captured(m Move) PieceType {
	switch m.Kind {
	case EnPassant:
		return Pawn
	case Castle:
		return NoPieceType
	}
	return p.board[m.To].Type()
}
