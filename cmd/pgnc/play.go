package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/pgnc/pgnc/ast"
	"github.com/pgnc/pgnc/check"
	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/input"
	"github.com/pgnc/pgnc/parser"
	"github.com/pgnc/pgnc/san"
)

// playUsage is the key of play's usage in the catalogs of internal/i18n.
const playUsage = "help.play"

// playHelp is the key of the commands of play in the catalogs of internal/i18n.
const playHelp = "help.play.commands"

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	set := pflag.NewFlagSet("play", pflag.ContinueOnError)
	set.SetOutput(stderr)
	game := set.Int("game", 0, msg.Sprintf("the game to continue, counted from 1 (default: the first whose result is *)"))
	ascii := set.Bool("ascii", false, msg.Sprintf("show the board with letters, not chess symbols"))
	write := set.BoolP("write", "w", false, msg.Sprintf("write the game back into FILE in place of the original"))
	var spelling spellingFlags
	spelling.add(set)
	set.Usage = func() {
		printUsage(stderr, msg.Sprintf(playUsage), set)
	}
	if code, ok := parseFlags(set, "play", args, stderr); !ok {
		return code
	}
	if set.NArg() != 1 {
		msg.Fprintf(stderr, "pgnc play: name one FILE\n")
		return exitUsage
	}
	path := set.Arg(0)
	data, err := os.ReadFile(path)
	if err != nil {
		msg.Fprintf(stderr, "pgnc: %v\n", err)
		return exitUsage
	}
	if format, err := input.Detect(data[:min(len(data), 512)]); err != nil || format != input.Text {
		msg.Fprintf(stderr, "pgnc play: %s is not a plain PGN file; play reads and writes plain text\n", path)
		return exitUsage
	}
	s, err := newPlaySession(path, string(data), *game, stdout)
	if err != nil {
		msg.Fprintf(stderr, "pgnc play: %v\n", err)
		return exitUsage
	}
	s.unicode = !*ascii
	s.write = *write
	s.spelling = spelling
	if err := s.run(stdin); err != nil {
		msg.Fprintf(stderr, "pgnc play: %v\n", err)
		return exitUsage
	}
	return exitClean
}

// playSession is a game being continued.
type playSession struct {
	path, src string
	game      *ast.Game
	out       io.Writer
	pos       chess.Position   // the position now
	undo      []chess.Position // the positions before the moves played here
	played    []string         // the moves played here, in SAN
	seen      map[uint64]int   // how often each position occurred, for threefold repetition
	spelling  spellingFlags    // how moves are written: the game printed, the moves shown
	result    string           // "*" until the game ends
	title     string           // White – Black, event
	unicode   bool
	flipped   bool
	write     bool
	quit      bool
}

func newPlaySession(path, src string, index int, out io.Writer) (*playSession, error) {
	db, _ := parser.Parse(src)
	var g *ast.Game
	switch {
	case index > 0 && index <= len(db.Games):
		g = db.Games[index-1]
	case index != 0:
		return nil, msg.Errorf("%s has %d games; there is no game %d", path, len(db.Games), index)
	default:
		for _, c := range db.Games {
			if c.Result != nil && c.Result.Outcome == ast.Unknown {
				g = c
				break
			}
		}
		if g == nil {
			return nil, msg.Errorf("%s has no unfinished game (result *); name one with --game N", path)
		}
	}
	if g.Result == nil || g.Result.Outcome != ast.Unknown {
		return nil, msg.Errorf("game %d is finished; only a game whose result is * can be continued", g.Index)
	}
	m, diags := check.Checker{Catalog: msg.Diag}.Game(g)
	if !m.Complete || g.Broken || hasError(diags) {
		return nil, msg.Errorf("game %d has errors; pgnc check %s shows them", g.Index, path)
	}
	// One replay of the main line counts the positions seen, for
	// repetitions, and ends at the position play goes on from.
	s := &playSession{path: path, src: src, game: g, out: out, pos: m.Start, result: "*", seen: map[uint64]int{}}
	s.seen[s.pos.Key()]++
	for _, mv := range m.Moves {
		mv.Play(&s.pos)
		s.seen[s.pos.Key()]++
	}
	white, black, event := "?", "?", ""
	for _, t := range m.Tags {
		switch t.Name {
		case "White":
			white = t.Value
		case "Black":
			black = t.Value
		case "Event":
			event = t.Value
		}
	}
	s.title = white + " – " + black
	if event != "" && event != "?" {
		s.title += ", " + event
	}
	return s, nil
}

// lineReader reads the user's lines: with editing and history on a
// terminal, one per line from a pipe or file.
type lineReader interface {
	ReadLine() (string, error)
}

