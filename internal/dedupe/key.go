package dedupe

import (
	"crypto/sha256"
	"encoding/binary"
	"strings"
	"unicode"

	"github.com/pgnc/pgnc/model"
	"golang.org/x/text/unicode/norm"
)

// The Seven Tag Roster, whose values the exact kind compares.
var sevenTags = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// initialFEN is the first four fields of the initial position's FEN.
const initialFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"

// appendStart appends the game's start position: nothing for the initial
// position of standard chess, else the first four fields of its FEN
// (board, side to move, castling rights, en passant square) and whether
// castling follows Chess960 rules.
func appendStart(b []byte, g *model.Game) []byte {
	if _, ok := g.Tags.Lookup("FEN"); !ok && !g.Chess960 {
		return append(b, 0)
	}
	fields := strings.Fields(g.Start.FEN())
	fen := strings.Join(fields[:min(4, len(fields))], " ")
	if fen == initialFEN && !g.Chess960 {
		return append(b, 0)
	}
	b = append(b, 1)
	if g.Chess960 {
		b = append(b, '9')
	}
	return append(append(b, fen...), 0)
}

// AppendMoves appends the main line of g, two bytes a move, big-endian:
// from square (6 bits), to square (6 bits), promotion piece (3 bits); a
// null move is 0xFFFF. Bytewise order of two lines puts a line right
// before the lines it is a prefix of.
func AppendMoves(b []byte, g *model.Game) []byte {
	for _, m := range g.Moves {
		v := uint16(0xFFFF)
		if !m.Null {
			v = uint16(m.Move.From)<<10 | uint16(m.Move.To)<<4 | uint16(m.Move.Promotion)<<1
		}
		b = binary.BigEndian.AppendUint16(b, v)
	}
	return b
}

// NormalizeValue folds a tag value for the exact kind: white space at the
// ends removed, runs of white space made one space, and letters made
// lower case (Unicode simple folding, as strings.ToLower).
func NormalizeValue(v string) string {
	return strings.ToLower(strings.Join(strings.Fields(v), " "))
}

// FoldName is the key of a player's name for the fuzzy kind: the surname
// and the initial of the first given name, "surname i". The surname is
// what stands before the first comma, or, without a comma, the last word;
// the given names are the rest. Both are folded: lower case, accents
// removed (Unicode decomposition, combining marks dropped; ß is ss, ø o,
// æ ae, œ oe, ł l, đ d, þ th), the German transliterations ae, oe and ue
// read as a, o and u (so that Müller and Mueller match), and everything
// but letters and digits dropped. "Müller, K.", "Mueller, Karsten" and
// "Karsten Müller" all fold to "muller k"; "Carlsen" (no given name)
// folds to "carlsen " and matches only names without given names.
func FoldName(name string) string {
	var surname, given string
	if s, g, ok := strings.Cut(name, ","); ok {
		surname, given = s, g
	} else {
		words := strings.Fields(name)
		if len(words) > 0 {
			surname = words[len(words)-1]
			given = strings.Join(words[:len(words)-1], " ")
		}
	}
	initial := ""
	for _, w := range strings.FieldsFunc(foldLetters(given), func(r rune) bool { return r == ' ' }) {
		initial = w[:1]
		break
	}
	return strings.ReplaceAll(foldLetters(surname), " ", "") + " " + initial
}

// special are the letters that decomposition leaves as they are.
var special = strings.NewReplacer("ß", "ss", "ø", "o", "æ", "ae", "œ", "oe", "ł", "l", "đ", "d", "þ", "th", "ı", "i")

// digraphs are the German transliterations of ä, ö and ü.
var digraphs = strings.NewReplacer("ae", "a", "oe", "o", "ue", "u")

// foldLetters folds s as FoldName says, keeping the word breaks as single
// spaces.
func foldLetters(s string) string {
	s = special.Replace(strings.ToLower(norm.NFD.String(s)))
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		default:
			space = true
		}
	}
	return digraphs.Replace(b.String())
}

// Hash128 is the first 128 bits of the SHA-256 of b.
func Hash128(b []byte) [16]byte {
	sum := sha256.Sum256(b)
	return [16]byte(sum[:16])
}

// hash64 is the first 64 bits of the SHA-256 of b.
func hash64(b []byte) uint64 {
	sum := sha256.Sum256(b)
	return binary.BigEndian.Uint64(sum[:8])
}

// appendValue appends a string and a 0 byte, which no tag value holds
// once read, so that the values of a list cannot run into each other.
func appendValue(b []byte, s string) []byte { return append(append(b, s...), 0) }

