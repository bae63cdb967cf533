package check

import (
	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// Stream replays the main line of each game while the parser reads it
// (parser.Replayer), so that the moves of a game with nothing to report
// need no node in the syntax tree. A game that has something to report, or
// that the stream does not replay (another start position, a variation, a
// move it cannot play), gets its nodes back from the parser and is
// replayed from its tree, so that Replay returns what Checker.Replay
// returns for the whole game in every case.
//
// A Stream serves one parser, which Resets it at the start of each parse;
// call Replay for the games of that parse only, in their order.
type Stream struct {
	k     Checker
	game  *ast.Game      // the game being replayed
	cur   chess.Position // the position after its last move
	plies int
	// lines are the games of this parse replayed to the end of their
	// movetext, in order, and next the first that Replay has not passed.
	lines []streamed
	next  int
}

// streamed is where the main line of a game replayed by a Stream ended.
type streamed struct {
	game  *ast.Game
	final chess.Position
	plies int
}

// Stream returns a stream that replays games as k's checks do, or nil when
// no game can be replayed while it is parsed: with k.Language set, every
// move is read in that language, which the stream does not do.
func (k Checker) Stream() *Stream {
	if k.Language != nil {
		return nil
	}
	return &Stream{k: k}
}

// Reset forgets the games of the last parse, whose memory the parser may
// use again.
func (s *Stream) Reset() {
	s.lines, s.next, s.game = s.lines[:0], 0, nil
}

// Start starts the replay of g, whose tag section is tags, at its first
// element of movetext. It reports false, and replays nothing, when the game
// does not start from the standard position: a Variant, SetUp or FEN tag
// needs the checks of the start position.
func (s *Stream) Start(g *ast.Game, tags []*ast.TagPair) bool {
	for _, t := range tags {
		if k := lookedUp(t.Name); k == tagFEN || k == tagSetUp || k == tagVariant {
			return false
		}
	}
	s.game, s.cur, s.plies = g, initial, 0
	return true
}

// Move plays the next move of the main line, written as sm. It reports
// false, and the game is then replayed from its tree, when the move has
// something to report or cannot be played: every other case of
// checker.move.
func (s *Stream) Move(sm san.Move) bool {
	if sm.Quirks&san.ForeignLetter != 0 || sm.Kind == san.Null {
		return false
	}
	pos := &s.cur
	m, assumed, err := san.Resolve(pos, sm)
	if err != nil {
		return false
	}
	taken := pos.Captured(m)
	over := (sm.FromFile >= 0 || sm.FromRank >= 0) && overDisambiguated(pos, sm, m)
	actual := play(pos, m)
	if notationMayDiffer(&sm, taken, actual, assumed) {
		if _, problem := notationProblem(sm, m, taken, actual, assumed, over); problem {
			return false
		}
	}
	s.plies++
	return true
}

// A PositionStream is a Stream for a caller that reads the positions of
// the games' main lines, not their diagnostics: it hands each position it
// replays to its Checker's Positions, as Replay does, and plays each move
// without checking how it is written, so that the diagnostics that Replay
// returns for a game it replayed lack the warnings about notation (a
// missing "+", a needless disambiguation …). The positions are those of
// a Stream: a move that such a warning is about is played all the same. A
// type apart, so that a check pays nothing for it.
type PositionStream struct{ *Stream }

// Positions returns s as a PositionStream, for the parser; Replay is s's.
func (s *Stream) Positions() PositionStream { return PositionStream{s} }

// Start is Stream.Start, and hands on the start position.
func (w PositionStream) Start(g *ast.Game, tags []*ast.TagPair) bool {
	if !w.Stream.Start(g, tags) {
		return false
	}
	w.k.Positions.Position(g, 0, &w.cur)
	return true
}

// Move plays the next move of the main line and hands on the position
// after it; false, as from Stream.Move, when the move cannot be played.
// Its first lines are Stream.Move's: a helper for both is not inlined, and
// its call cost pgnc check's streamed replay 2 to 3% more instructions
// (bench/floor.sh count, 2026-11-27).
func (w PositionStream) Move(sm san.Move) bool {
	if sm.Quirks&san.ForeignLetter != 0 || sm.Kind == san.Null {
		return false
	}
	pos := &w.cur
	m, _, err := san.Resolve(pos, sm)
	if err != nil {
		return false
	}
	pos.Play(m)
	w.plies++
	w.k.Positions.Position(w.game, w.plies, pos)
	return true
}

// Number checks a move number of the main line against the position it
// precedes; false means it has something to report.
func (s *Stream) Number(n *ast.MoveNumber) bool { return moveNumberFits(n, &s.cur) }

// End records that the movetext of the game started last is complete.
func (s *Stream) End() {
	if s.game != nil {
		s.lines = append(s.lines, streamed{game: s.game, final: s.cur, plies: s.plies})
		s.game = nil
	}
}

// Forget drops what the stream holds of g, whose tree the parser has
// completed after all.
func (s *Stream) Forget(g *ast.Game) {
	if n := len(s.lines); n > 0 && s.lines[n-1].game == g {
		s.lines = s.lines[:n-1] // a game reopened: the last completed
	}
	if s.game == g {
		s.game = nil
	}
}

// Replay is Checker.Replay for g, a game of the last parse, which it
// finishes from where the stream left its main line when the stream
// replayed it.
func (s *Stream) Replay(g *ast.Game) (diags diag.List, plies int) {
	r := s.streamed(g)
	if r == nil {
		return s.k.Replay(g)
	}
	c, scratch := &checker{index: g.Index, repeats: diag.Repeats{Max: s.k.MaxRepeats}, language: s.k.Language, catalog: s.k.Catalog, streamed: r}, model.Game{}
	_, diags = c.game(g, &scratch)
	return diags, c.plies
}

// streamed returns where the stream left g's main line, nil when it did
// not replay g. It is asked of the games of the last parse in their order.
func (s *Stream) streamed(g *ast.Game) *streamed {
	for s.next < len(s.lines) && s.lines[s.next].game.From < g.From {
		s.next++ // games in text order: one not asked for is passed
	}
	if s.next == len(s.lines) || s.lines[s.next].game != g {
		return nil
	}
	s.next++
	return &s.lines[s.next-1]
}

// Watch is Replay for a caller that reads the positions of the games, not
// their diagnostics: for a game the stream replayed, whose positions went
// to the Positions of the PositionStream as it was parsed, it only counts
// the plies; it returns no diagnostics.
func (s *Stream) Watch(g *ast.Game) (plies int) {
	if r := s.streamed(g); r != nil {
		return r.plies
	}
	_, plies = s.k.Replay(g)
	return plies
}
