package parser

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/grow"
	"github.com/pgnc/pgnc/internal/lexer"
	"github.com/pgnc/pgnc/internal/token"
	"github.com/pgnc/pgnc/san"
)

// arena hands out pointers into chunks of nodes, so that a game costs a few
// allocations instead of one per node. Chunks stay valid for as long as the
// caller keeps the tree, unless the parser reuses memory (Parser.ReuseMemory),
// in which case rewind hands the same chunks out again. An arena must be
// rewound before its first alloc (builder.reset does).
type arena[T any] struct {
	chunks []*[arenaChunk]T
	next   int            // index of the chunk to fill after cur
	cur    *[arenaChunk]T // the chunk being filled
	// used is how many nodes of cur are taken, arenaChunk when there is
	// no cur (rewind); unsigned, so that alloc needs no bounds check.
	used uint
}

const arenaChunk = 256

// alloc returns the next node. It may hold a node of an earlier parse:
// callers assign the whole node.
func (a *arena[T]) alloc() *T {
	i := a.used
	if i >= arenaChunk {
		a.refill()
		i = 0
	}
	a.used = i + 1
	return &a.cur[i]
}

// refill starts filling the next chunk, making one if there is none.
func (a *arena[T]) refill() {
	if a.next == len(a.chunks) {
		a.chunks = append(a.chunks, new([arenaChunk]T))
	}
	a.cur, a.used = a.chunks[a.next], 0
	a.next++
}

// rewind makes the chunks available again; earlier nodes become invalid.
func (a *arena[T]) rewind() { a.next, a.cur, a.used = 0, nil, arenaChunk }

// fresh returns the index of the first chunk that holds only nodes
// allocated from now on: a game's nodes from there on are its own.
func (a *arena[T]) fresh() int { return a.next }

// recycle makes the chunks from index from up to the one being filled
// available again, their nodes being no longer needed; the chunk being
// filled, which holds the latest nodes, stays in use.
func (a *arena[T]) recycle(from int) {
	if cur := a.next - 1; cur > from {
		a.chunks[from], a.chunks[cur] = a.chunks[cur], a.chunks[from]
		a.next = from + 1
	}
}

// sliceArena carves slices out of shared chunks in the same way.
type sliceArena[T any] struct {
	chunks      [][]T
	chunk, used int
}

func (a *sliceArena[T]) copyOf(src []T) []T {
	if len(src) == 0 {
		return nil
	}
	for {
		if a.chunk == len(a.chunks) {
			a.chunks = append(a.chunks, make([]T, max(4*arenaChunk, len(src))))
		}
		if c := a.chunks[a.chunk]; len(c)-a.used >= len(src) {
			out := c[a.used : a.used+len(src) : a.used+len(src)]
			copy(out, src)
			a.used += len(src)
			return out
		}
		if a.used == 0 { // too small even when empty: replace it
			a.chunks[a.chunk] = make([]T, max(4*arenaChunk, len(src)))
			continue
		}
		a.chunk, a.used = a.chunk+1, 0
	}
}

func (a *sliceArena[T]) rewind() { a.chunk, a.used = 0, 0 }

// fresh and recycle are arena's, for slices.
func (a *sliceArena[T]) fresh() int {
	if a.used == 0 {
		return a.chunk
	}
	return a.chunk + 1
}

func (a *sliceArena[T]) recycle(from int) {
	if a.chunk > from {
		a.chunks[from], a.chunks[a.chunk] = a.chunks[a.chunk], a.chunks[from]
		a.chunk = from
	}
}

// level is an open variation.
type level struct {
	node  *ast.Variation
	first int // index of its first element in builder.elems
	// handed says that its "(" is handed out (Parser.Parts): its
	// elements, from first on, are those after the last part.
	handed bool
	// nested is builder.nested when it opened or at the last part: what
	// the builder counts beyond it lies inside the variation.
	nested int
}

