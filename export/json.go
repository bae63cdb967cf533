package export

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/charset"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// JSONGame is the JSON form of a resolved game (docs/json.md describes it).
type JSONGame struct {
	Index int `json:"index"`
	// Tags holds the first value of each tag by name, so that a program
	// looks one up as .tags.White; TagList is the tag section as written,
	// in order, duplicates included.
	Tags     map[string]string `json:"tags"`
	TagList  []JSONTag         `json:"tag_list"`
	Start    string            `json:"start"` // FEN of the starting position
	Chess960 bool              `json:"chess960,omitempty"`
	Comments []string          `json:"comments,omitempty"` // main-line comments that follow no move
	Moves    []JSONMove        `json:"moves"`
	Result   string            `json:"result"`             // the termination marker; "" when missing
	Trailing []string          `json:"trailing,omitempty"` // comments after the marker
	Span     [2]int            `json:"span"`               // byte offsets of the game in its file
	// Error, in the record of a game whose moves could not be converted,
	// is the error that stopped them; such a record has no moves.
	Error string `json:"error,omitempty"`
	// Opening is the opening the main line reaches, where pgnc convert
	// --eco names one (package eco); ToJSON leaves it out, and FromJSON
	// reads it and keeps nothing of it.
	Opening *JSONOpening `json:"opening,omitempty"`
}

// JSONOpening is a game's opening, named by the positions its main line
// reaches (package eco).
type JSONOpening struct {
	ECO  string `json:"eco"`  // the ECO code: "E20"
	Name string `json:"name"` // the lichess name: "Nimzo-Indian Defense: Normal Variation"
	Ply  int    `json:"ply"`  // the ply of the main line after which the opening's position stands
}

// JSONTag is one tag pair.
type JSONTag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// JSONMove is one move with everything the model knows of it.
type JSONMove struct {
	SAN        string       `json:"san"`                 // canonical SAN
	Written    string       `json:"written"`             // SAN as written in the file
	UCI        string       `json:"uci"`                 // UCI notation ("0000" for a null move)
	From       string       `json:"from,omitempty"`      // source square
	To         string       `json:"to,omitempty"`        // destination (the rook's square for castling)
	Piece      string       `json:"piece,omitempty"`     // moving piece: pawn, knight, …
	Captured   string       `json:"captured,omitempty"`  // captured piece
	Promotion  string       `json:"promotion,omitempty"` // piece promoted to
	Castle     string       `json:"castle,omitempty"`    // "king" or "queen"
	Check      string       `json:"check,omitempty"`     // "check" or "mate"
	Null       bool         `json:"null,omitempty"`      // a null move
	Ply        int          `json:"ply"`                 // half-move number from the move numbers
	Suffix     string       `json:"suffix,omitempty"`    // suffix annotation as written ("!?")
	NAGs       []int        `json:"nags,omitempty"`      // NAGs, the suffix's first
	Before     []string     `json:"before,omitempty"`    // comments before the move
	Comments   []string     `json:"comments,omitempty"`  // comments after the move
	Clock      *float64     `json:"clock,omitempty"`     // seconds on the clock, from [%clk]
	Elapsed    *float64     `json:"emt,omitempty"`       // seconds spent on the move, from [%emt]
	EvalCP     *int         `json:"eval_cp,omitempty"`   // evaluation in centipawns, from [%eval]
	EvalMate   *int         `json:"eval_mate,omitempty"` // mate in N, from [%eval #N]
	Variations [][]JSONMove `json:"variations,omitempty"`
	Span       [2]int       `json:"span"` // byte offsets of the move in its file
}

