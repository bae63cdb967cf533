package parser

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ascii"
	"github.com/pgnc/pgnc/internal/lexer"
	"github.com/pgnc/pgnc/internal/token"
)

// Error is called by the goyacc parser on a syntax error, with the current
// token still held as lookahead. It reports the error and sets up recovery:
// the rest of the game is skipped up to the next game boundary, which Lex
// announces with RESYNC.
func (p *parser) Error(msg string) {
	p.fast = false
	tok, yacc := *p.cur, p.curYacc
	switch yacc {
	case tokTagPair:
		tok, yacc = p.unfuseTagPairs(tok), tokLBracket
	case tokRun:
		tok, yacc = p.unfuseRun()
	}
	b := &p.build
	if p.inBrokenTag(tok, yacc) && b.depth() == 0 && !b.hasMovetext() {
		p.recoverTag(msg, tok, yacc)
		return
	}
	// A "[" at a line start after movetext or a blank line starts the next
	// game, which the broken one must not overlap; where the broken game
	// has no movetext (a tag pair left open), its error is the end of its
	// last line.
	nextGame := yacc == tokLBracket && p.atLineStart(tok.Start) && (b.hasMovetext() || p.afterBlankLine(tok.Start))
	brokenEnd := tok.End
	if nextGame {
		brokenEnd = len(strings.TrimRight(p.src[:tok.Start], " \t\v\f\r\n"))
	}
	switch {
	case b.depth() > 0 && (yacc == 0 || yacc == tokResult || yacc == tokLBracket):
		open := b.innermostParen()
		p.addDiag(diag.UnclosedVariation, open, open+1)
	case nextGame && !b.hasMovetext():
		// Where the broken game ends: name the game, which this offset
		// would not find.
		p.illegal = 0
		p.diags.AddArgs(diag.UnexpectedToken, brokenEnd, brokenEnd, len(p.db.Games)+1, append(expectedList(msg), diag.PhraseArg("found", "end of line"))...)
	default:
		p.addDiagArgs(diag.UnexpectedToken, tok.Start, tok.End, append(expectedList(msg), p.describeToken(tok, yacc)...)...)
	}
	b.markBroken(tok, brokenEnd)
	switch {
	case yacc == 0:
		// goyacc stops at the end of input; finish abandons the game.
	case nextGame:
		p.queue = append(p.queue, queued{tokResync, lexer.Token{Start: tok.Start, End: tok.Start}}, queued{tokLBracket, tok})
	case yacc == tokResult:
		b.skippedResult(tok)
		p.queue = append(p.queue, queued{tokResync, lexer.Token{Start: tok.End, End: tok.End}})
	default:
		if b.skipFrom < 0 {
			b.skipFrom = tok.Start
		}
		b.skipTo(tok.End)
		inTag := p.inTag && !p.atLineStart(tok.Start)
		p.skip = skipState{active: true, inTag: inTag, sawMovetext: b.hasMovetext() || (!inTag && isMovetext(yacc))}
	}
}

// inBrokenTag reports whether tok, a token the grammar did not expect,
// breaks the tag pair whose "[" stands at p.tagOpen: it comes after that
// "[" and no "]" came between them. The glue takes a "]" on its fast path,
// which clears p.inTag before the grammar sees it, so a "]" is told by the
// text before it.
func (p *parser) inBrokenTag(tok lexer.Token, yacc int) bool {
	switch {
	case p.tagOpen < 0 || tok.Start <= p.tagOpen || yacc == 0:
		return false
	case yacc == tokRBracket:
		return !strings.Contains(p.src[p.tagOpen+1:tok.Start], "]")
	}
	return p.inTag
}