// Game is what the deduplication needs of one game: built on the reader's
// workers from its model (NewGame), passed to Deduper.Add.
type Game struct {
	Key   []byte // the sort key: a 128-bit hash, then the moves unless hash-only
	Rank  uint64 // higher is kept first among duplicates
	Exact uint64 // hash of the start, moves and normalised Seven Tag Roster
	Names uint64 // hash of the start, moves and folded names
}

// Options say what counts as a duplicate and which copy is kept.
type Options struct {
	Kind Kind
	Keep Keep
	// HashOnly compares the 128-bit hashes alone, without the moves:
	// 16 bytes of key a game instead of 16 + 2 per ply. It does not apply
	// to Contained, which compares moves by their prefix.
	HashOnly bool
	// Budget is the memory, in bytes, that the records held in memory may
	// take; past it they spill to sorted runs in Dir.
	Budget int64
	Dir    string // where runs are made; "" for the system's temporary directory
}

// NewGame returns the key, rank and hashes of g under opts. textLen is
// the length of the game's text in the input, for Keep Longest; buf, which
// may be nil, is scratch memory, returned for reuse.
func NewGame(g *model.Game, textLen int, opts Options, buf []byte) (Game, []byte) {
	out := Game{Rank: rank(g, textLen, opts.Keep)}
	b := appendStart(buf[:0], g)
	start := len(b)
	b = AppendMoves(b, g)
	n := len(b) // start and moves
	for _, t := range sevenTags {
		b = appendValue(b, NormalizeValue(g.Tags.Tag(t)))
	}
	out.Exact = hash64(b)
	exact := Hash128(b)
	b = appendValue(appendValue(b[:n], FoldName(g.Tags.Tag("White"))), FoldName(g.Tags.Tag("Black")))
	out.Names = hash64(b)
	var h [16]byte
	switch opts.Kind {
	case Exact:
		h = exact
	case Fuzzy:
		h = Hash128(b)
	case Moves:
		h = Hash128(b[:n])
	case Contained:
		// The start and the players, then the moves: sorted, a line comes
		// right before the lines it is a prefix of.
		b = appendValue(appendValue(append(b[:n], b[:start]...), NormalizeValue(g.Tags.Tag("White"))), NormalizeValue(g.Tags.Tag("Black")))
		h = Hash128(b[n:])
		out.Key = append(h[:], b[start:n]...)
		return out, b
	}
	out.Key = h[:]
	if !opts.HashOnly {
		out.Key = append(out.Key, b[start:n]...)
	}
	return out, b
}

// rank orders the copies of a game for keep: the one of highest rank is
// kept, the first in the input among equals.
func rank(g *model.Game, textLen int, keep Keep) uint64 {
	switch keep {
	case Longest:
		return uint64(min(len(g.Moves), 1<<23-1))<<40 | uint64(min(textLen, 1<<40-1))
	case MostAnnotated:
		return annotations(g.Moves) + uint64(len(g.Comments)+len(g.Trailing))
	}
	return 0
}

// annotations counts the comments, NAGs and variation moves of a line.
func annotations(line []*model.Move) uint64 {
	var n uint64
	for _, m := range line {
		n += uint64(len(m.Before) + len(m.Comments) + len(m.NAGs))
		for _, v := range m.Variations {
			n += uint64(len(v)) + annotations(v)
		}
	}
	return n
}

// Kind is what makes two games duplicates.
type Kind uint8

// The kinds, from the strictest. Every duplicate is also labelled with the
// strictest of Exact, Fuzzy, Moves and Contained that it meets with the
// copy kept.
const (
	Exact     Kind = iota // same start, main line and normalised Seven Tag Roster
	Fuzzy                 // same start and main line, players' names equal folded (FoldName)
	Moves                 // same start and main line
	Contained             // main line a prefix of the kept copy's, same start and normalised players
)

// Kinds are the kinds by name, as the flag gives them.
var Kinds = map[string]Kind{"exact": Exact, "fuzzy": Fuzzy, "moves": Moves, "contained": Contained}

func (k Kind) String() string {
	return [...]string{"exact", "fuzzy", "moves", "contained"}[k]
}

// Keep says which copy of a game is kept.
type Keep uint8

// The ways of keeping a copy.
const (
	First         Keep = iota // the first in the input
	Longest                   // the most main-line plies, then the most bytes of text
	MostAnnotated             // the most comments, NAGs and variation moves
)

// Keeps are the ways of keeping by name, as the flag gives them.
var Keeps = map[string]Keep{"first": First, "longest": Longest, "most-annotated": MostAnnotated}
