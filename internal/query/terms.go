package query

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/eco"
	"github.com/pgnc/pgnc/internal/query/qtoken"
	"github.com/pgnc/pgnc/model"
)

// Level is what a query needs of a game: its tags alone, or its moves
// replayed.
type Level uint8

// The levels, in order.
const (
	NeedTags  Level = iota // the tag section: no move is replayed
	NeedMoves              // the game's model: moves, comments, positions, diagnostics
)

// Term is one test of a query. Exactly one of tags, game, pos and move is
// set; pos and move terms look at every position or move of the main
// line, or those that at, after and final select.
type Term struct {
	Name   string // the subject as written
	level  Level
	negate bool // != and !~: the term is the negation of = or ~
	tags   func(model.Tags) bool
	game   func(*Game) bool
	pos    func(*chess.Position) bool
	move   func(*model.Move) bool
	// at >= 0 selects the position after ply at (0: the start) or the
	// move of ply at; after >= 0 those after ply after; final the last.
	at, after int
	final     bool
	// positional says that game, when set, reads only the main line's
	// positions (Query.Positional); firstMoves, when positive, that it
	// reads only those of its first moves (Query.MovesNeeded).
	positional bool
	firstMoves int
	// men, when positive, is how many pieces a position has where pos
	// may hold (material =), which a Watch tests first without a call.
	men int
}

// tagFields are the subjects that name a tag, by their lower-case name.
var tagFields = map[string]string{
	"white": "White", "black": "Black", "event": "Event", "site": "Site", "round": "Round", "result": "Result",
	"opening": "Opening", "variation": "Variation", "annotator": "Annotator", "timecontrol": "TimeControl",
	"termination": "Termination", "whitetitle": "WhiteTitle", "blacktitle": "BlackTitle", "mode": "Mode",
	"eventdate": "EventDate", "whitefideid": "WhiteFideId", "blackfideid": "BlackFideId",
}

// positionalFlags are the flags that read the main line's positions only.
var positionalFlags = map[string]bool{"checkmate": true, "stalemate": true}

// flags are the subjects that stand alone: a test of the whole game.
var flags = map[string]func(*Game) bool{
	"checkmate": func(g *Game) bool { return g.finalStatus() == chess.Checkmate },
	"stalemate": func(g *Game) bool { return g.finalStatus() == chess.Stalemate },
	"promotion": func(g *Game) bool {
		return g.anyMove(func(m *model.Move) bool { return m.Move.Promotion != chess.NoPieceType })
	},
	"underpromotion":     func(g *Game) bool { return g.anyMove(underpromotes) },
	"castles":            func(g *Game) bool { return g.anyMove(func(m *model.Move) bool { return m.Move.Kind == chess.Castle }) },
	"draw by repetition": func(g *Game) bool { return g.Model != nil && g.Model.Threefold() >= 0 },
	"repetition":         func(g *Game) bool { return g.Model != nil && g.Model.Threefold() >= 0 },
}

func underpromotes(m *model.Move) bool {
	return m.Move.Promotion != chess.NoPieceType && m.Move.Promotion != chess.Queen
}

// hasFlags are the subjects of has.
var hasFlags = map[string]func(*Game) bool{
	"errors": func(g *Game) bool {
		return g.anyDiag(func(d diag.Diagnostic) bool { return d.Severity() == diag.Error })
	},
	"warnings": func(g *Game) bool {
		return g.anyDiag(func(d diag.Diagnostic) bool { return d.Severity() != diag.Error })
	},
	"comments":   func(g *Game) bool { return g.anyComment(func(string) bool { return true }) },
	"variations": func(g *Game) bool { return g.anyMove(func(m *model.Move) bool { return len(m.Variations) > 0 }) },
	"clocks":     func(g *Game) bool { return g.anyMove(func(m *model.Move) bool { return m.Has&model.HasClock != 0 }) },
	"evals":      func(g *Game) bool { return g.anyMove(func(m *model.Move) bool { return m.Has&model.HasEval != 0 }) },
}

