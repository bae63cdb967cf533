package san

import (
	"strings"

	"github.com/pgnc/pgnc/chess"
)

// ParseLenient decodes text as Parse does and, where Parse fails, the
// notations people write that are not SAN, each marked by its quirk so that
// a checker can warn and give the canonical SAN as the fix:
//   - long algebraic and UCI: "e2e4", "e2-e4", "Ng1-f3", "Ng1xf3", "e7e8q"
//     (LongAlgebraic; without a piece letter the piece is AnyPiece);
//   - "Pc4" (PawnLetter), "exd6ep" (EnPassantSuffix), "Qh4++"
//     (DoubleCheckMark), "bb5" for a bishop (LowerCasePiece);
//   - figurines, "♘f3" and "♞f6" alike (Figurine);
//   - drops such as "N@e6" (Kind Drop, DropMove);
//   - a piece letter of another language, "Sf3" (ForeignLetter, with
//     NoPiece: ParseIn reads it once the game's language is known). P is
//     English's pawn letter and Dutch's knight: "Pf3" reads as a pawn
//     move (PawnLetter), but "Pcb5", "Pbd7" or "P1d2", which no pawn
//     can write, and a promotion to P ("bxa8=P", "b8P") wait for the
//     language as the other letters do.
func ParseLenient(text string) (Move, bool) {
	if m, ok := Parse(text); ok {
		return m, true
	}
	if english, quirk, ok := promotionIn(text, nil); ok {
		m, ok := ParseLenient(english)
		m.Quirks |= quirk
		return m, ok
	}
	if i := promotionAt(text); i >= 0 && (foreignLetters[text[i]] || text[i] == 'P') {
		// A promotion piece of another language: like a piece letter, it
		// waits for the game's language; the shape is checked now.
		if m, ok := ParseLenient(text[:i] + "Q" + text[i+1:]); ok && m.Piece == chess.Pawn {
			m.Piece, m.Promotion = chess.NoPieceType, chess.NoPieceType
			m.Quirks |= ForeignLetter
			return m, true
		}
		return Move{}, false
	}
	return lenient(text, nil)
}

// promotionIn rewrites the promotion piece of text, written as a figurine
// or, in lang, with a letter that is no English piece letter ("e8=♕",
// "e8=D", "e8D"), to its English letter, and returns the quirk that says
// so; ok is false when there is nothing to rewrite.
func promotionIn(text string, lang *Language) (english string, quirk Quirks, ok bool) {
	i := promotionAt(text)
	if i < 0 {
		return "", 0, false
	}
	rest := text[i:]
	if p, n := figurine(rest); n > 0 && p != chess.Pawn && p != chess.King {
		return text[:i] + p.Letter() + rest[n:], Figurine, true
	}
	if c := rest[0]; lang != nil && upperPiece[c] == chess.NoPieceType && lang.pieces[c] != chess.NoPieceType && lang.pieces[c] != chess.King {
		return text[:i] + lang.pieces[c].Letter() + rest[1:], ForeignLetter, true
	}
	return "", 0, false
}

// promotionAt returns where the promotion piece of text stands, after
// "=" ("e8=D", "e8=♕") or, without it, as an upper-case letter right after
// a pawn's last rank ("e8D", "dxe1D"); -1 where text has none.
func promotionAt(text string) int {
	if i := strings.IndexByte(text, '='); i >= 0 {
		if i+1 < len(text) {
			return i + 1
		}
		return -1
	}
	i := 1
	if len(text) > 2 && text[1] == 'x' && isFile(text[2]) {
		i = 3
	}
	if len(text) > i+1 && isFile(text[0]) && (text[i] == '1' || text[i] == '8') && text[i+1] >= 'A' && text[i+1] <= 'Z' {
		return i + 1
	}
	return -1
}

// ForeignLetterIn returns the first piece letter of text that is a letter
// of another language than English, the one that ForeignLetter marks, or
// 0 for none.
func ForeignLetterIn(text string) byte {
	if len(text) > 0 && (foreignLetters[text[0]] || text[0] == 'P') {
		return text[0]
	}
	if i := promotionAt(text); i >= 0 && (foreignLetters[text[i]] || text[i] == 'P') {
		return text[i]
	}
	return 0
}

