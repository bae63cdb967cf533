package chess

import (
	"fmt"
	"strings"
)

// castlingByKingMove reports whether the king's move from from to to,
// written with its origin, is castling, and on which side: two files along
// the back rank in standard chess, onto a rook it may castle with in
// either (UCI writes Chess960 castling so).
func (p *Position) castlingByKingMove(from, to Square) (kingSide, ok bool) {
	if from.Rank() != to.Rank() {
		return false, false
	}
	if p.castlingSide(p.turn)&to.bit() != 0 {
		return to > from, true
	}
	if !p.chess960 && (to.File()-from.File() == 2 || from.File()-to.File() == 2) && from.File() == 4 {
		return to > from, true
	}
	return false, false
}

// Letter returns the SAN letter of t: "" for pawns, NoPieceType and values
// beyond King.
func (t PieceType) Letter() string {
	if t < Knight || t > King {
		return ""
	}
	return string(pieceLetters[t])
}

// Name returns the English name of t: "" for NoPieceType and values beyond
// King.
func (t PieceType) Name() string {
	if t > King {
		return ""
	}
	return [...]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}[t]
}

// IllegalReason says why no legal move matches a SAN move.
type IllegalReason uint8

const (
	NoPieceCanReach      IllegalReason = iota // no piece of that kind moves there, even ignoring checks
	PiecePinned                               // the only pieces that could are pinned to their king
	LeavesKingInCheck                         // the move would leave or put the own king in check
	NoCastlingRight                           // castling without the right (king or rook moved)
	CastlingInCheck                           // castling out of check
	CastlingBlocked                           // pieces stand between king and rook or on their targets
	CastlingThroughCheck                      // the king would cross or land on an attacked square
	PromotionRequired                         // a pawn reaching the last rank without promotion piece
	PromotionWrongRank                        // a promotion piece on a move that does not reach the last rank
	NoKing                                    // the side to move has no king
	NothingToMove                             // long algebraic from a square without a piece of the side to move
	DropMove                                  // a piece dropped from the hand, as in crazyhouse
)

// IllegalMoveError reports a SAN move that matches no legal move.
type IllegalMoveError struct {
	Reason IllegalReason
	Piece  PieceType // the moving piece's type (King for castling)
	To     Square    // the destination written, or NoSquare for castling
}

func (e *IllegalMoveError) Error() string {
	return strings.NewReplacer("{piece}", e.Piece.Name(), "{square}", e.To.String()).Replace(e.Template())
}

// Template says why the move is illegal, in English, with {piece} for the
// moving piece's name and {square} for its destination: the text that
// Error fills in, and that a translation translates.
func (e *IllegalMoveError) Template() string {
	switch e.Reason {
	case NoPieceCanReach:
		return "no {piece} can move to {square}"
	case PiecePinned:
		return "the {piece} that could move to {square} is pinned to its king"
	case LeavesKingInCheck:
		return "the move would leave the king in check"
	case NoCastlingRight:
		return "castling is no longer allowed on that side (the king or the rook has moved)"
	case CastlingInCheck:
		return "castling is not allowed while in check"
	case CastlingBlocked:
		return "pieces stand between the king and the rook"
	case CastlingThroughCheck:
		return "the king would cross or land on an attacked square"
	case PromotionRequired:
		return "a pawn reaching {square} must promote"
	case PromotionWrongRank:
		return "a pawn moving to {square} cannot promote"
	case NoKing:
		return "the side to move has no king"
	case NothingToMove:
		return "the side to move has no piece on {square}"
	case DropMove:
		return "a piece dropped from the hand is a move of crazyhouse and its kin, not of chess (name the variant in a Variant tag)"
	}
	return "illegal move"
}

// AmbiguousMoveError reports a SAN move that matches several legal moves.
type AmbiguousMoveError struct {
	Candidates []Move
}

func (e *AmbiguousMoveError) Error() string {
	return fmt.Sprintf("%d pieces can make this move", len(e.Candidates))
}

