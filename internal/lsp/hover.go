package lsp

import (
	"strconv"
	"strings"
	"time"

	"go.lsp.dev/protocol"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/model"
)

// hover returns what the server shows at p: the meaning of a tag name, or
// the board after a move; nil elsewhere.
func (s *Server) hover(d *document, p protocol.Position) *protocol.Hover {
	msg := s.msg
	c := d.chunks[d.chunkAtLine(int(p.Line))]
	off := d.offset(p) - c.start
	for _, g := range c.res.games {
		for _, t := range g.tagNames {
			if t.from <= off && off < t.to {
				meaning := s.tagMeaning(t.name)
				if meaning == "" {
					meaning = msg.Sprintf("%s is no tag of the standard's Seven Tag Roster or its supplemental tags.", t.name)
				}
				rng := shift(c.res.lines.rangeOf(t.from, t.to), c.line)
				return &protocol.Hover{Contents: markdown("**" + t.name + "**: " + meaning), Range: &rng}
			}
		}
	}
	// The chunk is read again with its moves, which the server does not
	// keep: a hover reads one game.
	rd := reader.New(strings.NewReader(c.text), "", s.readerOptions(len(c.text), true))
	defer rd.Close()
	for g, err := range rd.All() {
		if err != nil {
			break
		}
		base := g.File.Base()
		if g.Model == nil || off < base+g.From || off >= base+g.To {
			continue
		}
		pos := g.Model.Start
		if m, before := findMove(g.Model.Moves, &pos, off-base); m != nil {
			rng := shift(c.res.lines.rangeOf(base+m.Span.From, base+m.Span.To), c.line)
			return &protocol.Hover{Contents: markdown(s.moveHover(before, m)), Range: &rng}
		}
		return nil
	}
	return nil
}

// findMove returns the move of line, played from pos, whose text holds the
// offset off, searching its variations too, and the position before it.
func findMove(line []*model.Move, pos *chess.Position, off int) (*model.Move, chess.Position) {
	for _, m := range line {
		if m.Span.From <= off && off < m.Span.To {
			return m, *pos
		}
		for _, v := range m.Variations {
			p := *pos
			if found, before := findMove(v, &p, off); found != nil {
				return found, before
			}
		}
		m.Play(pos)
	}
	return nil, chess.Position{}
}

// markdown returns Markdown content.
func markdown(s string) protocol.MarkupContent {
	return protocol.MarkupContent{Kind: protocol.Markdown, Value: s}
}

// moveHover describes m, played in before: the move numbered, in SAN and
// UCI, the board after it, its FEN, and the clock and evaluation the
// comments after it give.
func (s *Server) moveHover(before chess.Position, m *model.Move) string {
	dots := "."
	if before.Turn() == chess.Black {
		dots = "..."
	}
	msg := s.msg
	label := strconv.Itoa(before.FullmoveNumber()) + dots + " " + m.SAN
	after := before
	m.Play(&after)
	var b strings.Builder
	b.WriteString(msg.Sprintf("**%s** (UCI %s), %s to move", label, m.UCI(), msg.Diag.Phrase(after.Turn().String())))
	b.WriteString("\n\n```\n" + after.Diagram(false) + "```\n\nFEN: `" + after.FEN() + "`")
	var extra []string
	if m.Has&model.HasClock != 0 {
		extra = append(extra, msg.Sprintf("clock %s", clock(m.Clock)))
	}
	if m.Has&model.HasElapsed != 0 {
		extra = append(extra, msg.Sprintf("time spent %s", clock(m.Elapsed)))
	}
	if m.Has&model.HasEval != 0 {
		extra = append(extra, msg.Sprintf("evaluation %s", eval(m.Eval)))
	}
	if len(extra) > 0 {
		b.WriteString("\n\n" + strings.Join(extra, " · "))
	}
	return b.String()
}

// clock writes a duration as h:mm:ss, as [%clk] does.
func clock(d time.Duration) string {
	sec := int(d / time.Second)
	return strconv.Itoa(sec/3600) + ":" + pad(sec/60%60) + ":" + pad(sec%60)
}