// builder assembles games from the grammar actions.
type builder struct {
	p *parser

	game    *ast.Game       // the game being built; nil between games
	tags    []*ast.TagPair  // its tag section so far
	elems   []ast.Element   // elements of the main line and open variations
	levels  []level         // open variations, innermost last
	number  *ast.MoveNumber // a move number not yet followed by a move
	skipped int             // end of text skipped after a syntax error in this game
	// skipFrom is where that skipped text starts; -1 when nothing is
	// skipped.
	skipFrom int

	// lastOpen is the last completed game when it had no termination marker,
	// and lastOpenAt the offset of the lookahead token on which the grammar
	// completed it; a syntax error on that very token belongs to that game.
	lastOpen   *ast.Game
	lastOpenAt int

	games      arena[ast.Game]
	tagPairs   arena[ast.TagPair]
	moves      arena[ast.Move]
	badMoves   arena[ast.BadMove]
	numbers    arena[ast.MoveNumber]
	nags       arena[ast.NAG]
	comments   arena[ast.Comment]
	suffixes   arena[ast.Suffix]
	variations arena[ast.Variation]
	results    arena[ast.Result]
	elemSlices sliceArena[ast.Element]
	tagSlices  sliceArena[*ast.TagPair]
	// own marks, for every arena of movetext nodes, the first chunk that
	// holds nodes of the current game only (see handOut).
	own movetextChunks
	// movetextOut is the last game whose movetext was handed out.
	movetextOut *ast.Game
	// nested counts the elements inside variations closed in the current
	// game's open lines since the last part (see held).
	nested int

	// The replay of the current game's main line while it is read
	// (Parser.Replayer, stream.go). streaming says that its moves, move
	// numbers and NAGs go to the Replayer without nodes, over region;
	// decided that the current game is streaming or will not be.
	streaming, decided bool
	region             streamRegion
	streamedCount      int // tokens streamed in region
	// streamLimit is how many tokens streamed and elements held stop the
	// stream (partsAllowStream).
	streamLimit int
	// lastStreamed is the last game completed while streaming, over
	// lastRegion, which a syntax error may reopen (markBroken).
	lastStreamed *ast.Game
	lastRegion   streamRegion
	kept         []ast.Element // scratch for stopStreaming
	// streamedNumber is the last move number streamed: number points to it
	// until its move comes.
	streamedNumber ast.MoveNumber
}

// movetextChunks is a chunk index for every arena of movetext nodes, and
// for the tag pairs.
type movetextChunks struct {
	moves, badMoves, numbers, nags, comments, suffixes, variations, elemSlices, tagPairs int
}

// reset prepares the builder for a new parse. With reuse, the arenas hand
// out their memory again; without it, they start empty, so that earlier
// trees stay intact.
func (b *builder) reset(p *parser, reuse bool) {
	if !reuse {
		*b = builder{tags: b.tags, elems: b.elems, levels: b.levels}
	}
	b.p = p
	b.game, b.number, b.skipped, b.skipFrom, b.lastOpen, b.lastOpenAt, b.movetextOut = nil, nil, 0, -1, nil, 0, nil
	b.streaming, b.decided, b.lastStreamed = false, false, nil
	b.streamLimit = math.MaxInt
	if p.parts != nil {
		b.streamLimit = p.partSize / 2
	}
	b.tags, b.elems, b.levels = b.tags[:0], b.elems[:0], b.levels[:0]
	if p.parts != nil && cap(b.elems) > p.partSize {
		b.elems = b.elems[:0:p.partSize] // so that add hands out at PartSize
	}
	b.games.rewind()
	b.tagPairs.rewind()
	b.moves.rewind()
	b.badMoves.rewind()
	b.numbers.rewind()
	b.nags.rewind()
	b.comments.rewind()
	b.suffixes.rewind()
	b.variations.rewind()
	b.results.rewind()
	b.elemSlices.rewind()
	b.tagSlices.rewind()
}

// current returns the game being built, starting one at from if needed.
func (b *builder) current(from int) *ast.Game {
	if b.game == nil {
		b.startGame(from)
	}
	return b.game
}

// startGame starts a game at offset from; current stays small enough to be
// inlined into every builder method.
func (b *builder) startGame(from int) {
	b.lastOpen = nil
	b.game = b.games.alloc()
	*b.game = ast.Game{Span: ast.Span{From: from, To: from}}
	b.nested = 0
	b.decided = false
	if b.p.parts != nil {
		b.own = movetextChunks{b.moves.fresh(), b.badMoves.fresh(), b.numbers.fresh(), b.nags.fresh(),
			b.comments.fresh(), b.suffixes.fresh(), b.variations.fresh(), b.elemSlices.fresh(), b.tagPairs.fresh()}
	}
}

// extend records that the current game reaches at least to offset to.
func (b *builder) extend(from, to int) {
	g := b.current(from)
	g.To = max(g.To, to)
}

func (b *builder) depth() int { return len(b.levels) }

func (b *builder) innermostParen() int { return b.levels[len(b.levels)-1].node.From }