// ParseIn decodes text written with the piece letters of lang, and
// whatever ParseLenient reads; a piece letter that differs from the
// English one sets ForeignLetter. A nil lang is English.
func ParseIn(text string, lang *Language) (Move, bool) {
	if english, quirk, ok := promotionIn(text, lang); ok {
		m, ok := ParseIn(english, lang)
		m.Quirks |= quirk
		return m, ok
	}
	if lang == nil || len(text) == 0 || !lang.rewrites[text[0]] {
		return ParseLenient(text)
	}
	return lenient(text, lang)
}

// lenient decodes what strict SAN does not, with the piece letters of lang
// (nil: English, with every other language's letters marked foreign).
func lenient(text string, lang *Language) (Move, bool) {
	m := Move{FromFile: -1, FromRank: -1}
	s := m.takeSuffixes(text, true)
	if len(s) < 2 {
		return Move{}, false
	}
	if p, n := figurine(s); n > 0 {
		m.Quirks |= Figurine
		return afterPiece(m, p, s[n:])
	}
	if i := strings.IndexByte(s, '@'); i >= 0 {
		return drop(m, s, i)
	}
	c := s[0]
	switch {
	case lang != nil && lang.pieces[c] != chess.NoPieceType:
		if p := lang.pieces[c]; p.Letter()[0] != c {
			m.Quirks |= ForeignLetter
		}
		return afterPiece(m, lang.pieces[c], s[1:])
	case lang == nil && upperPiece[c] != chess.NoPieceType:
		return afterPiece(m, upperPiece[c], s[1:])
	case lang == nil && foreignLetters[c]:
		// The piece waits for the game's language; the shape is checked now.
		if mv, ok := afterPiece(m, chess.Knight, s[1:]); ok {
			mv.Piece = chess.NoPieceType
			mv.Quirks |= ForeignLetter
			return mv, true
		}
		return Move{}, false
	case c == 'P':
		if mv, ok := afterPiece(m, chess.Pawn, s[1:]); ok && pawnShaped(mv) {
			mv.Quirks |= PawnLetter
			return mv, true
		}
		if mv, ok := pieceMove(m, s[1:]); ok && lang == nil {
			// "Pcb5": no pawn move, but a piece's, as Dutch writes the
			// knight. It waits for the game's language, like "Sf3".
			mv.Piece = chess.NoPieceType
			mv.Quirks |= ForeignLetter
			return mv, true
		}
		return Move{}, false
	}
	if mv, ok := m.decode(s); ok {
		return mv, true
	}
	if mv, ok := enPassantEP(m, s); ok {
		return mv, true
	}
	m.Piece = AnyPiece
	if mv, ok := long(m, s); ok {
		return mv, true
	}
	if c == 'b' { // "bb5": a bishop, the b-file being no pawn move here
		m.Quirks |= LowerCasePiece
		m.Piece = chess.Bishop
		return pieceMove(m, s[1:])
	}
	return Move{}, false
}

// pawnShaped reports whether a pawn could make m as far as its files go:
// a capture, "Pbxd7", is to a neighbouring file. A move after P that no
// pawn can make is read as Dutch writes a knight's.
func pawnShaped(m Move) bool {
	if !m.Capture || m.FromFile < 0 {
		return true
	}
	d := int(m.FromFile) - int(m.To)%8
	return d == 1 || d == -1
}

// afterPiece decodes what follows the piece letter or figurine of p: SAN's
// [file][rank][x]square, a pawn move, or long algebraic.
func afterPiece(m Move, p chess.PieceType, s string) (Move, bool) {
	m.Piece = p
	if p == chess.Pawn {
		if len(s) == 3 && s[0] == 'x' && isFile(s[1]) && isRank(s[2]) { // "Pxd4"
			m.Capture, m.To = true, squareOf(s[1], s[2])
			return m, true
		}
		if mv, ok := pawnMove(m, s); ok {
			return mv, true
		}
		if mv, ok := enPassantEP(m, s); ok {
			return mv, true
		}
	} else if mv, ok := pieceMove(m, s); ok {
		return mv, true
	}
	return long(m, s)
}