// recoverTag reports tok, which breaks the tag pair open since p.tagOpen,
// and ends the pair there for the grammar (TAGEND): after its "]", or at the
// end of its line where it has none before, since a tag pair stands on one
// line. The pair's text is skipped, and the tag section goes on with the
// next pair, so that the game is read and checked as if the pair were
// absent.
func (p *parser) recoverTag(msg string, tok lexer.Token, yacc int) {
	lineEnd := restOfLine(p.src, p.tagOpen)
	if tok.Start >= lineEnd {
		end := p.tagLineEnd(lineEnd)
		// At the pair's end, which its game's span ends before: name the
		// game, which the offset would not find.
		p.illegal = 0
		p.diags.AddArgs(diag.UnexpectedToken, end, end, len(p.db.Games)+1, append(expectedList(msg), diag.PhraseArg("found", "end of line"))...)
		p.tagEnd = end
		p.queue = append(p.queue, queued{tokTagEnd, lexer.Token{Start: end, End: end}}, queued{yacc, tok})
		return
	}
	p.addDiagArgs(diag.UnexpectedToken, tok.Start, tok.End, append(expectedList(msg), p.describeToken(tok, yacc)...)...)
	if yacc == tokResult && p.gameFollows() {
		// As in skipTagToken: the marker ends the pair, and its game.
		p.tagEnd = p.tagLineEnd(tok.Start)
		p.queue = append(p.queue, queued{tokTagEnd, lexer.Token{Start: p.tagEnd, End: p.tagEnd}}, queued{yacc, tok})
		return
	}
	if yacc == tokRBracket {
		p.tagEnd = tok.End
		p.queue = append(p.queue, queued{tokTagEnd, lexer.Token{Start: tok.End, End: tok.End}})
		return
	}
	p.skip = skipState{active: true, tag: true, lineEnd: lineEnd}
}

// skipTagToken passes over tok, a token of a broken tag pair (recoverTag),
// up to the pair's "]", which it takes, or up to the first token on a later
// line or a termination marker that a game's first token follows, before
// which it ends the pair. It returns the TAGEND token that ends
// the pair, and true, where the pair ends.
func (p *parser) skipTagToken(yacc int, tok lexer.Token) (int, lexer.Token, bool) {
	switch {
	case yacc == tokRBracket && tok.Start < p.skip.lineEnd:
		p.tagEnd = tok.End
	case yacc == 0 || tok.Start >= p.skip.lineEnd || yacc == tokResult && p.gameFollows():
		// A marker that a game's first token follows ends the pair, and
		// then its game, as it ends the skipping after any other syntax
		// error: a reader that cuts the text by scanning it starts a game
		// there (reader.Boundary).
		p.tagEnd = p.tagLineEnd(min(tok.Start, p.skip.lineEnd))
		p.queue = append([]queued{{yacc, tok}}, p.queue...)
	default:
		return 0, tok, false
	}
	p.skip = skipState{}
	return tokTagEnd, lexer.Token{Start: p.tagEnd, End: p.tagEnd}, true
}

// gameFollows reports whether the token after the one just scanned, escape
// lines and unmatched ")" passed over, may start a game after a termination
// marker, or the text ends.
func (p *parser) gameFollows() bool {
	next := p.sc // a copy: peeking does not move the real scanner
	for {
		tok := next.Next()
		switch tok.Kind {
		case token.BOM, token.RParen: // after a marker no variation is open: the ")" is dropped
		case token.Escape:
			if !p.atColumn1(tok.Start) {
				next.Seek(tok.Start + 1) // not an escape: what follows the "%" is read
			}
		case token.EOF:
			// Where a text ends after a marker, a reader may have cut it
			// before the next game.
			return true
		default:
			return startsGame(tok.Kind)
		}
	}
}

// tagLineEnd returns where the text of a broken tag pair that reaches
// lineEnd (the end of its line, or the token that ends it) ends: before the
// white space there.
func (p *parser) tagLineEnd(lineEnd int) int {
	return max(len(strings.TrimRight(p.src[:lineEnd], " \t\v\f\r")), p.tagOpen+1)
}

// isMovetext reports whether a grammar token belongs to movetext.
func isMovetext(yacc int) bool {
	switch yacc {
	case tokLBracket, tokRBracket, tokString, tokSymbol, tokTagPair, tokTagEnd, tokResync, tokGameEnd, 0:
		return false
	}
	return true
}

