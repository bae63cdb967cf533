package check

import (
	"errors"
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// move resolves the move written as n in before and plays it on pos, a copy
// of before. It reports false when the line cannot go on. The model move is
// built only when the checker builds the model; otherwise the result is nil.
// The common case, a move in SAN that resolves, stays in this function; the
// rest is out of line, so that its frame and spills stay small.
func (c *checker) move(before, pos *chess.Position, n *ast.Move) (*model.Move, bool) {
	sm := n.SAN
	if c.lang != nil || sm.Quirks&san.ForeignLetter != 0 || sm.Kind == san.Null {
		var mv *model.Move
		var ok, done bool
		if sm, mv, ok, done = c.unusualMove(pos, n); done {
			return mv, ok
		}
	}
	m, assumed, err := san.Resolve(before, sm)
	if err != nil {
		if m, sm, err = c.lowerCaseBishop(before, n, sm, err); err != nil {
			return nil, false
		}
	}
	taken := before.Captured(m)
	actual := play(pos, m)
	if notationMayDiffer(&sm, taken, actual, assumed) {
		c.checkNotation(before, n, sm, m, taken, actual, assumed)
	}
	if !c.build {
		return nil, true
	}
	return c.modelMove(before, n, sm, m, taken, actual), true
}

// play plays m on pos and returns the check it gives.
func play(pos *chess.Position, m chess.Move) san.Check {
	pos.Play(m)
	switch check, mate := pos.CheckState(); {
	case mate:
		return san.Mating
	case check:
		return san.Checking
	}
	return san.NoCheck
}

// unusualMove handles what move does before resolving a move: reading it
// in the game's language, a piece letter of no language, a null move. It
// returns the move to resolve, or, with done, the result of move.
func (c *checker) unusualMove(pos *chess.Position, n *ast.Move) (sm san.Move, mv *model.Move, ok, done bool) {
	sm = n.SAN
	if c.lang != nil {
		if read, ok := san.ParseIn(n.Text, c.lang); ok {
			sm = read
		}
	}
	if sm.Quirks&san.ForeignLetter != 0 && sm.Piece == chess.NoPieceType {
		d := c.addArgs(diag.PieceLetters, n, append([]diag.Arg{diag.ValueArg("san", n.Text), diag.ValueArg("letter", string(san.ForeignLetterIn(n.Text)))}, c.langProblem...)...)
		if c.kept(d) {
			d.FEN, d.Legal = pos.FEN(), legalSANs(pos)
		}
		return sm, nil, false, true
	}
	if sm.Kind == san.Null {
		if pos.InCheck() {
			d := c.add(diag.NullMoveInCheck, n, "san", n.Text)
			c.withBoard(d, pos)
			if c.kept(d) {
				d.Legal = legalSANs(pos)
			}
			return sm, nil, false, true
		}
		c.add(diag.NullMove, n, "san", n.Text)
		pos.PlayNull()
		if !c.build {
			return sm, nil, true, true
		}
		return sm, c.mem.null(n), true, true
	}
	return sm, nil, false, false
}

// lowerCaseBishop handles a move that did not resolve: "bxc6" that no
// b-pawn can play is a bishop's capture in lower case, when a bishop can
// play it; anything else is reported, and err returned.
func (c *checker) lowerCaseBishop(before *chess.Position, n *ast.Move, sm san.Move, err error) (chess.Move, san.Move, error) {
	if sm.Piece == chess.Pawn && sm.Capture && n.Text[0] == 'b' {
		bishop := sm
		bishop.Piece, bishop.FromFile, bishop.Quirks = chess.Bishop, -1, sm.Quirks|san.LowerCasePiece
		if bm, _, berr := san.Resolve(before, bishop); berr == nil {
			return bm, bishop, nil
		}
	}
	c.unresolved(before, n, err)
	return chess.Move{}, sm, err
}

// modelMove builds the model of m, written as n and read as sm, played in
// before.
func (c *checker) modelMove(before *chess.Position, n *ast.Move, sm san.Move, m chess.Move, taken chess.PieceType, actual san.Check) *model.Move {
	mv := c.mem.move()
	*mv = model.Move{
		Written:  n.Text,
		Span:     model.Span{From: n.From, To: n.To},
		SAN:      canonicalSAN(before, m, actual, n),
		Move:     m,
		Piece:    before.At(m.From).Type(),
		Captured: taken,
		Check:    actual,
	}
	mv.SetChess960(before.IsChess960())
	if sm.Annotation != san.NoAnnotation {
		mv.Suffix = sm.Annotation
		mv.NAGs = c.mem.nags.add(mv.NAGs, int(sm.Annotation))
	}
	return mv
}

// null returns the model of n, a null move.
func (m *gameMemory) null(n *ast.Move) *model.Move {
	mv := m.move()
	*mv = model.Move{Written: n.Text, Span: model.Span{From: n.From, To: n.To}, SAN: "--", Null: true}
	return mv
}

// canonicalSAN returns the SAN of m, played in before, with the check mark
// of actual. Where the move is written that way, as nearly every move is,
// it is the written text (less a suffix annotation), which costs no memory.
func canonicalSAN(before *chess.Position, m chess.Move, actual san.Check, n *ast.Move) string {
	var buf [16]byte
	b := append(before.AppendSANWithoutCheck(buf[:0], m), checkMarks[actual]...)
	written := n.Text
	if a := n.SAN.Annotation; a != san.NoAnnotation {
		written = strings.TrimSuffix(written, a.String())
	}
	if string(b) == written {
		return written
	}
	return string(b)
}

// checkMarks are the SAN suffixes of san.Check values.
var checkMarks = [...]string{san.NoCheck: "", san.Checking: "+", san.Mating: "#"}

// unresolved reports a move that matches no legal move or several. Its
// fixes are the moves it may mean, each with the written move's suffix
// annotation, so that a fix replaces the whole move as written.
func (c *checker) unresolved(pos *chess.Position, n *ast.Move, err error) {
	suffix := n.SAN.Annotation.String()
	var amb *chess.AmbiguousMoveError
	if errors.As(err, &amb) {
		var sans, fixes, squares []string
		for _, cand := range amb.Candidates {
			s := pos.SAN(cand)
			sans = append(sans, s)
			fixes = append(fixes, "'"+s+"'")
			squares = append(squares, cand.From.String())
		}
		d := c.add(diag.AmbiguousMove, n, "san", n.Text,
			"squares", strings.Join(squares, ", "), "fixes", strings.Join(fixes, ", "))
		if c.kept(d) {
			c.withBoard(d, pos)
			for _, s := range sans {
				d.Replace(s + suffix)
			}
		}
		return
	}
	d := c.addArgs(diag.IllegalMove, n, append([]diag.Arg{diag.ValueArg("san", n.Text)}, illegalArgs(err)...)...)
	if !c.kept(d) {
		return
	}
	c.withBoard(d, pos)
	help, near, all := legalHelp(pos, n.Text, c.catalog)
	d.Detail = help + d.Detail
	d.Legal = all
	for _, s := range near {
		d.Replace(s + suffix)
	}
}

// illegalArgs are the arguments that say why a move is illegal: the
// reason, and the piece and square it names.
func illegalArgs(err error) []diag.Arg {
	var ill *chess.IllegalMoveError
	if !errors.As(err, &ill) {
		return []diag.Arg{diag.ValueArg("reason", err.Error())}
	}
	return []diag.Arg{diag.PhraseArg("reason", ill.Template()), diag.PhraseArg("piece", ill.Piece.Name()), diag.ValueArg("square", ill.To.String())}
}

// LegalHelp says what could be played instead of an illegal move written
// text: the legal move of the same piece one edit away, when there is
// exactly one (Nf5 where only Nf6 is legal), and, when the side to move is
// in check, its legal replies. It speaks the language of cat; nil means
// English.
func LegalHelp(pos *chess.Position, text string, cat *diag.Catalog) string {
	help, _, _ := legalHelp(pos, text, cat)
	return help
}

// legalHelp returns what LegalHelp says, the legal moves of the same piece
// one edit away from text, and all the legal moves, in SAN.
func legalHelp(pos *chess.Position, text string, cat *diag.Catalog) (help string, near, all []string) {
	cat = orEnglish(cat)
	written := strings.TrimRight(text, "+#!?")
	all = legalSANs(pos)
	for _, s := range all {
		if pieceLetter(s) == pieceLetter(written) && editDistance(strings.TrimRight(s, "+#"), written) == 1 {
			near = append(near, s)
		}
	}
	var b strings.Builder
	if len(near) == 1 {
		b.WriteString(cat.Render("did you mean {move}?", diag.ValueArg("move", near[0])) + "\n")
	}
	if pos.InCheck() {
		side := diag.PhraseArg("color", pos.Turn().String())
		switch {
		case len(all) == 0:
		case len(all) <= 12:
			b.WriteString(cat.Render("{color} is in check; the legal replies: {moves}", side, diag.ValueArg("moves", strings.Join(all, ", "))) + "\n")
		default:
			b.WriteString(cat.Render("{color} is in check, with {count} legal replies", side, diag.ValueArg("count", strconv.Itoa(len(all)))) + "\n")
		}
	}
	return b.String(), near, all
}

// legalSANs returns the legal moves of pos in SAN, in the order the move
// generator gives them; nil where there are none.
func legalSANs(pos *chess.Position) []string {
	var l chess.MoveList
	pos.LegalMoves(&l)
	var all []string
	for i := range l.Len() {
		all = append(all, pos.SAN(l.At(i)))
	}
	return all
}

// pieceLetter is the piece a SAN move names: its upper-case first letter,
// or 0 for a pawn (and castling, which moves the king by its own notation).
func pieceLetter(s string) byte {
	if s != "" && s[0] >= 'A' && s[0] <= 'Z' && s[0] != 'O' {
		return s[0]
	}
	return 0
}

// editDistance is the Levenshtein distance between two short strings.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// checkNotation compares the SAN as written with what the move does in
// before, the position it is played in, and reports the first difference.
// The canonical SAN, the suggested fix, is computed only then.
func (c *checker) checkNotation(before *chess.Position, n *ast.Move, sm san.Move, m chess.Move, taken chess.PieceType, actual san.Check, assumed bool) {
	code, ok := notationProblem(sm, m, taken, actual, assumed, overDisambiguated(before, sm, m))
	if !ok {
		return
	}
	fix := before.SAN(m) + sm.Annotation.String()
	args := []diag.Arg{diag.ValueArg("san", n.Text), diag.ValueArg("fix", fix)}
	if code == diag.NonStandardSAN {
		args = append(args, c.quirk(sm.Quirks)...)
	}
	if d := c.addArgs(code, n, args...); c.kept(d) {
		if code == diag.PromotionMissing && !onlyPromotion(before, m, sm.Check) {
			d.Replace(fix) // another piece may have been meant
		} else {
			d.ReplaceCertain(fix)
		}
	}
}

// onlyPromotion reports whether m, a promotion to the piece that was
// assumed for a move written without one, is the only promotion on its
// squares that gives the check that the move is marked with (or, unmarked,
// gives none): then the fix that names the piece cannot change the game.
func onlyPromotion(before *chess.Position, m chess.Move, marked san.Check) bool {
	matches := 0
	for _, piece := range [...]chess.PieceType{chess.Queen, chess.Rook, chess.Bishop, chess.Knight} {
		alt := m
		alt.Promotion = piece
		pos := *before
		if play(&pos, alt) == marked {
			if piece != m.Promotion {
				return false
			}
			matches++
		}
	}
	return matches == 1
}

// notationProblem returns the first difference between the SAN as written,
// sm, and what the move m does: what it takes, the check it gives, whether
// its promotion piece was assumed and whether it is over-disambiguated.
// It reports false when the notation is right.
func notationProblem(sm san.Move, m chess.Move, taken chess.PieceType, actual san.Check, assumed, over bool) (diag.Code, bool) {
	switch {
	case assumed:
		return diag.PromotionMissing, true
	case sm.Quirks&otherNotations != 0:
		// Capture and check marks aside: the fix gives them.
		return diag.NonStandardSAN, true
	case sm.Capture != (taken != chess.NoPieceType) && m.Kind != chess.Castle:
		if sm.Capture {
			return diag.CaptureMarkWrong, true
		}
		return diag.CaptureMarkMissing, true
	case sm.Check != actual:
		switch {
		case actual == san.Mating:
			return diag.MateMarkMissing, true
		case actual == san.Checking && sm.Check == san.Mating:
			return diag.MateMarkWrong, true
		case actual == san.Checking:
			return diag.CheckMarkMissing, true
		}
		return diag.CheckMarkWrong, true
	case over:
		return diag.OverDisambiguated, true
	case sm.Quirks != 0:
		return diag.NonStandardSAN, true
	}
	return 0, false
}

// overDisambiguated reports whether sm, read as m in before, writes more
// of its origin than SAN needs.
func overDisambiguated(before *chess.Position, sm san.Move, m chess.Move) bool {
	d := disambiguation(sm)
	return d > 0 && d > disambiguationLength[before.Disambiguation(m)]
}

// otherNotations are the quirks of notations other than SAN, which
// checkNotation reports before any capture or check mark.
const otherNotations = san.PawnLetter | san.LongAlgebraic | san.DoubleCheckMark | san.Figurine | san.ForeignLetter

// pickLanguage decides how to read the piece letters of g: in the
// language the checker was given, or, where the parser met a letter of
// another language (ast.Game.ForeignLetters), in the one language that
// has every letter g writes; where several have them and read them
// differently, the one under which g's main line plays from start. Where
// none is left, langProblem says why for the moves that cannot be read.
func (c *checker) pickLanguage(g *ast.Game, start *chess.Position) {
	c.lang, c.langProblem = c.language, nil
	if c.lang != nil {
		// Letters that the language asked for does not have.
		c.langProblem = []diag.Arg{diag.PhraseArg("why", "and {language}, which --piece-letters names, has no such letter"), diag.PhraseArg("language", c.lang.Name)}
		return
	}
	if !g.ForeignLetters {
		return
	}
	var used san.Letters
	ast.Inspect(g, func(n ast.Node) bool {
		if m, ok := n.(*ast.Move); ok && m.SAN.Kind == san.Normal {
			used.Add(m.Text[0])
			if i := strings.IndexByte(m.Text, '='); i >= 0 && i+1 < len(m.Text) {
				used.Add(m.Text[i+1]) // a promotion piece
			}
		}
		return true
	})
	lang, conflicting := san.DetectLanguage(used)
	if len(conflicting) > 0 {
		// Letters that read differently: the reading under which the main
		// line can be played decides, when just one can.
		var playable []*san.Language
		for _, l := range append([]*san.Language{lang}, conflicting...) {
			if playsThrough(start, g.Moves, l) {
				playable = append(playable, l)
			}
		}
		if len(playable) > 1 {
			// Still two: a game that writes P with other Dutch letters
			// is Dutch, rather than a German one with English pawn letters.
			var withP []*san.Language
			for _, l := range playable {
				if l.Has('P') {
					withP = append(withP, l)
				}
			}
			if len(withP) == 1 {
				playable = withP
			}
		}
		if len(playable) == 1 {
			lang, conflicting = playable[0], nil
		}
	}
	switch {
	case lang == nil:
		c.langProblem = []diag.Arg{diag.PhraseArg("why", "and no language has all the game's piece letters ({letters})"), diag.ValueArg("letters", used.String())}
	case len(conflicting) > 0:
		c.langProblem = []diag.Arg{diag.PhraseArg("why", "and the game's piece letters ({letters}) read differently in {language} and {other}"),
			diag.ValueArg("letters", used.String()), diag.PhraseArg("language", lang.Name), diag.PhraseArg("other", conflicting[0].Name)}
	default:
		c.lang = lang
	}
}

// playsThrough reports whether every move of line, read in lang, is legal
// from start on.
func playsThrough(start *chess.Position, line []ast.Element, lang *san.Language) bool {
	pos := *start
	for _, e := range line {
		n, ok := e.(*ast.Move)
		if !ok {
			continue
		}
		sm, ok := san.ParseIn(n.Text, lang)
		if !ok {
			return false
		}
		if sm.Kind == san.Null {
			pos.PlayNull()
			continue
		}
		m, _, err := san.Resolve(&pos, sm)
		if err != nil {
			return false
		}
		pos.Play(m)
	}
	return true
}

// notationMayDiffer is false when checkNotation has nothing to report: the
// case for nearly every move, which then costs no call. It may be true
// where checkNotation finds nothing (a needed disambiguation). A pawn's
// origin file is not a disambiguation: SAN writes it on every capture.
func notationMayDiffer(sm *san.Move, taken chess.PieceType, actual san.Check, assumed bool) bool {
	return assumed || sm.Capture != (taken != chess.NoPieceType) || sm.Check != actual || sm.Quirks != 0 ||
		(sm.FromFile >= 0 || sm.FromRank >= 0) && sm.Piece != chess.Pawn
}

// disambiguation counts the disambiguating characters written.
func disambiguation(sm san.Move) int {
	if sm.Piece == chess.Pawn || sm.Kind != san.Normal {
		return 0
	}
	n := 0
	if sm.FromFile >= 0 {
		n++
	}
	if sm.FromRank >= 0 {
		n++
	}
	return n
}

// disambiguationLength is how many characters SAN spends on each kind of
// disambiguation.
var disambiguationLength = [...]int{chess.DisambiguateNone: 0, chess.DisambiguateFile: 1, chess.DisambiguateRank: 1, chess.DisambiguateSquare: 2}

// quirkReasons says, for each notation other than SAN, why SAN does not
// write it that way.
var quirkReasons = []struct {
	quirk san.Quirks
	why   string
}{
	{san.LongAlgebraic, diag.Phrase("SAN writes the origin square only where two pieces could move")},
	{san.PawnLetter, diag.Phrase("a pawn move has no piece letter")},
	{san.Figurine, diag.Phrase("SAN writes piece letters, not chess symbols")},
	{san.ForeignLetter, diag.Phrase("piece letters are the English K, Q, R, B and N; read as {language}")},
	{san.DoubleCheckMark, diag.Phrase("'+' marks check and '#' mate; '++' is neither")},
	{san.LowerCasePiece, diag.Phrase("piece letters are upper case")},
	{san.ZeroCastling, diag.Phrase("castling is written with the letter O")},
	{san.PromotionNoEq, diag.Phrase("a promotion has '=' before the piece")},
	{san.LowerPromotion, diag.Phrase("the promotion piece is upper case")},
	{san.EnPassantSuffix, diag.Phrase("SAN has no en passant mark")},
}

// quirk returns the arguments of PGN311 that say why the quirks q are not
// SAN: why, and the language the letters were read in.
func (c *checker) quirk(q san.Quirks) []diag.Arg {
	if c.lang == nil {
		q &^= san.ForeignLetter // a letter no language reads is PGN329's
	}
	var why []string
	for _, r := range quirkReasons {
		if q&r.quirk != 0 {
			why = append(why, r.why)
		}
	}
	args := []diag.Arg{diag.PhraseArg("why", strings.Join(why, diag.PhraseSeparator))}
	if c.lang != nil {
		args = append(args, diag.PhraseArg("language", c.lang.Name))
	}
	return args
}

// withBoard attaches the position as a diagram and its FEN, in the
// detail lines and as the diagnostic's FEN.
func (c *checker) withBoard(d *diag.Diagnostic, pos *chess.Position) {
	d.FEN = pos.FEN()
	d.Detail = orEnglish(c.catalog).Render("{color} to move:", diag.PhraseArg("color", pos.Turn().String())) + "\n" + pos.Diagram(false) + "FEN: " + d.FEN + "\n"
}

// kept reports whether d, returned by add or addArgs, is kept: the one
// returned for a diagnostic that the repeat limit drops is filled in by
// no more than its detail.
func (c *checker) kept(d *diag.Diagnostic) bool { return d != &c.dropped }