// enPassantEP decodes a pawn capture written with "ep" after it, "exd6ep".
func enPassantEP(m Move, s string) (Move, bool) {
	rest, ok := strings.CutSuffix(s, "ep")
	if !ok {
		return Move{}, false
	}
	m.Piece = chess.Pawn
	mv, ok := pawnMove(m, rest)
	if !ok || !mv.Capture || mv.Promotion != chess.NoPieceType {
		return Move{}, false
	}
	mv.Quirks |= EnPassantSuffix
	return mv, true
}

// long decodes long algebraic notation after any piece letter: the origin
// square, "-", "x" or nothing, the destination and a promotion piece, with
// or without "=" and in either case.
func long(m Move, s string) (Move, bool) {
	if len(s) < 4 || !isFile(s[0]) || !isRank(s[1]) {
		return Move{}, false
	}
	m.FromFile, m.FromRank = int8(s[0]-'a'), int8(s[1]-'1')
	s = s[2:]
	switch s[0] {
	case 'x', ':':
		m.Capture = true
		s = s[1:]
	case '-':
		s = s[1:]
	}
	if len(s) < 2 || !isFile(s[0]) || !isRank(s[1]) {
		return Move{}, false
	}
	m.To = squareOf(s[0], s[1])
	s = strings.TrimPrefix(s[2:], "=")
	if s != "" {
		p := pieceOf(s[0])
		if len(s) != 1 || p == chess.NoPieceType || p == chess.King {
			return Move{}, false
		}
		m.Promotion = p
	}
	m.Quirks |= LongAlgebraic
	return m, true
}

// drop decodes "N@e6" or "@e6" (a pawn), with '@' at s[i].
func drop(m Move, s string, i int) (Move, bool) {
	m.Kind, m.Piece = Drop, chess.Pawn
	switch i {
	case 0:
	case 1:
		switch p := upperPiece[s[0]]; {
		case s[0] == 'P':
		case p != chess.NoPieceType && p != chess.King:
			m.Piece = p
		default:
			return Move{}, false
		}
	default:
		return Move{}, false
	}
	s = s[i+1:]
	if len(s) != 2 || !isFile(s[0]) || !isRank(s[1]) {
		return Move{}, false
	}
	m.To = squareOf(s[0], s[1])
	m.Quirks |= DropMove
	return m, true
}

// figurine reads a chess symbol at the start of s, U+2654 to U+265F,
// white or black, and returns its piece and length, or 0 and 0.
func figurine(s string) (chess.PieceType, int) {
	if len(s) < 3 || s[0] != 0xE2 || s[1] != 0x99 || s[2] < 0x94 || s[2] > 0x9F {
		return chess.NoPieceType, 0
	}
	return [...]chess.PieceType{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn}[(s[2]-0x94)%6], 3
}

// Language is a set of piece letters other than the English K, Q, R, B, N.
type Language struct {
	Code, Name string
	kqrbn      string               // the letters of king, queen, rook, bishop and knight
	pieces     [256]chess.PieceType // the upper-case piece letters
	rewrites   [256]bool            // letters that read differently than in English
	letters    Letters              // the letters of pieces
}

// Has reports whether c is one of l's piece letters.
func (l *Language) Has(c byte) bool { return l.pieces[c] != chess.NoPieceType }

// Letters is a set of upper-case letters, A as bit 0.
type Letters uint32

// Add adds the letter c, when upper case.
func (l *Letters) Add(c byte) {
	if c >= 'A' && c <= 'Z' {
		*l |= 1 << (c - 'A')
	}
}

// String lists the letters, "S, L, T".
func (l Letters) String() string {
	var b strings.Builder
	for c := byte('A'); c <= 'Z'; c++ {
		if l&(1<<(c-'A')) != 0 {
			if b.Len() > 0 {
				b.WriteString(", ")
			}
			b.WriteByte(c)
		}
	}
	return b.String()
}