// ToJSON converts a resolved game into its JSON form. base is added to byte
// offsets, for games read from a piece of a larger file.
func ToJSON(g *model.Game, base int) JSONGame {
	j := JSONGame{
		Index: g.Index, Start: g.Start.FEN(), Chess960: g.Chess960,
		Comments: utf8All(g.Comments), Trailing: utf8All(g.Trailing), Moves: movesToJSON(g.Moves, base),
		Result: string(g.Result),
		// Never null, a game without a tag section having an empty object
		// and list, as docs/json.md promises.
		Tags: map[string]string{}, TagList: make([]JSONTag, 0, len(g.Tags)),
	}
	for _, t := range g.Tags {
		j.TagList = append(j.TagList, JSONTag{t.Name, UTF8(t.Value)})
		if _, seen := j.Tags[t.Name]; !seen {
			j.Tags[t.Name] = UTF8(t.Value)
		}
	}
	if g.Span != (model.Span{}) {
		j.Span = [2]int{base + g.Span.From, base + g.Span.To}
	}
	return j
}

func movesToJSON(moves []*model.Move, base int) []JSONMove {
	out := make([]JSONMove, 0, len(moves))
	for _, m := range moves {
		jm := JSONMove{
			SAN: m.SAN, UCI: m.UCI(), Null: m.Null, Ply: m.Ply, NAGs: m.NAGs,
			Before: utf8All(m.Before), Comments: utf8All(m.Comments), Suffix: m.Suffix.String(),
		}
		jm.Written = m.Written
		if m.Span != (model.Span{}) {
			jm.Span = [2]int{base + m.Span.From, base + m.Span.To}
		}
		if !m.Null {
			jm.From, jm.To = m.Move.From.String(), m.Move.To.String()
			jm.Piece = m.Piece.Name()
			if m.Captured != chess.NoPieceType {
				jm.Captured = m.Captured.Name()
			}
			if m.Move.Promotion != chess.NoPieceType {
				jm.Promotion = m.Move.Promotion.Name()
			}
			switch m.Castle() {
			case san.CastleKingside:
				jm.Castle = "king"
			case san.CastleQueenside:
				jm.Castle = "queen"
			}
		}
		switch m.Check {
		case san.Checking:
			jm.Check = "check"
		case san.Mating:
			jm.Check = "mate"
		}
		if m.Has&model.HasClock != 0 {
			jm.Clock = ptr(m.Clock.Seconds())
		}
		if m.Has&model.HasElapsed != 0 {
			jm.Elapsed = ptr(m.Elapsed.Seconds())
		}
		switch {
		case m.Has&model.HasEval == 0:
		case m.Eval.Mate != 0:
			jm.EvalMate = ptr(m.Eval.Mate)
		default:
			jm.EvalCP = ptr(m.Eval.Centipawns)
		}
		for _, v := range m.Variations {
			jm.Variations = append(jm.Variations, movesToJSON(v, base))
		}
		out = append(out, jm)
	}
	return out
}

// FromJSON rebuilds a resolved game from its JSON form by replaying the
// canonical SAN of its moves from its starting position. It checks the
// game as strictly as the PGN reader checks a game, so that what it returns
// is written by AppendGame as PGN that reads back as the same game. A game
// that fails a check is returned as nil with a *JSONError listing every
// problem found (a line of moves is not checked past its first move that
// cannot be played). Where every problem is in the tags alone and is one
// that the PGN reader reports without stopping the moves (a Result tag
// that differs from the result, SetUp "1" without FEN: JSONProblem.Kept),
// the game is returned along with the error. docs/json.md gives the rules.
//
// The moves as written and the spans of the game and its moves are kept as
// given, unchecked: they say where the game stands in the PGN it was read
// from, so that PGN → JSON → model → JSON keeps them. The other fields of
// a move that its position and comments determine (uci, from, ply, clock,
// …) are worked out again.
func FromJSON(j JSONGame) (*model.Game, error) {
	v := &validator{}
	g := v.game(j)
	if len(v.problems) == 0 {
		return g, nil
	}
	err := &JSONError{Index: j.Index, Problems: v.problems}
	if slices.ContainsFunc(v.problems, func(p JSONProblem) bool { return !p.Kept }) {
		return nil, err
	}
	return g, err
}