type scannedLines struct{ sc *bufio.Scanner }

func (l scannedLines) ReadLine() (string, error) {
	if l.sc.Scan() {
		return l.sc.Text(), nil
	}
	if err := l.sc.Err(); err != nil {
		return "", err
	}
	return "", io.EOF
}

func (s *playSession) run(stdin io.Reader) error {
	var lines lineReader = scannedLines{bufio.NewScanner(stdin)}
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		state, err := term.MakeRaw(int(f.Fd()))
		if err != nil {
			return err
		}
		defer term.Restore(int(f.Fd()), state)
		t := term.NewTerminal(struct {
			io.Reader
			io.Writer
		}{f, s.out}, "> ")
		s.out = t // the terminal turns "\n" into "\r\n" in raw mode
		lines = t
	}
	msg.Fprintf(s.out, "%s\n", s.title)
	s.show()
	for s.result == "*" {
		line, err := lines.ReadLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if err := s.do(strings.TrimSpace(line)); err != nil {
			return err
		}
		if s.quit {
			break
		}
	}
	return s.finish()
}

// spanishCommands are the commands of play in Spanish, which it takes in
// any language: no SAN move is spelled like one of them.
var spanishCommands = map[string]string{
	"ayuda": "help", "tablero": "board", "girar": "flip", "jugadas": "moves", "deshacer": "undo",
	"tablas": "draw", "abandonar": "resign", "guardar": "save", "salir": "quit",
}

// do carries out one line of input.
func (s *playSession) do(line string) error {
	if command, ok := spanishCommands[line]; ok {
		line = command
	}
	switch line {
	case "":
	case "help":
		msg.Fprint(s.out, msg.Sprintf(playHelp))
	case "board":
		s.show()
	case "flip":
		s.flipped = !s.flipped
		s.show()
	case "fen":
		fmt.Fprintln(s.out, s.pos.FEN())
	case "moves":
		var l chess.MoveList
		s.pos.LegalMoves(&l)
		var sans []string
		for _, m := range l.Moves() {
			sans = append(sans, s.spelling.spell(s.pos.SAN(m)))
		}
		fmt.Fprintln(s.out, strings.Join(sans, " "))
	case "undo":
		if len(s.played) == 0 {
			msg.Fprintf(s.out, "no move played here to take back\n")
			return nil
		}
		s.seen[s.pos.Key()]--
		s.pos = s.undo[len(s.undo)-1]
		s.undo, s.played = s.undo[:len(s.undo)-1], s.played[:len(s.played)-1]
		s.show()
	case "draw":
		s.end("1/2-1/2", msg.Sprintf("drawn"))
	case "resign":
		if s.pos.Turn() == chess.White {
			s.end("0-1", msg.Sprintf("white resigns"))
		} else {
			s.end("1-0", msg.Sprintf("black resigns"))
		}
	case "save":
		return s.save()
	case "quit":
		s.quit = true
	default:
		s.move(line)
	}
	return nil
}

// move plays a move, or says why it cannot be played.
func (s *playSession) move(text string) {
	m, err := s.pos.ParseMove(text)
	if err != nil {
		msg.Fprintf(s.out, "%s\n", moveError(&s.pos, text, err))
		return
	}
	san := s.pos.SAN(m)
	s.undo = append(s.undo, s.pos)
	s.played = append(s.played, san)
	s.pos.Play(m)
	s.seen[s.pos.Key()]++
	s.show()
	switch s.pos.Status() {
	case chess.Checkmate:
		if s.pos.Turn() == chess.White {
			s.end("0-1", msg.Sprintf("checkmate: black wins"))
		} else {
			s.end("1-0", msg.Sprintf("checkmate: white wins"))
		}
	case chess.Stalemate:
		s.end("1/2-1/2", msg.Sprintf("stalemate: drawn"))
	default:
		switch {
		case s.pos.InsufficientMaterial():
			s.end("1/2-1/2", msg.Sprintf("neither side can mate: drawn"))
		case s.seen[s.pos.Key()] >= 3:
			msg.Fprintf(s.out, "threefold repetition: either side may claim a draw (draw)\n")
		case s.pos.FiftyMoves():
			msg.Fprintf(s.out, "fifty moves without a capture or a pawn move: either side may claim a draw (draw)\n")
		}
	}
}

