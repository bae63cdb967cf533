// Package parser parses PGN text into an ast.Database with the goyacc parser
// generated from grammar/pgn.y. It always returns a best-effort tree together
// with every diagnostic, sorted by position; a syntax error abandons only the
// game it occurs in, and parsing resumes at the next game. The lexer glue
// hands the grammar a game's structure: runs of tag pairs, and runs of
// moves, move numbers and NAGs with the comments among them, each as one
// token, which the grammar actions build node by node.
package parser

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ascii"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/lexer"
	"github.com/pgnc/pgnc/internal/token"
)

func init() {
	// Ask goyacc for "unexpected X, expecting Y" messages; Error turns them
	// into diagnostics. Set once here, read-only afterwards.
	yyErrorVerbose = true
}

// DefaultMaxDepth is the deepest variation nesting parsed by default. Real
// files stay far below it; it bounds the stack of every later pass.
const DefaultMaxDepth = 1000

// DepthCap is the highest MaxDepth a Parser takes; a higher one is
// lowered to it. Every later pass over variations (the check, the model,
// fmt, JSON) recurses once per level, so an unbounded depth would exhaust
// Go's 1 GB stack at a few hundred thousand levels; and JSON nests three
// levels per variation, of which encoding/json reads at most 10,000.
// Nesting this deep is tested to run through every pass and back from
// JSON (TestDepthCap in cmd/pgnc).
const DepthCap = 3000

// Parse parses src, the whole text of a PGN file.
func Parse(src string) (*ast.Database, diag.List) {
	var p Parser
	return p.Parse(src)
}

// Parser parses PGN text. The zero value is ready to use. A Parser reuses its
// internal buffers from one Parse call to the next; it must not be used by
// two goroutines at once, but any number of Parsers may run in parallel.
type Parser struct {
	// ReuseMemory makes each Parse reuse the memory of the tree the previous
	// call returned, which then must no longer be used. Streaming checks set
	// it: they are done with a tree before they parse the next piece.
	ReuseMemory bool
	// MaxDepth is how deeply variations may nest; a variation deeper than
	// that is skipped whole with diagnostic PGN214. 0 means DefaultMaxDepth;
	// at most DepthCap.
	MaxDepth int
	// Encoding says how bytes outside ASCII in tag values and comments are
	// read; the zero value is Auto.
	Encoding Encoding
	// MaxRepeats is how many diagnostics of one code a game keeps; the rest
	// are counted by one diagnostic (see diag.Repeats). 0 means
	// diag.DefaultRepeats; a negative value keeps them all.
	MaxRepeats int
	// Parts, when set, receives every game too long to hold whole, in
	// parts while the game is parsed: whenever the game holds PartSize
	// tag pairs or elements of movetext not yet handed out, they go to
	// Parts and their memory is used again. The game's Tags and Moves then
	// hold only what came after the last part (Game.Parts). That bounds
	// the memory of a huge game for a caller that checks it as it comes
	// (check.Parts).
	Parts PartSink
	// PartSize is the size of a part; 0 means DefaultPartSize.
	PartSize int
	// SkipComments leaves out of the tree the brace comments that a check
	// without the model has no use for, as go/parser leaves comments out
	// unless asked: those with nothing to report that stand between two
	// moves, move numbers or NAGs of one run of movetext (the tokens the
	// glue hands the grammar as one). The others stay: before the first
	// move of a line, at its end, next to a variation, a result or a ";"
	// comment. Diagnostics, spans and the elements that remain are those
	// of a full parse.
	SkipComments bool
	// Replayer, when set, replays the main line of each game as it is
	// read, and the moves, move numbers and NAGs it replays get no node:
	// the tree of such a game holds its comments, variations and other
	// elements, not those (see Replayer). It is for a check that uses the
	// diagnostics and not the tree (check.Stream).
	Replayer Replayer
	// SkipMovetext, when set, is asked at the first movetext token of
	// every game with a tag section how much of the game's movetext is
	// needed: -1 all of it, 0 none, n the first n moves of the main line.
	// The parser passes over what is not needed without building or
	// checking it, up to where the game ends (Game.UnparsedFrom), so that a
	// caller that decides from the tags, or from the first moves, as a
	// selection by tags or by opening does, pays little more than the
	// scanner for what it skips. The game's span, its tags, its result and
	// the games around it are those of a full parse. It is not asked for a
	// game whose tag values hold bytes outside ASCII (their encoding is
	// settled with the whole game), nor for a game handed out in parts; a
	// game whose main line holds anything but moves, move numbers, NAGs and
	// comments before its n-th move, or ends before it, is read whole. It
	// must not keep tags.
	SkipMovetext func(tags []*ast.TagPair) (keep int)

	yacc yyParserImpl
	p    parser
}

// Parse parses src, the whole text of a PGN file, and returns the tree and
// the diagnostics sorted by position.
func (ps *Parser) Parse(src string) (*ast.Database, diag.List) {
	db, diags, _ := ps.ParsePrefix(src, Cut{From: math.MaxInt})
	return db, diags
}

// A PartSink receives huge games in parts (Parser.Parts), in input order:
// the tag section, if it is huge, and then the movetext. A variation whose
// "(" is handed out before its ")" comes as Open, its elements, and Close;
// one handed out whole is an element of its line. A PartSink must not keep
// what it receives: its memory is used again. Tag values and comments come
// as written: the encoding (Parser.Encoding) is settled at the end of their
// game.
type PartSink interface {
	// Begin starts a game's parts. Its Index is not set, nor its Moves;
	// when movetext comes, its Tags are the tags not handed out.
	Begin(g *ast.Game)
	// Tags receives the next pairs of the tag section.
	Tags(tags []*ast.TagPair)
	// Elements receives the next elements of the line open innermost: the
	// game's main line, or the variation opened last.
	Elements(elems []ast.Element)
	// Open opens a variation of the line open innermost, with its "(" at
	// offset from.
	Open(from int)
	// Close closes the variation opened last.
	Close()
}

// Cut says where ParsePrefix may stop.
type Cut struct {
	// From is the offset from which on ParsePrefix stops at the first place
	// it may cut.
	From int
	// Games, when positive, makes it stop at the first place it may cut
	// after the termination marker of the Games-th game or a later one,
	// wherever that is: it bounds the games of a piece.
	Games int
	// Until, when positive, is the last offset it may stop at: a reader
	// that cut a text at a sync point confirms the cut by parsing up to it.
	Until int
	// SyncFrom and SyncTo, when SyncTo is positive, let it stop at an
	// offset in [SyncFrom, SyncTo) only where a SyncPoint is, as the end
	// of a byte range must be; once Games places there were passed over,
	// at any, so that text without sync points is still cut.
	SyncFrom, SyncTo int
}