// hasMovetext reports whether the current game has movetext.
func (b *builder) hasMovetext() bool {
	return len(b.elems) > 0 || len(b.levels) > 0 || b.streaming || (b.game != nil && (b.game.Result != nil || b.movetextOut == b.game || b.game.UnparsedFrom > 0))
}

// begin starts a game at tok unless one has started: the grammar's rules
// for the first element of a game's movetext call it, so that add need not.
func (b *builder) begin(tok lexer.Token) { b.current(tok.Start) }

// add appends e to the current game, which has started (see begin). Doing
// without that test keeps add small enough to be inlined into every grammar
// action, goyacc's Parse being a big function. The game's end is settled
// when it is complete (reachLastElement), not at every element.
func (b *builder) add(e ast.Element) {
	if len(b.elems) == cap(b.elems) {
		b.makeRoom()
	}
	b.elems = append(b.elems, e)
}

// DefaultPartSize is how many elements of a game's movetext the parser
// holds before it hands them out (Parser.Parts), about 200 KB of movetext:
// real games, the longest included, are parsed whole.
const DefaultPartSize = 1 << 16

// makeRoom makes room in b.elems for one more element: once the game
// holds PartSize elements not handed out, it hands them out
// (Parser.Parts), or else it grows b.elems, with Parts no further than
// that many, so that add calls it again there.
func (b *builder) makeRoom() {
	if b.p.parts != nil {
		if b.held() >= b.p.partSize && b.handOut() {
			return
		}
		if room := b.p.partSize - b.held(); room > 0 {
			n := len(b.elems)
			b.elems = slices.Grow(b.elems, min(max(n, 16), room))
			b.elems = b.elems[:n:min(cap(b.elems), n+room)]
			return
		}
	}
	b.elems = slices.Grow(b.elems, len(b.elems)) // doubling: see package grow
}

// held is how many elements of the current game are not handed out: those
// of its open lines, b.elems, and those inside the variations closed in
// them.
func (b *builder) held() int { return len(b.elems) + b.nested }

// addClosed adds v, a variation that has just closed, whose elements come
// out of b.elems. Its nodes lie in the chunks that handOut uses again, so
// it is handed out with the elements before it, never kept while they go;
// add hands out before it adds.
func (b *builder) addClosed(v *ast.Variation) {
	b.nested += len(v.Elements)
	b.elems = grow.Append(b.elems, ast.Element(v))
	if b.p.parts == nil {
		return
	}
	if room := b.p.partSize - b.held(); room <= 0 {
		b.handOut()
	} else if n := len(b.elems); cap(b.elems) > n+room {
		b.elems = b.elems[: n : n+room] // so that add calls makeRoom at PartSize
	}
}

// handOut hands the movetext parsed so far to Parser.Parts, and uses the
// memory of its nodes again. A move number that ends it is kept, as it may
// still take the periods after it ("12. ..."). It reports false, having
// done nothing, where the game holds only comments: after a termination
// marker, they may yet join the game before (endGame).
func (b *builder) handOut() bool {
	n := len(b.elems)
	if len(b.tags) == 0 && len(b.levels) == 0 && onlyComments(b.elems) {
		return false
	}
	keep := 0
	if b.elems[n-1] == ast.Element(b.number) {
		keep = 1
	}
	g, sink := b.beginPart()
	if b.movetextOut != g {
		g.Tags = b.tagSlices.copyOf(b.tags) // the section is complete: see PartSink
		b.movetextOut = g
	}
	b.reachLastElement(g)
	// The elements up to the first level not yet opened belong to the
	// line open innermost for the sink; then come the levels to open.
	at := 0
	for i := range b.levels {
		l := &b.levels[i]
		if l.handed {
			continue
		}
		handElements(sink, b.elems[at:l.first])
		sink.Open(l.node.From)
		at, l.handed = l.first, true
	}
	handElements(sink, b.elems[at:n-keep])
	for i := range b.levels {
		b.levels[i].first, b.levels[i].nested = 0, 0
	}
	kept := copy(b.elems, b.elems[n-keep:])
	clear(b.elems[kept:])
	b.elems, b.nested = b.elems[:kept], 0
	if cap(b.elems) > 4*b.p.partSize { // grown while only comments were held
		b.elems = append(make([]ast.Element, 0, b.p.partSize), b.elems...)
	}
	b.elems = b.elems[:kept:min(cap(b.elems), b.p.partSize)]
	// Every node of the game is handed out but a kept number, the latest
	// of its arena, and the open variations', which are copied: the chunks
	// before the ones being filled are free.
	open := make([]ast.Variation, len(b.levels))
	for i, l := range b.levels {
		open[i] = *l.node
	}
	b.moves.recycle(b.own.moves)
	b.badMoves.recycle(b.own.badMoves)
	b.numbers.recycle(b.own.numbers)
	b.nags.recycle(b.own.nags)
	b.comments.recycle(b.own.comments)
	b.suffixes.recycle(b.own.suffixes)
	b.variations.recycle(b.own.variations)
	b.elemSlices.recycle(b.own.elemSlices)
	for i := range b.levels {
		v := b.variations.alloc()
		*v = open[i]
		b.levels[i].node = v
	}
	return true
}

