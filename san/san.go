// Package san decodes the text of a move in Standard Algebraic Notation (PGN
// standard, section 8.2.3) into its parts, without any board: which piece,
// which disambiguation, capture, destination, promotion, check and suffix
// annotation the text says. Pieces and squares are those of package chess;
// Resolve, ParseMove and PlayMove then find the move on a chess.Position.
package san

import "github.com/pgnc/pgnc/chess"

// AnyPiece is the piece of a long algebraic or UCI move that writes no
// piece letter, such as "e2e4" or "g1f3": whatever stands on the origin
// square. It is a value beyond chess.King, which the chess package gives no
// name; Resolve looks at the board for it.
const AnyPiece = chess.King + 1

// pieceOf returns the piece of a piece letter in either case, or
// chess.NoPieceType.
func pieceOf(c byte) chess.PieceType {
	switch c {
	case 'N', 'n':
		return chess.Knight
	case 'B', 'b':
		return chess.Bishop
	case 'R', 'r':
		return chess.Rook
	case 'Q', 'q':
		return chess.Queen
	case 'K', 'k':
		return chess.King
	}
	return chess.NoPieceType
}

// Kind says which shape of move the text has.
type Kind uint8

const (
	Normal          Kind = iota // a piece or pawn move to a square
	CastleKingside              // O-O
	CastleQueenside             // O-O-O
	Null                        // "--" or "Z0": a pass
	Drop                        // "N@e6": a piece from the hand, in crazyhouse and its kin
)

// Check is the check indication that ends a move.
type Check uint8

const (
	NoCheck  Check = iota
	Checking       // "+"
	Mating         // "#"
)

// Annotation is a move suffix annotation; its value is the NAG that the
// standard (section 10) assigns to it.
type Annotation uint8

const (
	NoAnnotation Annotation = 0
	Good         Annotation = 1 // "!"
	Mistake      Annotation = 2 // "?"
	Brilliant    Annotation = 3 // "!!"
	Blunder      Annotation = 4 // "??"
	Interesting  Annotation = 5 // "!?"
	Dubious      Annotation = 6 // "?!"
)

var annotationTexts = [...]string{"", "!", "?", "!!", "??", "!?", "?!"}

// String returns the suffix text of a ("" for NoAnnotation).
func (a Annotation) String() string {
	if int(a) < len(annotationTexts) {
		return annotationTexts[a]
	}
	return ""
}

// ParseAnnotation returns the annotation written as text.
func ParseAnnotation(text string) (Annotation, bool) {
	switch text {
	case "!":
		return Good, true
	case "?":
		return Mistake, true
	case "!!":
		return Brilliant, true
	case "??":
		return Blunder, true
	case "!?":
		return Interesting, true
	case "?!":
		return Dubious, true
	}
	return NoAnnotation, false
}

// Quirks are the ways the text deviates from strict SAN while still being
// readable. Parse reads the first five; ParseLenient and ParseIn the rest.
type Quirks uint16

const (
	LowerCasePiece  Quirks = 1 << iota // "nf3", "bb5"
	ZeroCastling                       // "0-0"
	PromotionNoEq                      // "e8Q"
	LowerPromotion                     // "e8=q"
	EnPassantSuffix                    // "exd6e.p.", "exd6ep"
	PawnLetter                         // "Pc4"
	LongAlgebraic                      // "e2e4", "e2-e4", "Ng1-f3", "e7e8q": the origin square written
	DoubleCheckMark                    // "Qh4++"
	Figurine                           // "♘f3": a chess symbol for the piece letter
	ForeignLetter                      // "Sf3": a piece letter of another language (see ParseIn)
	DropMove                           // "N@e6": no move of standard chess
)

// Move is the decoded text of one SAN move.
type Move struct {
	Kind       Kind
	Piece      chess.PieceType // chess.Pawn for pawn moves; chess.NoPieceType for castling and null moves; AnyPiece
	FromFile   int8            // disambiguating file 0-7, or -1
	FromRank   int8            // disambiguating rank 0-7, or -1
	Capture    bool            // the text has "x"
	To         chess.Square    // destination (Normal moves only)
	Promotion  chess.PieceType // chess.NoPieceType unless the move promotes
	Check      Check           // "+" or "#" as written
	Annotation Annotation      // "!", "?" … as written
	Quirks     Quirks          // deviations from strict SAN
}

// Parse decodes text, which must be a whole move such as "Nbxd7+!" or
// "O-O-O#". It reports false when the text is not a move.
func Parse(text string) (Move, bool) {
	// The commonest shapes, "e4", "Nf3" and those of four bytes, first.
	switch len(text) {
	case 2:
		if isFile(text[0]) && isRank(text[1]) {
			return Move{Piece: chess.Pawn, FromFile: -1, FromRank: -1, To: squareOf(text[0], text[1])}, true
		}
	case 3:
		if p := upperPiece[text[0]]; p != chess.NoPieceType && isFile(text[1]) && isRank(text[2]) {
			return Move{Piece: p, FromFile: -1, FromRank: -1, To: squareOf(text[1], text[2])}, true
		}
	case 4:
		// "Nxe5", "Nbd2", "R1e2", "exd5", and "Nf3+".
		if p := upperPiece[text[0]]; p != chess.NoPieceType {
			if isFile(text[2]) && isRank(text[3]) {
				m := Move{Piece: p, FromFile: -1, FromRank: -1, To: squareOf(text[2], text[3])}
				switch {
				case text[1] == 'x':
					m.Capture = true
					return m, true
				case isFile(text[1]):
					m.FromFile = int8(text[1] - 'a')
					return m, true
				case isRank(text[1]):
					m.FromRank = int8(text[1] - '1')
					return m, true
				}
			} else if isFile(text[1]) && isRank(text[2]) && text[3] == '+' {
				return Move{Piece: p, FromFile: -1, FromRank: -1, To: squareOf(text[1], text[2]), Check: Checking}, true
			}
		} else if isFile(text[0]) && text[1] == 'x' && isFile(text[2]) && isRank(text[3]) {
			return Move{Piece: chess.Pawn, FromFile: int8(text[0] - 'a'), FromRank: -1, Capture: true, To: squareOf(text[2], text[3])}, true
		}
	}
	return parse(text)
}