// ParsePrefix parses src, a text that may go on after it, up to the first
// place that c allows where a game starts the way it would in any text that
// begins there: the first token after a termination marker that is a tag,
// a move number, a move or a marker; a "[" after movetext, outside
// variations; or a "[" that ends a game of tags only (a second Event tag,
// or a tag name that repeats across a blank line). It returns what
// Parse(src[:end]) would, with
// end, the place where it stopped; end is len(src) when it found none, and
// then the last game may be incomplete.
// Cutting a text at end and parsing
// the rest from there gives the games of a parse of the whole text, which
// is how package reader splits its input while parsing it only once.
func (ps *Parser) ParsePrefix(src string, c Cut) (*ast.Database, diag.List, int) {
	p := &ps.p
	p.cur = &ps.yacc.lval.tok
	p.parts, p.partSize = ps.Parts, ps.PartSize
	p.skipComments = ps.SkipComments
	p.skipMovetext = ps.SkipMovetext
	if p.replayer = ps.Replayer; p.replayer != nil {
		p.replayer.Reset()
	}
	if p.partSize <= 0 {
		p.partSize = DefaultPartSize
	}
	p.reset(src, ps.ReuseMemory)
	p.cut, p.cutAt, p.refused = c, len(src), 0
	p.cutFrom = max(c.From, 0)
	p.maxDepth = ps.MaxDepth
	p.encoding = ps.Encoding
	p.repeats.Reset(ps.MaxRepeats)
	if p.maxDepth <= 0 {
		p.maxDepth = DefaultMaxDepth
	}
	p.maxDepth = min(p.maxDepth, DepthCap)
	// goyacc gives up when an error leaves no state that can shift "error"
	// (after a default reduction to the top of the grammar). Parsing then
	// starts again where the lexer stands, and Lex ends the broken game at
	// the next boundary itself.
	for ps.yacc.Parse(p) != 0 && !p.atEOF {
		p.aborted = true
	}
	p.db.To = p.cutAt
	db, diags := p.finish()
	return db, diags, p.cutAt
}

// parser is the state shared by the lexer side (Lex, Error) and the grammar
// actions (build.go) during one parse.
type parser struct {
	src   string
	sc    lexer.Scanner
	diags diag.List
	db    *ast.Database
	kept  *ast.Database // the database to reuse, with ReuseMemory

	inTag   bool // the last bracket delivered was "["
	atEOF   bool // the end of input was delivered
	aborted bool // goyacc gave up on an error; see Parser.Parse
	// tagOpen is where the "[" of the tag pair being delivered token by
	// token stands, -1 when none is; tagFrom and tagEnd are where the last
	// broken pair begins and ends (recoverTag).
	tagOpen, tagFrom, tagEnd int
	// lastLBracket is where the last run of tag pairs began, to place a game
	// broken before any of its tags was complete.
	lastLBracket int
	tagged       bool                     // the current tag section has an Event tag
	parens       int                      // variations open in the current game
	maxDepth     int                      // the deepest nesting allowed
	parts        PartSink                 // Parser.Parts
	partSize     int                      // Parser.PartSize, or its default
	skipComments bool                     // Parser.SkipComments
	replayer     Replayer                 // Parser.Replayer
	skipMovetext func([]*ast.TagPair) int // Parser.SkipMovetext
	// passAt, when not math.MaxInt, is where the moves that SkipMovetext
	// asked for end, and the rest of the game's movetext is passed over
	// (passRest); passCut is the cutFrom that it stands in for meanwhile.
	passAt, passCut int
	// quiet drops diagnostics while the builder builds again the nodes of
	// text it reported on before (builder.stopStreaming).
	quiet bool
	// cur is the token most recently delivered to the grammar. It is
	// goyacc's own lookahead value, which Lex fills, so that delivering a
	// token stores it once.
	cur   *lexer.Token
	pairs []fusedPair // the tag pairs of the TAGPAIR in cur
	// run holds the tokens of the RUN in cur, the first runLen of it.
	// runChecked says that its comment, a run of its own, has had the
	// checks that classify makes; those of Lex's fast path wait for the
	// run's grammar action (see checkComment).
	run        [maxRun]lexer.Token
	runLen     int
	runChecked bool
	// separatePairs and separateRuns turn fuseTagPairs and fuseRun off,
	// for the tests that prove fusing changes nothing.
	separatePairs, separateRuns bool
	curYacc                     int // its grammar token number
	// fast says that Lex may deliver the next token at once: nothing is
	// queued, no recovery is skipping tokens, and no game has just ended.
	// Only lexSlow and Error change those, so only they set it.
	fast  bool
	queue []queued  // tokens to deliver before scanning on
	skip  skipState // error recovery
	// illegal is the last illegal-character diagnostic, to merge runs: 0
	// for none, k for p.diags[k-1], droppedIllegal for dropped. An index,
	// not a pointer, costs no write barrier on the many tokens that clear it.
	illegal  int
	dropped  diag.Diagnostic // stands in for the diagnostic that was not kept
	repeats  diag.Repeats    // caps the diagnostics of one code per game
	encoding Encoding
	// foreign lists the tag values and comments with bytes outside ASCII,
	// in input order, for decoding once their games are complete.
	foreign []foreignText
	// escapesFrom is where escape lines between games begin, -1 when no
	// such line waits for the next token (settleEscapes).
	escapesFrom int

	// cut says where ParsePrefix may stop; it looks at tokens from
	// cutFrom on, and stopped at cutAt (len(src) while it has not).
	cut     Cut
	cutFrom int
	cutAt   int
	// refused counts the places passed over for want of a sync point
	// (Cut.SyncTo).
	refused int
	// tagNames are the names of a long tag section (tagNameRepeats).
	tagNames tagNames

	build builder
}

// maxFusedPairs bounds the tag pairs of one TAGPAIR token, and so the
// memory that p.pairs holds, whatever the input: a tag section is seldom
// longer, and a longer one goes on in another TAGPAIR token.
const maxFusedPairs = 64

// fusedPair is one tag pair of a TAGPAIR token.
type fusedPair struct {
	from        int // the offset of its "["
	name, value lexer.Token
	plain       bool // the value's text is plain (lexer.Scanner.PlainString)
}

// queued is a token waiting for delivery.
type queued struct {
	yacc int
	tok  lexer.Token
}

// skipState drives recovery after a syntax error: tokens are skipped up to
// the next game boundary, which is announced to the grammar as RESYNC.
type skipState struct {
	active      bool // skipping tokens
	inTag       bool // between "[" and "]", where no token counts as movetext
	sawMovetext bool // a movetext token was seen, so "[" at a line start begins a new game
	// tag says that the tokens skipped are those of a broken tag pair,
	// up to its "]" or lineEnd, the end of its line (recoverTag).
	tag     bool
	lineEnd int
}

