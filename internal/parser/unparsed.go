package parser

import (
	"math"
	"strings"

	"github.com/pgnc/pgnc/internal/ascii"
	"github.com/pgnc/pgnc/internal/lexer"
	"github.com/pgnc/pgnc/internal/token"
	"github.com/pgnc/pgnc/san"
)

// passMovetext asks Parser.SkipMovetext about the current game at tok, its
// first movetext token, just scanned. When none of the game's movetext is
// needed it passes over it (passOver). When the first moves of its main
// line are, it finds where the last of them ends and has the parse pass
// over the rest once it gets there (passRest); when the main line has
// anything else before them than moves, move numbers, NAGs and comments,
// or ends before them, the game is read whole.
func (p *parser) passMovetext(tok lexer.Token) (lexer.Token, bool) {
	g := p.build.game
	if g == nil || g.Parts > 0 || len(p.queue) > 0 || len(p.build.tags) == 0 || len(p.build.elems) > 0 || !p.asciiTags() {
		return tok, false
	}
	switch keep := p.skipMovetext(p.build.tags); {
	case keep == 0:
		end, _ := p.passOver(tok, -1, false)
		return p.endPass(tok, end)
	case keep > 0:
		if end, ok := p.endOfMoves(tok, keep); ok {
			// Lex hands every token from end on to lexSlow, and no run
			// of movetext reaches past it.
			p.passAt, p.passCut = end, p.cutFrom
			p.cutFrom = min(p.cutFrom, end)
		}
	}
	return tok, false
}

// endOfMoves returns where the keep-th move of the main line ends, the
// main line starting at tok: false when something else than moves, move
// numbers, NAGs and comments comes first, or the game may end before. It
// leaves the scanner just after tok.
func (p *parser) endOfMoves(tok lexer.Token, keep int) (int, bool) {
	defer p.sc.Seek(tok.End)
	p.sc.Seek(tok.Start)
	for prevEnd := -1; ; {
		t := p.sc.Next()
		switch t.Kind {
		case token.Move:
			if mayBeForeign(p.src[t.Start:t.End]) {
				return 0, false
			}
			if keep--; keep == 0 {
				return t.End, true
			}
		case token.MoveNumber:
			if prevEnd >= 0 && isFirstMoveNumber(p.src[t.Start:t.End]) && BlankLine(p.src[prevEnd:t.Start]) {
				return 0, false
			}
		case token.NAG, token.Comment, token.LineComment, token.Suffix, token.Dots, token.EnPassant:
		default:
			return 0, false
		}
		prevEnd = t.End
	}
}

// passRest passes over the rest of the current game's movetext from tok,
// the first token after the moves that Parser.SkipMovetext asked for, as
// passOver does, unless the rest may write a move with the piece letters
// of another language: the language of the moves read is worked out from
// all the game's letters, so such a game is read whole.
func (p *parser) passRest(tok lexer.Token) (lexer.Token, bool) {
	p.cutFrom, p.passAt = p.passCut, math.MaxInt
	if p.build.game == nil || p.parens > 0 || len(p.queue) > 0 {
		return tok, false
	}
	end, foreign := p.passOver(tok, p.cur.End, true)
	if foreign {
		p.sc.Seek(tok.End)
		return tok, false
	}
	return p.endPass(tok, end)
}

