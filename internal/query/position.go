package query

import (
	"strings"
	"unicode/utf8"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/internal/query/qtoken"
	"github.com/pgnc/pgnc/san"
)

// material is the pieces of each side: counts[color][piece type].
type material [2][7]int

// parseMaterial reads "KQ vs KR": white's pieces, then black's, as piece
// letters (K may be left out: each side has its king), separated by vs, v
// or -. It returns the problem of anything else.
func parseMaterial(s string) (material, *problem) {
	var m material
	fields := strings.Fields(strings.ReplaceAll(s, "-", " - "))
	var sides [][]string
	cur := []string{}
	for _, f := range fields {
		switch strings.ToLower(f) {
		case "vs", "v", "-":
			sides = append(sides, cur)
			cur = []string{}
			continue
		}
		cur = append(cur, f)
	}
	sides = append(sides, cur)
	if len(sides) != 2 {
		return m, &problem{detail: MaterialSides}
	}
	for c, side := range sides {
		for _, word := range side {
			for _, r := range word {
				t := pieceOf(r)
				if t == chess.NoPieceType {
					return m, &problem{MaterialLetter, []string{string(r)}}
				}
				m[c][t]++
			}
		}
		if m[c][chess.King] == 0 {
			m[c][chess.King] = 1
		}
		if m[c][chess.King] > 1 {
			return m, &problem{detail: MaterialKings}
		}
	}
	return m, nil
}

func pieceOf(r rune) chess.PieceType {
	switch r {
	case 'K', 'k':
		return chess.King
	case 'Q', 'q':
		return chess.Queen
	case 'R', 'r':
		return chess.Rook
	case 'B', 'b':
		return chess.Bishop
	case 'N', 'n':
		return chess.Knight
	case 'P', 'p':
		return chess.Pawn
	}
	return chess.NoPieceType
}

// men returns how many pieces m has, the kings and pawns included.
func (m material) men() int {
	n := 0
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			n += m[c][t]
		}
	}
	return n
}

// matcher returns the test of a position's material against m: = the
// same pieces, >= at least them, <= at most them, > and < the same
// without equality.
func (m material) matcher(op qtoken.Kind) func(*chess.Position) bool {
	total := m.men()
	if op == qtoken.Eq {
		// The commonest test, and the one most positions fail at once, on
		// the count of all pieces: captures only lower it.
		return func(p *chess.Position) bool {
			if (p.ByColor(chess.White) | p.ByColor(chess.Black)).Count() != total {
				return false
			}
			for c := chess.White; c <= chess.Black; c++ {
				for t := chess.Pawn; t <= chess.King; t++ {
					if p.Pieces(c, t).Count() != m[c][t] {
						return false
					}
				}
			}
			return true
		}
	}
	return func(p *chess.Position) bool {
		// More pieces than m has fail <= and <, fewer fail >= and >.
		switch n := (p.ByColor(chess.White) | p.ByColor(chess.Black)).Count(); {
		case n > total && (op == qtoken.Le || op == qtoken.Lt):
			return false
		case n < total && (op == qtoken.Ge || op == qtoken.Gt):
			return false
		}
		ge, le := true, true
		for c := chess.White; c <= chess.Black; c++ {
			for t := chess.Pawn; t <= chess.King; t++ {
				n := p.Pieces(c, t).Count()
				ge = ge && n >= m[c][t]
				le = le && n <= m[c][t]
			}
		}
		switch op {
		case qtoken.Ge:
			return ge
		case qtoken.Le:
			return le
		case qtoken.Gt:
			return ge && !le
		case qtoken.Lt:
			return le && !ge
		}
		return ge && le
	}
}

// The contents of a square in a pattern: 0 empty, 1 to 6 white's pieces,
// 7 to 12 black's (by chess.PieceType).
const contents = 13

// squareSet is a set of contents, bit i for content i.
type squareSet uint16

const (
	anySquare   squareSet = 1<<contents - 1
	whitePieces squareSet = 0b1111110
	blackPieces squareSet = 0b1111110000000
)

// rankAlt is one way a rank of a pattern matches: allowed[k] has the
// squares of the rank where content k may stand.
type rankAlt [contents]chess.Bitboard