// beginPart starts a part of the current game: the sink learns of the game
// at its first.
func (b *builder) beginPart() (*ast.Game, PartSink) {
	g := b.game
	b.p.mergeForeign(g.From)
	if g.Parts == 0 {
		b.p.parts.Begin(g)
	}
	g.Parts++
	return g, b.p.parts
}

// handOutTags hands the tag section read so far to Parser.Parts but its
// last pair, which keeps the section from looking empty (endGame), and
// uses the memory of the pairs again.
func (b *builder) handOutTags() {
	g, sink := b.beginPart()
	n := len(b.tags)
	b.p.tagNames.handOut(g, b.tags)
	sink.Tags(b.tags[:n-1])
	b.tags[0] = b.tags[n-1]
	clear(b.tags[1:])
	b.tags = b.tags[:1]
	b.tagPairs.recycle(b.own.tagPairs)
}

func handElements(sink PartSink, elems []ast.Element) {
	if len(elems) > 0 {
		sink.Elements(elems)
	}
}

// reachLastElement extends the current game, g, to the end of its last
// element, the one that ends furthest: elements come in input order, and a
// variation is added when it closes, after everything in it.
func (b *builder) reachLastElement(g *ast.Game) {
	if n := len(b.elems); n > 0 {
		g.To = max(g.To, b.elems[n-1].End())
	}
}

// tag builds the tag pair of a "[", name, value and "]" that the grammar
// took one by one: a value that is not plain, or one after a repair.
func (b *builder) tag(lb, name, value, rb lexer.Token) {
	b.extend(lb.Start, rb.End)
	b.addTag(lb.Start, rb.End, name, value, false)
}

// brokenTag records a tag pair that a syntax error broke, from its "[" to
// where recoverTag ended it: its text is skipped, and the game goes on as if
// the pair were absent.
func (b *builder) brokenTag() {
	from, to := b.p.tagFrom, b.p.tagEnd
	b.extend(from, to)
	b.game.Skipped += to - from
}

// fusedPairs builds the tag pairs of a fused TAGPAIR token. They follow one
// another, so the game is extended once, over all of them.
func (b *builder) fusedPairs() {
	pairs := b.p.pairs
	if len(pairs) == 0 {
		return // never: the grammar reduces a TAGPAIR before Lex runs again
	}
	b.extend(pairs[0].from, pairs[len(pairs)-1].value.End+1)
	for i := range pairs {
		fp := &pairs[i]
		b.p.noteTagName(fp.name)
		if !fp.plain {
			b.p.checkString(fp.value)
		}
		b.addTag(fp.from, fp.value.End+1, fp.name, fp.value, fp.plain)
	}
}

// run builds the tokens of a RUN token, as the grammar's rules for each
// would one by one.
func (b *builder) run() {
	p := b.p
	if p.runChecked { // a comment of its own, checked by classify
		b.comment(p.run[0])
		return
	}
	// With Parser.SkipComments, a comment between two other elements of
	// the run is checked and left out. One before the first stays: the
	// comments after a result are a game of their own (see endGame).
	last, skip := p.runLen-1, false
	for i, tok := range p.run[:p.runLen] {
		switch tok.Kind {
		case token.Move:
			b.move(tok)
		case token.MoveNumber:
			b.moveNumber(tok)
		case token.NAG:
			b.nag(tok)
		default:
			if p.checkComment(tok) && skip && i < last {
				continue
			}
			b.comment(tok)
			continue
		}
		skip = p.skipComments
	}
}