func (p *parser) reset(src string, reuse bool) {
	p.src = src
	p.sc.Reset(src)
	p.diags = nil
	if reuse && p.kept != nil {
		p.db = p.kept
		*p.db = ast.Database{Span: ast.Span{From: 0, To: len(src)}, Games: p.db.Games[:0], Escapes: p.db.Escapes[:0]}
	} else {
		p.db = &ast.Database{Span: ast.Span{From: 0, To: len(src)}}
	}
	p.kept = nil
	if reuse {
		p.kept = p.db
	}
	p.inTag, p.parens, p.lastLBracket = false, 0, -1
	p.escapesFrom, p.tagOpen = -1, -1
	p.atEOF, p.aborted = false, false
	*p.cur = lexer.Token{}
	p.queue = p.queue[:0]
	p.skip = skipState{}
	p.fast = false
	p.passAt = math.MaxInt
	p.illegal = 0
	p.foreign = p.foreign[:0]
	p.tagNames.game = nil // its names are the last text's
	p.build.reset(p, reuse)
}

func (p *parser) finish() (*ast.Database, diag.List) {
	p.build.abandonOpenGame()
	p.repeats.Flush(&p.diags, 0)
	p.decodeGames()
	p.assignGames()
	p.diags.Sort()
	db, diags := p.db, p.diags
	p.db, p.diags = nil, nil
	return db, diags
}