// moveError explains why text cannot be played: the reason, the
// candidates of an ambiguous move, a near legal move, the legal replies
// to check, as pgnc check does.
func moveError(pos *chess.Position, text string, err error) string {
	var amb *chess.AmbiguousMoveError
	if errors.As(err, &amb) {
		var fixes []string
		for _, c := range amb.Candidates {
			fixes = append(fixes, pos.SAN(c))
		}
		return msg.Sprintf("%s is ambiguous: write one of %s", text, strings.Join(fixes, ", "))
	}
	var why string
	var illegal *chess.IllegalMoveError
	sm, read := san.ParseLenient(text)
	switch {
	case errors.As(err, &illegal):
		why = msg.Sprintf("illegal move %s: %s", text, msg.Diag.Render(illegal.Template(),
			diag.PhraseArg("piece", illegal.Piece.Name()), diag.ValueArg("square", illegal.To.String())))
	case !read:
		why = msg.Sprintf("%q is not a move", text)
	case sm.Kind == san.Null:
		why = msg.Sprintf("%q is a null move, not a move", text)
	default: // a promotion without its piece
		why = msg.Sprintf("%s: a pawn reaching the last rank must say which piece it becomes", text)
	}
	if help := check.LegalHelp(pos, text, msg.Diag); help != "" {
		why += "\n" + strings.TrimSuffix(help, "\n")
	}
	return why
}

// end ends the game with result, saying why.
func (s *playSession) end(result, why string) {
	s.result = result
	msg.Fprintf(s.out, "%s: %s\n", why, result)
}

// show prints the board, the side to move, the move number and the last
// move.
func (s *playSession) show() {
	side := chess.White
	if s.flipped {
		side = chess.Black
	}
	fmt.Fprint(s.out, s.pos.DiagramFrom(s.unicode, side))
	turn := msg.Diag.Phrase(s.pos.Turn().String())
	last := ""
	if n := len(s.played); n > 0 {
		last = msg.Sprintf(", last move %s", s.spelling.spell(s.played[n-1]))
	}
	msg.Fprintf(s.out, "move %d, %s to move%s\n", s.pos.FullmoveNumber(), turn, last)
}

// text returns the game as it stands, in the export format.
func (s *playSession) text() (string, error) {
	g := s.game
	var b strings.Builder
	// The original text, its result marker and Result tag replaced.
	from := g.From
	for _, t := range g.Tags {
		if t.Name == "Result" {
			b.WriteString(s.src[from:t.ValueSpan.From])
			b.WriteString(strconv.Quote(s.result))
			from = t.ValueSpan.To
		}
	}
	b.WriteString(s.src[from:g.Result.From])
	pos := s.undoStart()
	for i, san := range s.played {
		switch {
		case pos.Turn() == chess.White:
			fmt.Fprintf(&b, "%d. ", pos.FullmoveNumber())
		case i == 0:
			fmt.Fprintf(&b, "%d... ", pos.FullmoveNumber())
		}
		b.WriteString(san + " ")
		m, _ := pos.ParseMove(san)
		pos.Play(m)
	}
	b.WriteString(s.result + s.src[g.Result.To:g.To])
	db, diags := parser.Parse(b.String())
	if len(db.Games) != 1 {
		return "", msg.Errorf("the continued game does not read back as one game")
	}
	m, more := check.Checker{Catalog: msg.Diag}.Game(db.Games[0])
	for _, d := range append(diags, more...) {
		if d.Severity() == diag.Error {
			return "", msg.Errorf("the continued game does not check clean: %s", msg.Diag.Message(d))
		}
	}
	var opts export.Options
	s.spelling.apply(&opts)
	return string(export.AppendGame(nil, m, opts)), nil
}

// undoStart is the position before the first move played here.
func (s *playSession) undoStart() chess.Position {
	if len(s.undo) > 0 {
		return s.undo[0]
	}
	return s.pos
}

// save writes the game back into the file in place of the original game.
func (s *playSession) save() error {
	game, err := s.text()
	if err != nil {
		return err
	}
	target, info, err := rewritable(s.path)
	if err != nil {
		return err
	}
	tmp, err := createTemp(filepath.Dir(target))
	if err != nil {
		return err
	}
	defer forgetTemp(tmp.Name())
	defer tmp.Close()
	// The game's text ends at its marker: the line end after it, and
	// every other byte of the file, stay as they are.
	if _, err := io.WriteString(tmp, s.src[:s.game.From]+strings.TrimRight(game, "\n")+s.src[s.game.To:]); err != nil {
		return err
	}
	if err := replace(target, info, tmp); err != nil {
		return err
	}
	msg.Fprintf(s.out, "wrote %s\n", s.path)
	return nil
}

// finish writes the game out: back into the file with -w, else to the
// output.
func (s *playSession) finish() error {
	if s.write {
		return s.save()
	}
	game, err := s.text()
	if err != nil {
		return err
	}
	_, err = io.WriteString(s.out, game)
	return err
}

func hasError(l diag.List) bool {
	for _, d := range l {
		if d.Severity() == diag.Error {
			return true
		}
	}
	return false
}