// describeToken names a token for "unexpected ..." messages: the
// arguments found, and kind and token where it names them.
func (p *parser) describeToken(tok lexer.Token, yacc int) []diag.Arg {
	if yacc == 0 {
		return []diag.Arg{diag.PhraseArg("found", "end of file")}
	}
	text := p.src[tok.Start:tok.End]
	if len(text) > 40 {
		text = text[:40] + "…"
	}
	if strings.ContainsAny(text, "\n\r") {
		text = strings.Fields(text)[0] + "…"
	}
	name := tokenNames[yacc]
	switch yacc {
	case tokLBracket, tokRBracket, tokLParen, tokRParen:
		return []diag.Arg{diag.ValueArg("found", "'"+text+"'")}
	}
	return []diag.Arg{diag.PhraseArg("found", "{kind} '{token}'"), diag.PhraseArg("kind", name), diag.ValueArg("token", text)}
}

// tokenNames describes grammar tokens in messages.
var tokenNames = map[int]string{
	tokLBracket: "'['", tokRBracket: "']'", tokString: "string", tokSymbol: "tag name",
	tokMove: "move", tokMoveNum: "move number", tokInteger: "move number", tokDots: "periods",
	tokNAG: "NAG", tokComment: "comment", tokSuffix: "annotation", tokBadMove: "symbol",
	tokLParen: "'('", tokRParen: "')'", tokResult: "result",
}

// yaccNames maps goyacc's token names to the names used in messages.
var yaccNames = map[string]string{
	"tokLBracket": "'['", "tokTagPair": "'['", "tokRBracket": "']'", "tokString": "a quoted tag value", "tokSymbol": "a tag name",
	"tokMove": "a move", "tokMoveNum": "a move number", "tokInteger": "a move number", "tokDots": "periods",
	"tokNAG": "a NAG", "tokComment": "a comment", "tokSuffix": "an annotation", "tokBadMove": "a move",
	"tokLParen": "'('", "tokRParen": "')'", "tokResult": "a result", "$end": "end of file",
}

// expectedList extracts the expected tokens from goyacc's verbose message
// ("syntax error: unexpected X, expecting A or B") as the arguments
// expected, ", expected {alternatives}", and alternatives, A or B; expected
// is empty when goyacc names none.
func expectedList(msg string) []diag.Arg {
	none := []diag.Arg{diag.ValueArg("expected", "")}
	_, list, ok := strings.Cut(msg, ", expecting ")
	if !ok {
		return none
	}
	var names []string
	seen := map[string]bool{}
	for _, n := range strings.Split(list, " or ") {
		name, known := yaccNames[n]
		if !known {
			continue
		}
		if !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return none
	}
	return []diag.Arg{diag.PhraseArg("expected", ", expected {alternatives}"), diag.PhraseArg("alternatives", strings.Join(names, diag.AlternativeSeparator))}
}

// tagLineAt reports whether the "[" at body[i] starts a line (not the
// first of body) that looks like a tag pair (tagLine).
func tagLineAt(body string, i int) bool {
	return i > 0 && (body[i-1] == '\n' || body[i-1] == '\r') && tagLine(body[i:])
}

// hiddenGames counts what looks like whole games in body, a comment's
// text, and returns their number and the offset of the first one's first
// line, or 0 and -1. A game is a run of tag lines followed, after blank
// lines at most, by a line that starts with a move or a move number; or,
// without tags, a paragraph (after a blank line or a line that ends with a
// termination marker) that starts with the move number "1." and ends a line
// with a termination marker. Lines may be indented. The comment's first
// line is its own text, never a game's.
func hiddenGames(body string) (n, first int) {
	first = -1
	tags, moves := -1, -1 // where the tag lines or untagged movetext being read start
	paragraph := false    // the line read starts a paragraph
	for i := nextLine(body, restOfLine(body, 0)); i < len(body); {
		end := restOfLine(body, i)
		line := strings.TrimLeft(body[i:end], " \t")
		at := end - len(line)
		line = strings.TrimRight(line, " \t\r")
		found := -1
		switch {
		case line == "":
			paragraph, moves = true, -1
			i = nextLine(body, end)
			continue
		case tagLine(line):
			if tags < 0 {
				tags = at
			}
			moves = -1
		case tags >= 0 && startsMovetext(line):
			found, tags = tags, -1
		case moves < 0 && paragraph && strings.HasPrefix(line, "1."):
			moves, tags = at, -1
		default:
			tags = -1
		}
		paragraph = false
		if moves >= 0 && endsWithResult(line) {
			found, moves = moves, -1
		}
		if found >= 0 {
			if n++; first < 0 {
				first = found
			}
		}
		if endsWithResult(line) {
			paragraph = true
		}
		i = nextLine(body, end)
	}
	return n, first
}

