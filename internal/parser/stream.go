package parser

import (
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/lexer"
	"github.com/pgnc/pgnc/internal/token"
	"github.com/pgnc/pgnc/san"
)

// A Replayer replays the main line of each game while the parser reads it
// (Parser.Replayer), so that a check that needs only the diagnostics builds
// no node for most moves (check.Stream). The parser calls Start at the
// first move, move number or NAG of a game's main line, then Move and
// Number for each that follows, and End when the game's movetext is
// complete. When Start, Move or Number reports false, or anything else
// than moves, move numbers, NAGs and comments comes in the main line
// (a variation, a bad move, a syntax error …), the parser calls Forget and
// builds the nodes of what went to the Replayer after all, so that the
// game's tree is whole again; it calls nothing more for that game.
type Replayer interface {
	// Reset forgets the games of the last parse.
	Reset()
	// Start starts the game g, with the tag section tags; false means the
	// game is not replayed while read.
	Start(g *ast.Game, tags []*ast.TagPair) bool
	// Move plays the next move; false means it needs the game's tree.
	Move(sm san.Move) bool
	// Number checks the next move number; false means it needs the tree.
	Number(n *ast.MoveNumber) bool
	// End completes the game started last.
	End()
	// Forget drops the game g.
	Forget(g *ast.Game)
}

// streamRegion is the text of a game's main line whose moves, move
// numbers and NAGs went to the Replayer without nodes.
type streamRegion struct {
	from, to int // from the first such token to the end of the last
	// elems is how many elements the builder held when the region began:
	// those after it are the comments kept in the region.
	elems int
}

// startStream decides at tok, the first move, move number or NAG of the
// current game, whether the game's main line goes to the Replayer.
func (b *builder) startStream(tok lexer.Token) bool {
	b.decided = true
	g := b.game
	if b.p.replayer == nil || g == nil || len(b.levels) > 0 || g.Parts > 0 || g.OtherVariant || g.ForeignLetters || !b.partsAllowStream() ||
		!b.p.replayer.Start(g, b.tags) {
		return false
	}
	b.streaming, b.region, b.streamedCount = true, streamRegion{from: tok.Start, to: tok.Start, elems: len(b.elems)}, 0
	return true
}

// partsAllowStream reports whether the current game may stream with
// Parser.Parts set. The parts must be handed out where a parse without
// Replayer hands them out: once PartSize elements are held, at the first
// element added with b.elems full. So a game streams only while it holds,
// with the tokens streamed, fewer than half a part (streamed,
// streamedComment), and when b.elems has room for no more than a part,
// which makes it full at PartSize elements in either parse.
func (b *builder) partsAllowStream() bool {
	return b.p.parts == nil || b.held() < b.p.partSize/2 && cap(b.elems) <= b.p.partSize
}

// streamed records that tok went to the Replayer.
func (b *builder) streamed(tok lexer.Token) {
	b.region.to = tok.End
	if b.streamedCount++; b.streamedCount+len(b.elems) >= b.streamLimit {
		b.stopStreaming()
	}
}

// streamedComment is streamed for a comment added while streaming. The
// test is written twice so that streamed stays small enough to inline:
// through a shared helper, a check counted 1.7% more instructions.
func (b *builder) streamedComment() {
	if b.streamedCount+len(b.elems) >= b.streamLimit {
		b.stopStreaming()
	}
}

// noStream is called before anything in a game other than a move, move
// number, NAG or comment of its main line: the game is not replayed while
// read from here on, and the nodes of what was are built.
func (b *builder) noStream() {
	b.decided = true
	if b.streaming {
		b.stopStreaming()
	}
}

// stopStreaming ends the replay of the current game while it is read: the
// Replayer forgets it, and the nodes of the region are built as a parse
// without Replayer builds them, from a second scan of its text, the
// comments kept in it taking their places again. Their diagnostics were
// reported during the first scan.
func (b *builder) stopStreaming() {
	b.streaming = false
	b.p.replayer.Forget(b.game)
	r := b.region
	kept := append(b.kept[:0], b.elems[r.elems:]...)
	b.kept = kept
	b.elems = b.elems[:r.elems]
	p := b.p
	p.quiet = true
	var sc lexer.Scanner
	sc.Reset(p.src)
	sc.Seek(r.from)
	k := 0
	for tok := sc.Next(); tok.Start < r.to && tok.Kind != token.EOF; tok = sc.Next() {
		switch tok.Kind {
		case token.Move:
			b.move(tok)
		case token.MoveNumber, token.Integer:
			b.moveNumber(tok)
		case token.NAG:
			b.nag(tok)
		default: // a comment, kept or left out, or an escape line
			if k < len(kept) && kept[k].Pos() == tok.Start {
				b.add(kept[k])
				k++
			}
		}
	}
	for _, e := range kept[k:] {
		b.add(e)
	}
	clear(b.kept)
	p.quiet = false
}

// endStream completes the replay of g, the game being completed, if it was
// replayed while read; the region stays known in case an error reopens it.
func (b *builder) endStream(g *ast.Game) {
	if !b.streaming {
		return
	}
	g.To = max(g.To, b.region.to)
	b.p.replayer.End()
	b.streaming = false
	b.lastStreamed, b.lastRegion = g, b.region
}

// reopenStream builds the nodes of g, a game replayed while read that a
// syntax error reopens, with b.elems holding its elements again.
func (b *builder) reopenStream(g *ast.Game) {
	if b.lastStreamed != g {
		return
	}
	b.lastStreamed = nil
	b.decided, b.streaming, b.region = true, true, b.lastRegion
	b.stopStreaming()
}