// addTag adds the tag pair written over [from, to) to the current game,
// which the caller has extended over it; plain says that value is a string
// without escapes (lexer.Scanner.PlainString).
func (b *builder) addTag(from, to int, name, value lexer.Token, plain bool) {
	t := b.tagPairs.alloc()
	src := b.p.src
	// Every field is set (the arena may hand out an old node), one by one:
	// a composite literal would be built on the stack and copied.
	t.Span, t.Name, t.NameSpan, t.ValueSpan = ast.Span{From: from, To: to}, src[name.Start:name.End], span(name), span(value)
	switch {
	case plain:
		t.Value = src[value.Start+1 : value.End-1]
	case value.End-value.Start < 2 || src[value.End-1] != '"':
		// A value repaired after a missing closing quote.
		t.Value = unescape(src[value.Start+1 : value.End])
	default:
		t.Value = unescape(src[value.Start+1 : value.End-1])
	}
	b.tags = append(b.tags, t)
	if len(b.tags) >= b.p.partSize && b.p.parts != nil {
		b.handOutTags()
	}
	if len(t.Name) == len("Variant") && t.Name == "Variant" {
		if ok, _ := chess.PlaysVariant(t.Value); !ok {
			b.game.OtherVariant = true
		}
	}
}

func (b *builder) move(tok lexer.Token) {
	text := b.p.src[tok.Start:tok.End]
	parsed, ok := san.Parse(text)
	if !ok {
		b.badMove(tok)
		return
	}
	if b.streaming || !b.decided && b.startStream(tok) {
		if b.p.replayer.Move(parsed) {
			b.number = nil
			b.streamed(tok)
			return
		}
		b.stopStreaming()
	}
	b.settleNumber(true)
	m := b.moves.alloc()
	// Field by field: the whole node, without a copy built on the stack.
	m.Span, m.Text, m.SAN = span(tok), text, parsed
	b.add(m)
}

// badMove adds a token that is no strict SAN: a move in a notation that
// san.ParseLenient reads, which the checker warns about, or else a bad move.
func (b *builder) badMove(tok lexer.Token) {
	b.noStream()
	b.settleNumber(true)
	text := b.p.src[tok.Start:tok.End]
	if b.game != nil && b.game.OtherVariant {
		// Another game's notation: the checker says the game is not
		// replayed (PGN314), and that is all.
		m := b.badMoves.alloc()
		*m = ast.BadMove{Span: span(tok), Text: text}
		b.add(m)
		return
	}
	if parsed, ok := san.ParseLenient(text); ok {
		m := b.moves.alloc()
		m.Span, m.Text, m.SAN = span(tok), text, parsed
		b.add(m)
		if parsed.Quirks&san.ForeignLetter != 0 {
			b.current(tok.Start).ForeignLetters = true
		}
		return
	}
	b.p.addDiagArgs(diag.UnknownMove, tok.Start, tok.End, diag.ValueArg("text", text), badMoveHint(text))
	m := b.badMoves.alloc()
	*m = ast.BadMove{Span: span(tok), Text: text}
	b.add(m)
}

func (b *builder) moveNumber(tok lexer.Token) {
	b.settleNumber(false)
	text := b.p.src[tok.Start:tok.End]
	number, k, ok := shortMoveNumber(text)
	if !ok {
		number, k = leadingNumber(text)
	}
	digits := text[:k]
	dots := len(text) - len(digits)
	if dots == 0 {
		b.p.addDiag(diag.NumberWithoutDot, tok.Start, tok.End, "number", digits)
		b.p.fixLast(diag.NumberWithoutDot, tok.Start, diag.Fix{Start: tok.Start, End: tok.End, Text: digits + "."})
	}
	if b.streaming || !b.decided && b.startStream(tok) {
		// A streamed number gets no node either: it waits for its move in
		// streamedNumber, which the next number overwrites only after
		// settleNumber has looked at it. Numbers are a third of lichess's
		// tokens, and their nodes filled a piece's arena for nothing.
		b.streamedNumber = ast.MoveNumber{Span: span(tok), Number: number, Dots: dots}
		b.number = &b.streamedNumber
		if b.p.replayer.Number(b.number) {
			b.streamed(tok)
			return
		}
		b.stopStreaming()
	}
	n := b.numbers.alloc()
	*n = ast.MoveNumber{Span: span(tok), Number: number, Dots: dots}
	b.number = n
	b.add(n)
}