// FindMove returns the legal move of the side to move that a move's text
// describes, castling aside (FindCastling): its piece of type piece goes to
// to, from file fromFile and rank fromRank where the text gives them (0-7,
// -1 where it does not), and a pawn promotes to promotion. This is the
// board's half of reading a move; package san decodes the text (san.Resolve).
//
// With both fromFile and fromRank given, as in long algebraic notation and
// UCI, piece may be NoPieceType for the piece that stands there, and a
// king's move of two files along its first rank, or onto its own castling
// rook, is castling. A pawn move to the last rank without promotion piece
// resolves to the queen promotion and reports promotionAssumed, so that
// the caller can warn and go on; a promotion piece on a move of another
// piece is ignored. The errors are *IllegalMoveError and
// *AmbiguousMoveError, and a plain error for a piece type or square out of
// range.
func (p *Position) FindMove(piece PieceType, fromFile, fromRank int, to Square, promotion PieceType) (m Move, promotionAssumed bool, err error) {
	king := p.King(p.turn)
	if king == NoSquare {
		return Move{}, false, &IllegalMoveError{Reason: NoKing, Piece: King, To: NoSquare}
	}
	if fromFile >= 0 && fromRank >= 0 && fromFile < 8 && fromRank < 8 {
		// Long algebraic or UCI: the origin names the piece where the text
		// does not, and a king's move of two files, or onto its own
		// castling rook, is castling.
		from := MakeSquare(fromFile, fromRank)
		on := p.At(from)
		if piece == NoPieceType {
			if on == NoPiece || on.Color() != p.turn {
				return Move{}, false, &IllegalMoveError{Reason: NothingToMove, Piece: NoPieceType, To: from}
			}
			piece = on.Type()
		}
		if piece == King && from == king {
			if kingSide, ok := p.castlingByKingMove(from, to); ok {
				m, err := p.findCastling(king, kingSide)
				return m, false, err
			}
		}
	}
	// Unsigned, each range is one comparison: to in 0-63, piece Pawn to
	// King, fromFile and fromRank -1 to 7.
	if uint(to) > 63 || piece-Pawn > King-Pawn || uint(fromFile+1) > 8 || uint(fromRank+1) > 8 {
		return Move{}, false, fmt.Errorf("not a move: no piece or no destination square")
	}
	from := p.Pieces(p.turn, piece)
	if fromFile >= 0 {
		from &= fileBB(fromFile)
	}
	if fromRank >= 0 {
		from &= rankBB(fromRank)
	}
	// Only a pawn move promotes: san.Parse reads a promotion piece on pawn
	// moves only, and one on a piece move is ignored.
	var promo PieceType
	if piece == Pawn {
		promo = promotion
		if promo != NoPieceType && (promo < Knight || promo > Queen) {
			return Move{}, false, fmt.Errorf("not a move: a pawn cannot become a %s", promo.Name())
		}
		lastRank := 7
		if p.turn == Black {
			lastRank = 0
		}
		switch {
		case to.Rank() != lastRank && promo != NoPieceType:
			return Move{}, false, &IllegalMoveError{Reason: PromotionWrongRank, Piece: Pawn, To: to}
		case to.Rank() == lastRank && promo == NoPieceType:
			promo, promotionAssumed = Queen, true
		}
	}
	// Only the pieces that reach the square are tried, each with a cheap
	// legality test; no move list is generated. Mostly there is one.
	cands := p.sourcesTo(piece, to) & from
	if cands != 0 && !cands.MoreThanOne() {
		if m := p.candidate(piece, cands.First(), to, promo); p.isLegal(m, king) {
			return m, promotionAssumed, nil
		}
		return Move{}, false, p.explainIllegal(piece, from, to)
	}
	var legal Bitboard
	for rest := cands; rest != 0; {
		m := p.candidate(piece, rest.PopFirst(), to, promo)
		if p.isLegal(m, king) {
			legal |= m.From.bit()
		}
	}
	switch {
	case legal == 0:
		return Move{}, false, p.explainIllegal(piece, from, to)
	case !legal.MoreThanOne():
		return p.candidate(piece, legal.First(), to, promo), promotionAssumed, nil
	}
	var amb AmbiguousMoveError
	for legal != 0 {
		amb.Candidates = append(amb.Candidates, p.candidate(piece, legal.PopFirst(), to, promo))
	}
	return Move{}, false, &amb
}

// candidate returns the move of the piece of type piece from from to to,
// an en passant capture where a pawn takes on the en passant square.
func (p *Position) candidate(piece PieceType, from, to Square, promo PieceType) Move {
	m := Move{From: from, To: to, Promotion: promo}
	if piece == Pawn && to == p.EnPassant() && from.File() != to.File() {
		m.Kind = EnPassant
	}
	return m
}

