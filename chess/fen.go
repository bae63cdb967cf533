package chess

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// StartFEN is the standard initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// startingPosition is StartFEN parsed on first use: ParseFEN needs the
// attack tables, which init functions build after the package's variables.
var startingPosition = sync.OnceValue(func() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
})

// StartingPosition returns the standard initial position, the one StartFEN
// writes. Each call returns a copy to play in.
func StartingPosition() Position { return startingPosition() }

// FENError is a problem in a FEN string, positioned at a byte offset.
type FENError struct {
	Offset, End int    // byte span in the FEN string
	Field       string // "placement", "side", "castling", "en passant", "halfmove", "fullmove"
	Msg         string // Template filled in
	// Template is the problem in English with its parameters in braces,
	// Params their names and values in pairs: what a translation needs.
	// The values of "color" (white, black) and "side" (king, queen) are
	// English words; the others are numbers and quoted FEN text.
	Template string
	Params   []string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("FEN %s field, column %d: %s", e.Field, e.Offset+1, e.Msg)
}

// fenProblem is a FENError's template and parameters.
type fenProblem struct {
	template string
	params   []string
}

// problem returns the fenProblem of template with its parameters, given
// as name, value pairs.
func problem(template string, nameValues ...any) *fenProblem {
	f := &fenProblem{template: template}
	for i := 0; i+1 < len(nameValues); i += 2 {
		f.params = append(f.params, nameValues[i].(string), fmt.Sprint(nameValues[i+1]))
	}
	return f
}

// fill returns the template with its parameters in place.
func (f *fenProblem) fill() string {
	msg := f.template
	for i := 0; i+1 < len(f.params); i += 2 {
		msg = strings.ReplaceAll(msg, "{"+f.params[i]+"}", f.params[i+1])
	}
	return msg
}

// failWith returns the FENError of problem f in field i (-1: the whole
// record) at [off, end).
func failWith(i int, off, end int, f *fenProblem) (Position, error) {
	names := [...]string{"placement", "side", "castling", "en passant", "halfmove", "fullmove"}
	name := "record"
	if i >= 0 && i < len(names) {
		name = names[i]
	}
	return Position{}, &FENError{Offset: off, End: end, Field: name, Msg: f.fill(), Template: f.template, Params: f.params}
}

// ParseFEN parses a FEN, or the four-field position part of an EPD. The
// castling field may use KQkq, or files (Shredder-FEN, X-FEN) for Chess960.
func ParseFEN(fen string) (Position, error) {
	var p Position
	fields, starts := splitFields(fen)
	fail := func(i int, off, end int, template string, nameValues ...any) (Position, error) {
		return failWith(i, off, end, problem(template, nameValues...))
	}
	if len(fields) < 4 || len(fields) > 6 {
		return fail(-1, 0, len(fen), "want 4 to 6 fields separated by spaces, found {count}", "count", len(fields))
	}
	// Placement.
	rank, file := 7, 0
	for i := 0; i < len(fields[0]); i++ {
		c := fields[0][i]
		off := starts[0] + i
		switch {
		case c == '/':
			if file != 8 {
				return fail(0, off, off+1, "rank {rank} has {files} files, want 8", "rank", rank+1, "files", file)
			}
			if rank == 0 {
				return fail(0, off, off+1, "more than 8 ranks")
			}
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
			if file > 8 {
				return fail(0, off, off+1, "rank {rank} has more than 8 files", "rank", rank+1)
			}
		default:
			i := strings.IndexByte(pieceLetters[1:], upper(c))
			if i < 0 {
				return fail(0, off, off+1, "unknown piece letter {letter}", "letter", strconv.QuoteRune(rune(c)))
			}
			if file >= 8 {
				return fail(0, off, off+1, "rank {rank} has more than 8 files", "rank", rank+1)
			}
			color := White
			if c >= 'a' {
				color = Black
			}
			p.put(MakeSquare(file, rank), MakePiece(color, PieceType(i+1)))
			file++
		}
	}
	if rank != 0 || file != 8 {
		return fail(0, starts[0], starts[0]+len(fields[0]), "placement has {ranks} ranks and ends with {files} files, want 8 ranks of 8", "ranks", 8-rank, "files", file)
	}
	// Side to move.
	switch fields[1] {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	default:
		return fail(1, starts[1], starts[1]+len(fields[1]), "side to move is {value}, want w or b", "value", strconv.Quote(fields[1]))
	}
	// Kings.
	for _, c := range [...]Color{White, Black} {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return fail(0, starts[0], starts[0]+len(fields[0]), "{color} has {count} kings, want 1", "color", c, "count", n)
		}
	}
	if p.byType[Pawn]&(rank1|rankBB(7)) != 0 {
		return fail(0, starts[0], starts[0]+len(fields[0]), "pawn on the first or last rank")
	}
	if p.attackersTo(p.King(p.turn.Other()), p.turn, p.Occupied()) != 0 {
		return fail(1, starts[1], starts[1]+1, "the side not to move is in check")
	}
	// Castling.
	if err := p.parseCastling(fields[2]); err != nil {
		return failWith(2, starts[2], starts[2]+len(fields[2]), err)
	}
	// En passant.
	if ep := fields[3]; ep != "-" {
		sq, ok := parseSquare(ep)
		wantRank, pawnRank := 5, 4
		if p.turn == Black {
			wantRank, pawnRank = 2, 3
		}
		if !ok {
			return fail(3, starts[3], starts[3]+len(ep), "{value} is not a square", "value", strconv.Quote(ep))
		}
		pawn := MakeSquare(sq.File(), pawnRank)
		if sq.Rank() != wantRank || p.board[pawn] != MakePiece(p.turn.Other(), Pawn) || p.board[sq] != NoPiece ||
			p.board[MakeSquare(sq.File(), 2*wantRank-pawnRank)] != NoPiece {
			return fail(3, starts[3], starts[3]+len(ep), "{square} cannot be an en passant square: no {color} pawn can just have moved two squares past it", "square", ep, "color", p.turn.Other())
		}
		p.ep = uint8(sq) + 1
	}
	// Counters.
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 {
			return fail(4, starts[4], starts[4]+len(fields[4]), "halfmove clock {value} is not a number", "value", strconv.Quote(fields[4]))
		}
		p.halfmove = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 {
			return fail(5, starts[5], starts[5]+len(fields[5]), "fullmove number {value} is not a positive number", "value", strconv.Quote(fields[5]))
		}
		p.fullmove = n - 1
	}
	p.updateCheckers()
	return p, nil
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func parseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// splitFields splits on single or repeated spaces, recording field offsets.
func splitFields(s string) (fields []string, starts []int) {
	for i := 0; i < len(s); {
		if s[i] == ' ' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] != ' ' {
			j++
		}
		fields = append(fields, s[i:j])
		starts = append(starts, i)
		i = j
	}
	return fields, starts
}

