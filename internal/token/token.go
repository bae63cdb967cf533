// Package token defines the lexical tokens of PGN and the lexmachine patterns
// that recognise them. The patterns in this file are the single source of
// truth: go generate compiles them into the DFA tables used by package lexer,
// and the lexer tests run lexmachine's own scanner over the same patterns to
// prove that the generated scanner agrees with it.
package token

import "fmt"

// Kind identifies the class of a token.
type Kind uint8

// The token kinds. Kinds from Whitespace on are produced by the patterns in
// Patterns; Illegal and EOF are produced by the scanner itself.
const (
	Illegal     Kind = iota // bytes that no pattern matches
	EOF                     // end of input
	Whitespace              // spaces, tabs, vertical tabs, CR and LF
	BOM                     // the UTF-8 byte order mark EF BB BF
	LBracket                // "[" opening a tag pair
	RBracket                // "]" closing a tag pair
	LParen                  // "(" opening a variation
	RParen                  // ")" closing a variation
	LAngle                  // "<", reserved by the standard
	RAngle                  // ">", reserved by the standard
	String                  // a quoted string with \" and \\ escapes
	NAG                     // a numeric annotation glyph such as $14
	Comment                 // a brace comment {...}, which may span lines
	LineComment             // a rest-of-line comment starting with ";" (to CR or LF)
	Escape                  // a "%" escape line (valid only in column 1)
	Result                  // a game termination marker: 1-0, 0-1, 1/2-1/2, *
	ResultQuirk             // a non-standard result such as ½-½ or 1–0
	Move                    // a SAN move, castling or null move with suffixes
	MoveNumber              // an integer followed by one or more periods
	Integer                 // an integer without periods
	Dots                    // periods that do not follow an integer
	Suffix                  // a free-standing move suffix annotation like !?
	EnPassant               // the "e.p." en passant marker
	Symbol                  // any other PGN symbol token
	numKinds
)

var kindNames = [numKinds]string{
	Illegal:     "illegal",
	EOF:         "EOF",
	Whitespace:  "whitespace",
	BOM:         "BOM",
	LBracket:    "[",
	RBracket:    "]",
	LParen:      "(",
	RParen:      ")",
	LAngle:      "<",
	RAngle:      ">",
	String:      "string",
	NAG:         "NAG",
	Comment:     "comment",
	LineComment: "line comment",
	Escape:      "escape line",
	Result:      "result",
	ResultQuirk: "non-standard result",
	Move:        "move",
	MoveNumber:  "move number",
	Integer:     "integer",
	Dots:        "periods",
	Suffix:      "suffix annotation",
	EnPassant:   "e.p.",
	Symbol:      "symbol",
}

// String returns a short human-readable name of the kind.
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Pattern is one lexmachine regular expression and the kind it produces.
type Pattern struct {
	Kind  Kind
	Regex string
}

// Building blocks of the SAN pattern (PGN standard, section 8.2.3).
const (
	square    = `[a-h][1-8]`
	pieceMove = `[KQRBNkqrn][a-h]?[1-8]?x?` + square // lower-case b is a pawn file
	pawnMove  = `[a-h](x[a-h])?[1-8](=?[QRBNqrbn]|=` + figurine + `)?(e\.p\.)?`
	castling  = `(O-O|O-O-O|0-0|0-0-0)`
	nullMove  = `(--|Z0)`
	// A chess symbol, U+2654 to U+265F (E2 99 94 to E2 99 9F in UTF-8), in
	// place of a piece letter, of the moving piece or of a promotion:
	// figurine notation, which the parser reads with a warning.
	figurine     = "\xE2\x99[\x94-\x9F]"
	figurineMove = figurine + `[a-h]?[1-8]?x?` + square
	// A drop, "N@e6" or "@e4", as crazyhouse and its kin write them.
	dropMove   = `[PNBRQ]?@` + square
	checkMark  = `[+#]?`
	annotation = `(!|\?|!!|\?\?|!\?|\?!)`
)

// Patterns lists the token patterns in priority order: when two patterns
// match the same longest text, the earlier one wins (lexmachine's rule). So
// "1-0" is a Result and not a Symbol, "e4" a Move and "12" an Integer.
var Patterns = []Pattern{
	{Whitespace, "[ \t\n\r\v]+"},
	{BOM, "\xEF\xBB\xBF"},
	{LBracket, `\[`},
	{RBracket, `\]`},
	{LParen, `\(`},
	{RParen, `\)`},
	{LAngle, `<`},
	{RAngle, `>`},
	{String, `"([^"\\\n\r]|\\[^\n\r])*"`},
	{NAG, `\$[0-9]+`},
	{Comment, `{[^}]*}`},
	{LineComment, `;[^\n\r]*`},
	{Escape, `%[^\n\r]*`},
	{Result, `(1-0|0-1|1/2-1/2|\*)`},
	// ½ is C2 BD and the en dash E2 80 93 in UTF-8.
	{ResultQuirk, "(\xC2\xBD-\xC2\xBD|\xC2\xBD\xE2\x80\x93\xC2\xBD|1\xE2\x80\x930|0\xE2\x80\x931|1/2\xE2\x80\x931/2)"},
	{Move, `(` + pieceMove + `|` + pawnMove + `|` + castling + `|` + nullMove + `|` + figurineMove + `|` + dropMove + `)` + checkMark + annotation + `?`},
	{MoveNumber, `[0-9]+\.+`},
	{Integer, `[0-9]+`},
	{Dots, `\.+`},
	{Suffix, annotation},
	{EnPassant, `e\.p\.`},
	{Symbol, `[A-Za-z0-9][A-Za-z0-9_+#=:\-]*`},
}