// parse decodes any move; Parse takes shortcuts for the commonest shapes.
func parse(text string) (Move, bool) {
	m := Move{FromFile: -1, FromRank: -1}
	return m.decode(m.takeSuffixes(text, false))
}

// takeSuffixes reads the suffix annotation and then the check mark at the
// end of s into m, and returns the rest; lenient takes "++" too.
func (m *Move) takeSuffixes(s string, lenient bool) string {
	if n := len(s); n > 0 && (s[n-1] == '!' || s[n-1] == '?') {
		for _, k := range [...]int{2, 1} {
			if len(s) >= k {
				if a, ok := ParseAnnotation(s[len(s)-k:]); ok {
					m.Annotation = a
					s = s[:len(s)-k]
					break
				}
			}
		}
	}
	switch {
	case lenient && len(s) > 2 && s[len(s)-2:] == "++":
		m.Check = Checking
		m.Quirks |= DoubleCheckMark
		s = s[:len(s)-2]
	case len(s) > 0 && s[len(s)-1] == '+':
		m.Check = Checking
		s = s[:len(s)-1]
	case len(s) > 0 && s[len(s)-1] == '#':
		m.Check = Mating
		s = s[:len(s)-1]
	}
	return s
}

// decode reads s, a move without its suffixes, into m: castling, a null
// move, a piece move or a pawn move, in strict SAN.
func (m Move) decode(s string) (Move, bool) {
	switch s {
	case "O-O", "0-0":
		m.Kind = CastleKingside
		if s[0] == '0' {
			m.Quirks |= ZeroCastling
		}
		return m, true
	case "O-O-O", "0-0-0":
		m.Kind = CastleQueenside
		if s[0] == '0' {
			m.Quirks |= ZeroCastling
		}
		return m, true
	case "--", "Z0":
		m.Kind = Null
		return m, true
	}
	if len(s) < 2 {
		return Move{}, false
	}
	if p := pieceOf(s[0]); p != chess.NoPieceType && s[0] != 'b' { // lower-case b is the b-file
		m.Piece = p
		if s[0] >= 'a' {
			m.Quirks |= LowerCasePiece
		}
		return pieceMove(m, s[1:])
	}
	m.Piece = chess.Pawn
	return pawnMove(m, s)
}

// upperPiece maps the upper-case piece letters of strict SAN to pieces.
var upperPiece = [256]chess.PieceType{'N': chess.Knight, 'B': chess.Bishop, 'R': chess.Rook, 'Q': chess.Queen, 'K': chess.King}

// squareOf returns the square named by a file letter and a rank digit.
func squareOf(file, rank byte) chess.Square { return chess.Square((rank-'1')*8 + file - 'a') }

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }

// pieceMove decodes [file][rank][x]square after the piece letter.
func pieceMove(m Move, s string) (Move, bool) {
	if len(s) < 2 || !isFile(s[len(s)-2]) || !isRank(s[len(s)-1]) {
		return Move{}, false
	}
	m.To = squareOf(s[len(s)-2], s[len(s)-1])
	s = s[:len(s)-2]
	if len(s) > 0 && s[len(s)-1] == 'x' {
		m.Capture = true
		s = s[:len(s)-1]
	}
	if len(s) > 0 && isFile(s[0]) {
		m.FromFile = int8(s[0] - 'a')
		s = s[1:]
	}
	if len(s) > 0 && isRank(s[0]) {
		m.FromRank = int8(s[0] - '1')
		s = s[1:]
	}
	return m, s == ""
}

// pawnMove decodes file[x file]rank[[=]piece][e.p.].
func pawnMove(m Move, s string) (Move, bool) {
	if len(s) >= 4 && s[len(s)-4:] == "e.p." {
		m.Quirks |= EnPassantSuffix
		s = s[:len(s)-4]
	}
	if len(s) < 2 || !isFile(s[0]) {
		return Move{}, false
	}
	file := s[0]
	s = s[1:]
	if s[0] == 'x' {
		if len(s) < 2 || !isFile(s[1]) {
			return Move{}, false
		}
		m.Capture = true
		m.FromFile = int8(file - 'a')
		file = s[1]
		s = s[2:]
	}
	if len(s) == 0 || !isRank(s[0]) {
		return Move{}, false
	}
	m.To = squareOf(file, s[0])
	s = s[1:]
	if len(s) > 0 {
		eq := s[0] == '='
		if eq {
			s = s[1:]
		}
		if len(s) != 1 {
			return Move{}, false
		}
		p := pieceOf(s[0])
		if p == chess.NoPieceType || p == chess.King {
			return Move{}, false
		}
		m.Promotion = p
		if !eq {
			m.Quirks |= PromotionNoEq
		}
		if s[0] >= 'a' {
			m.Quirks |= LowerPromotion
		}
	}
	return m, true
}