// nextLine returns where the line after the line break at s[end] starts:
// after LF, CRLF or a lone CR.
func nextLine(s string, end int) int {
	if end+1 < len(s) && s[end] == '\r' && s[end+1] == '\n' {
		return end + 2
	}
	return end + 1
}

// tagLine reports whether line, without its indentation, starts like a tag
// pair: "[", a name, white space, and a quote.
func tagLine(line string) bool {
	k := 1
	for k < len(line) && (isLetter(line[k]) || k > 1 && (isDigit(line[k]) || line[k] == '_')) {
		k++
	}
	if line == "" || line[0] != '[' || k == 1 {
		return false
	}
	name := k
	for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		k++
	}
	return k > name && k < len(line) && line[k] == '"'
}

// startsMovetext reports whether line, without its indentation, starts with
// a move number or what reads as a SAN move: a piece letter or castling, or
// a file then a rank or a capture.
func startsMovetext(line string) bool {
	switch c := line[0]; {
	case isDigit(c), strings.IndexByte("KQRBNO", c) >= 0:
		return true
	case c >= 'a' && c <= 'h':
		return len(line) > 1 && (line[1] >= '1' && line[1] <= '8' || line[1] == 'x')
	}
	return false
}

// endsWithResult reports whether line ends with a termination marker that
// stands as a word of its own.
func endsWithResult(line string) bool {
	for _, r := range [...]string{"1-0", "0-1", "1/2-1/2", "*"} {
		if rest, ok := strings.CutSuffix(line, r); ok && (rest == "" || rest[len(rest)-1] == ' ' || rest[len(rest)-1] == '\t') {
			return true
		}
	}
	return false
}

// plural writes n nouns.
func countArgs(name string, n int, one, other string) []diag.Arg {
	if n == 1 {
		return []diag.Arg{diag.PhraseArg(name, one)}
	}
	return []diag.Arg{diag.PhraseArg(name, other), diag.ValueArg("count", strconv.Itoa(n))}
}

// checkString reports problems inside a well-formed string token.
func (p *parser) checkString(tok lexer.Token) {
	body := p.src[tok.Start+1 : tok.End-1]
	if ascii.Plain(body) {
		return
	}
	for i := 0; i < len(body); i++ {
		if body[i] == '\\' && i+1 < len(body) {
			if c := body[i+1]; c != '\\' && c != '"' {
				p.addDiag(diag.UnknownEscape, tok.Start+1+i, tok.Start+3+i, "text", body[i:i+2])
			}
			i++
		}
	}
	p.checkText(tok.Start+1, tok.End-1, diag.Phrase("tag value"))
}

// checkText reports control characters and invalid UTF-8 in the comment or
// string body src[from:to], and notes bodies with bytes outside ASCII for
// decodeGames. Tabs are reported only in strings, where the standard forbids
// them.
func (p *parser) checkText(from, to int, where string) {
	body := p.src[from:to]
	if ascii.Printable(body) {
		return
	}
	if where == "comment" {
		if n, first := hiddenGames(body); n > 0 {
			// A comment whose "}" is missing, and the games after it
			// read as its text: an error, so that they are not lost
			// without a word.
			p.addDiagArgs(diag.HiddenGames, from+first, from+first+1, countArgs("games", n, "1 game", "{count} games")...)
		} else if at, end := tagLineIn(body); at >= 0 {
			// Most likely a game whose comment is never closed, and the
			// games after it read as comment text.
			p.addDiag(diag.TagInComment, from-1, from, "text", body[at:end])
		}
	}
	invalid := false
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '\t':
			if where != "comment" {
				p.addDiag(diag.TabInString, from+i, from+i+1)
			}
		case c == '\n' || c == '\r' || c == '\v':
		case c < 0x20 || c == 0x7f:
			p.addDiagArgs(diag.ControlChar, from+i, from+i+1, diag.ValueArg("char", fmt.Sprintf("U+%04X", c)), diag.PhraseArg("where", where))
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(body[i:])
			if r == utf8.RuneError && size == 1 && !invalid {
				invalid = true
				p.noteInvalidUTF8(from+i, where)
			}
			if len(p.foreign) == 0 || p.foreign[len(p.foreign)-1].at != from {
				p.foreign = append(p.foreign, foreignText{at: from})
			}
			p.foreign[len(p.foreign)-1].invalid = invalid
			i += size
			continue
		}
		i++
	}
}

