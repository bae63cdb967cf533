// Package movetext is the typed model of a game's main line at the syntax
// level: moves as SAN says them, paired into turns, plus the declared
// outcome. Nothing here knows the board, so "1. c4 d5 2. Rfe8+" is a valid
// model although the rook move is illegal.
package movetext

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// Move is one of Castle, PawnMove, Promotion or StandardMove.
type Move interface{ isMove() }

// Side is the side of the board a castling goes to.
type Side uint8

const (
	KingSide  Side = iota // O-O
	QueenSide             // O-O-O
)

// Check is the check status a move declares.
type Check = san.Check

// Castle is O-O or O-O-O. Check records a "+" or "#" written after it.
type Castle struct {
	Side  Side
	Check Check
}

// PawnMove is a pawn move such as "e4" or "exd5".
type PawnMove struct {
	From    *int // source file 0-7 (a-h) of a capture; nil when not written
	To      san.Square
	Capture bool
	Check   Check
}

// Promotion is a pawn move to the last rank and the piece it becomes.
type Promotion struct {
	Pawn  PawnMove
	Piece san.Piece
}

// StandardMove is a move of a piece other than a pawn.
type StandardMove struct {
	Piece         san.Piece
	To            san.Square
	Disambiguator Disambiguator // nil when none is written
	Capture       bool
	Check         Check
}

func (Castle) isMove()       {}
func (PawnMove) isMove()     {}
func (Promotion) isMove()    {}
func (StandardMove) isMove() {}

// Disambiguator is one of FileDisambiguator, RankDisambiguator or
// SquareDisambiguator.
type Disambiguator interface{ isDisambiguator() }

// FileDisambiguator is a source file, as in "Rfe8".
type FileDisambiguator struct{ File int }

// RankDisambiguator is a source rank, as in "R3xd4".
type RankDisambiguator struct{ Rank int }

// SquareDisambiguator is a source square, as in "Qh8xg7".
type SquareDisambiguator struct{ Square san.Square }

func (FileDisambiguator) isDisambiguator()   {}
func (RankDisambiguator) isDisambiguator()   {}
func (SquareDisambiguator) isDisambiguator() {}

// Turn is a FullTurn or, for the last turn only, a PartialTurn.
type Turn interface{ isTurn() }

// FullTurn is a white move and the black reply.
type FullTurn struct{ White, Black Move }

// PartialTurn is a white move without reply; only the last turn can be one.
type PartialTurn struct{ White Move }

func (FullTurn) isTurn()    {}
func (PartialTurn) isTurn() {}

// Outcome is the result the game declares.
type Outcome uint8

const (
	Unknown   Outcome = iota // "*" or no termination marker
	WhiteWins                // 1-0
	BlackWins                // 0-1
	Draw                     // 1/2-1/2
)

// Game is the main line of a game: at least one turn, and the outcome.
type Game struct {
	Turns   []Turn
	Outcome Outcome
}

// ErrNoMoves is returned for a game whose main line has no move.
var ErrNoMoves = errors.New("movetext: the game has no moves")

// FromAST builds the model of g's main line. Comments, NAGs, move numbers
// and variations are left out. It fails on what the model cannot express:
// no moves, null moves, drops, unreadable moves, moves whose piece only
// the board tells (long algebraic, another language's letters), and a main
// line that starts with black's move.
func FromAST(g *ast.Game) (Game, error) {
	var moves []Move
	for _, e := range g.Moves {
		switch e := e.(type) {
		case *ast.MoveNumber:
			if len(moves) == 0 && e.Dots >= 3 {
				return Game{}, fmt.Errorf("movetext: %q at offset %d starts with black's move", "...", e.From)
			}
		case *ast.BadMove:
			return Game{}, fmt.Errorf("movetext: %q at offset %d is not a move", e.Text, e.From)
		case *ast.Move:
			m, err := fromSAN(e.SAN)
			if err != nil {
				return Game{}, fmt.Errorf("movetext: %q at offset %d: %v", e.Text, e.From, err)
			}
			moves = append(moves, m)
		}
	}
	outcome := Unknown
	if g.Result != nil {
		outcome = Outcome(g.Result.Outcome)
	}
	return pair(moves, outcome)
}

// pair groups moves into turns.
func pair(moves []Move, outcome Outcome) (Game, error) {
	if len(moves) == 0 {
		return Game{}, ErrNoMoves
	}
	out := Game{Outcome: outcome}
	for i := 0; i < len(moves); i += 2 {
		if i+1 < len(moves) {
			out.Turns = append(out.Turns, FullTurn{White: moves[i], Black: moves[i+1]})
		} else {
			out.Turns = append(out.Turns, PartialTurn{White: moves[i]})
		}
	}
	return out, nil
}