// sourcesTo returns the squares of the side to move's pieces of type t that
// could move to to, by the way the piece moves, ignoring pins and checks.
func (p *Position) sourcesTo(t PieceType, to Square) Bitboard {
	us := p.turn
	own := p.byColor[us&1]
	if own.has(to) {
		return 0
	}
	occ := p.Occupied()
	mine := own & p.byType[t]
	switch t {
	case Knight:
		return knightAttacks[to] & mine
	case Bishop:
		return bishopAttacks(to, occ) & mine
	case Rook:
		return rookAttacks(to, occ) & mine
	case Queen:
		return (bishopAttacks(to, occ) | rookAttacks(to, occ)) & mine
	case King:
		return kingAttacks[to] & mine
	case Pawn:
		if p.byColor[us.Other()].has(to) || to == p.EnPassant() {
			return pawnAttacks[us.Other()][to] & mine
		}
		if occ.has(to) {
			return 0
		}
		back, start := -8, 1
		if us == Black {
			back, start = 8, 6
		}
		one := Square(int(to) + back)
		if one < 0 || one > 63 {
			return 0
		}
		if mine.has(one) {
			return one.bit()
		}
		two := Square(int(one) + back)
		if !occ.has(one) && two >= 0 && two <= 63 && two.Rank() == start && mine.has(two) {
			return two.bit()
		}
	}
	return 0
}

// isLegal tests a pseudo-legal move that is not castling, king being the
// square of the side to move's king: that king must not be in check
// afterwards. Most moves are settled by the checkers and pins alone.
func (p *Position) isLegal(m Move, king Square) bool {
	if m.From == king {
		return p.attackersTo(m.To, p.turn.Other(), p.Occupied()&^king.bit()) == 0
	}
	if m.Kind == EnPassant {
		return p.epLegal(m.From, king)
	}
	// nonKingTargets' rule, tested on the one square: building the whole
	// set costs 0.5% of a check, this runs for every move.
	if p.checkers.MoreThanOne() {
		return false
	}
	if p.checkers != 0 {
		c := p.checkers.First()
		if !(between[king][c] | c.bit()).has(m.To) {
			return false
		}
	}
	l := line[king][m.From]
	return l == 0 || l.has(m.To) || !p.pinnedTo(king, m.From)
}

// pinnedTo reports whether the piece on from, on a line with the king of
// the side to move, is pinned to it: whether an enemy slider moving along
// that line has only that piece between it and the king. It looks at that
// line alone, which is cheaper for one piece than pinned.
func (p *Position) pinnedTo(king, from Square) bool {
	sliders := p.byType[Bishop] | p.byType[Queen]
	if rookRays[king].has(from) {
		sliders = p.byType[Rook] | p.byType[Queen]
	}
	occ := p.Occupied()
	for snipers := sliders & p.byColor[p.turn.Other()] & line[king][from]; snipers != 0; {
		if between[king][snipers.PopFirst()]&occ == from.bit() {
			return true
		}
	}
	return false
}

// explainIllegal finds out why no piece in from can legally move to to.
func (p *Position) explainIllegal(piece PieceType, from Bitboard, to Square) error {
	occ := p.Occupied()
	reach := false
	for pieces := from; pieces != 0; {
		sq := pieces.PopFirst()
		if p.pseudoReaches(sq, to, occ) {
			reach = true
			king := p.King(p.turn)
			if piece != King && p.pinned(p.turn, king).has(sq) && !line[king][sq].has(to) && !p.InCheck() {
				return &IllegalMoveError{Reason: PiecePinned, Piece: piece, To: to}
			}
		}
	}
	if !reach {
		return &IllegalMoveError{Reason: NoPieceCanReach, Piece: piece, To: to}
	}
	return &IllegalMoveError{Reason: LeavesKingInCheck, Piece: piece, To: to}
}

// pseudoReaches reports whether the piece on from could move to to if
// checks did not matter.
func (p *Position) pseudoReaches(from, to Square, occ Bitboard) bool {
	pc := p.board[from]
	if p.byColor[pc.Color()].has(to) {
		return false
	}
	switch pc.Type() {
	case Knight:
		return knightAttacks[from].has(to)
	case Bishop:
		return bishopAttacks(from, occ).has(to)
	case Rook:
		return rookAttacks(from, occ).has(to)
	case Queen:
		return (bishopAttacks(from, occ) | rookAttacks(from, occ)).has(to)
	case King:
		return kingAttacks[from].has(to)
	case Pawn:
		if pawnAttacks[pc.Color()][from].has(to) {
			return p.byColor[pc.Color().Other()].has(to) || to == p.EnPassant()
		}
		step := 8
		if pc.Color() == Black {
			step = -8
		}
		one := Square(int(from) + step)
		if to == one {
			return !occ.has(one)
		}
		start := 1
		if pc.Color() == Black {
			start = 6
		}
		return from.Rank() == start && to == Square(int(one)+step) && !occ.has(one) && !occ.has(to)
	}
	return false
}