// tagLineIn returns the span of the first line in body that starts with what
// looks like a tag pair, '[', a tag name, white space and '"', up to the end
// of the line or of its first 60 bytes; at is -1 when there is none. Lines
// with "[%" commands, or any other bracket, do not count.
func tagLineIn(body string) (at, end int) {
	for i := 0; i < len(body); i++ {
		j := strings.IndexByte(body[i:], '[')
		if j < 0 {
			break
		}
		i += j
		if !tagLineAt(body, i) {
			continue
		}
		end := min(restOfLine(body, i), i+60)
		for end < len(body) && end > i && !utf8.RuneStart(body[end]) {
			end-- // not in the middle of a character
		}
		return i, end
	}
	return -1, -1
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// noteInvalidUTF8 reports the first byte that is not UTF-8 in a text, as
// the encoding asks.
func (p *parser) noteInvalidUTF8(at int, where string) {
	switch p.encoding {
	case Auto:
		if p.repeats.First(diag.NotUTF8) { // it says the whole game is read as Windows-1252
			p.addDiagArgs(diag.NotUTF8, at, at+1, diag.PhraseArg("where", where))
		}
	case UTF8:
		p.addDiagArgs(diag.InvalidUTF8, at, at+1, diag.PhraseArg("where", where))
	}
}

// describeChar names an illegal character and suggests a fix: the
// arguments char and hint of PGN101, and what they name.
func describeChar(r rune, raw string) []diag.Arg {
	onlyASCII := diag.Phrase("outside comments and tag values only ASCII is allowed")
	codepoint := diag.ValueArg("codepoint", fmt.Sprintf("U+%04X", r))
	glyph := diag.ValueArg("glyph", string(r))
	switch {
	case r == utf8.RuneError && len(raw) == 1:
		return []diag.Arg{diag.PhraseArg("char", "byte {byte} (not UTF-8)"), diag.PhraseArg("hint", onlyASCII), diag.ValueArg("byte", fmt.Sprintf("0x%02X", raw[0]))}
	case r < 0x20 || r == 0x7f:
		return []diag.Arg{diag.PhraseArg("char", "control character {codepoint}"), diag.PhraseArg("hint", "remove it"), codepoint}
	case r >= 0x80:
		return []diag.Arg{diag.PhraseArg("char", "'{glyph}' ({codepoint})"), diag.PhraseArg("hint", onlyASCII), glyph, codepoint}
	}
	return []diag.Arg{diag.ValueArg("char", "'"+string(r)+"'"), diag.ValueArg("hint", "")}
}

// quirkFix gives the standard spelling of a non-standard result.
func quirkFix(text string) string {
	switch {
	case strings.HasPrefix(text, "1") && !strings.HasPrefix(text, "1/2"):
		return "1-0"
	case strings.HasPrefix(text, "0"):
		return "0-1"
	}
	return "1/2-1/2"
}

// badMoveHint suggests a fix for movetext that is not SAN: the hint
// argument of PGN112.
func badMoveHint(text string) diag.Arg {
	hint := ""
	isSq := func(s string) bool { return len(s) >= 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' }
	t := strings.TrimLeft(text, "KQRBNP")
	switch {
	case len(t) >= 4 && isSq(t) && isSq(t[2:]) && len(t) <= 5:
		hint = diag.Phrase("this looks like UCI notation; write the move in SAN")
	case len(t) >= 5 && isSq(t) && (t[2] == '-' || t[2] == 'x') && isSq(t[3:]):
		hint = diag.Phrase("this looks like long algebraic notation; write the move in SAN")
	case len(text) > 0 && strings.ContainsRune("SLTDF", rune(text[0])):
		hint = diag.Phrase("piece letters must be the English K, Q, R, B and N")
	}
	if hint == "" {
		return diag.ValueArg("hint", "")
	}
	return diag.PhraseArg("hint", hint)
}