// mayBeForeign reports whether text may write a move with the piece
// letters of another language than English (san.ForeignLetterIn): it
// holds such a letter, or "P", after a byte that is not a letter. Words of
// comments may answer yes where no move is foreign.
func mayBeForeign(text string) bool {
	for i := 0; i < len(text); {
		// Eight bytes at a time while none is such a letter, as in most
		// movetext, with one branch.
		if i+8 <= len(text) {
			w := text[i : i+8]
			if foreignLetter[w[0]]|foreignLetter[w[1]]|foreignLetter[w[2]]|foreignLetter[w[3]]|foreignLetter[w[4]]|foreignLetter[w[5]]|foreignLetter[w[6]]|foreignLetter[w[7]] == 0 {
				i += 8
				continue
			}
		}
		if foreignLetter[text[i]] != 0 && (i == 0 || !isASCIILetter(text[i-1])) {
			return true
		}
		i++
	}
	return false
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// foreignLetter marks the bytes that san.ForeignLetterIn finds.
var foreignLetter = func() (t [256]uint8) {
	for c := range 256 {
		if san.ForeignLetterIn(string(rune(c))) != 0 && c < 0x80 {
			t[c] = 1
		}
	}
	return t
}()

// plainEnglish is what passOver passes over unscanned where it looks for
// the letters of other languages: plain words without them.
var plainEnglish = lexer.PlainWithout(func(c byte) bool { return foreignLetter[c] != 0 })

// passOver finds how far the movetext that starts at tok, just scanned,
// may be passed over, for endPass: up to the first token at which the game
// may end or the grammar has something to say; prevEnd is where the token
// before tok ends, -1 when tok starts the movetext. The grammar takes a RUN wherever movetext goes, so
// the game ends where a full parse ends it: at a termination marker, before
// a "[", or before a "1." across a blank line (gameEndsBefore), each of
// them scanned again and delivered as usual. Anything else that a full
// parse treats apart (a ")" without "(", nesting deeper than MaxDepth, a
// string, an illegal byte, an escape line …) also ends the run, so that the
// parse goes on from there exactly as it would; a variation open at that
// point is left out of the run whole. With english, it reports whether
// the text it passes over may write a move with the piece letters of
// another language (mayBeForeign), and then stops.
func (p *parser) passOver(tok lexer.Token, prevEnd int, english bool) (end int, foreign bool) {
	p.sc.Seek(tok.Start)
	end = tok.Start // the end of the last token outside variations
	depth := 0
	plain := lexer.Plain()
	if english {
		// Words with such letters are scanned as tokens, and looked at
		// below.
		plain = plainEnglish
	}
	for first := true; ; first = false {
		// SkipPlain looks for a game's "1." after line breaks it passes:
		// the first token, which may follow one, is scanned as a token.
		if !first {
			if e := p.sc.SkipPlain(plain); e >= 0 {
				prevEnd = e
				if depth == 0 {
					end = e
				}
			}
		}
		t := p.sc.Next()
		switch t.Kind {
		case token.Move, token.Symbol, token.Integer, token.NAG, token.Comment, token.LineComment, token.Dots, token.Suffix, token.EnPassant:
		case token.MoveNumber:
			if depth == 0 && prevEnd >= 0 && isFirstMoveNumber(p.src[t.Start:t.End]) && BlankLine(p.src[prevEnd:t.Start]) {
				return end, false
			}
		case token.LParen:
			if depth >= p.maxDepth {
				return end, false
			}
			depth++
		case token.RParen:
			if depth == 0 {
				return end, false
			}
			depth--
		default:
			return end, false
		}
		if english && mayBeForeign(p.src[t.Start:t.End]) {
			return end, true
		}
		prevEnd = t.End
		if depth == 0 {
			end = t.End
		}
	}
}

// endPass passes over the movetext from first, just scanned, to end,
// where the parse goes on, and returns it as an empty RUN token.
func (p *parser) endPass(first lexer.Token, end int) (lexer.Token, bool) {
	if strings.Trim(p.src[first.Start:end], ". \t\v\r\n") == "" {
		// Nothing, or dots alone, which make no element: the grammar and
		// error recovery see a game with none otherwise (hasMovetext).
		p.sc.Seek(first.End) // as if first had been scanned alone
		return first, false
	}
	p.sc.Seek(end)
	g := p.build.game
	g.To = max(g.To, end)
	if g.UnparsedFrom == 0 { // a game passes over one stretch at most
		g.UnparsedFrom = first.Start
	}
	p.build.decided = true // the Replayer would start in the middle of the game
	p.run[0], p.runLen, p.runChecked = first, 0, false
	return lexer.Token{Kind: first.Kind, Start: first.Start, End: end}, true
}

// asciiTags reports whether the tag values of the current game are ASCII:
// the text of the others is decoded once the game is complete, as its
// encoding may depend on the comments of its movetext.
func (p *parser) asciiTags() bool {
	for _, t := range p.build.tags {
		if !ascii.Printable(t.Value) {
			return false
		}
	}
	return true
}