// pattern is a compiled FEN pattern: for each rank, the ways it may match;
// side is the side to move, or -1 for either.
type pattern struct {
	ranks [8][]rankAlt
	side  int
	// checks are the ranks that some position may fail, each with the
	// contents that each of its ways to match restricts: a rank of "*"
	// or "8?" costs nothing (compile).
	checks []rankCheck
}

// rankCheck is a rank of a pattern to test: its squares, and its ways to
// match.
type rankCheck struct {
	mask chess.Bitboard
	alts []altCheck
	// required are the contents that every way to match puts on a square
	// of its own, such as the rooks of "*R*r*": a rank without one of
	// them fails at once.
	required []uint8
}

// altCheck is a way for a rank to match: the contents whose squares it
// restricts (the others may stand anywhere on the rank), and those squares.
type altCheck struct {
	contents []uint8
	allowed  *rankAlt
}

// requiredContents returns the contents that each of alts allows alone on
// some square of rank.
func requiredContents(alts []rankAlt, rank int) []uint8 {
	all := squareSet(anySquare)
	for i := range alts {
		var alone squareSet
		for file := range 8 {
			bit := chess.MakeSquare(file, rank).Bit()
			var set squareSet
			for k := range contents {
				if alts[i][k]&bit != 0 {
					set |= 1 << k
				}
			}
			if set != 0 && set&(set-1) == 0 {
				alone |= set
			}
		}
		all &= alone
	}
	var out []uint8
	for k := range contents {
		if all&(1<<k) != 0 {
			out = append(out, uint8(k))
		}
	}
	return out
}

// compile lists the ranks and contents that match must test.
func (pat *pattern) compile() {
	for rank, alts := range pat.ranks {
		mask := chess.Bitboard(0xff) << (8 * rank)
		rc := rankCheck{mask: mask}
		free := false
		for i := range alts {
			ac := altCheck{allowed: &alts[i]}
			for k := range contents {
				if alts[i][k]&mask != mask {
					ac.contents = append(ac.contents, uint8(k))
				}
			}
			if len(ac.contents) == 0 {
				free = true // this way matches every rank
				break
			}
			rc.alts = append(rc.alts, ac)
		}
		if !free {
			rc.required = requiredContents(alts, rank)
			pat.checks = append(pat.checks, rc)
		}
	}
}

// parsePattern reads a pattern as pgn-extract writes them: eight ranks
// from the eighth, separated by /, of piece letters, digits (that many
// empty squares), ? (any square), ! (a piece), A (a white piece), a (a
// black piece), [...] and [^...] (a set of piece letters, or all but),
// and * (any run of squares, empty included); then, optionally, w or b,
// the side to move.
func parsePattern(s string) (*pattern, *problem) {
	fields := strings.Fields(s)
	if len(fields) == 0 || len(fields) > 2 {
		return nil, &problem{detail: PatternFields}
	}
	pat := &pattern{side: -1}
	if len(fields) == 2 {
		switch fields[1] {
		case "w":
			pat.side = int(chess.White)
		case "b":
			pat.side = int(chess.Black)
		default:
			return nil, &problem{PatternSide, []string{fields[1]}}
		}
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return nil, &problem{detail: PatternRanks}
	}
	for i, text := range ranks {
		elems, err := rankElements(text)
		if err != nil {
			return nil, err
		}
		rank := 7 - i
		var alts []rankAlt
		expand(elems, nil, func(squares []squareSet) {
			if len(alts) >= 4096 {
				return
			}
			var a rankAlt
			for file, set := range squares {
				for k := range contents {
					if set&(1<<k) != 0 {
						a[k] |= chess.MakeSquare(file, rank).Bit()
					}
				}
			}
			alts = append(alts, a)
		})
		if len(alts) == 0 {
			return nil, &problem{PatternSquares, []string{text}}
		}
		pat.ranks[rank] = alts
	}
	pat.compile()
	return pat, nil
}

// star marks * among a rank's elements.
const star squareSet = 1 << 15