// dots handles periods written apart from a number: after a move number
// ("12. ...") they are the standard's period tokens and join the number;
// anywhere else they are reported.
func (b *builder) dots(tok lexer.Token) {
	b.noStream()
	if n := len(b.elems); n > 0 && len(b.elems) > b.levelStart() {
		if num, ok := b.elems[n-1].(*ast.MoveNumber); ok && num == b.number {
			num.Dots += tok.End - tok.Start
			num.To = tok.End
			b.extend(tok.Start, tok.End)
			return
		}
	}
	b.p.addDiag(diag.StrayDots, tok.Start, tok.End, "text", b.p.src[tok.Start:tok.End])
	b.extend(tok.Start, tok.End)
}

func (b *builder) levelStart() int {
	if len(b.levels) == 0 {
		return 0
	}
	return b.levels[len(b.levels)-1].first
}

// settleNumber reports a pending move number that no move followed, unless
// a move follows now.
func (b *builder) settleNumber(moveFollows bool) {
	if b.number != nil && !moveFollows {
		b.reportDanglingNumber()
	}
	b.number = nil
}

func (b *builder) reportDanglingNumber() {
	b.p.addDiag(diag.DanglingMoveNumber, b.number.From, b.number.To, "number", strconv.Itoa(b.number.Number))
	b.p.fixLast(diag.DanglingMoveNumber, b.number.From, b.p.removal(b.number.From, b.number.To))
}

func (b *builder) nag(tok lexer.Token) {
	v := atoi(b.p.src[tok.Start+1 : tok.End])
	if v < 0 || v > 255 {
		b.p.addDiag(diag.NAGRange, tok.Start, tok.End, "text", b.p.src[tok.Start:tok.End])
	}
	if b.streaming || !b.decided && b.startStream(tok) {
		b.streamed(tok) // a check without the model has no use for NAGs
		return
	}
	n := b.nags.alloc()
	*n = ast.NAG{Span: span(tok), Value: v}
	b.add(n)
}

func (b *builder) comment(tok lexer.Token) {
	c := b.comments.alloc()
	if src := b.p.src; tok.Kind == token.Comment && src[tok.End-1] == '}' {
		*c = ast.Comment{Span: span(tok), Text: src[tok.Start+1 : tok.End-1]}
	} else {
		b.otherComment(c, tok) // kept out of comment, which is inlined
	}
	b.add(c)
	if b.streaming {
		b.streamedComment()
	}
}

// otherComment fills c from a rest-of-line comment, or from a brace comment
// without its "}" (one that the parser ended after reporting it).
func (b *builder) otherComment(c *ast.Comment, tok lexer.Token) {
	src := b.p.src
	if tok.Kind == token.LineComment {
		*c = ast.Comment{Span: span(tok), Text: strings.TrimSuffix(src[tok.Start+1:tok.End], "\r"), Line: true}
		return
	}
	*c = ast.Comment{Span: span(tok), Text: src[tok.Start+1 : tok.End]}
}

func (b *builder) suffix(tok lexer.Token) {
	b.noStream()
	text := b.p.src[tok.Start:tok.End]
	if text == "e.p." {
		b.p.addDiag(diag.EnPassantMark, tok.Start, tok.End)
		b.p.fixLast(diag.EnPassantMark, tok.Start, b.p.removal(tok.Start, tok.End))
	} else {
		b.p.addDiag(diag.DetachedSuffix, tok.Start, tok.End, "text", text)
		if from, ok := b.p.afterMove(tok.Start); ok {
			b.p.fixLast(diag.DetachedSuffix, tok.Start, diag.Fix{Start: from, End: tok.Start})
		}
	}
	s := b.suffixes.alloc()
	*s = ast.Suffix{Span: span(tok), Text: text}
	b.add(s)
}

func (b *builder) openVariation(tok lexer.Token) {
	b.noStream()
	b.settleNumber(false)
	v := b.variations.alloc()
	*v = ast.Variation{Span: span(tok)}
	b.extend(tok.Start, tok.End)
	b.levels = append(b.levels, level{node: v, first: len(b.elems), nested: b.nested})
}

func (b *builder) closeVariation(tok lexer.Token) {
	b.settleNumber(false)
	b.popLevel(tok.End, true)
}

// popLevel closes the innermost variation at offset end.
func (b *builder) popLevel(end int, closed bool) {
	l := b.levels[len(b.levels)-1]
	b.levels = b.levels[:len(b.levels)-1]
	v := l.node
	v.To, v.Closed = end, closed
	if l.handed {
		b.closeHanded(l, end)
		return
	}
	v.Elements = b.elemSlices.copyOf(b.elems[l.first:])
	b.elems = b.elems[:l.first]
	if closed && len(v.Elements) == 0 {
		b.p.addDiag(diag.EmptyVariation, v.From, v.To)
		b.p.fixLast(diag.EmptyVariation, v.From, b.p.removal(v.From, v.To))
	}
	b.addClosed(v)
}