// newLanguage builds a Language from its letters for king, queen, rook,
// bishop and knight.
func newLanguage(code, name, kqrbn string) *Language {
	l := &Language{Code: code, Name: name, kqrbn: kqrbn}
	for i, p := range [...]chess.PieceType{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight} {
		c := kqrbn[i]
		l.pieces[c] = p
		l.letters.Add(c)
		l.rewrites[c] = upperPiece[c] != p
	}
	return l
}

// englishLetters are English's letters of king, queen, rook, bishop and
// knight, in the order of Language.kqrbn.
const englishLetters = "KQRBN"

// Spell returns move, canonical SAN with English letters, written with
// l's piece letters: those of the moving piece and of a promotion. nil
// is English, which leaves move as it is. ParseIn reads the result back.
func (l *Language) Spell(move string) string {
	if l == nil {
		return move
	}
	return strings.Map(func(r rune) rune {
		if i := strings.IndexRune(englishLetters, r); i >= 0 {
			return rune(l.kqrbn[i])
		}
		return r
	}, move)
}

// Figurines returns move, canonical SAN with English letters, in figurine
// algebraic notation: each piece letter is the chess symbol of the piece
// (♔ ♕ ♖ ♗ ♘), whichever side moves. ParseLenient reads it back.
func Figurines(move string) string {
	return strings.Map(func(r rune) rune {
		if i := strings.IndexRune(englishLetters, r); i >= 0 {
			return []rune("♔♕♖♗♘")[i]
		}
		return r
	}, move)
}

// Languages are the piece letters ParseIn reads, in the order DetectLanguage
// prefers them.
var Languages = []*Language{
	newLanguage("de", "German", "KDTLS"),
	newLanguage("nl", "Dutch", "KDTLP"),
	newLanguage("fr", "French", "RDTFC"),
	newLanguage("es", "Spanish", "RDTAC"),
	newLanguage("it", "Italian", "RDTAC"),
	newLanguage("pt", "Portuguese", "RDTBC"),
	newLanguage("sv", "Swedish", "KDTLS"),
	newLanguage("pl", "Polish", "KHWGS"),
	newLanguage("cs", "Czech", "KDVSJ"),
}

// foreignLetters are the upper-case piece letters of Languages that are no
// English letter; ParseLenient reads a move that starts with one as
// ForeignLetter.
var foreignLetters = func() (f [256]bool) {
	for _, l := range Languages {
		for c := range 256 {
			if l.pieces[c] != chess.NoPieceType && upperPiece[c] == chess.NoPieceType && c != 'P' {
				f[c] = true
			}
		}
	}
	return f
}()

// LanguageOf returns the language with code code ("de"), or nil.
func LanguageOf(code string) *Language {
	for _, l := range Languages {
		if l.Code == code {
			return l
		}
	}
	return nil
}

// DetectLanguage picks the language of a game that writes the piece
// letters used, some of them foreign. It returns the first language of
// Languages that has all of them, with every other such language that
// reads them differently; nil when none has them all. P may be the pawn
// letter of English ("Pc4") in any language; only Dutch reads it as a
// knight, which counts as a different reading.
func DetectLanguage(used Letters) (lang *Language, conflicting []*Language) {
	const p = Letters(1 << ('P' - 'A'))
	for _, l := range Languages {
		if used&^p&^l.letters != 0 {
			continue
		}
		switch {
		case lang == nil:
			lang = l
		case !sameReading(lang, l, used):
			conflicting = append(conflicting, l)
		}
	}
	return lang, conflicting
}

// sameReading reports whether a and b read every letter of used as the
// same piece.
func sameReading(a, b *Language, used Letters) bool {
	for c := byte('A'); c <= 'Z'; c++ {
		if used&(1<<(c-'A')) != 0 && a.pieces[c] != b.pieces[c] {
			return false
		}
	}
	return true
}