// rankElements reads a rank of a pattern into one set per square, and
// star for *.
func rankElements(text string) ([]squareSet, *problem) {
	var out []squareSet
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c >= '1' && c <= '8':
			for range int(c - '0') {
				out = append(out, 1)
			}
		case c == '?':
			out = append(out, anySquare)
		case c == '!':
			out = append(out, anySquare&^1)
		case c == 'A':
			out = append(out, whitePieces)
		case c == 'a':
			out = append(out, blackPieces)
		case c == '*':
			if len(out) == 0 || out[len(out)-1] != star { // ** is *
				out = append(out, star)
			}
		case c == '[':
			end := strings.IndexByte(text[i:], ']')
			if end < 0 {
				return nil, &problem{PatternOpenSet, []string{text}}
			}
			body := text[i+1 : i+end]
			negate := strings.HasPrefix(body, "^")
			body = strings.TrimPrefix(body, "^")
			var set squareSet
			for j := 0; j < len(body); j++ {
				k, ok := contentOf(body[j])
				if !ok {
					return nil, &problem{PatternSetLetter, []string{body[j : j+1]}}
				}
				set |= k
			}
			if negate {
				set = anySquare &^ set
			}
			out = append(out, set)
			i += end
		default:
			k, ok := contentOf(c)
			if !ok || c == '_' {
				r, _ := utf8.DecodeRuneInString(text[i:])
				return nil, &problem{PatternLetter, []string{string(r)}}
			}
			out = append(out, k)
		}
	}
	return out, nil
}

// contentOf returns the contents a letter of a pattern stands for.
func contentOf(c byte) (squareSet, bool) {
	switch c {
	case '_':
		return 1, true
	case 'A':
		return whitePieces, true
	case 'a':
		return blackPieces, true
	}
	t := pieceOf(rune(c))
	if t == chess.NoPieceType {
		return 0, false
	}
	if c >= 'a' {
		return 1 << (6 + t), true
	}
	return 1 << t, true
}

// expand calls fn with every way elems fill eight squares, each * taking
// any number of them.
func expand(elems []squareSet, prefix []squareSet, fn func([]squareSet)) {
	if len(prefix) > 8 {
		return
	}
	if len(elems) == 0 {
		if len(prefix) == 8 {
			fn(prefix)
		}
		return
	}
	if elems[0] != star {
		expand(elems[1:], append(prefix, elems[0]), fn)
		return
	}
	for n := 0; len(prefix)+n <= 8; n++ {
		p := prefix
		for range n {
			p = append(p, anySquare)
		}
		expand(elems[1:], p, fn)
	}
}

// squaresOf returns the squares of p that hold content k.
func squaresOf(p *chess.Position, k uint8) chess.Bitboard {
	switch {
	case k == 0:
		return ^p.Occupied()
	case k <= 6:
		return p.Pieces(chess.White, chess.PieceType(k))
	}
	return p.Pieces(chess.Black, chess.PieceType(k-6))
}

// match tests a position against the pattern.
func (pat *pattern) match(p *chess.Position) bool {
	if pat.side >= 0 && int(p.Turn()) != pat.side {
		return false
	}
	for _, rc := range pat.checks {
		// The squares of each content are looked up where needed: most
		// positions fail on a content a rank requires, at once.
		for _, k := range rc.required {
			if squaresOf(p, k)&rc.mask == 0 {
				return false
			}
		}
		ok := false
		for _, ac := range rc.alts {
			fits := true
			for _, k := range ac.contents {
				if squaresOf(p, k)&rc.mask&^ac.allowed[k] != 0 {
					fits = false
					break
				}
			}
			if fits {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// sanWords returns the moves of a sequence written as text: move numbers,
// results and annotations left out, check marks dropped.
func sanWords(s string) []string {
	var out []string
	for _, w := range strings.Fields(s) {
		for len(w) > 0 && w[0] >= '0' && w[0] <= '9' && strings.Contains(w, ".") {
			i := strings.IndexByte(w, '.')
			if strings.Trim(w[:i], "0123456789") != "" {
				break
			}
			w = strings.TrimLeft(w[i:], ".")
		}
		w = strings.TrimRight(w, "+#!?")
		switch w {
		case "", "1-0", "0-1", "1/2-1/2", "*":
			continue
		}
		out = append(out, w)
	}
	return out
}

// resolveMoves plays a sequence of moves from the initial position: the
// moves, or the move that cannot be played and why.
func resolveMoves(s string) ([]chess.Move, string, string) {
	pos := chess.StartingPosition()
	var moves []chess.Move
	for _, w := range sanWords(s) {
		m, _, err := san.PlayMove(&pos, w)
		if err != nil {
			return nil, w, err.Error()
		}
		moves = append(moves, m)
	}
	if len(moves) == 0 {
		return nil, s, "no move"
	}
	return moves, "", ""
}