// closeHanded closes the variation of l, whose "(" is handed out, at
// offset end: the rest of its elements are handed out, and it is no
// element of its line, Open and Close standing for it.
func (b *builder) closeHanded(l level, end int) {
	handElements(b.p.parts, b.elems[l.first:])
	b.p.parts.Close()
	clear(b.elems[l.first:])
	b.elems, b.nested = b.elems[:l.first], l.nested
	b.game.To = max(b.game.To, end)
}

func (b *builder) result(tok lexer.Token) {
	b.settleNumber(false)
	g := b.current(tok.Start)
	g.Result = b.newResult(tok)
	b.extend(tok.Start, tok.End)
}

func (b *builder) newResult(tok lexer.Token) *ast.Result {
	r := b.results.alloc()
	text := b.p.src[tok.Start:tok.End]
	*r = ast.Result{Span: span(tok), Text: text, Outcome: outcomeOf(text)}
	return r
}

// skippedResult records the termination marker that ends a game being
// skipped after a syntax error.
func (b *builder) skippedResult(tok lexer.Token) {
	if b.game != nil && b.game.Result == nil {
		b.game.Result = b.newResult(tok)
	}
	b.skipTo(tok.End)
}

// markBroken notes a syntax error at tok in the current game, whose text
// reaches end at least. When the grammar completed an unterminated game
// just before seeing the error (a default reduction), the error belongs to
// that game, which is reopened.
func (b *builder) markBroken(tok lexer.Token, end int) {
	if b.game == nil && (b.lastOpen == nil || b.lastOpenAt != tok.Start) {
		// Nothing of this game was complete yet (an unfinished first tag
		// pair): the game starts at its first "[", or at the error.
		start := tok.Start
		if lb := b.p.lastLBracket; lb >= 0 && lb <= tok.Start && (len(b.p.db.Games) == 0 || lb >= b.p.db.Games[len(b.p.db.Games)-1].To) {
			start = lb
		}
		b.extend(start, max(start, end))
		return
	}
	if b.game != nil {
		b.noStream()
		b.game.To = max(b.game.To, end)
		return
	}
	g := b.lastOpen
	db := b.p.db
	if n := len(db.Games); n == 0 || db.Games[n-1] != g {
		return
	}
	db.Games = db.Games[:len(db.Games)-1]
	b.p.dropMissingResult(g.To)
	b.game = g
	b.tags = append(b.tags[:0], g.Tags...)
	b.elems = append(b.elems[:0], g.Moves...)
	b.lastOpen = nil
	b.reopenStream(g)
}

// bigLine is the number of elements from which a game's main line keeps
// the builder's stack of elements instead of a copy of it: a copy would
// double what the elements take while the game is being completed.
const bigLine = 1 << 16

// takeElems returns the elements of the game being completed, b.elems,
// and empties b.elems: a copy in the arena, or, for a main line of bigLine
// elements or more, b.elems itself, which the builder gives up.
func (b *builder) takeElems() []ast.Element {
	n := len(b.elems)
	if n < bigLine {
		out := b.elemSlices.copyOf(b.elems)
		b.elems = b.elems[:0]
		return out
	}
	out := b.elems[:n:n]
	b.elems = nil
	return out
}

func (b *builder) skipTo(end int) {
	if tokEnd := min(end, len(b.p.src)); tokEnd > b.skipped {
		b.skipped = tokEnd
	}
}