// Subjects lists every subject a query knows, for suggestions and help.
var Subjects = func() []string {
	s := []string{"player", "date", "eco", "elo", "whiteelo", "blackelo", "elodiff", "variant", "plies", "moves", "comment",
		"eval", "clock", "position", "pattern", "material", "starts", "tag", "code"}
	for k := range tagFields {
		s = append(s, k)
	}
	for k := range flags {
		s = append(s, k)
	}
	for k := range hasFlags {
		s = append(s, k)
	}
	return s
}()

// name returns the subject's words in lower case, one space apart.
func (s Subject) name() string {
	var b strings.Builder
	for i, w := range s.Words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strings.ToLower(w.Text))
	}
	return b.String()
}

func (s Subject) from() int { return s.Words[0].Pos }

func (s Subject) to() int {
	if s.Arg != nil {
		return s.Arg.End() + 1
	}
	return s.Words[len(s.Words)-1].End()
}

// unknown records that s names no term, with the nearest known name.
func (p *parser) unknown(s Subject) {
	name := s.name()
	if best := nearest(name, Subjects); best != "" {
		p.failAt(s.from(), s.to(), ErrUnknownSuggest, s.rawName(), best)
		return
	}
	p.failAt(s.from(), s.to(), ErrUnknown, s.rawName())
}

func (s Subject) rawName() string {
	var words []string
	for _, w := range s.Words {
		words = append(words, w.Text)
	}
	return strings.Join(words, " ")
}