// fromSAN converts decoded SAN into the model.
func fromSAN(m san.Move) (Move, error) {
	switch m.Kind {
	case san.CastleKingside:
		return Castle{Side: KingSide, Check: m.Check}, nil
	case san.CastleQueenside:
		return Castle{Side: QueenSide, Check: m.Check}, nil
	case san.Null:
		return nil, errors.New("null moves have no place in the model")
	case san.Drop:
		return nil, errors.New("drops have no place in the model")
	}
	if m.Piece == san.AnyPiece || m.Piece == san.NoPiece {
		// "e2e4", or a letter of another language: only the board says
		// which piece moves.
		return nil, errors.New("the move names no piece that the syntax tells")
	}
	if m.Piece == san.Pawn {
		pawn := PawnMove{To: m.To, Capture: m.Capture, Check: m.Check}
		if m.FromFile >= 0 {
			f := int(m.FromFile)
			pawn.From = &f
		}
		if m.Promotion != san.NoPiece {
			return Promotion{Pawn: pawn, Piece: m.Promotion}, nil
		}
		return pawn, nil
	}
	sm := StandardMove{Piece: m.Piece, To: m.To, Capture: m.Capture, Check: m.Check}
	switch {
	case m.FromFile >= 0 && m.FromRank >= 0:
		sm.Disambiguator = SquareDisambiguator{Square: san.Square(int(m.FromRank)*8 + int(m.FromFile))}
	case m.FromFile >= 0:
		sm.Disambiguator = FileDisambiguator{File: int(m.FromFile)}
	case m.FromRank >= 0:
		sm.Disambiguator = RankDisambiguator{Rank: int(m.FromRank)}
	}
	return sm, nil
}

// FromModel builds the turn model of a resolved game's main line from the
// canonical SAN of its moves, so that the two models line up move for move.
func FromModel(g *model.Game) (Game, error) {
	var moves []Move
	for i, m := range g.Moves {
		if m.Null {
			return Game{}, fmt.Errorf("movetext: ply %d is a null move", m.Ply)
		}
		if i == 0 && g.Start.Turn() == chess.Black {
			return Game{}, fmt.Errorf("movetext: the game starts with black's move")
		}
		parsed, ok := san.Parse(m.SAN)
		if !ok {
			return Game{}, fmt.Errorf("movetext: canonical SAN %q does not decode", m.SAN)
		}
		mv, err := fromSAN(parsed)
		if err != nil {
			return Game{}, err
		}
		moves = append(moves, mv)
	}
	outcome := Unknown
	switch g.Result {
	case model.WhiteWins:
		outcome = WhiteWins
	case model.BlackWins:
		outcome = BlackWins
	case model.Draw:
		outcome = Draw
	}
	return pair(moves, outcome)
}

var pieceLetters = [...]string{san.Knight: "N", san.Bishop: "B", san.Rook: "R", san.Queen: "Q", san.King: "K"}

func square(s san.Square) string { return s.String() }

func checkMark(c Check) string {
	switch c {
	case san.Checking:
		return "+"
	case san.Mating:
		return "#"
	}
	return ""
}

// String writes the castling in SAN: "O-O" or "O-O-O", with its check mark.
func (c Castle) String() string {
	if c.Side == QueenSide {
		return "O-O-O" + checkMark(c.Check)
	}
	return "O-O" + checkMark(c.Check)
}

// String writes the pawn move in SAN, e.g. "exd5+".
func (p PawnMove) String() string { return p.body() + checkMark(p.Check) }

func (p PawnMove) body() string {
	s := square(p.To)
	if p.Capture && p.From != nil {
		return string(rune('a'+*p.From)) + "x" + s
	}
	return s
}

// String writes the promotion in SAN, e.g. "cxb8=Q+".
func (p Promotion) String() string {
	return p.Pawn.body() + "=" + pieceLetters[p.Piece] + checkMark(p.Pawn.Check)
}

// String writes the piece move in SAN, e.g. "Rfe8+".
func (m StandardMove) String() string {
	s := pieceLetters[m.Piece]
	switch d := m.Disambiguator.(type) {
	case FileDisambiguator:
		s += string(rune('a' + d.File))
	case RankDisambiguator:
		s += string(rune('1' + d.Rank))
	case SquareDisambiguator:
		s += square(d.Square)
	}
	if m.Capture {
		s += "x"
	}
	return s + square(m.To) + checkMark(m.Check)
}

// ParseMove reads one move of SAN into the model; it is the inverse of the
// moves' String methods. Castling may be written with zeros; a suffix
// annotation is ignored.
func ParseMove(text string) (Move, error) {
	m, ok := san.Parse(text)
	if !ok {
		return nil, fmt.Errorf("movetext: %q is not SAN", text)
	}
	return fromSAN(m)
}

var outcomeMarkers = [...]string{Unknown: "*", WhiteWins: "1-0", BlackWins: "0-1", Draw: "1/2-1/2"}

// String writes the game as movetext: numbered turns, then the marker.
func (g Game) String() string {
	var b strings.Builder
	for i, t := range g.Turns {
		fmt.Fprintf(&b, "%d. ", i+1)
		switch t := t.(type) {
		case FullTurn:
			fmt.Fprintf(&b, "%v %v ", t.White, t.Black)
		case PartialTurn:
			fmt.Fprintf(&b, "%v ", t.White)
		}
	}
	b.WriteString(outcomeMarkers[g.Outcome])
	return b.String()
}