// FindCastling returns the side to move's castling move on the king side
// (O-O) or the queen side (O-O-O), or an *IllegalMoveError that says why
// there is none.
func (p *Position) FindCastling(kingSide bool) (Move, error) {
	king := p.King(p.turn)
	if king == NoSquare {
		return Move{}, &IllegalMoveError{Reason: NoKing, Piece: King, To: NoSquare}
	}
	return p.findCastling(king, kingSide)
}

// findCastling is FindCastling with the king of the side to move on king.
func (p *Position) findCastling(king Square, kingSide bool) (Move, error) {
	var rooks Bitboard
	if kingSide {
		rooks = p.castlingSide(p.turn) & ^(king.bit()<<1 - 1)
	} else {
		rooks = p.castlingSide(p.turn) & (king.bit() - 1)
	}
	fail := func(r IllegalReason) (Move, error) {
		return Move{}, &IllegalMoveError{Reason: r, Piece: King, To: NoSquare}
	}
	if rooks == 0 {
		return fail(NoCastlingRight)
	}
	// Castling is the king's only legal move onto its own rook: of the
	// legal moves, only the castling ones need generating.
	var l MoveList
	if p.checkers == 0 {
		p.castlingMoves(&l, p.turn, king, p.Occupied(), rooks)
	}
	if l.n > 0 {
		return l.moves[0], nil
	}
	if p.InCheck() {
		return fail(CastlingInCheck)
	}
	rook := rooks.First()
	kingTo, rookTo := castleTargets(king, rook)
	others := p.Occupied() &^ king.bit() &^ rook.bit()
	if (between[king][kingTo]|kingTo.bit()|between[rook][rookTo]|rookTo.bit())&others != 0 {
		return fail(CastlingBlocked)
	}
	return fail(CastlingThroughCheck)
}

// SAN returns the move in Standard Algebraic Notation as the PGN standard
// exports it: the minimal disambiguation among legal moves, "x" for
// captures, "=" before the promotion piece, and "+" or "#".
func (p *Position) SAN(m Move) string {
	var buf [16]byte
	b := p.AppendSANWithoutCheck(buf[:0], m)
	next := *p
	next.Play(m)
	if check, mate := next.CheckState(); mate {
		b = append(b, '#')
	} else if check {
		b = append(b, '+')
	}
	return string(b)
}

// CheckState reports whether the side to move is in check and whether it is
// mated. Moves are generated only when it is in check.
func (p *Position) CheckState() (check, mate bool) {
	if !p.InCheck() {
		return false, false
	}
	return true, !p.HasLegalMove()
}

// AppendSANWithoutCheck appends the SAN of m without "+" or "#" to dst and
// returns the extended slice, for callers that already know what the move
// does to the other king, and that may not need a string of it.
func (p *Position) AppendSANWithoutCheck(dst []byte, m Move) []byte {
	if m.Kind == Castle {
		if m.To > m.From {
			return append(dst, "O-O"...)
		}
		return append(dst, "O-O-O"...)
	}
	piece := p.board[m.From].Type()
	capture := p.board[m.To] != NoPiece || m.Kind == EnPassant
	if piece == Pawn {
		if capture {
			dst = append(dst, byte('a'+m.From.File()), 'x')
		}
		dst = append(dst, m.To.String()...)
		if m.Promotion != NoPieceType {
			dst = append(dst, '=')
			dst = append(dst, m.Promotion.Letter()...)
		}
		return dst
	}
	dst = append(dst, piece.Letter()...)
	switch p.Disambiguation(m) {
	case DisambiguateFile:
		dst = append(dst, byte('a'+m.From.File()))
	case DisambiguateRank:
		dst = append(dst, byte('1'+m.From.Rank()))
	case DisambiguateSquare:
		dst = append(dst, m.From.String()...)
	}
	if capture {
		dst = append(dst, 'x')
	}
	return append(dst, m.To.String()...)
}

// Disambiguator is what SAN writes of a move's origin square to tell it from
// the other legal moves of the same kind of piece to the same square.
type Disambiguator uint8

const (
	DisambiguateNone   Disambiguator = iota // no other such move
	DisambiguateFile                        // the file tells them apart
	DisambiguateRank                        // the rank does, and the file does not
	DisambiguateSquare                      // only the whole square does
)

