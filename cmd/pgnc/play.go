package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/san"
)

// playUsage is the key of play's usage in the catalogs of internal/i18n.
const playUsage = "help.play"

// playHelp is the key of the commands of play in the catalogs of internal/i18n.
const playHelp = "help.play.commands"

// playFlags are the options of pgnc play.
type playFlags struct {
	set          *pflag.FlagSet
	game         int
	ascii, write bool
	maxGameBytes int
	spelling     spellingFlags
}

func newPlayFlags(out io.Writer) *playFlags {
	f := &playFlags{set: pflag.NewFlagSet("play", pflag.ContinueOnError)}
	f.set.SetOutput(out)
	f.set.IntVar(&f.game, "game", 0, msg.Sprintf("the game to continue, counted from 1 (default: the first whose result is *)"))
	f.set.BoolVar(&f.ascii, "ascii", false, msg.Sprintf("show the board with letters, not chess symbols"))
	f.set.BoolVarP(&f.write, "write", "w", false, msg.Sprintf("write the game back into FILE in place of the original"))
	addGameLimitFlag(f.set, &f.maxGameBytes)
	f.spelling.add(f.set)
	return f
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newPlayFlags(stderr)
	set := flags.set
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
	if !atLeast("play", "game", flags.game, 0, stderr) || !atLeast("play", "max-game-bytes", flags.maxGameBytes, minGameBytes, stderr) {
		return exitUsage
	}
	path := set.Arg(0)
	if flags.write {
		// A file -w cannot write is refused before the session, not after it.
		if _, _, err := rewritable(path); err != nil {
			msg.Fprintf(stderr, "pgnc play: %v\n", err)
			return exitUsage
		}
	}
	s, err := openPlaySession(path, flags.game, flags.maxGameBytes, stdout, stderr)
	if err != nil {
		msg.Fprintf(stderr, "pgnc play: %v\n", err)
		return exitUsage
	}
	if s == nil {
		return exitUsage // a game too long to hold, reported
	}
	s.unicode = !flags.ascii
	s.write = flags.write
	s.spelling = flags.spelling
	if err := s.run(stdin); err != nil {
		msg.Fprintf(stderr, "pgnc play: %v\n", err)
		return exitUsage
	}
	return exitClean
}

// playSession is a game being continued.
type playSession struct {
	path string
	// src is the text of the piece of input that holds the game, which
	// game's offsets index.
	src  string
	game *ast.Game
	// from and to are the offsets of the game's text in the file, and
	// info and size the state of the file that play read (its size in
	// bytes), which save checks the file still has before it writes:
	// after a save, those of the file written.
	from, to, size int64
	info           fs.FileInfo
	out            io.Writer
	pos            chess.Position   // the position now
	undo           []chess.Position // the positions before the moves played here
	played         []string         // the moves played here, in SAN
	seen           map[uint64]int   // how often each position occurred, for threefold repetition
	spelling       spellingFlags    // how moves are written: the game printed, the moves shown
	result         string           // "*" until the game ends
	title          string           // White – Black, event
	unicode        bool
	flipped        bool
	write          bool
	quit           bool
}

// openPlaySession reads the file at path up to the game to continue, the
// index-th (from 1), or with index 0 the first whose result is *: the
// games are read one at a time, as board reads them, and those after it
// not at all, so that memory stays flat however big the file. A game too
// long to hold (more than wholeGameLimit elements) is reported with PGN904
// on stderr, and the session is nil.
func openPlaySession(path string, index, limit int, out, stderr io.Writer) (*playSession, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	r := bufio.NewReaderSize(f, 64<<10)
	head, err := r.Peek(input.BinarySample)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, err
	}
	if format, err := input.Detect(head); err != nil || format != input.Text || input.Binary(head) {
		return nil, msg.Errorf("%s is not a plain PGN file; play reads and writes plain text", path)
	}
	rd := gameReader(r, path, limit)
	defer rd.Close()
	games := 0
	var g *reader.Game
	for {
		next, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, msg.Errorf("%s: %w", path, err)
		}
		if next.Index == 0 {
			continue
		}
		games = next.Index
		unfinished := next.AST.Result != nil && next.AST.Result.Outcome == ast.Unknown
		if games == index || index == 0 && unfinished {
			g = next
			break
		}
	}
	switch {
	case g == nil && index != 0:
		return nil, msg.Errorf("%s has %d games; there is no game %d", path, games, index)
	case g == nil:
		return nil, msg.Errorf("%s has no unfinished game (result *); name one with --game N", path)
	case g.AST.Result == nil || g.AST.Result.Outcome != ast.Unknown:
		return nil, msg.Errorf("game %d is finished; only a game whose result is * can be continued", g.Index)
	case g.AST.Parts > 0:
		diag.WriteText(stderr, g.File, tooLong(g), msg.Diag)
		msg.Fprintf(stderr, "pgnc play: game %d is too long to continue\n", g.Index)
		return nil, nil
	}
	m := gameModel(g)
	if !m.Complete || g.AST.Broken || hasError(g.Diags) {
		return nil, msg.Errorf("game %d has errors; pgnc check %s shows them", g.Index, path)
	}
	base := int64(g.File.Base())
	// One replay of the main line counts the positions seen, for
	// repetitions, and ends at the position play goes on from.
	s := &playSession{path: path, src: g.File.Src(), game: g.AST, from: base + int64(g.AST.From), to: base + int64(g.AST.To),
		size: info.Size(), info: info, out: out, pos: m.Start, result: "*", seen: map[uint64]int{}}
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
	// Tag values are the file's text: a control character in one could
	// drive the terminal (retitle it, move the cursor).
	s.title = diag.Printable(s.title)
	return s, nil
}