func pad(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// eval writes an evaluation as [%eval] does: +0.35, -1.20, #3, #-2.
func eval(e model.Eval) string {
	if e.Mate != 0 {
		return "#" + strconv.Itoa(e.Mate)
	}
	cp := e.Centipawns
	sign := "+"
	if cp < 0 {
		sign, cp = "-", -cp
	}
	return sign + strconv.Itoa(cp/100) + "." + pad(cp%100)
}

// tagMeaning says what the tag name means in the PGN standard (section
// 8.1.1, the Seven Tag Roster, and 9, the supplemental tags) and its 2001
// supplement, or "" for a tag neither names.
func (s *Server) tagMeaning(name string) string {
	msg := s.msg
	switch name {
	case "Event":
		return msg.Sprintf("the name of the tournament or match event. One of the Seven Tag Roster, which every game has, in this order; \"?\" when unknown.")
	case "Site":
		return msg.Sprintf("the location of the event: city, region and the IOC country code (\"Leeds ENG\"). One of the Seven Tag Roster; \"?\" when unknown.")
	case "Date":
		return msg.Sprintf("the starting date of the game, YYYY.MM.DD, with \"??\" for an unknown part (\"1992.??.??\"). One of the Seven Tag Roster.")
	case "Round":
		return msg.Sprintf("the playing round of the game within the event (\"3\", \"1.2\"); \"?\" when unknown, \"-\" when it does not apply. One of the Seven Tag Roster.")
	case "White":
		return msg.Sprintf("the player of the white pieces, \"Last, First\". One of the Seven Tag Roster; \"?\" when unknown.")
	case "Black":
		return msg.Sprintf("the player of the black pieces, \"Last, First\". One of the Seven Tag Roster; \"?\" when unknown.")
	case "Result":
		return msg.Sprintf("the result of the game: \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\" (unfinished or unknown); the same as the termination marker after the moves. The last of the Seven Tag Roster.")
	case "WhiteTitle", "BlackTitle":
		return msg.Sprintf("the player's FIDE title (\"GM\", \"IM\", \"WGM\"); \"-\" for none.")
	case "WhiteElo", "BlackElo":
		return msg.Sprintf("the player's FIDE rating; \"-\" for none.")
	case "WhiteUSCF", "BlackUSCF":
		return msg.Sprintf("the player's USCF rating.")
	case "WhiteNA", "BlackNA":
		return msg.Sprintf("the player's network address (e-mail); \"-\" for none.")
	case "WhiteType", "BlackType":
		return msg.Sprintf("whether the player is \"human\" or a \"program\".")
	case "EventDate":
		return msg.Sprintf("the starting date of the event, YYYY.MM.DD.")
	case "EventSponsor":
		return msg.Sprintf("the name of the event's sponsor.")
	case "Section":
		return msg.Sprintf("the playing section of a tournament (\"Open\", \"Reserve\").")
	case "Stage":
		return msg.Sprintf("the stage of a multistage event (\"Preliminary\", \"Semifinal\").")
	case "Board":
		return msg.Sprintf("the board number in a team event.")
	case "Opening":
		return msg.Sprintf("the traditional name of the opening (\"Sicilian\").")
	case "Variation":
		return msg.Sprintf("the variation of the opening (\"Najdorf\").")
	case "SubVariation":
		return msg.Sprintf("the subvariation of the opening's variation.")
	case "ECO":
		return msg.Sprintf("the opening's code in the Encyclopedia of Chess Openings, a letter A to E and two digits (\"B90\").")
	case "NIC":
		return msg.Sprintf("the opening's code in the New in Chess classification.")
	case "Time":
		return msg.Sprintf("the local time the game started, HH:MM:SS.")
	case "UTCTime":
		return msg.Sprintf("the time the game started, HH:MM:SS in Coordinated Universal Time.")
	case "UTCDate":
		return msg.Sprintf("the date the game started, YYYY.MM.DD in Coordinated Universal Time.")
	case "TimeControl":
		return msg.Sprintf("the time control: \"40/7200:3600\" (moves/seconds:seconds), \"300+2\" (seconds plus increment), \"-\" for none, \"?\" when unknown.")
	case "SetUp":
		return msg.Sprintf("\"1\" when the game starts from the position of the FEN tag, \"0\" for the initial position.")
	case "FEN":
		return msg.Sprintf("the position the game starts from, in Forsyth-Edwards Notation; it needs SetUp \"1\".")
	case "Termination":
		return msg.Sprintf("how the game ended: \"abandoned\", \"adjudication\", \"death\", \"emergency\", \"normal\", \"rules infraction\", \"time forfeit\" or \"unterminated\".")
	case "Annotator":
		return msg.Sprintf("who annotated the game.")
	case "Mode":
		return msg.Sprintf("how the game was played: \"OTB\" (over the board), \"PM\" (paper mail), \"EM\" (electronic mail), \"ICS\" (Internet Chess Server), \"TC\" (telecommunication).")
	case "PlyCount":
		return msg.Sprintf("how many plies (half-moves) the game has.")
	case "Variant":
		return msg.Sprintf("the kind of chess when it is not standard chess (\"Chess960\"); not in the standard, but common.")
	}
	return ""
}