// Disambiguation returns what the SAN of m, a legal move of a piece other
// than a pawn, writes of its origin: only legal moves count (PGN standard,
// section 8.2.3.4).
func (p *Position) Disambiguation(m Move) Disambiguator {
	piece := p.board[m.From].Type()
	if piece == Pawn || piece == King || m.Kind == Castle {
		return DisambiguateNone
	}
	var others Bitboard
	king := p.King(p.turn)
	for cands := p.sourcesTo(piece, m.To) &^ m.From.bit(); cands != 0; {
		from := cands.PopFirst()
		if p.isLegal(Move{From: from, To: m.To}, king) {
			others |= from.bit()
		}
	}
	switch {
	case others == 0:
		return DisambiguateNone
	case others&fileBB(m.From.File()) == 0:
		return DisambiguateFile
	case others&rankBB(m.From.Rank()) == 0:
		return DisambiguateRank
	}
	return DisambiguateSquare
}

// Status is the state of the side to move.
type Status uint8

const (
	Ongoing   Status = iota // not in check, has a legal move
	InCheck                 // in check, has a legal move
	Checkmate               // in check, no legal move
	Stalemate               // not in check, no legal move
)

var statusNames = [...]string{Ongoing: "ongoing", InCheck: "in check", Checkmate: "checkmate", Stalemate: "stalemate"}

// String returns the status in lower-case English words: "ongoing", "in
// check", "checkmate" or "stalemate"; "Status(n)" for other values.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Status tells whether the side to move is in check, mated or stalemated.
func (p *Position) Status() Status {
	check := p.InCheck()
	has := p.HasLegalMove()
	switch {
	case check && has:
		return InCheck
	case check:
		return Checkmate
	case !has:
		return Stalemate
	}
	return Ongoing
}

// HasLegalMove reports whether the side to move has any legal move. It
// stops at the first one it finds and lists no moves: it runs after every
// check, to tell check from mate, and a king in check usually has a square
// to go to, which is the first thing tried.
func (p *Position) HasLegalMove() bool {
	us, them := p.turn, p.turn.Other()
	king := p.King(us)
	if king == NoSquare {
		return false
	}
	occ := p.Occupied()
	own := p.byColor[us]
	for dests := kingAttacks[king] &^ own; dests != 0; {
		if p.attackersTo(dests.PopFirst(), them, occ&^king.bit()) == 0 {
			return true
		}
	}
	target, ok := p.nonKingTargets(king)
	if !ok {
		return false
	}
	pinned := p.pinned(us, king)
	for pieces := own &^ p.byType[Pawn] &^ p.byType[King]; pieces != 0; {
		from := pieces.PopFirst()
		att := pieceAttacks(p.board[from].Type(), from, occ) & target
		if pinned.has(from) {
			att &= line[king][from]
		}
		if att != 0 {
			return true
		}
	}
	// Pawns that are not pinned, all at once: pushes and captures.
	pawns := p.Pieces(us, Pawn)
	free := pawns &^ pinned
	var one, two, captures Bitboard
	if us == White {
		one = free << 8 &^ occ
		two = (one & rankBB(2)) << 8 &^ occ
		captures = ((free&^fileA)<<7 | (free&^fileBB(7))<<9) & p.byColor[them]
	} else {
		one = free >> 8 &^ occ
		two = (one & rankBB(5)) >> 8 &^ occ
		captures = ((free&^fileA)>>9 | (free&^fileBB(7))>>7) & p.byColor[them]
	}
	if (one|two|captures)&target != 0 {
		return true
	}
	// What is left is rare: pinned pawns, en passant and castling.
	rest := pawns & pinned
	if ep := p.EnPassant(); ep != NoSquare {
		rest |= pawns & pawnAttacks[them][ep]
	}
	return p.hasRareMove(king, target, pinned, rest)
}

// hasRareMove looks for the moves HasLegalMove does not test itself: those
// of the pawns in pawns (pinned ones, en passant captures) and castling.
func (p *Position) hasRareMove(king Square, target, pinned, pawns Bitboard) bool {
	var l MoveList
	p.pawnMoves(&l, p.turn, king, p.Occupied(), target, pinned, pawns, ^Bitboard(0))
	if l.n == 0 && p.checkers == 0 {
		p.castlingMoves(&l, p.turn, king, p.Occupied(), ^Bitboard(0))
	}
	return l.n > 0
}