// lineReader reads the user's lines: with editing and history on a
// terminal, one per line from a pipe or file.
type lineReader interface {
	ReadLine() (string, error)
}

// maxLine is the longest line play reads from a pipe or file: a move or
// command takes a few bytes.
const maxLine = 64 << 10

// pipedLines reads lines from a pipe or file. A line longer than maxLine
// is passed over, with a message on out, and reading goes on: no line
// ends the session before its moves are written out.
type pipedLines struct {
	r   *bufio.Reader
	out *io.Writer // the session's output, which a terminal may replace
}

func (l pipedLines) ReadLine() (string, error) {
	for {
		line, err := l.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			n := len(line)
			for err == bufio.ErrBufferFull {
				line, err = l.r.ReadSlice('\n')
				n += len(line)
			}
			if err == nil { // the line end is not counted
				n -= len(line) - len(bytes.TrimRight(line, "\r\n"))
			}
			msg.Fprintf(*l.out, "a line of %d bytes is too long for a move or command (at most %d); passed over\n", n, maxLine)
			if err == nil {
				continue
			}
			line = nil
		}
		if len(line) > 0 && (err == nil || err == io.EOF) {
			return strings.TrimRight(string(line), "\r\n"), nil
		}
		return "", err
	}
}

func (s *playSession) run(stdin io.Reader) error {
	var lines lineReader = pipedLines{bufio.NewReaderSize(stdin, maxLine), &s.out}
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
	var readErr error
	for s.result == "*" && !s.quit {
		line, err := lines.ReadLine()
		if err != nil {
			if err != io.EOF {
				readErr = err
			}
			break
		}
		s.do(strings.TrimSpace(line))
	}
	// A failed read still ends with the game written out: the moves
	// played are not lost.
	if err := s.finish(); err != nil {
		return err
	}
	return readErr
}

// spanishCommands are the commands of play in Spanish, which it takes in
// any language: no SAN move is spelled like one of them.
var spanishCommands = map[string]string{
	"ayuda": "help", "tablero": "board", "girar": "flip", "jugadas": "moves", "deshacer": "undo",
	"tablas": "draw", "abandonar": "resign", "guardar": "save", "salir": "quit",
}

// do carries out one line of input.
func (s *playSession) do(line string) {
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
			return
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
		// A save that fails leaves the session going, its moves kept.
		if err := s.save(); err != nil {
			msg.Fprintf(s.out, "pgnc play: %v\n", err)
		}
	case "quit":
		s.quit = true
	default:
		s.move(line)
	}
}

// move plays a move, or says why it cannot be played.
func (s *playSession) move(text string) {
	before := s.pos
	_, played, err := san.PlayMove(&s.pos, text)
	if err != nil {
		msg.Fprintf(s.out, "%s\n", moveError(&s.pos, text, err))
		return
	}
	s.undo = append(s.undo, before)
	s.played = append(s.played, played)
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
	for i, played := range s.played {
		switch {
		case pos.Turn() == chess.White:
			fmt.Fprintf(&b, "%d. ", pos.FullmoveNumber())
		case i == 0:
			fmt.Fprintf(&b, "%d... ", pos.FullmoveNumber())
		}
		b.WriteString(played + " ")
		san.PlayMove(&pos, played)
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

// save writes the game back into the file in place of the original
// game. The bytes before and after the game are copied from the file as it
// is, which must still be the file that was read (see replace).
func (s *playSession) save() error {
	game, err := s.text()
	if err != nil {
		return err
	}
	game = strings.TrimRight(game, "\n")
	target, _, err := rewritable(s.path)
	if err != nil {
		return err
	}
	src, err := os.Open(target)
	if err != nil {
		return err
	}
	defer src.Close()
	tmp, err := createTemp(filepath.Dir(target))
	if err != nil {
		return err
	}
	defer forgetTemp(tmp.Name())
	defer tmp.Close()
	// The game's text ends at its marker: the line end after it, and
	// every other byte of the file, stay as they are.
	if _, err := io.Copy(tmp, io.NewSectionReader(src, 0, s.from)); err != nil {
		return err
	}
	if _, err := io.WriteString(tmp, game); err != nil {
		return err
	}
	if _, err := io.Copy(tmp, io.NewSectionReader(src, s.to, s.size-s.to)); err != nil {
		return err
	}
	written, err := tmp.Stat()
	if err != nil {
		return err
	}
	if err := replace(target, s.info, s.size, tmp); err != nil {
		return err
	}
	// The next save replaces this file, the game now written in it.
	if s.info, err = os.Stat(target); err != nil {
		return err
	}
	s.size, s.to = written.Size(), s.from+int64(len(game))
	msg.Fprintf(s.out, "wrote %s\n", s.path)
	return nil
}

// finish writes the game out: back into the file with -w, else to the
// output. When -w cannot write it, the game goes to the output all the
// same, so that the moves played are not lost.
func (s *playSession) finish() error {
	if s.write {
		err := s.save()
		if err == nil {
			return nil
		}
		if game, terr := s.text(); terr == nil {
			io.WriteString(s.out, game)
		}
		return err
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
