package parser

import (
	"github.com/pgnc/pgnc/internal/ascii"
	"github.com/pgnc/pgnc/internal/lexer"
	"github.com/pgnc/pgnc/internal/token"
)

// passMovetext asks Parser.SkipMovetext about the current game at tok, its
// first movetext token, just scanned, and when the game's movetext is not
// needed passes over it: it returns an empty RUN token that spans the
// movetext up to the first token at which the game may end or the grammar
// has something to say, and leaves the scanner there. The grammar takes a
// RUN wherever movetext goes, so the game ends where a full parse ends it:
// at a termination marker, before a "[", or before a "1." across a blank
// line (gameEndsBefore), each of them scanned again and delivered as usual.
// Anything else that a full parse treats apart (a ")" without "(", nesting
// deeper than MaxDepth, a string, an illegal byte, an escape line …) also
// ends the run, so that the parse goes on from there exactly as it would;
// a variation open at that point is left out of the run whole.
func (p *parser) passMovetext(tok lexer.Token) (lexer.Token, bool) {
	g := p.build.game
	if g == nil || g.Parts > 0 || len(p.queue) > 0 || len(p.build.tags) == 0 || len(p.build.elems) > 0 || !p.asciiTags() || !p.skipMovetext(p.build.tags) {
		return tok, false
	}
	p.sc.Seek(tok.Start)
	end := tok.Start // the end of the last token outside variations
	depth, prevEnd := 0, -1
	for {
		if e := p.sc.SkipPlain(); e >= 0 {
			prevEnd = e
			if depth == 0 {
				end = e
			}
		}
		t := p.sc.Next()
		switch t.Kind {
		case token.Move, token.Symbol, token.Integer, token.NAG, token.Comment, token.LineComment, token.Dots, token.Suffix, token.EnPassant:
		case token.MoveNumber:
			if depth == 0 && prevEnd >= 0 && isFirstMoveNumber(p.src[t.Start:t.End]) && BlankLine(p.src[prevEnd:t.Start]) {
				return p.endPass(tok, end)
			}
		case token.LParen:
			if depth >= p.maxDepth {
				return p.endPass(tok, end)
			}
			depth++
		case token.RParen:
			if depth == 0 {
				return p.endPass(tok, end)
			}
			depth--
		default:
			return p.endPass(tok, end)
		}
		prevEnd = t.End
		if depth == 0 {
			end = t.End
		}
	}
}

// endPass ends the movetext that passMovetext passes over at end, where the
// parse goes on, and returns it as an empty RUN token; nothing is passed
// over when end is where it began.
func (p *parser) endPass(first lexer.Token, end int) (lexer.Token, bool) {
	if end == first.Start {
		p.sc.Seek(first.End) // as if first had been scanned alone
		return first, false
	}
	p.sc.Seek(end)
	g := p.build.game
	g.To = max(g.To, end)
	g.Unparsed += end - first.Start
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