// nearest returns the known name closest to name in edit distance, when it
// is close enough to be a typo.
func nearest(name string, known []string) string {
	best, dist := "", 1<<30
	for _, k := range known {
		if d := editDistance(name, k); d < dist || d == dist && k < best {
			best, dist = k, d
		}
	}
	if dist > max(2, len(name)/3) {
		return ""
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// newTerm returns a term of subject s.
func newTerm(s Subject, level Level) *Term {
	return &Term{Name: s.rawName(), level: level, at: -1, after: -1}
}

// flag builds a term that is a subject alone.
func (p *parser) flag(s Subject) *Node {
	name := s.name()
	if f, ok := flags[name]; ok && s.Arg == nil {
		t := newTerm(s, NeedMoves)
		t.game, t.positional = f, positionalFlags[name]
		return term(t)
	}
	if example, ok := compareExample(name); ok {
		p.failAt(s.from(), s.to(), ErrNeedsCompare, s.rawName(), example)
		return term(nil)
	}
	p.unknown(s)
	return term(nil)
}

// compareExample returns an example of a comparison of a subject that
// needs one.
func compareExample(name string) (string, bool) {
	switch name {
	case "date":
		return `date >= 2020.01.01`, true
	case "eco":
		return `eco in B90..B99`, true
	case "elo", "whiteelo", "blackelo", "elodiff", "plies", "moves":
		return name + ` >= 2500`, true
	case "comment":
		return `comment ~ "novelty"`, true
	case "eval":
		return `eval <= -300 after ply 20`, true
	case "clock":
		return `clock < 60`, true
	case "position":
		return `position "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -"`, true
	case "pattern":
		return `pattern "*/*/*/*/4P3/*/*/* w"`, true
	case "material":
		return `material "KQ vs KR"`, true
	case "starts":
		return `starts "1. e4 c5"`, true
	case "player", "variant":
		return name + ` ~ "Carlsen"`, true
	}
	if _, ok := tagFields[name]; ok {
		return name + ` ~ "Carlsen"`, true
	}
	return "", false
}

// argument builds a term written as a subject and a string: position,
// pattern, material, starts.
func (p *parser) argument(s Subject, arg Token) *Node {
	switch s.name() {
	case "position", "pattern", "material", "starts":
		return p.compare(s, Token{Kind: qtoken.Eq, Text: "=", Pos: arg.Pos}, arg)
	}
	if _, ok := compareExample(s.name()); ok || s.Arg != nil {
		p.bad(arg, ErrUnexpected, arg.Text, s.Words[len(s.Words)-1].Text)
		return term(nil)
	}
	p.unknown(s)
	return term(nil)
}

// inList builds subject in [v, ...]: subject = v or ….
func (p *parser) inList(s Subject, in Token, values []Token) *Node {
	var n *Node
	for _, v := range values {
		t := p.compare(s, Token{Kind: qtoken.Eq, Text: in.Text, Pos: in.Pos}, v)
		if n == nil {
			n = t
		} else {
			n = &Node{Op: OpOr, L: n, R: t}
		}
	}
	return n
}

// inRange builds subject in lo..hi: subject >= lo and subject <= hi.
func (p *parser) inRange(s Subject, in, lo, hi Token) *Node {
	return &Node{Op: OpAnd,
		L: p.compare(s, Token{Kind: qtoken.Ge, Text: in.Text, Pos: in.Pos}, lo),
		R: p.compare(s, Token{Kind: qtoken.Le, Text: in.Text, Pos: in.Pos}, hi)}
}

// containsMoves builds contains moves "Nxf7 Kxf7".
func (p *parser) containsMoves(c Token, s Subject, arg Token) *Node {
	if s.name() != "moves" || s.Arg != nil {
		p.failAt(s.from(), s.to(), ErrUnexpected, s.rawName(), c.Text)
		return term(nil)
	}
	want := sanWords(unquote(arg.Text))
	if len(want) == 0 {
		p.bad(arg, ErrMove, "", "no move")
		return term(nil)
	}
	t := newTerm(s, NeedMoves)
	t.Name = "contains moves"
	t.game = func(g *Game) bool { return g.containsMoves(want) }
	return term(t)
}

// has builds has errors, has code PGN301, has comments….
func (p *parser) has(h Token, s Subject) *Node {
	name := s.name()
	if f, ok := hasFlags[name]; ok && s.Arg == nil {
		t := newTerm(s, NeedMoves)
		t.game = f
		return term(t)
	}
	if len(s.Words) == 2 && strings.EqualFold(s.Words[0].Text, "code") {
		w := s.Words[1]
		n, err := strconv.Atoi(strings.TrimPrefix(strings.ToUpper(w.Text), "PGN"))
		if err != nil || !strings.HasPrefix(strings.ToUpper(w.Text), "PGN") || len(w.Text) != 6 {
			p.bad(w, ErrCode, w.Text)
			return term(nil)
		}
		code := diag.Code(n)
		t := newTerm(s, NeedMoves)
		t.game = func(g *Game) bool { return g.anyDiag(func(d diag.Diagnostic) bool { return d.Code == code }) }
		return term(t)
	}
	if name == "code" {
		p.failAt(h.Pos, s.to(), ErrNeedsCompare, "has code", "has code PGN301")
		return term(nil)
	}
	known := []string{"code"}
	for k := range hasFlags {
		known = append(known, k)
	}
	if best := nearest(name, known); best != "" {
		p.failAt(s.from(), s.to(), ErrUnknownSuggest, s.rawName(), best)
	} else {
		p.failAt(s.from(), s.to(), ErrUnknown, s.rawName())
	}
	return term(nil)
}

// toMove builds to move white, to move black.
func (p *parser) toMove(tm Token, side Token) *Node {
	var c chess.Color
	switch strings.ToLower(side.Text) {
	case "white":
		c = chess.White
	case "black":
		c = chess.Black
	default:
		p.bad(side, ErrSide, side.Text)
		return term(nil)
	}
	t := &Term{Name: "to move", level: NeedMoves, at: -1, after: -1}
	t.pos = func(pos *chess.Position) bool { return pos.Turn() == c }
	return term(t)
}

// where applies at ply N, after ply N or in final position to a term that
// tests positions or moves.
func (p *parser) where(n *Node, w, num Token) *Node {
	t := n.Term
	if n.Op != OpTerm || t == nil || (t.pos == nil && t.move == nil) {
		if p.err == nil {
			p.bad(w, ErrWhere, strings.Join(strings.Fields(strings.ToLower(w.Text)), " "))
		}
		return n
	}
	if w.Kind == qtoken.Final {
		t.final = true
		return n
	}
	v, err := strconv.Atoi(num.Text)
	if err != nil || v < 0 {
		p.bad(num, ErrNotNumber, num.Text)
		return n
	}
	if w.Kind == qtoken.AtPly {
		t.at = v
	} else {
		t.after = v
	}
	return n
}

// compare builds subject op value.
func (p *parser) compare(s Subject, op, v Token) *Node {
	name := s.name()
	val := value(v)
	negate := op.Kind == qtoken.Ne || op.Kind == qtoken.NoMatch
	kind := op.Kind
	switch kind {
	case qtoken.Ne:
		kind = qtoken.Eq
	case qtoken.NoMatch:
		kind = qtoken.Match
	}
	t := newTerm(s, NeedTags)
	t.negate = negate
	failv := func(code ErrorCode, args ...string) *Node {
		p.bad(v, code, args...)
		return term(nil)
	}
	badOp := func() *Node {
		p.bad(op, ErrBadOp, s.rawName(), op.Text)
		return term(nil)
	}
	if s.Arg != nil {
		if name != "tag" {
			p.unknown(s)
			return term(nil)
		}
		m, code, arg := textMatcher(kind, val)
		if m == nil {
			return failv(code, arg)
		}
		tag := unquote(s.Arg.Text)
		t.tags = func(ts model.Tags) bool { x, ok := ts.Lookup(tag); return ok && m(x) }
		return term(t)
	}
	switch {
	case name == "opening":
		m, code, arg := textMatcher(kind, val)
		if m == nil {
			return failv(code, arg)
		}
		t.level = NeedMoves
		t.game = func(g *Game) bool { x, ok := g.opening("Opening"); return ok && m(x) }
	case tagFields[name] != "":
		m, code, arg := textMatcher(kind, val)
		if m == nil {
			return failv(code, arg)
		}
		tag := tagFields[name]
		t.tags = func(ts model.Tags) bool { x, ok := ts.Lookup(tag); return ok && m(x) }
	case name == "player":
		m, code, arg := textMatcher(kind, val)
		if m == nil {
			return failv(code, arg)
		}
		t.tags = func(ts model.Tags) bool {
			w, okw := ts.Lookup("White")
			b, okb := ts.Lookup("Black")
			return okw && m(w) || okb && m(b)
		}
	case name == "variant":
		m, code, arg := textMatcher(kind, val)
		if m == nil {
			return failv(code, arg)
		}
		t.tags = func(ts model.Tags) bool {
			x, ok := ts.Lookup("Variant")
			if !ok || x == "" {
				x = "standard"
			}
			return m(x)
		}
	case name == "date":
		m, code, arg := dateMatcher(kind, val)
		if m == nil {
			return failv(code, arg)
		}
		t.tags = func(ts model.Tags) bool { x, ok := ts.Lookup("Date"); return ok && m(x) }
	case name == "eco":
		m, code, arg := ecoMatcher(kind, val)
		if m == nil {
			return failv(code, arg)
		}
		t.level = NeedMoves
		t.game = func(g *Game) bool { x, ok := g.opening("ECO"); return ok && m(x) }
	case name == "elo" || name == "whiteelo" || name == "blackelo" || name == "elodiff":
		m, code, arg := numMatcher(kind, val)
		if m == nil {
			return failv(code, arg)
		}
		get := eloGetter(name)
		t.tags = func(ts model.Tags) bool { x, ok := get(ts); return ok && m(x) }
	case name == "plies" || name == "moves":
		m, code, arg := numMatcher(kind, val)
		if m == nil {
			return failv(code, arg)
		}
		t.level = NeedMoves
		full := name == "moves"
		t.game = func(g *Game) bool {
			if g.Model == nil {
				return false
			}
			n := len(g.Model.Moves)
			if full {
				n = (n + 1) / 2
			}
			return m(float64(n))
		}
	case name == "comment":
		m, code, arg := textMatcher(kind, val)
		if m == nil {
			return failv(code, arg)
		}
		t.level = NeedMoves
		t.game = func(g *Game) bool { return g.anyComment(m) }
	case name == "eval":
		if kind == qtoken.Match || kind == qtoken.Contains {
			return badOp()
		}
		x, ok := evalValue(val)
		if !ok {
			return failv(ErrNotNumber, val)
		}
		m := numCompare(kind, x)
		t.level = NeedMoves
		t.move = func(mv *model.Move) bool { return mv.Has&model.HasEval != 0 && m(evalCentipawns(mv.Eval)) }
	case name == "clock":
		if kind == qtoken.Match || kind == qtoken.Contains {
			return badOp()
		}
		secs, ok := clockSeconds(val)
		if !ok {
			return failv(ErrClock, val)
		}
		m := numCompare(kind, secs)
		t.level = NeedMoves
		t.move = func(mv *model.Move) bool { return mv.Has&model.HasClock != 0 && m(mv.Clock.Seconds()) }
	case name == "material":
		if kind == qtoken.Match || kind == qtoken.Contains {
			return badOp()
		}
		mat, prob := parseMaterial(val)
		if prob != nil {
			return p.badValue(v, ErrMaterial, prob)
		}
		t.level = NeedMoves
		t.pos = mat.matcher(kind)
		if kind == qtoken.Eq {
			t.men = mat.men()
		}
	case name == "position", name == "pattern", name == "starts":
		if kind != qtoken.Eq {
			return badOp()
		}
		t.level = NeedMoves
		switch name {
		case "position":
			pos, err := chess.ParseFEN(strings.TrimSpace(val))
			if err != nil {
				return p.badFEN(v, err)
			}
			key := pos.Key()
			t.pos = func(q *chess.Position) bool { return q.Key() == key }
		case "pattern":
			pat, prob := parsePattern(val)
			if prob != nil {
				return p.badValue(v, ErrPattern, prob)
			}
			t.pos = pat.match
		case "starts":
			moves, bad, err := resolveMoves(val)
			if err != "" {
				return failv(ErrMove, bad, err)
			}
			after := positionsAfter(moves)
			t.game, t.positional, t.firstMoves = func(g *Game) bool { return g.starts(after) }, true, len(after)
		}
	case name == "tag":
		p.failAt(s.from(), s.to(), ErrNeedsCompare, s.rawName(), `tag("TimeControl") = "40/7200:3600"`)
		return term(nil)
	default:
		if _, ok := flags[name]; ok {
			p.failAt(s.from(), s.to(), ErrNoCompare, s.rawName())
			return term(nil)
		}
		if _, ok := hasFlags[name]; ok {
			p.failAt(s.from(), s.to(), ErrNoCompare, s.rawName())
			return term(nil)
		}
		p.unknown(s)
		return term(nil)
	}
	return term(t)
}

// badValue records the error code of value v, and what is wrong inside
// it.
func (p *parser) badValue(v Token, code ErrorCode, prob *problem) *Node {
	if p.err == nil {
		p.bad(v, code, prob.text())
		p.err.Detail, p.err.DetailArgs = prob.detail, prob.args
	}
	return term(nil)
}

// badFEN records the error of a FEN that does not parse, at the FEN's
// fault where the value is written as it is read (no escapes in the
// string), else at the whole value.
func (p *parser) badFEN(v Token, err error) *Node {
	if p.err != nil {
		return term(nil)
	}
	fe, ok := err.(*chess.FENError)
	if !ok {
		p.bad(v, ErrFEN, err.Error())
		return term(nil)
	}
	p.bad(v, ErrFEN, fe.Field+" field: "+fe.Msg)
	p.err.FEN = fe
	raw, start := v.Text, v.Pos
	if v.Kind == qtoken.String {
		raw, start = raw[1:len(raw)-1], start+1
	}
	if strings.Contains(raw, `\`) {
		return term(nil) // offsets in the FEN are not offsets in the query
	}
	start += len(raw) - len(strings.TrimLeftFunc(raw, unicode.IsSpace)) // as ParseFEN's TrimSpace
	p.err.Pos, p.err.End = start+fe.Offset, max(start+fe.End, start+fe.Offset+1)
	return term(nil)
}

// value returns the text of a value token: a string unquoted.
func value(v Token) string {
	if v.Kind == qtoken.String {
		return unquote(v.Text)
	}
	return v.Text
}

// unquote returns a quoted string's text, \" and \\ resolved.
func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' {
		s = s[1 : len(s)-1]
	}
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// textMatcher returns the test of a tag's text: = (numbers compared as
// numbers, text exactly), < <= > >= (as numbers where both are, else
// as text), ~ (RE2), contains (text, any case). Else the error.
func textMatcher(op qtoken.Kind, v string) (func(string) bool, ErrorCode, string) {
	switch op {
	case qtoken.Match:
		re, err := regexp.Compile(v)
		if err != nil {
			return nil, ErrRegexp, strings.TrimPrefix(err.Error(), "error parsing regexp: ")
		}
		return re.MatchString, 0, ""
	case qtoken.Contains:
		lower := strings.ToLower(v)
		return func(s string) bool { return strings.Contains(strings.ToLower(s), lower) }, 0, ""
	}
	num, numErr := strconv.ParseFloat(v, 64)
	isNum := numErr == nil && !math.IsNaN(num) && !math.IsInf(num, 0)
	cmp := numCompare(op, 0)
	return func(s string) bool {
		if isNum {
			if x, err := strconv.ParseFloat(s, 64); err == nil {
				return cmp(x - num)
			}
		}
		return cmp(float64(strings.Compare(s, v)))
	}, 0, ""
}

// numCompare returns the test x op v.
func numCompare(op qtoken.Kind, v float64) func(float64) bool {
	switch op {
	case qtoken.Lt:
		return func(x float64) bool { return x < v }
	case qtoken.Le:
		return func(x float64) bool { return x <= v }
	case qtoken.Gt:
		return func(x float64) bool { return x > v }
	case qtoken.Ge:
		return func(x float64) bool { return x >= v }
	}
	return func(x float64) bool { return x == v }
}

// numMatcher is the test of a number: the value must be one.
func numMatcher(op qtoken.Kind, v string) (func(float64) bool, ErrorCode, string) {
	if op == qtoken.Match || op == qtoken.Contains {
		return nil, ErrNotNumber, v // unreachable through compare: badOp comes first for these
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return nil, ErrNotNumber, v
	}
	return numCompare(op, x), 0, ""
}

// eloGetter returns how a subject's rating is found in the tags: elo is
// the lower of the two, elodiff their difference (positive).
func eloGetter(name string) func(model.Tags) (float64, bool) {
	get := func(ts model.Tags, tag string) (float64, bool) {
		s, ok := ts.Lookup(tag)
		if !ok {
			return 0, false
		}
		x, err := strconv.Atoi(strings.TrimSpace(s))
		return float64(x), err == nil && x > 0
	}
	switch name {
	case "whiteelo":
		return func(ts model.Tags) (float64, bool) { return get(ts, "WhiteElo") }
	case "blackelo":
		return func(ts model.Tags) (float64, bool) { return get(ts, "BlackElo") }
	}
	return func(ts model.Tags) (float64, bool) {
		w, okw := get(ts, "WhiteElo")
		b, okb := get(ts, "BlackElo")
		if !okw || !okb {
			return 0, false
		}
		if name == "elodiff" {
			return math.Abs(w - b), true
		}
		return min(w, b), true
	}
}

// evalCentipawns orders evaluations: a mate counts as 100000 centipawns,
// less the moves to it.
func evalCentipawns(e model.Eval) float64 {
	switch {
	case e.Mate > 0:
		return float64(100000 - e.Mate)
	case e.Mate < 0:
		return float64(-100000 - e.Mate)
	}
	return float64(e.Centipawns)
}

// evalValue reads the value of an eval comparison in evalCentipawns's
// order: centipawns ("-300"), pawns with a point ("-3.0"), or a mate as
// the eval command writes it ("#-3", quoted in a query).
func evalValue(v string) (float64, bool) {
	if strings.HasPrefix(v, "#") {
		e, ok := model.ParseEval(v)
		return evalCentipawns(e), ok
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, false
	}
	if strings.Contains(v, ".") {
		x *= 100 // pawns
	}
	return x, true
}

// clockSeconds reads a clock value: h:mm:ss, m:ss or seconds.
func clockSeconds(v string) (float64, bool) {
	if d, ok := model.ParseClock(v); ok {
		return d.Seconds(), true
	}
	x, err := strconv.ParseFloat(v, 64)
	return x, err == nil && x >= 0
}

// date is a day as yyyymmdd.
type date int

// parseDate reads YYYY, YYYY.MM or YYYY.MM.DD, with ?? for unknown parts,
// as the days it may stand for [lo, hi]; ok is false when the year is not
// known or the text is no date.
func parseDate(s string) (lo, hi date, ok bool) {
	parts := strings.Split(s, ".")
	if len(parts) > 3 || len(parts[0]) != 4 {
		return 0, 0, false
	}
	y, err := strconv.Atoi(parts[0])
	if err != nil || y < 0 {
		return 0, 0, false
	}
	mlo, mhi, dlo, dhi := 1, 12, 1, 31
	if len(parts) > 1 && strings.Trim(parts[1], "?") != "" {
		m, err := strconv.Atoi(parts[1])
		if err != nil || m < 1 || m > 12 || len(parts[1]) != 2 {
			return 0, 0, false
		}
		mlo, mhi = m, m
		if len(parts) > 2 && strings.Trim(parts[2], "?") != "" {
			d, err := strconv.Atoi(parts[2])
			if err != nil || d < 1 || d > 31 || len(parts[2]) != 2 {
				return 0, 0, false
			}
			dlo, dhi = d, d
		}
	} else if len(parts) > 2 && strings.Trim(parts[2], "?") != "" {
		return 0, 0, false // a day without its month
	}
	return date(y*10000 + mlo*100 + dlo), date(y*10000 + mhi*100 + dhi), true
}

// dateMatcher is the test of a Date tag: a date with ?? parts counts as
// its first possible day, compared with the days the value stands for;
// a game whose year is not known matches no comparison.
func dateMatcher(op qtoken.Kind, v string) (func(string) bool, ErrorCode, string) {
	if op == qtoken.Match || op == qtoken.Contains {
		return textMatcher(op, v)
	}
	lo, hi, ok := parseDate(v)
	if !ok {
		return nil, ErrDate, v
	}
	return func(s string) bool {
		g, _, ok := parseDate(s)
		if !ok {
			return false
		}
		switch op {
		case qtoken.Lt:
			return g < lo
		case qtoken.Le:
			return g <= hi
		case qtoken.Gt:
			return g > hi
		case qtoken.Ge:
			return g >= lo
		}
		return g >= lo && g <= hi
	}, 0, ""
}

// isECO reports whether s is an ECO code, A00 to E99.
func isECO(s string) bool {
	return len(s) == 3 && s[0] >= 'A' && s[0] <= 'E' && s[1] >= '0' && s[1] <= '9' && s[2] >= '0' && s[2] <= '9'
}

// ecoMatcher is the test of an ECO tag: codes in their order, by their
// first three characters (B90a is B90).
func ecoMatcher(op qtoken.Kind, v string) (func(string) bool, ErrorCode, string) {
	if op == qtoken.Match || op == qtoken.Contains {
		return textMatcher(op, v)
	}
	v = strings.ToUpper(v)
	if !isECO(v) {
		return nil, ErrECO, v
	}
	cmp := numCompare(op, 0)
	return func(s string) bool {
		if len(s) > 3 {
			s = s[:3]
		}
		s = strings.ToUpper(s)
		return isECO(s) && cmp(float64(strings.Compare(s, v)))
	}, 0, ""
}

// opening returns the game's ECO or Opening tag (tag names which), or,
// where the tag is missing, empty or "?", what the game's moves name by
// position (package eco): the code, or the whole lichess name. A game
// whose moves reach no named position has none.
func (g *Game) opening(tag string) (string, bool) {
	if x, ok := g.Tags.Lookup(tag); ok && x != "" && x != "?" {
		return x, true
	}
	if g.Model == nil {
		return "", false
	}
	o, ok := eco.Classify(g.Model)
	if !ok {
		return "", false
	}
	if tag == "ECO" {
		return o.ECO, true
	}
	return o.Name, true
}
