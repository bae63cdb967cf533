package chess

// Position is a chess position. It is a value: copying it copies the
// position, which is how variations branch off. The zero Position is the
// empty board, white to move, without castling rights or en passant
// square, at move 1: "8/8/8/8/8/8/8/8 w - - 0 1". No move can be played
// in it (there is no king); ParseFEN and StartingPosition give positions
// to play in.
//
// Every move copies a position, so its size counts: the one-byte fields
// share a word.
type Position struct {
	board    [64]Piece
	byColor  [2]Bitboard
	byType   [8]Bitboard // indexed by PieceType, which Piece.Type keeps below 8 without a bounds check; [0] unused
	castling Bitboard    // rooks that may still castle
	checkers Bitboard    // pieces giving check to the side to move, kept by Play
	halfmove int         // plies since the last capture or pawn move
	// fullmove is the number of full moves completed, the FEN fullmove
	// number minus one, so that the zero Position is at move 1.
	fullmove int
	turn     Color
	// ep is the en passant target square plus one, 0 for none (as in the
	// zero Position), as kings holds the king squares.
	ep       uint8
	chess960 bool // castling rights are written with files (X-FEN/Shredder)
	// kings holds each side's king square plus one, 0 for none (as in the
	// zero Position): every move asks for the king of the side to move.
	// put, remove and Play keep it.
	kings [2]uint8
}

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// At returns the piece on sq.
func (p *Position) At(sq Square) Piece { return p.board[sq] }

// EnPassant returns the en passant target square, or NoSquare.
func (p *Position) EnPassant() Square { return Square(p.ep) - 1 }

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// FullmoveNumber returns the number of the current full move, from 1.
func (p *Position) FullmoveNumber() int { return p.fullmove + 1 }

// CastlingRooks returns the rooks that keep a castling right.
func (p *Position) CastlingRooks() Bitboard { return p.castling }

// Occupied returns the occupied squares.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// Pieces returns the squares of c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byColor[c&1] & p.byType[t] }

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c&1] }

// King returns the square of c's king, or NoSquare.
func (p *Position) King(c Color) Square { return Square(p.kings[c&1]) - 1 }

func (p *Position) put(sq Square, pc Piece) {
	p.board[sq] = pc
	b := sq.bit()
	p.byColor[pc.Color()] |= b
	p.byType[pc.Type()] |= b
	if pc.Type() == King {
		p.kings[pc.Color()&1] = uint8(sq) + 1
	}
}

func (p *Position) remove(sq Square) {
	pc := p.board[sq]
	if pc == NoPiece {
		return
	}
	b := sq.bit()
	p.byColor[pc.Color()] &^= b
	p.byType[pc.Type()] &^= b
	p.board[sq] = NoPiece
	if pc.Type() == King && p.kings[pc.Color()&1] == uint8(sq)+1 {
		p.kings[pc.Color()&1] = 0
	}
}

// attackersTo returns the pieces of color by that attack sq, with occupancy
// occ. A slider on one of sq's lines attacks it when nothing stands between
// them; for the one or two such sliders there usually are, testing each is
// cheaper than working out sq's slider attacks.
func (p *Position) attackersTo(sq Square, by Color, occ Bitboard) Bitboard {
	them := p.byColor[by&1]
	att := them & (knightAttacks[sq]&p.byType[Knight] |
		kingAttacks[sq]&p.byType[King] |
		pawnAttacks[by.Other()][sq]&p.byType[Pawn])
	sliders := them & (rookRays[sq]&(p.byType[Rook]|p.byType[Queen]) | bishopRays[sq]&(p.byType[Bishop]|p.byType[Queen]))
	for sliders != 0 {
		s := sliders.PopFirst()
		if between[sq][s]&occ == 0 {
			att |= s.bit()
		}
	}
	return att
}

// Checkers returns the pieces that give check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// updateCheckers recomputes the checkers after the position changed.
func (p *Position) updateCheckers() {
	p.checkers = 0
	if k := p.King(p.turn); k != NoSquare {
		p.checkers = p.attackersTo(k, p.turn.Other(), p.Occupied())
	}
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.Checkers() != 0 }