// JSONError is the error of FromJSON: what is wrong with one game.
type JSONError struct {
	Index    int // the game's index field
	Problems []JSONProblem
}

func (e *JSONError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// JSONProblem is one thing wrong with a game in its JSON form, and where.
type JSONProblem struct {
	// Path leads from the game's object to the value at fault: field names
	// (string) and array indexes (int), e.g. "moves", 3, "san".
	Path    []any
	Message string
	// Kept is set for a problem of the tags alone that does not stop the
	// game from being converted, as the PGN reader converts a game with
	// that error.
	Kept bool
}

// Where returns p's path as jq writes it, less the leading dot:
// "moves[3].san"; "" for the game as a whole.
func (p JSONProblem) Where() string {
	var b strings.Builder
	for _, step := range p.Path {
		switch step := step.(type) {
		case int:
			b.WriteString("[" + strconv.Itoa(step) + "]")
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			if isTagName(step) {
				b.WriteString(step)
			} else {
				b.WriteString(strconv.Quote(step))
			}
		}
	}
	return b.String()
}

func (p JSONProblem) String() string {
	if len(p.Path) == 0 {
		return p.Message
	}
	return p.Where() + ": " + p.Message
}

// validator collects the problems of one game as FromJSON builds it.
type validator struct {
	problems []JSONProblem
}

func (v *validator) add(path []any, format string, args ...any) {
	v.problems = append(v.problems, JSONProblem{Path: slices.Clone(path), Message: fmt.Sprintf(format, args...)})
}

// addKept adds a problem that does not stop the game (JSONProblem.Kept).
func (v *validator) addKept(path []any, format string, args ...any) {
	v.add(path, format, args...)
	v.problems[len(v.problems)-1].Kept = true
}

// maxTagName is the longest symbol the PGN standard allows (section 7).
const maxTagName = 255

// isTagName reports whether name is a PGN tag name: a symbol (standard,
// section 7) made of letters, digits and underscores only (section 8.1.1),
// starting with a letter or digit, at most 255 characters long.
func isTagName(name string) bool {
	if name == "" || len(name) > maxTagName || name[0] == '_' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// controlIn returns the first control character in s (below U+0020, and
// U+007F) that is not in allowed, or -1.
func controlIn(s string, allowed string) rune {
	for _, r := range s {
		if (r < 0x20 || r == 0x7f) && !strings.ContainsRune(allowed, r) {
			return r
		}
	}
	return -1
}

// game checks j and builds its model.
func (v *validator) game(j JSONGame) *model.Game {
	g := &model.Game{Index: j.Index, Chess960: j.Chess960, Complete: true, Span: model.Span{From: j.Span[0], To: j.Span[1]}}
	if j.Error != "" {
		v.add([]any{"error"}, "the record of a game that was not converted: %s", j.Error)
	}
	g.Tags = v.tags(j)
	tag := g.LookupTag
	start, ok := v.start(j, tag)
	g.Start = start
	switch j.Result {
	case "":
	case "1-0", "0-1", "1/2-1/2", "*":
		if r, ok := tag("Result"); ok && r != j.Result {
			v.addKept([]any{"result"}, "%q differs from the Result tag %q", j.Result, r)
		}
		g.Result = model.Result(j.Result)
	default:
		v.add([]any{"result"}, "%q is not a termination marker (1-0, 0-1, 1/2-1/2, * or \"\" for none)", j.Result)
	}
	g.Comments = v.comments([]any{"comments"}, j.Comments)
	if len(j.Comments) > 0 && len(j.Moves) > 0 {
		// Written before the first move, they read back as its own.
		v.add([]any{"comments"}, "comments that follow no move, in a game with moves: they belong in moves[0].before")
	}
	g.Trailing = v.comments([]any{"trailing"}, j.Trailing)
	if ok {
		var final chess.Position
		if g.Moves, final, ok = v.moves([]any{"moves"}, start, j.Moves, 0); ok {
			v.resultVsBoard(j, g, &final, tag)
		}
	}
	return g
}

// resultVsBoard checks the result the game declares, its result or else
// its Result tag, against a checkmate or stalemate at its end, as the PGN
// reader does (PGN319, an error that does not stop the game).
func (v *validator) resultVsBoard(j JSONGame, g *model.Game, final *chess.Position, tag func(string) (string, bool)) {
	declared, path := j.Result, []any{"result"}
	if declared == "" {
		declared, _ = tag("Result")
		path = v.tagPath(j, "Result")
	}
	want, status := "", ""
	switch final.Status() {
	case chess.Checkmate:
		want, status = "1-0", "checkmate: white wins"
		if final.Turn() == chess.White {
			want, status = "0-1", "checkmate: black wins"
		}
	case chess.Stalemate:
		want, status = "1/2-1/2", "stalemate: a draw"
	}
	if want != "" && declared != want && (declared == "1-0" || declared == "0-1" || declared == "1/2-1/2") {
		v.addKept(path, "the game ends in %s, but the result is %s", status, declared)
	}
}

// tags checks the tag section, given as tag_list, as tags, or as both (which
// must then agree), and returns it in order.
func (v *validator) tags(j JSONGame) []model.Tag {
	var tags []model.Tag
	for i, t := range j.TagList {
		path := []any{"tag_list", i}
		if !isTagName(t.Name) {
			v.add(append(path, "name"), "%q is not a PGN tag name: letters, digits and underscores, starting with a letter or digit, at most 255", t.Name)
		}
		if c := controlIn(t.Value, "\t"); c >= 0 {
			v.add(append(path, "value"), "control character U+%04X: PGN tag values hold none", c)
		}
		tags = append(tags, model.Tag{Name: t.Name, Value: t.Value})
	}
	names := slices.Sorted(maps.Keys(j.Tags))
	for _, name := range names {
		path := []any{"tags", name}
		switch {
		case j.TagList != nil:
			// Checked in tag_list; the object must say what the list says.
			i := slices.IndexFunc(tags, func(t model.Tag) bool { return t.Name == name })
			if i < 0 {
				v.add(path, "tag %s is not in tag_list", strconv.Quote(name))
			} else if tags[i].Value != j.Tags[name] {
				v.add(path, "%q differs from the first %s in tag_list, %q", j.Tags[name], name, tags[i].Value)
			}
			continue
		case !isTagName(name):
			v.add(path, "%q is not a PGN tag name: letters, digits and underscores, starting with a letter or digit, at most 255", name)
		}
		if c := controlIn(j.Tags[name], "\t"); c >= 0 {
			v.add(path, "control character U+%04X: PGN tag values hold none", c)
		}
		// Written by hand, with the object alone: its tags in name order.
		tags = append(tags, model.Tag{Name: name, Value: j.Tags[name]})
	}
	if j.TagList != nil && j.Tags != nil {
		for i, t := range tags {
			if _, ok := j.Tags[t.Name]; !ok && slices.IndexFunc(tags[:i], func(u model.Tag) bool { return u.Name == t.Name }) < 0 {
				v.add([]any{"tag_list", i, "name"}, "tag %s is not in tags", strconv.Quote(t.Name))
			}
		}
	}
	return tags
}

// start works out the starting position as the PGN reader does, from the
// Variant, SetUp and FEN tags, and checks that start and chess960 say the
// same. It reports false when the moves cannot be replayed.
func (v *validator) start(j JSONGame, tag func(string) (string, bool)) (chess.Position, bool) {
	chess960 := false
	if variant, ok := tag("Variant"); ok {
		played, is960 := chess.PlaysVariant(variant)
		if !played {
			v.add(v.tagPath(j, "Variant"), "variant %q is not played: only standard chess and Chess960", variant)
			return chess.Position{}, false
		}
		chess960 = is960
	}
	pos := chess.StartingPosition()
	fen, hasFEN := tag("FEN")
	if setup, ok := tag("SetUp"); ok && setup == "1" && !hasFEN {
		v.addKept(v.tagPath(j, "SetUp"), "SetUp \"1\" without a FEN tag")
	}
	if hasFEN {
		var err error
		pos, err = chess.ParseFEN(fen)
		if fe, ok := err.(*chess.FENError); ok && fe.Field == "fullmove" && fen[fe.Offset:] == "0" {
			// "… 1 0", which the PGN reader reads as move 1 (PGN327).
			pos, err = chess.ParseFEN(fen[:fe.Offset] + "1")
		}
		if err != nil {
			v.add(v.tagPath(j, "FEN"), "%v", err)
			return chess.Position{}, false
		}
	}
	chess960 = chess960 || pos.IsChess960()
	pos.SetChess960(chess960)
	if j.Chess960 != chess960 {
		v.add([]any{"chess960"}, "%v, but the Variant and FEN tags make it %v", j.Chess960, chess960)
	}
	if j.Start == "" {
		return pos, true // written by hand: the tags say where the game starts
	}
	given, err := chess.ParseFEN(j.Start)
	if err != nil {
		v.add([]any{"start"}, "%v", err)
		return chess.Position{}, false
	}
	given.SetChess960(chess960)
	if given.FEN() != pos.FEN() {
		where := "the initial position, there being no FEN tag"
		if hasFEN {
			where = "that of the FEN tag, " + strconv.Quote(pos.FEN())
		}
		v.add([]any{"start"}, "%q is not %s", j.Start, where)
		return chess.Position{}, false
	}
	return pos, true
}

// tagPath is the path of the first tag name in j: in tag_list, or in tags.
func (v *validator) tagPath(j JSONGame, name string) []any {
	if i := slices.IndexFunc(j.TagList, func(t JSONTag) bool { return t.Name == name }); i >= 0 {
		return []any{"tag_list", i, "value"}
	}
	return []any{"tags", name}
}

// comments checks comments: no control characters but tab and line breaks,
// and no "}" in a comment that holds a line break. A "}" is written as a
// ";" comment, which runs to the end of its line, as the PGN reader reads it.
func (v *validator) comments(path []any, texts []string) []string {
	for i, text := range texts {
		if c := controlIn(text, "\t\n\r\v"); c >= 0 {
			v.add(append(path, i), "control character U+%04X: PGN comments hold none but tab and line breaks", c)
		} else if strings.Contains(text, "}") && strings.ContainsAny(text, "\n\r\v") {
			v.add(append(path, i), "a comment with both \"}\" and a line break cannot be written in PGN")
		} else if strings.ContainsAny(text, "\n\r\v") {
			if d, ok := commentError(text); ok {
				v.add(append(path, i), "%s", d)
			}
		}
	}
	return texts
}

// commentError reads text as a comment, as AppendGame writes it, with the
// PGN reader, and returns the message of the first error found in it (a
// comment whose lines read as whole games, PGN117).
func commentError(text string) (string, bool) {
	src := "{" + text + "} *\n"
	_, diags := parser.Parse(src)
	for _, d := range diags {
		if diag.English.Lookup(d.Code).Severity == diag.Error && d.Start < len(src)-4 {
			return fmt.Sprintf("PGN%03d: %s", int(d.Code), diag.English.Message(d)), true
		}
	}
	return "", false
}

// moves checks and replays a line of moves played from pos, depth
// variations deep, and returns its model, the position after it, and
// whether every move of it was played.
func (v *validator) moves(path []any, pos chess.Position, moves []JSONMove, depth int) ([]*model.Move, chess.Position, bool) {
	out := make([]*model.Move, 0, len(moves))
	for i, jm := range moves {
		at := append(slices.Clip(path), i)
		before := pos
		m := &model.Move{SAN: jm.SAN, Written: jm.Written, Span: model.Span{From: jm.Span[0], To: jm.Span[1]}, Ply: plyOf(&pos), Null: jm.Null,
			Before: v.comments(append(at, "before"), jm.Before), Comments: v.comments(append(at, "comments"), jm.Comments)}
		for k, n := range jm.NAGs {
			if n < 0 || n > 255 {
				v.add(append(at, "nags", k), "NAG %d is outside the standard's range 0 to 255", n)
			}
		}
		m.NAGs = jm.NAGs
		for _, c := range m.Comments {
			m.ReadCommands(c) // clock, emt and eval, as the PGN reader reads them
		}
		if i > 0 && len(jm.Before) > 0 {
			// Written after the move before, they read back as its own.
			v.add(append(at, "before"), "comments before a move that is not the first of its line: they belong in the comments of the move before")
		}
		if jm.Suffix != "" {
			a, ok := san.ParseAnnotation(jm.Suffix)
			switch {
			case !ok:
				v.add(append(at, "suffix"), "%q is not a suffix annotation (!, ?, !!, ??, !?, ?!)", jm.Suffix)
			case len(jm.NAGs) == 0 || jm.NAGs[0] != int(a):
				v.add(append(at, "suffix"), "%s is NAG %d, which must be the move's first NAG", jm.Suffix, int(a))
			default:
				m.Suffix = a
			}
		}
		if jm.Null || jm.SAN == "--" {
			switch {
			case jm.SAN != "--":
				v.add(append(at, "san"), "%q is not \"--\", yet null is true", jm.SAN)
				return out, pos, false
			case pos.InCheck():
				v.add(append(at, "san"), "a null move while in check")
				return out, pos, false
			}
			m.SAN, m.Null = "--", true
			pos.PlayNull()
		} else {
			sm, ok := san.Parse(jm.SAN)
			if !ok {
				v.add(append(at, "san"), "%q is not SAN", jm.SAN)
				return out, pos, false
			}
			mv, _, err := san.Resolve(&pos, sm)
			if err != nil {
				v.add(append(at, "san"), "illegal move %s: %v", jm.SAN, err)
				return out, pos, false
			}
			var buf [16]byte
			canonical := pos.AppendSANWithoutCheck(buf[:0], mv)
			m.Move, m.Piece, m.Captured = mv, pos.At(mv.From).Type(), pos.Captured(mv)
			m.SetChess960(pos.IsChess960())
			pos.Play(mv)
			if check, mate := pos.CheckState(); mate {
				m.Check, canonical = san.Mating, append(canonical, '#')
			} else if check {
				m.Check, canonical = san.Checking, append(canonical, '+')
			}
			if string(canonical) != jm.SAN {
				v.add(append(at, "san"), "%q is not canonical SAN: write %q", jm.SAN, canonical)
				return out, before, false
			}
		}
		if len(jm.Variations) > 0 && depth >= parser.DepthCap {
			v.add(append(at, "variations"), "variations nested deeper than %d, which the PGN reader cannot read", parser.DepthCap)
		} else {
			for k, line := range jm.Variations {
				alt, _, _ := v.moves(append(at, "variations", k), before, line, depth+1)
				m.Variations = append(m.Variations, alt)
			}
		}
		out = append(out, m)
	}
	return out, pos, true
}

// plyOf is the ply of the move played in pos, as the PGN reader numbers it.
func plyOf(pos *chess.Position) int {
	ply := 2*(pos.FullmoveNumber()-1) + 1
	if pos.Turn() == chess.Black {
		ply++
	}
	return ply
}

// UTF8 returns s as valid UTF-8: sequences that are UTF-8 stay, and other
// bytes are read as Windows-1252. The parser has already decoded games that
// are not UTF-8 unless it was told the input is UTF-8 (parser.UTF8); JSON
// text must be UTF-8 all the same, and this keeps every character.
func UTF8(s string) string { return charset.Repair(s) }

func utf8All(ss []string) []string {
	if ss == nil {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = UTF8(s)
	}
	return out
}

func ptr[T any](v T) *T { return &v }