// assignGames sets each diagnostic's game index from the game whose text
// holds it: the game whose span holds its start, or, for an empty
// diagnostic where no game starts, the game whose span ends there. Such a
// diagnostic says what is missing at the end of that game's text, as the
// end of input does after "[Ev": the fragment, counted as a game, owns it.
// The rest, text between games, stay at 0.
func (p *parser) assignGames() {
	games := p.db.Games
	for i := range p.diags {
		d := &p.diags[i]
		if d.Game != 0 {
			continue
		}
		lo, hi := 0, len(games)
		for lo < hi {
			mid := (lo + hi) / 2
			if games[mid].To <= d.Start {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo < len(games) && games[lo].From <= d.Start {
			d.Game = games[lo].Index
		} else if lo > 0 && d.Start == d.End && games[lo-1].To == d.Start {
			d.Game = games[lo-1].Index
		}
	}
}

// dropMissingResult withdraws the missing-result warning at offset at, for a
// game that turned out to be broken.
func (p *parser) dropMissingResult(at int) {
	for i := len(p.diags) - 1; i >= 0; i-- {
		if d := p.diags[i]; d.Code == diag.MissingResult && d.Start <= at {
			p.diags = append(p.diags[:i], p.diags[i+1:]...)
			return
		}
	}
}

func (p *parser) addDiag(code diag.Code, start, end int, args ...string) {
	if p.quiet {
		return
	}
	p.illegal = 0
	if p.repeats.Keep(code, start, end) {
		p.diags.Add(code, start, end, 0, args...)
	}
}

// fixLast gives the diagnostic of code at start just added, unless the
// repeat limit left it out, the certain fix x. A diagnostic reported again
// for the same text (a token read twice) keeps its one fix.
func (p *parser) fixLast(code diag.Code, start int, x diag.Fix) {
	if n := len(p.diags); n > 0 && p.diags[n-1].Code == code && p.diags[n-1].Start == start && len(p.diags[n-1].Fixes) == 0 {
		x.Certain = true
		p.diags[n-1].Fixes = append(p.diags[n-1].Fixes, x)
	}
}

// removal is the fix that removes src[start:end], text with no meaning:
// a space takes its place between two tokens that would join without it.
func (p *parser) removal(start, end int) diag.Fix {
	x := diag.Fix{Start: start, End: end}
	if start > 0 && end < len(p.src) && !isSpace(p.src[start-1]) && !isSpace(p.src[end]) {
		x.Text = " "
	}
	return x
}

// afterMove returns where the white space before offset at starts, when
// a move ends there: the move a detached suffix annotation belongs to,
// which removing the space joins it to. ok is false when there is no
// space or no move before it (a comment, a move number, a NAG), whose
// suffix moves by no removal.
func (p *parser) afterMove(at int) (from int, ok bool) {
	from = at
	for from > 0 && isSpace(p.src[from-1]) {
		from--
	}
	start := from
	for start > 0 && !isSpace(p.src[start-1]) && !strings.ContainsRune("(){}", rune(p.src[start-1])) {
		start--
	}
	if from == at || start == from {
		return 0, false
	}
	first, last := p.src[start], p.src[from-1]
	isLetter := func(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }
	if !isLetter(first) || !(isLetter(last) || last >= '0' && last <= '9' || strings.IndexByte("+#!?", last) >= 0) {
		return 0, false
	}
	return from, true
}

// isSpace reports whether b is white space between tokens.
func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// addDiagArgs is addDiag with arguments that may name phrases.
func (p *parser) addDiagArgs(code diag.Code, start, end int, args ...diag.Arg) {
	if p.quiet {
		return
	}
	p.illegal = 0
	if p.repeats.Keep(code, start, end) {
		p.diags.AddArgs(code, start, end, 0, args...)
	}
}

// Lex delivers the next grammar token. It is called by the goyacc parser.
//
// Most tokens are moves, move numbers, comments and NAGs in the middle of
// movetext, or the tag names, values and closing brackets of tag pairs; Lex
// delivers those at once, with the same effects that classify and deliver
// have on them (movetext in runs, see fuseRun), and hands everything else
// to lexSlow.
func (p *parser) Lex(lval *yySymType) int {
	if !p.fast {
		return p.lexSlow(lval, lexer.Token{}, false)
	}
	tok := p.sc.Next()
	if tok.Start >= p.cutFrom {
		return p.lexSlow(lval, tok, true) // where ParsePrefix may stop
	}
	yacc := 0
	switch tok.Kind {
	case token.Move:
		if p.cur.Kind != token.LBracket { // else a tag name
			yacc = tokMove
		}
	case token.MoveNumber:
		if !isFirstMoveNumber(p.src[tok.Start:tok.End]) { // "1." may start a game
			yacc = tokMoveNum
		}
	case token.NAG:
		yacc = tokNAG
	case token.Comment:
		yacc = tokComment
	case token.Symbol:
		if p.cur.Kind == token.LBracket { // else a bad move
			p.illegal = 0
			p.noteTagName(tok)
			return p.hand(lval, tokSymbol, tok)
		}
	case token.String:
		// A tag value followed by "]", which needs no repair of quotes.
		if p.curYacc == tokSymbol && tok.End < len(p.src) && p.src[tok.End] == ']' {
			p.illegal = 0
			if !p.sc.PlainString() { // as fusedPairs: a plain value has nothing to report
				p.checkString(tok)
			}
			return p.hand(lval, tokString, tok)
		}
	case token.RBracket:
		p.illegal = 0
		p.inTag = false
		return p.hand(lval, tokRBracket, tok)
	}
	if yacc == 0 {
		return p.lexSlow(lval, tok, true)
	}
	p.illegal = 0
	p.tagged = false
	return p.fuseRun(lval, yacc, tok)
}

// maxRun bounds the tokens of one RUN token: a longer run goes on in
// another RUN token.
const maxRun = 256

// fuseRun delivers first, a movetext token that Lex takes at once as
// grammar token yacc, together with the tokens that follow it and that Lex
// would take at once too, as one RUN token: moves, move numbers other than
// "1.", NAGs and comments, which any movetext takes in any order, so that
// the grammar accepts the run wherever it accepts its first token. The
// tokens wait in p.run for the grammar action, which goyacc runs before it
// asks for another token; the token that ends the run is scanned again by
// the next Lex. A lone token is delivered as itself, but for a comment,
// which is a run of its own: the grammar has no comments.
func (p *parser) fuseRun(lval *yySymType, yacc int, first lexer.Token) int {
	p.runChecked = false
	if !p.separateRuns {
		if n := 1 + p.sc.Run(p.run[1:], p.cutFrom); n > 1 {
			p.run[0], p.runLen = first, n
			return p.hand(lval, tokRun, lexer.Token{Kind: p.run[n-1].Kind, Start: first.Start, End: p.run[n-1].End})
		}
	}
	if yacc == tokComment {
		return p.hand(lval, p.commentRun(first, false), first)
	}
	return p.hand(lval, yacc, first)
}

// commentRun makes tok, a comment, a RUN token of its own, as the grammar
// has no comments, and returns that grammar token; checked says that
// classify has made the comment's checks.
func (p *parser) commentRun(tok lexer.Token, checked bool) int {
	p.run[0], p.runLen, p.runChecked = tok, 1, checked
	return tokRun
}

// runYacc is the grammar token that Lex delivers for tok, a token of a run.
func runYacc(tok lexer.Token) int {
	switch tok.Kind {
	case token.Move:
		return tokMove
	case token.MoveNumber:
		return tokMoveNum
	case token.NAG:
		return tokNAG
	}
	return tokComment
}

// unfuseRun turns the RUN token held as lookahead on a syntax error back
// into its first token, and moves the scanner to just after it, so that
// recovery sees the tokens one by one as if they had never been fused.
func (p *parser) unfuseRun() (lexer.Token, int) {
	first := p.run[0]
	if p.runLen > 1 {
		p.sc.Seek(first.End) // a run of one token leaves the scanner past it
	}
	yacc := runYacc(first)
	if yacc == tokComment && !p.runChecked {
		p.checkComment(first)
	}
	*p.cur, p.curYacc = first, yacc
	return first, yacc
}

// checkComment reports what a brace comment that Lex takes at once holds
// that is not printable text; it returns false when there was such.
func (p *parser) checkComment(tok lexer.Token) bool {
	text := p.src[tok.Start:tok.End]
	if len(text) == len(lexer.ClockComment) && lexer.IsClockComment(text) {
		return true // the commonest comment, lichess's clock: printable
	}
	if !ascii.Printable(text[1 : len(text)-1]) {
		p.checkText(tok.Start+1, tok.End-1, diag.Phrase("comment"))
		return false
	}
	return true
}

// cutBefore reports whether ParsePrefix may stop before tok, a token just
// scanned: a game starts there that would start the same way in a text
// beginning at tok, and the Cut accepts the place. A game is over after a
// termination marker, and also after a RESYNC followed by a token scanned
// afresh: that RESYNC ended a broken game at its marker (see Error and
// skipToken; at other boundaries the token that starts the next game waits
// in the queue).
func (p *parser) cutBefore(tok lexer.Token) bool {
	// A token that reaches the end of the text may go on after it, as a
	// longer token of another kind ("e4" of "e4xyz"): no cut rests on it.
	if p.parens != 0 || p.inTag || len(p.queue) > 0 || tok.End >= len(p.src) {
		return false
	}
	switch {
	case p.gameOver() && startsGame(tok.Kind):
	case tok.Kind == token.LBracket && isMovetext(p.curYacc) && p.curYacc != tokResult:
		// A "[" after movetext always starts the next game, so that games
		// glued together without blank lines or markers are cut as they
		// end, and no piece holds more than a piece's worth of them.
	case tok.Kind == token.LBracket && afterTagPair(p.curYacc) && p.atColumn1(tok.Start) && (p.tagged && p.eventTagFollows() || p.blankLineBefore(tok) && p.tagNameRepeatsBefore()):
		// A game of tags only ends here (gameEndsBefore): before a second
		// Event tag, or before a blank line and a tag it holds already.
	default:
		return false
	}
	return p.cutAllowed(tok.Start)
}

// cutAllowed reports whether the Cut lets ParsePrefix stop at off, a place
// where it may cut.
func (p *parser) cutAllowed(off int) bool {
	c := &p.cut
	switch {
	case c.Until > 0 && off > c.Until:
		return false
	case c.SyncTo <= 0 || off < c.SyncFrom || off >= c.SyncTo || p.refused == c.Games || SyncPoint(p.src, off):
		return true
	}
	p.refused++
	return false
}

// enoughGames reports whether the game being read is the Cut's Games-th or
// a later one.
func (p *parser) enoughGames() bool {
	return p.cut.Games > 0 && len(p.db.Games)+1 >= p.cut.Games
}

// enoughGamesBefore reports whether a cut before the "[" just scanned would
// leave the Cut's Games games or more before it, so that ParsePrefix may
// stop there even before Cut.From: games without termination marker (games
// of tags only among them) count as well as those that have one, whose
// marker already let it stop.
func (p *parser) enoughGamesBefore() bool {
	games := len(p.db.Games)
	if !p.gameOver() && p.curYacc != 0 {
		games++ // the game without marker that ends here
	}
	return p.cut.Games > 0 && games >= p.cut.Games
}

// gameOver reports whether the last token delivered ended a game.
func (p *parser) gameOver() bool { return p.curYacc == tokResult || p.curYacc == tokResync }

// startsGame reports whether a token of kind k, right after a game is
// over, is the first token of the next one.
func startsGame(k token.Kind) bool {
	switch k {
	case token.LBracket, token.MoveNumber, token.Integer, token.Move, token.Result:
		return true
	}
	return false
}

// stop ends the input at offset end, as if the text ended there.
func (p *parser) stop(end int) {
	p.src = p.src[:end]
	p.sc.Reset(p.src)
	p.sc.Seek(end)
	p.cutAt, p.cutFrom = end, math.MaxInt
}

// noteTagName notes a tag name: a tag section with an Event tag ends before
// a second one (see gameEndsBefore).
func (p *parser) noteTagName(tok lexer.Token) {
	p.tagged = p.tagged || p.src[tok.Start:tok.End] == "Event"
}

// hand gives tok to the grammar as token number yacc and remembers it as
// the token most recently delivered.
func (p *parser) hand(lval *yySymType, yacc int, tok lexer.Token) int {
	lval.tok = tok // and so p.cur
	p.curYacc = yacc
	return yacc
}

// isFirstMoveNumber reports whether text, a move number, is "1.".
func isFirstMoveNumber(text string) bool { return text == "1." }

// lexSlow delivers the next grammar token from the queue, or from tok when
// scanned is set, or from the scanner.
func (p *parser) lexSlow(lval *yySymType, tok lexer.Token, scanned bool) int {
	for {
		var yacc int
		if len(p.queue) > 0 {
			q := p.queue[0]
			n := copy(p.queue, p.queue[1:])
			p.queue = p.queue[:n]
			yacc, tok = q.yacc, q.tok
		} else {
			if !scanned {
				tok = p.sc.Next()
			}
			scanned = false
			if tok.Start >= p.passAt {
				if run, ok := p.passRest(tok); ok {
					p.fast = len(p.queue) == 0
					return p.hand(lval, tokRun, run)
				}
			}
			if p.gameOver() && startsGame(tok.Kind) {
				// Where a piece of the input may begin: the diagnostics
				// of one code are counted afresh from here, as they are
				// in a parse of the text from here on.
				p.repeats.Flush(&p.diags, 0)
			}
			if (tok.Start >= p.cutFrom || tok.Kind == token.LBracket && p.enoughGamesBefore()) && !p.skip.active && p.cutBefore(tok) {
				p.stop(tok.Start)
				tok = lexer.Token{Kind: token.EOF, Start: tok.Start, End: tok.Start}
			}
			if yacc = p.classify(&tok); yacc < 0 {
				continue
			}
			if p.skipMovetext != nil && afterTagPair(p.curYacc) && isMovetext(yacc) && yacc != tokResult && !p.skip.active {
				if run, ok := p.passMovetext(tok); ok {
					p.tagged, p.fast = false, len(p.queue) == 0
					return p.hand(lval, tokRun, run)
				}
			}
			if yacc == tokResult && p.enoughGames() {
				p.cutFrom = 0 // the game this marker ends is the last one wanted
			}
		}
		if p.skip.active && yacc != tokResync {
			if p.skip.tag {
				var ended bool
				if yacc, tok, ended = p.skipTagToken(yacc, tok); !ended {
					p.build.skipTo(tok.End)
					continue
				}
			} else {
				if !p.skipToken(yacc, tok) {
					continue
				}
				yacc, tok = tokResync, lexer.Token{Start: tok.Start, End: tok.Start}
			}
		}
		if yacc == tokResync && p.aborted {
			// A fresh parse has no "error RESYNC" to finish the broken game.
			p.aborted = false
			p.build.endBrokenGame()
			p.inTag, p.parens, p.tagged = false, 0, false
			*p.cur, p.curYacc = tok, tokResync // as if delivered: the game is over
			continue
		}
		if yacc == 0 {
			p.atEOF = true
		}
		yacc = p.deliver(lval, yacc, tok)
		// After a tag section, the movetext's first token comes here too
		// when a Parser.SkipMovetext may want to pass over it.
		p.fast = len(p.queue) == 0 && !p.skip.active && !p.gameOver() && (p.skipMovetext == nil || !afterTagPair(yacc))
		return yacc
	}
}

func (p *parser) deliver(lval *yySymType, yacc int, tok lexer.Token) int {
	if p.gameEndsBefore(yacc, tok) {
		p.queue = append([]queued{{yacc, tok}}, p.queue...)
		yacc, tok = tokGameEnd, lexer.Token{Start: tok.Start, End: tok.Start}
	}
	switch yacc {
	case tokLBracket:
		if !p.inTag && !afterTagPair(p.curYacc) { // a tag section starts here
			p.lastLBracket = tok.Start
		}
		if pairs, ok := p.fuseTagPairs(tok); ok {
			return p.hand(lval, tokTagPair, pairs)
		}
		if !p.inTag {
			// A "[" inside a pair left open does not open a pair of its
			// own: the grammar's error recovery returns to the first.
			p.tagOpen = tok.Start
		}
		p.inTag = true
	case tokRBracket:
		p.inTag = false
	case tokString:
	case tokSymbol:
		p.noteTagName(tok)
	case tokTagEnd:
		// The pair is over: what follows cannot break it.
		p.inTag, p.tagFrom, p.tagOpen = false, p.tagOpen, -1
	case tokResync, tokGameEnd:
		p.inTag, p.parens, p.tagged, p.tagOpen = false, 0, false, -1
	default: // movetext: the tag section is over
		p.tagged = false
		switch yacc {
		case tokLParen:
			p.parens++
		case tokRParen:
			p.parens--
		case tokComment:
			yacc = p.commentRun(tok, true)
		}
	}
	return p.hand(lval, yacc, tok)
}

// gameEndsBefore reports whether a game without termination marker ends
// before the token tok: a "[" that follows a tag pair and opens a second
// Event tag, or, across a blank line, a tag that the section holds already;
// or a move number "1." that follows movetext across a blank line.
func (p *parser) gameEndsBefore(yacc int, tok lexer.Token) bool {
	switch {
	case yacc == tokLBracket && afterTagPair(p.curYacc):
		if p.tagged && p.tagNameIsEvent() {
			return true
		}
		if p.blankLineBefore(tok) {
			repeats, _ := p.tagNameRepeats()
			return repeats
		}
		return false
	case yacc == tokMoveNum:
		// Cheap tests first: this runs for every move number.
		if !isFirstMoveNumber(p.src[tok.Start:tok.End]) {
			return false // only "1.", white's first move, starts a game
		}
		return p.parens == 0 && isMovetext(p.curYacc) && p.curYacc != tokResult && p.blankLineBefore(tok)
	}
	return false
}

// afterTagPair reports whether yacc, the last token delivered, ends a tag
// pair.
func afterTagPair(yacc int) bool {
	return yacc == tokRBracket || yacc == tokTagPair || yacc == tokTagEnd
}

// fuseTagPairs reads the rest of the tag pair that lb, a "[" just scanned,
// opens, when it is well formed: a tag name, then a string that "]"
// follows at once; and then the well-formed pairs that follow, as long as
// no game could end before them (no blank line between, no second Event
// tag; ParsePrefix never cuts between pairs). It returns the run of pairs
// as one token, spanning the first "[" to the last "]"; names and values
// wait in p.pairs for the grammar action, which goyacc runs before it asks
// for another token, and which has the effects the name and value tokens
// would have had on delivery (pairs the grammar rejects have none).
// Anything else is left to be delivered token by token.
//
// It is kept from being inlined into deliver: a copy inlined there calls
// the scanner instead of inlining it, since the profile (cmd/pgnc/default.pgo)
// knows those calls as hot only here.
//
//go:noinline
func (p *parser) fuseTagPairs(lb lexer.Token) (lexer.Token, bool) {
	if len(p.queue) > 0 || p.sc.Pos() != lb.End || p.separatePairs {
		return lexer.Token{}, false
	}
	p.pairs = p.pairs[:0]
	peek := p.sc // a copy: the real scanner moves only past whole pairs
	tagged, end := p.tagged, 0
	for {
		name, value := peek.NameAndValue()
		if name.Kind != token.Symbol || tagged && len(p.pairs) > 0 && p.src[name.Start:name.End] == "Event" {
			break
		}
		if value.Kind != token.String || value.End >= len(p.src) || p.src[value.End] != ']' {
			break
		}
		p.pairs = append(p.pairs, fusedPair{from: lb.Start, name: name, value: value, plain: peek.PlainString()})
		tagged = tagged || p.src[name.Start:name.End] == "Event"
		end = value.End + 1
		if len(p.pairs) == maxFusedPairs {
			break
		}
		if end+1 < len(p.src) && p.src[end] == '\n' && p.src[end+1] == '[' {
			// The next pair on the next line, as nearly always: a "[" is
			// a token of its own whatever follows (TestLeftBracketAlone).
			lb = lexer.Token{Kind: token.LBracket, Start: end + 1, End: end + 2}
			peek.Seek(lb.End)
			continue
		}
		peek.Seek(end)
		if lb = peek.Next(); lb.Kind != token.LBracket || lb.Start-end >= 2 && BlankLine(p.src[end:lb.Start]) {
			break
		}
	}
	if len(p.pairs) == 0 {
		return lexer.Token{}, false
	}
	p.sc.Seek(end)
	p.illegal = 0
	// Kind RBracket: what follows sees the pairs as closed tags.
	return lexer.Token{Kind: token.RBracket, Start: p.pairs[0].from, End: end}, true
}

// unfuseTagPairs turns pairs, a TAGPAIR token held as lookahead on a syntax
// error, back into its first "[", and moves the scanner to just after it,
// so that recovery sees the tokens one by one as if they had never been
// fused.
func (p *parser) unfuseTagPairs(pairs lexer.Token) lexer.Token {
	lb := lexer.Token{Kind: token.LBracket, Start: pairs.Start, End: pairs.Start + 1}
	p.sc.Seek(lb.End)
	*p.cur, p.curYacc, p.inTag = lb, tokLBracket, true
	return lb
}

// tagNameIsEvent reports whether the token after the "[" just scanned is
// the tag name Event.
func (p *parser) tagNameIsEvent() bool {
	is, _ := p.nextTagName()
	return is
}

// eventTagFollows is tagNameIsEvent for a place to cut: the name must end
// before the end of the text, which may go on after it ("[EventDate").
func (p *parser) eventTagFollows() bool {
	is, end := p.nextTagName()
	return is && end < len(p.src)
}

// nextTagName reports whether the token after the "[" just scanned is the
// tag name Event, and where that name ends. Most are not, which the text
// tells without scanning.
func (p *parser) nextTagName() (isEvent bool, end int) {
	i := p.sc.Pos()
	for i < len(p.src) && (p.src[i] == ' ' || p.src[i] == '\t' || p.src[i] == '\n' || p.src[i] == '\r' || p.src[i] == '\v') {
		i++
	}
	if !strings.HasPrefix(p.src[i:], "Event") {
		return false, i
	}
	next := p.sc // a copy: peeking does not move the real scanner
	name := next.Next()
	return p.src[name.Start:name.End] == "Event", name.End
}

// tagNameRepeats reports whether the tag pair that the "[" just scanned
// opens names a tag that the tag section read so far holds, and where that
// name ends. A blank line inside a tag section (ChessBase writes them) does
// not end the game: only a name that repeats tells that a new game's
// section begins. Tag sections are short, and a blank line after one is
// rare but before movetext, so the search costs little.
func (p *parser) tagNameRepeats() (bool, int) {
	next := p.sc // a copy: peeking does not move the real scanner
	name := next.Next()
	if len(p.build.tags) == 0 {
		// A section of broken pairs only: what follows the blank line is
		// read as it would be after a broken game.
		return true, name.End
	}
	return p.tagNames.has(p.build.game, p.build.tags, p.src[name.Start:name.End]), name.End
}

// tagNameRepeatsBefore is tagNameRepeats for a place to cut: the name must
// end before the end of the text, which may go on after it.
func (p *parser) tagNameRepeatsBefore() bool {
	repeats, end := p.tagNameRepeats()
	return repeats && end < len(p.src)
}

// blankLineBefore reports whether a line holding only white space lies
// between the last delivered token and tok.
func (p *parser) blankLineBefore(tok lexer.Token) bool {
	return BlankLine(p.src[p.cur.End:tok.Start])
}

// BlankLine reports whether gap, text between two tokens, holds a line of
// only white space: two line breaks (LF, CRLF or lone CR) with nothing but
// spaces and tabs between them.
func BlankLine(gap string) bool {
	breaks := 0
	for i := 0; i < len(gap); i++ {
		switch gap[i] {
		case '\r':
			if i+1 < len(gap) && gap[i+1] == '\n' {
				continue
			}
			breaks++
		case '\n':
			breaks++
		case ' ', '\t', '\v', '\f':
		default:
			breaks = 0 // text on the line: not blank
		}
		if breaks >= 2 {
			return true
		}
	}
	return false
}

// skipToken consumes tok while recovering and reports whether the game
// boundary has been reached. At a boundary it queues the token that starts
// the next game, if any, after RESYNC.
func (p *parser) skipToken(yacc int, tok lexer.Token) bool {
	switch {
	case yacc == 0:
		// End of input: deliver it at once; goyacc stops there.
		p.skip.active = false
		p.queue = append(p.queue, queued{0, tok})
		return true
	case yacc == tokLBracket && p.atLineStart(tok.Start) && (p.skip.sawMovetext || p.afterBlankLine(tok.Start)):
		p.skip.active = false
		p.queue = append(p.queue, queued{yacc, tok})
		return true
	case yacc == tokResult:
		p.build.skippedResult(tok)
		p.skip.active = false
		return true
	}
	if p.skip.inTag && p.atLineStart(tok.Start) {
		// A tag pair stands on one line: one left open ends there, and
		// what the next line holds is movetext or the next tag.
		p.skip.inTag = false
	}
	switch yacc {
	case tokLBracket:
		p.skip.inTag = true
	case tokRBracket:
		p.skip.inTag = false
	default:
		if !p.skip.inTag {
			p.skip.sawMovetext = true
		}
	}
	p.build.skipTo(tok.End)
	return false
}

// afterBlankLine reports whether a blank line comes just before the line
// of off: the standard's export format ends a tag section and a movetext
// with one, so a "[" after it starts a tag section, even where a broken
// game leaves nothing else to tell.
func (p *parser) afterBlankLine(off int) bool {
	i := off
	for i > 0 && strings.IndexByte(" \t\v\f\r\n", p.src[i-1]) >= 0 {
		i--
	}
	return BlankLine(p.src[i:off])
}

// atLineStart reports whether only spaces and tabs precede off on its line.
func (p *parser) atLineStart(off int) bool {
	for i := off - 1; i >= 0; i-- {
		switch p.src[i] {
		case ' ', '\t', '\v':
		case '\n', '\r':
			return true
		default:
			return false
		}
	}
	return true
}

// classify turns a lexical token into a grammar token number, reporting
// lexical problems on the way. It returns -1 for tokens the grammar never
// sees (escape lines, byte order marks, illegal bytes).
func (p *parser) classify(tokp *lexer.Token) int {
	tok := *tokp
	text := p.src[tok.Start:tok.End]
	if tok.Kind != token.Illegal {
		p.illegal = 0
	}
	if p.escapesFrom >= 0 {
		p.settleEscapes(tok)
	}
	switch tok.Kind {
	case token.EOF:
		return 0
	case token.LBracket:
		return tokLBracket
	case token.RBracket:
		return tokRBracket
	case token.LParen:
		if p.parens >= p.maxDepth && !p.skip.active {
			p.skipDeepVariation(tok)
			return -1
		}
		return tokLParen
	case token.RParen:
		if p.parens == 0 && !p.skip.active {
			// Dropped here rather than failing the grammar, so that the
			// game goes on.
			p.addDiag(diag.UnmatchedParen, tok.Start, tok.End)
			return -1
		}
		return tokRParen
	case token.String:
		if p.curYacc == tokSymbol { // a tag value: the token before was the tag name
			*tokp = p.repairQuotes(tok)
		}
		p.checkString(*tokp)
		return tokString
	case token.NAG:
		return tokNAG
	case token.Comment:
		p.checkText(tok.Start+1, tok.End-1, diag.Phrase("comment"))
		return tokComment
	case token.LineComment:
		p.checkText(tok.Start+1, tok.End, diag.Phrase("comment"))
		return tokComment
	case token.Result:
		return tokResult
	case token.ResultQuirk:
		fix := quirkFix(text)
		p.addDiag(diag.ResultQuirk, tok.Start, tok.End, "text", text, "fix", fix)
		if n := len(p.diags); n > 0 && p.diags[n-1].Code == diag.ResultQuirk && p.diags[n-1].Start == tok.Start {
			p.diags[n-1].ReplaceCertain(fix) // the hint's fix, as data
		}
		return tokResult
	case token.Move, token.Symbol, token.Integer:
		if p.cur.Kind == token.LBracket {
			return tokSymbol
		}
		switch tok.Kind {
		case token.Move:
			return tokMove
		case token.Integer:
			return tokInteger
		}
		return tokBadMove
	case token.MoveNumber:
		return tokMoveNum
	case token.Dots:
		return tokDots
	case token.Suffix, token.EnPassant:
		return tokSuffix
	case token.BOM:
		if tok.Start != 0 {
			p.addDiag(diag.MisplacedBOM, tok.Start, tok.End)
			p.fixLast(diag.MisplacedBOM, tok.Start, p.removal(tok.Start, tok.End))
		}
		return -1
	case token.Escape:
		if p.atColumn1(tok.Start) {
			if p.curYacc == 0 || p.gameOver() {
				// Between games: an escape line belongs to no game unless a
				// comment after the marker follows (Game.Trailing). Noting
				// where such lines begin, rather than keeping each, bounds
				// the memory of text made of nothing else.
				if p.escapesFrom < 0 {
					p.escapesFrom = tok.Start
				}
				return -1
			}
			p.db.Escapes = append(p.db.Escapes, &ast.Escape{Span: span(tok), Text: text[1:]})
			return -1
		}
		p.addDiag(diag.EscapeNotCol1, tok.Start, tok.Start+1)
		p.build.noStream() // a second scan would not see the text so
		p.sc.Seek(tok.Start + 1)
		return -1
	case token.LAngle, token.RAngle:
		p.addDiag(diag.ReservedToken, tok.Start, tok.End, "text", text)
		p.fixLast(diag.ReservedToken, tok.Start, p.removal(tok.Start, tok.End))
		return -1
	}
	return p.illegalToken(tok)
}

// settleEscapes decides, at tok, the first token after escape lines that
// stand between games, whether those lines belong to the game before: they
// do when tok is a comment that the game takes after its marker
// (Game.Trailing), and then they are listed as if kept one by one.
// Otherwise they belong to no game and are not listed: they are part of the
// text between games. Tokens that the grammar never sees leave them
// pending.
func (p *parser) settleEscapes(tok lexer.Token) {
	switch tok.Kind {
	case token.Escape, token.BOM, token.LAngle, token.RAngle:
		return
	case token.Comment, token.Illegal:
		if p.curYacc == tokResult && (tok.Kind == token.Comment || p.src[tok.Start] == '{') {
			var sc lexer.Scanner
			sc.Reset(p.src[:tok.Start])
			sc.Seek(p.escapesFrom)
			for e := sc.Next(); e.Kind != token.EOF; e = sc.Next() {
				if e.Kind == token.Escape && p.atColumn1(e.Start) {
					p.db.Escapes = append(p.db.Escapes, &ast.Escape{Span: span(e), Text: p.src[e.Start+1 : e.End]})
				}
			}
		}
	}
	p.escapesFrom = -1
}

// repairQuotes handles a tag value with unescaped quotes inside, such as
// [White "Smith, John "The King""]: when the string is not followed by "]"
// but its line ends with "]" after a quote, the value runs to that last quote.
func (p *parser) repairQuotes(tok lexer.Token) lexer.Token {
	end := QuotedValueEnd(p.src, tok.Start, tok.End)
	if end == tok.End {
		return tok
	}
	p.addDiag(diag.UnescapedQuote, tok.End-1, tok.End)
	p.sc.Seek(end)
	tok.End = end
	return tok
}

// QuotedValueEnd returns where a tag value that lexes as src[start:end]
// really ends: when no "]" follows it but its line ends with a quote and
// "]", the value has unescaped quotes inside and runs to that last quote.
func QuotedValueEnd(src string, start, end int) int {
	if end < len(src) && src[end] == ']' {
		return end // the common case, checked first
	}
	lineEnd := len(src)
	if j := strings.IndexAny(src[end:], "\r\n"); j >= 0 {
		lineEnd = end + j
	}
	if strings.HasPrefix(strings.TrimLeft(src[end:lineEnd], " \t"), "]") {
		return end
	}
	line := strings.TrimRight(src[start:lineEnd], " \t")
	if !strings.HasSuffix(line, "\"]") {
		return end
	}
	return start + len(line) - 1
}

// skipDeepVariation drops a variation that opens at tok beyond the depth
// limit, up to its closing parenthesis (or the next game), with one
// diagnostic; the game around it goes on.
func (p *parser) skipDeepVariation(tok lexer.Token) {
	depth, end := 0, tok.End
	p.sc.Seek(tok.Start)
	for {
		t := p.sc.Next()
		switch {
		case t.Kind == token.EOF:
		case t.Kind == token.LBracket && p.atLineStart(t.Start):
			p.sc.Seek(t.Start) // the next game starts here
		case t.Kind == token.LParen:
			depth++
			end = t.End
			continue
		case t.Kind == token.RParen:
			depth--
			end = t.End
			if depth > 0 {
				continue
			}
		default:
			end = t.End
			continue
		}
		break
	}
	p.addDiag(diag.DepthLimit, tok.Start, end, "limit", strconv.Itoa(p.maxDepth))
	p.build.current(tok.Start).Skipped += end - tok.Start
}

// atColumn1 reports whether off starts a line.
func (p *parser) atColumn1(off int) bool {
	return off == 0 || p.src[off-1] == '\n' || p.src[off-1] == '\r'
}

// illegalToken handles bytes that no pattern matches. Unterminated comments
// and strings become tokens again after their error, so that the game goes
// on; other bytes are reported once per run and skipped.
func (p *parser) illegalToken(tok lexer.Token) int {
	p.build.noStream() // a second scan would not see the text so
	switch p.src[tok.Start] {
	case '{':
		p.addDiag(diag.UnterminatedComm, tok.Start, tok.Start+1)
		// A "}" after the end of src would close the comment: in a text
		// that may go on, no place after it is sure to start a game.
		p.cutFrom, p.cut.Games = math.MaxInt, 0
		end := p.commentRecoveryEnd(tok.Start)
		p.checkText(tok.Start+1, end, diag.Phrase("comment"))
		p.sc.Seek(end)
		p.pendingFix(tokComment, lexer.Token{Kind: token.Comment, Start: tok.Start, End: end})
		return -1
	case '"':
		p.addDiag(diag.UnterminatedString, tok.Start, tok.Start+1)
		end := p.stringRecoveryEnd(tok.Start)
		p.checkText(tok.Start+1, end, diag.Phrase("tag value"))
		p.sc.Seek(end)
		p.pendingFix(tokString, lexer.Token{Kind: token.String, Start: tok.Start, End: end})
		return -1
	}
	r, size := utf8.DecodeRuneInString(p.src[tok.Start:])
	end := tok.Start + size
	p.sc.Seek(end)
	if g := p.build.game; g != nil && g.OtherVariant && !p.inTag {
		return -1 // part of another game's notation, as in badMove
	}
	if last := p.lastIllegal(); last != nil && last.End == tok.Start {
		last.End = end // extend the run reported just before
		return -1
	}
	if !p.repeats.Keep(diag.IllegalChar, tok.Start, end) {
		// The run this character starts is counted once, however long.
		p.dropped = diag.Diagnostic{Start: tok.Start, End: end}
		p.illegal = droppedIllegal
		return -1
	}
	p.diags.AddArgs(diag.IllegalChar, tok.Start, end, 0, describeChar(r, p.src[tok.Start:end])...)
	p.illegal = len(p.diags)
	return -1
}

// droppedIllegal is p.illegal when the last run of illegal characters was
// counted but not kept.
const droppedIllegal = -1

// lastIllegal returns the diagnostic p.illegal stands for, or nil.
func (p *parser) lastIllegal() *diag.Diagnostic {
	switch {
	case p.illegal == droppedIllegal:
		return &p.dropped
	case p.illegal > 0 && p.illegal <= len(p.diags):
		return &p.diags[p.illegal-1]
	}
	return nil
}

// pendingFix queues a repaired token so that Lex delivers it next.
func (p *parser) pendingFix(yacc int, tok lexer.Token) {
	p.queue = append(p.queue, queued{yacc, tok})
}

// commentRecoveryEnd decides where an unterminated comment opened at start
// ends: before the first later line that starts with "[" (most likely the
// next game's tags), else at the end of the input.
func (p *parser) commentRecoveryEnd(start int) int {
	return NextTagLine(p.src, start)
}

// stringRecoveryEnd decides where a string without closing quote ends: before
// a final "]" on its line, so that the tag pair stays whole, else at the end
// of the line.
func (p *parser) stringRecoveryEnd(start int) int {
	end := restOfLine(p.src, start)
	line := strings.TrimRight(p.src[start:end], " \t\r")
	if strings.HasSuffix(line, "]") && len(line) > 1 {
		return start + len(line) - 1
	}
	return start + len(strings.TrimRight(p.src[start:end], "\r"))
}

func restOfLine(s string, i int) int {
	if j := strings.IndexAny(s[i:], "\r\n"); j >= 0 {
		return i + j
	}
	return len(s)
}

func span(tok lexer.Token) ast.Span { return ast.Span{From: tok.Start, To: tok.End} }

// NextTagLine returns the offset of the first "[" after from that starts a
// line (after LF or CR), or len(src). An unterminated comment ends there:
// most likely the next game's tags.
func NextTagLine(src string, from int) int {
	for i := from + 1; i < len(src); {
		j := strings.IndexByte(src[i:], '[')
		if j < 0 {
			break
		}
		if k := i + j; src[k-1] == '\n' || src[k-1] == '\r' {
			return k
		}
		i += j + 1
	}
	return len(src)
}

// unclosed reports whether c is a brace comment without its "}", which
// recovery ended at the next tag line or the end of the text.
func (p *parser) unclosed(c *ast.Comment) bool {
	return !c.Line && p.src[c.To-1] != '}'
}