// endGame completes the current game.
func (b *builder) endGame() {
	b.settleNumber(false)
	g := b.game
	if g == nil {
		return
	}
	streamed := b.streaming
	b.endStream(g)
	b.reachLastElement(g)
	g.Tags = b.tagSlices.copyOf(b.tags)
	g.Moves = b.takeElems()
	b.tags, b.game = b.tags[:0], nil
	db := b.p.db
	if len(g.Tags) == 0 && g.Skipped == 0 && g.Result == nil && g.Parts == 0 && !streamed && onlyComments(g.Moves) && len(db.Games) > 0 {
		// Comments after a termination marker parse as a game of their own
		// (one without broken tag pairs, which Skipped counts); they belong
		// to the game before, up to a "{" never closed on a
		// later line: what that one swallows is the text of the games
		// after, so it is a game of its own, and its error is not the
		// previous game's.
		prev := db.Games[len(db.Games)-1]
		kept := 0
		for _, e := range g.Moves {
			c := e.(*ast.Comment)
			if b.p.unclosed(c) && strings.ContainsAny(b.p.src[prev.To:c.From], "\r\n") {
				break
			}
			prev.Trailing = append(prev.Trailing, c)
			prev.To = c.To
			kept++
		}
		if kept > 0 {
			b.p.addDiag(diag.CommentAfterResult, g.From, prev.To)
		}
		if kept == len(g.Moves) {
			return
		}
		g.Moves = g.Moves[kept:]
		g.From = g.Moves[0].Pos()
		b.appendGame(g)
		return
	}
	if len(g.Tags) == 0 {
		b.p.addDiag(diag.MissingTags, g.From, g.From)
	}
	if g.Result == nil {
		b.p.diags.Add(diag.MissingResult, g.To, g.To, len(db.Games)+1)
		b.lastOpen, b.lastOpenAt = g, b.p.cur.Start
	}
	b.appendGame(g)
}

func (b *builder) appendGame(g *ast.Game) {
	b.p.repeats.Flush(&b.p.diags, 0)
	db := b.p.db
	g.Index = len(db.Games) + 1
	db.Games = append(db.Games, g)
}

// endBrokenGame completes a game cut short by a syntax error, keeping what
// was parsed before the error.
func (b *builder) endBrokenGame() {
	b.noStream()
	b.number = nil
	g := b.game
	if g == nil {
		// The error came before anything of a game, e.g. after a
		// termination marker; what was skipped belongs to no game.
		b.levels = b.levels[:0]
		b.elems = b.elems[:0]
		if b.skipFrom >= 0 {
			b.p.db.Skipped += max(b.skipped-b.skipFrom, 0)
		}
		b.skipped, b.skipFrom = 0, -1
		return
	}
	b.reachLastElement(g)
	end := max(g.To, b.skipped)
	if b.skipFrom >= 0 {
		g.Skipped += max(end-b.skipFrom, 0)
	}
	for len(b.levels) > 0 {
		b.popLevel(end, false)
	}
	g.Broken = true
	g.To = end
	g.Tags = b.tagSlices.copyOf(b.tags)
	g.Moves = b.takeElems()
	b.tags, b.game = b.tags[:0], nil
	b.skipped, b.skipFrom = 0, -1
	b.appendGame(g)
}

// abandonOpenGame completes a game left open when the input ended inside it
// after a syntax error.
func (b *builder) abandonOpenGame() {
	if b.game != nil || len(b.levels) > 0 {
		b.endBrokenGame()
	}
}

func onlyComments(es []ast.Element) bool {
	for _, e := range es {
		if _, ok := e.(*ast.Comment); !ok {
			return false
		}
	}
	return len(es) > 0
}

func outcomeOf(text string) ast.Outcome {
	switch text {
	case "1-0", "1\u20130":
		return ast.WhiteWins
	case "0-1", "0\u20131":
		return ast.BlackWins
	case "*":
		return ast.Unknown
	}
	return ast.Draw
}

// atoi parses a decimal number, giving -1 on overflow.
func atoi(s string) int {
	n, k := leadingNumber(s)
	if k != len(s) || k == 0 {
		return -1
	}
	return n
}

// shortMoveNumber reads the move number token text (digits, then only
// periods) when it has one or two digits, the commonest case, which is
// small enough to be inlined; ok is false for other numbers, which
// leadingNumber reads.
func shortMoveNumber(text string) (n, digits int, ok bool) {
	if len(text) >= 2 && text[1] == '.' {
		return int(text[0] - '0'), 1, true
	}
	if len(text) >= 3 && text[2] == '.' {
		return int(text[0]-'0')*10 + int(text[1]-'0'), 2, true
	}
	return 0, 0, false
}

// leadingNumber returns the value of the decimal digits s starts with and
// how many there are. A value too large for an int is -1.
func leadingNumber(s string) (n, digits int) {
	for digits < len(s) && '0' <= s[digits] && s[digits] <= '9' {
		digits++
	}
	if digits > 18 { // may not fit: let strconv decide
		v, err := strconv.Atoi(s[:digits])
		if err != nil {
			return -1, digits
		}
		return v, digits
	}
	for _, c := range []byte(s[:digits]) {
		n = n*10 + int(c-'0')
	}
	return n, digits
}

// unescape resolves the \" and \\ escapes of a tag value; other backslashes
// are kept as written.
func unescape(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}