// Attacked reports whether sq is attacked by color by.
func (p *Position) Attacked(sq Square, by Color) bool {
	return p.attackersTo(sq, by, p.Occupied()) != 0
}

// castleTargets returns where king and rook stand after castling with the
// rook on rookSq: the g- and f-files on the king side, c and d on the queen
// side, whatever the start files (Chess960 rules).
func castleTargets(king, rookSq Square) (kingTo, rookTo Square) {
	r := king.Rank()
	if rookSq > king {
		return MakeSquare(6, r), MakeSquare(5, r)
	}
	return MakeSquare(2, r), MakeSquare(3, r)
}

// Play makes move m, which must be legal in p, updating p in place. The
// common case, a move of one piece, ends on its own branch with checksBy;
// sharing the last lines with castling and en passant counted 0.8% more
// instructions in a check.
func (p *Position) Play(m Move) {
	us := p.turn
	from, to := m.From, m.To
	moving := p.board[from]
	captured := p.board[to]
	p.halfmove++
	p.ep = 0
	switch m.Kind {
	case Castle:
		kingTo, rookTo := castleTargets(from, to)
		rook := p.board[to]
		p.remove(from)
		p.remove(to)
		p.put(kingTo, moving)
		p.put(rookTo, rook)
		p.castling &^= p.castlingSide(us)
	case EnPassant:
		p.remove(MakeSquare(to.File(), from.Rank()))
		p.remove(from)
		p.put(to, moving)
		p.halfmove = 0
	default:
		// The bitboards are updated here rather than through remove and
		// put: the mover's two squares in one step, and the captured
		// piece's square without looking at the board again.
		fromBit, toBit := from.bit(), to.bit()
		if captured != NoPiece {
			p.byColor[us.Other()&1] &^= toBit
			p.byType[captured.Type()] &^= toBit
			p.halfmove = 0
		}
		landing := moving
		if m.Promotion != NoPieceType {
			landing = MakePiece(us, m.Promotion)
		}
		p.byColor[us&1] ^= fromBit | toBit
		p.byType[moving.Type()] &^= fromBit
		p.byType[landing.Type()] |= toBit
		p.board[from], p.board[to] = NoPiece, landing
		if moving.Type() == Pawn {
			p.halfmove = 0
			if d := int(to) - int(from); d == 16 || d == -16 {
				p.ep = uint8((int(from)+int(to))/2 + 1)
			}
		}
		if moving.Type() == King {
			p.castling &^= p.castlingSide(us)
			p.kings[us&1] = uint8(to) + 1
		}
		p.castling &^= fromBit | toBit
		if us == Black {
			p.fullmove++
		}
		p.turn = us.Other()
		p.checkers = p.checksBy(us, landing.Type(), from, to)
		return
	}
	if us == Black {
		p.fullmove++
	}
	p.turn = us.Other()
	p.updateCheckers()
}

// checksBy returns the pieces of us that give check after us moved a piece
// from from to to, landing as a piece of type pt, in a move that changed no
// other square (not castling, not en passant). The moved piece may give
// check itself, and a slider of us may give check along the line from the
// king through from, which the move opened. No other line to the king
// changed, and none gave check before: the side not to move is never in
// check. It costs a fraction of updateCheckers on every ply.
func (p *Position) checksBy(us Color, pt PieceType, from, to Square) Bitboard {
	k := p.King(us.Other())
	if k == NoSquare {
		return 0
	}
	// Masked indexes need no bounds checks.
	k, from, to = k&63, from&63, to&63
	reach := pieceReach[pt&7][to]
	if pt == Pawn {
		reach = pawnAttacks[us&1][to]
	}
	occ := p.Occupied()
	var checks Bitboard
	if reach.has(k) && between[k][to]&occ == 0 {
		checks = to.bit()
	}
	if l := line[k][from]; l != 0 {
		sliders := p.byType[Queen]
		if rookRays[k].has(from) {
			sliders |= p.byType[Rook]
		} else {
			sliders |= p.byType[Bishop]
		}
		for sliders &= l & p.byColor[us&1]; sliders != 0; {
			if s := sliders.PopFirst(); between[k][s&63]&occ == 0 {
				checks |= s.bit()
			}
		}
	}
	return checks
}

