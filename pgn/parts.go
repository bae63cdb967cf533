package pgn

import (
	"sync"

	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/charset"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/reader"
)

// A game of more than a part's worth of tag pairs or elements of movetext
// (parser.DefaultPartSize) is handed out by the parser in parts while it
// is read, so that a Visit holds its events, a few bytes each, and not its
// syntax tree, some hundreds of bytes an element: the parts are logged as
// events (partSink), and the rest of the game is added to them when it is
// complete (visit.partEvents). The strings of the parts are logged as
// copies, as the parser uses their memory again, and as written: where the
// parser reads the game as Windows-1252 once it is complete
// (ast.Game.Decoded), their tag values and comments are decoded then.

// partLogs are the event logs of the games being handed out in parts, by
// game, shared by the workers' partSinks and taken by partEvents.
type partLogs struct {
	mu   sync.Mutex
	logs map[*ast.Game]*partLog
}

// partLog is the events of a game's parts so far.
type partLog struct {
	log eventLog
	// tagged says that the tags not handed out (ast.Game.Tags) are logged
	// too, at the first part of movetext, and tagsEnd is where the tag
	// events end. tagParts says that the tag section came in parts.
	tagged, tagParts bool
	tagsEnd          int
}

// take returns and forgets the log of g, nil when it has none.
func (p *partLogs) take(g *ast.Game) *partLog {
	p.mu.Lock()
	defer p.mu.Unlock()
	l := p.logs[g]
	delete(p.logs, g)
	return l
}

// partSink logs the parts that one worker's parser hands out
// (parser.PartSink).
type partSink struct {
	logs *partLogs
	game *ast.Game
	cur  *partLog
}

var _ parser.PartSink = (*partSink)(nil)

// Begin starts the log of g, in place of any that a game whose memory g
// reuses left.
func (s *partSink) Begin(g *ast.Game) {
	s.game, s.cur = g, new(partLog)
	s.logs.mu.Lock()
	defer s.logs.mu.Unlock()
	if s.logs.logs == nil {
		s.logs.logs = make(map[*ast.Game]*partLog)
	}
	s.logs.logs[g] = s.cur
}

func (s *partSink) Tags(tags []*ast.TagPair) {
	s.cur.tagParts = true
	logTags(&s.cur.log, tags)
}

func (s *partSink) Elements(elems []ast.Element) {
	s.movetext()
	walkLine(&s.cur.log, elems)
}

func (s *partSink) Open(int) {
	s.movetext()
	s.cur.log.BeginVariation()
}

func (s *partSink) Close() { s.cur.log.EndVariation() }

// movetext logs, before the first part of movetext, the tags that were not
// handed out.
func (s *partSink) movetext() {
	if !s.cur.tagged {
		logTags(&s.cur.log, s.game.Tags)
		s.cur.tagged, s.cur.tagsEnd = true, len(s.cur.log.b)
	}
}

func logTags(log *eventLog, tags []*ast.TagPair) {
	for _, t := range tags {
		log.Tag(t.Name, t.Value)
	}
}

// decoding is an eventLog that logs tag values and comments read as
// Windows-1252, as the parser decodes a game's text.
type decoding struct{ *eventLog }

func (d decoding) Tag(name, value string) { d.eventLog.Tag(name, charset.Decode(value)) }
func (d decoding) Comment(text string)    { d.eventLog.Comment(charset.Decode(text)) }

// decoded returns the events of log with their tag values and comments
// read as Windows-1252. Its open variations stay open.
func decoded(log *eventLog) eventLog {
	var out eventLog
	replayEvents(decoding{&out}, 0, log.src, log.b)
	return out
}

// partEvents returns the events of g, a game the parser handed out in
// parts: those of its parts, then those of the rest, which g's tree holds,
// with its movetext left out when the visitor declines it (skipsMovetext)
// and its diagnostics then too. A MovetextSkipper is not asked about a
// game whose tag section came in parts, which it could not be shown
// whole. A variation that a syntax error left open is closed, so that the
// events stay balanced.
func (vs *visit) partEvents(g *reader.Game) []byte {
	p := vs.parts.take(g.AST)
	if p == nil {
		p = new(partLog) // never: the parser began the game's parts
	}
	skip := !p.tagParts && vs.skipsMovetext(g)
	if skip {
		g.Diags = tagDiagnostics(g.Diags, g.AST)
	}
	if g.AST.Decoded {
		p.log = decoded(&p.log)
	}
	log := &p.log
	log.src = g.File.Src() // the rest's strings stand in it
	if !p.tagged {
		logTags(log, g.AST.Tags)
		p.tagsEnd = len(log.b)
	}
	if skip {
		log.b, log.open = log.b[:p.tagsEnd], nil
	} else {
		walkLine(log, g.AST.Moves)
		for len(log.open) > 0 {
			log.EndVariation()
		}
	}
	if r := g.AST.Result; r != nil {
		log.Outcome(r.Outcome.String())
	}
	if !skip {
		for _, c := range g.AST.Trailing {
			log.Comment(c.Text)
		}
	}
	return log.b
}