// parseCastling reads KQkq or file letters; it returns the problem on
// error.
func (p *Position) parseCastling(f string) *fenProblem {
	if f == "-" {
		return nil
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		color, back := White, 0
		if c >= 'a' {
			color, back = Black, 7
		}
		king := p.King(color)
		if king.Rank() != back {
			return problem("castling right {letter} but the {color} king is not on its first rank", "letter", strconv.QuoteRune(rune(c)), "color", color)
		}
		rooks := p.Pieces(color, Rook) & rankBB(back)
		var rook Square = NoSquare
		switch upper(c) {
		case 'K':
			if r := rooks & ^(king.bit()<<1 - 1); r != 0 {
				rook = r.Last()
			}
		case 'Q':
			if r := rooks & (king.bit() - 1); r != 0 {
				rook = r.First()
			}
		default:
			if u := upper(c); u >= 'A' && u <= 'H' {
				sq := MakeSquare(int(u-'A'), back)
				if rooks.has(sq) {
					rook = sq
				}
				p.chess960 = true
			} else {
				return problem("unknown castling letter {letter}", "letter", strconv.QuoteRune(rune(c)))
			}
		}
		if rook == NoSquare {
			return problem("castling right {letter} but there is no {color} rook to castle with", "letter", strconv.QuoteRune(rune(c)), "color", color)
		}
		if p.castling.has(rook) {
			return problem("castling right {letter} given twice", "letter", strconv.QuoteRune(rune(c)))
		}
		sameSide, side := king.bit()-1, "queen"
		if rook > king {
			sameSide, side = ^(king.bit()<<1 - 1), "king"
		}
		if p.castling&rankBB(back)&sameSide != 0 {
			return problem("castling right {letter}: {color} already has one on the {side} side", "letter", strconv.QuoteRune(rune(c)), "color", color, "side", side)
		}
		p.castling |= rook.bit()
		if (upper(c) == 'K' || upper(c) == 'Q') && (king.File() != 4 || (rook.File() != 0 && rook.File() != 7)) {
			p.chess960 = true
		}
	}
	return nil
}

// FEN formats the position. Castling rights are written as KQkq, or, for
// Chess960 positions and rooks that are not the outermost, as file letters
// (king side first, then queen side).
func (p *Position) FEN() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Letter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.turn == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	b.WriteString(p.castlingString())
	fmt.Fprintf(&b, " %s %d %d", p.EnPassant(), p.halfmove, p.FullmoveNumber())
	return b.String()
}

func (p *Position) castlingString() string {
	if p.castling == 0 {
		return "-"
	}
	var b strings.Builder
	for _, c := range [...]Color{White, Black} {
		back := 0
		if c == Black {
			back = 7
		}
		king := p.King(c)
		rooks := p.Pieces(c, Rook) & rankBB(back)
		side := p.castlingSide(c)
		// King side first, then queen side, as in KQkq.
		for _, kingSide := range [...]bool{true, false} {
			var mine Bitboard
			if kingSide {
				mine = side & ^(king.bit()<<1 - 1)
			} else {
				mine = side & (king.bit() - 1)
			}
			if mine == 0 {
				continue
			}
			rook := mine.First()
			var outer Square
			if kingSide {
				outer = (rooks & ^(king.bit()<<1 - 1)).Last()
			} else {
				outer = (rooks & (king.bit() - 1)).First()
			}
			letter := byte('Q')
			if kingSide {
				letter = 'K'
			}
			if rook != outer || p.chess960 {
				letter = byte('A' + rook.File())
			}
			if c == Black {
				letter += 'a' - 'A'
			}
			b.WriteByte(letter)
		}
	}
	return b.String()
}