// castlingSide returns the castling rooks that belong to c (on c's back rank).
func (p *Position) castlingSide(c Color) Bitboard {
	if c == White {
		return p.castling & rank1
	}
	return p.castling & rankBB(7)
}

// InsufficientMaterial reports whether neither side can possibly mate: bare
// kings, a single minor piece, or only bishops all on squares of one color.
func (p *Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if minors.Count() <= 1 {
		return true
	}
	const light Bitboard = 0x55aa55aa55aa55aa
	if p.byType[Knight] == 0 {
		b := p.byType[Bishop]
		return b&light == 0 || b&^light == 0
	}
	return false
}

// Key returns a hash of the position as the repetition rule sees it: pieces,
// side to move, castling rights and en passant square.
func (p *Position) Key() uint64 {
	var k uint64
	for occ := p.Occupied(); occ != 0; {
		sq := occ.PopFirst()
		k ^= zobristPieces[p.board[sq]][sq]
	}
	if p.turn == Black {
		k ^= zobristTurn
	}
	k ^= uint64(p.castling) * 0x9e3779b97f4a7c15
	if p.ep != 0 {
		k ^= zobristPieces[0][p.ep-1]
	}
	return k
}

// Same reports whether p and q are the position that Key hashes, compared
// exactly: the same pieces on the same squares, side to move, castling
// rights and en passant square. The move counters may differ.
func (p *Position) Same(q *Position) bool {
	return p.board == q.board && p.turn == q.turn && p.castling == q.castling && p.ep == q.ep
}

var (
	zobristPieces [16][64]uint64
	zobristTurn   uint64
)

func init() {
	// splitmix64 from a fixed seed: the same keys in every run.
	seed := uint64(0x5eed)
	next := func() uint64 {
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for i := range zobristPieces {
		for j := range zobristPieces[i] {
			zobristPieces[i][j] = next()
		}
	}
	zobristTurn = next()
}

// PlayNull passes the move to the other side, as a null move ("--") in PGN
// does. It is legal only when the side to move is not in check; the caller
// decides what to do otherwise.
func (p *Position) PlayNull() {
	p.ep = 0
	p.halfmove++
	if p.turn == Black {
		p.fullmove++
	}
	p.turn = p.turn.Other()
	p.updateCheckers()
}

// IsChess960 reports whether castling rights were given in Chess960 form or
// the king and rooks stand where only Chess960 allows castling from.
func (p *Position) IsChess960() bool { return p.chess960 }

// SetChess960 marks the position as a Chess960 one, which changes how its
// FEN writes castling rights.
func (p *Position) SetChess960(v bool) { p.chess960 = v }

// Diagram draws the board as text, white at the bottom, with rank and file
// labels; unicode selects chess figurines instead of letters.
func (p *Position) Diagram(unicode bool) string { return p.DiagramFrom(unicode, White) }

// DiagramFrom is Diagram seen from side's end of the board: black's has
// rank 1 at the top and the h-file on the left.
func (p *Position) DiagramFrom(unicode bool, side Color) string {
	const figurines = " ♙♘♗♖♕♔  ♟♞♝♜♛♚"
	figs := []rune(figurines)
	var b []byte
	for i := 7; i >= 0; i-- {
		r := i
		if side == Black {
			r = 7 - i
		}
		b = append(b, byte('1'+r), ' ')
		for j := 0; j < 8; j++ {
			f := j
			if side == Black {
				f = 7 - j
			}
			pc := p.board[MakeSquare(f, r)]
			switch {
			case pc == NoPiece:
				b = append(b, '.')
			case unicode:
				b = append(b, string(figs[pc])...)
			default:
				b = append(b, pc.Letter())
			}
			if j < 7 {
				b = append(b, ' ')
			}
		}
		b = append(b, '\n')
	}
	if side == Black {
		return string(append(b, "  h g f e d c b a\n"...))
	}
	return string(append(b, "  a b c d e f g h\n"...))
}

// FiftyMoves reports whether fifty moves by each side have passed without a
// capture or pawn move, so that either player may claim a draw.
func (p *Position) FiftyMoves() bool { return p.halfmove >= 100 }
