package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

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
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// playUsage is the key of play's usage in the catalogs of internal/i18n.
const playUsage = "help.play"

// playHelp is the key of the commands of play in the catalogs of internal/i18n.
const playHelp = "help.play.commands"

// playFlags are the options of pgnc play.
type playFlags struct {
	set               *pflag.FlagSet
	game              int
	ascii, write, new bool
	fen               string
	maxGameBytes      int
	letters           lettersFlag // --piece-letters
	spelling          spellingFlags
}

func newPlayFlags(out io.Writer) *playFlags {
	f := &playFlags{set: pflag.NewFlagSet("play", pflag.ContinueOnError)}
	f.set.SetOutput(out)
	f.set.IntVar(&f.game, "game", 0, msg.Sprintf("the game to continue, counted from 1 (default: the first whose result is *)"))
	f.set.BoolVar(&f.ascii, "ascii", false, msg.Sprintf("show the board with letters, not chess symbols"))
	f.set.BoolVarP(&f.write, "write", "w", false, msg.Sprintf("write the game back into FILE in place of the original"))
	f.set.BoolVar(&f.new, "new", false, msg.Sprintf("play a new game from the initial position"))
	f.set.StringVar(&f.fen, "fen", "", msg.Sprintf("play a new game from this position"))
	addGameLimitFlag(f.set, &f.maxGameBytes)
	addLettersFlag(f.set, &f.letters)
	f.spelling.add(f.set)
	return f
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newPlayFlags(stderr)
	set := flags.set
	set.Usage = func() {
		printUsage(stdout, msg.Help(playUsage), set)
	}
	if code, ok := parseFlags(set, "play", args, stderr); !ok {
		return code
	}
	fromFEN := set.Changed("fen")
	newGame := flags.new || fromFEN
	// No flag silently overrides another: a combination that asks for two
	// things is refused.
	switch {
	case flags.new && fromFEN:
		msg.Fprintf(stderr, "pgnc play: --new starts from the initial position and --fen from a FEN; give one of them\n")
		return exitUsage
	case newGame && set.Changed("game"):
		msg.Fprintf(stderr, "pgnc play: --game picks a game of FILE to continue; a new game (--new, --fen) continues none\n")
		return exitUsage
	case newGame && flags.write && set.NArg() != 1:
		msg.Fprintf(stderr, "pgnc play: -w appends the new game to FILE; name one FILE\n")
		return exitUsage
	case newGame && !flags.write && set.NArg() != 0:
		msg.Fprintf(stderr, "pgnc play: a new game is written to standard output and reads no FILE; -w appends it to FILE\n")
		return exitUsage
	case !newGame && set.NArg() != 1:
		msg.Fprintf(stderr, "pgnc play: name one FILE\n")
		return exitUsage
	}
	if !atLeast("play", "game", flags.game, 0, stderr) || !atLeast("play", "max-game-bytes", flags.maxGameBytes, minGameBytes, stderr) {
		return exitUsage
	}
	path := set.Arg(0)
	var s *playSession
	var err error
	if newGame {
		s, err = newPlaySession(path, flags.fen, fromFEN, flags.write, stdout)
		if fe := (*chess.FENError)(nil); errors.As(err, &fe) {
			fenError(stderr, flags.fen, fe)
			return exitUsage
		}
	} else {
		if flags.write {
			// A file -w cannot write is refused before the session, not after it.
			if _, _, err := rewritable(path); err != nil {
				msg.Fprintf(stderr, "pgnc play: %v\n", err)
				return exitUsage
			}
		}
		s, err = openPlaySession(path, flags.game, flags.maxGameBytes, flags.letters.lang, stdout, stderr)
	}
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
	s.pieceLetters = flags.letters.lang
	s.stderr = stderr
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt)
	defer signal.Stop(interrupts)
	interrupted, err := s.run(stdin, interrupts)
	if err != nil {
		msg.Fprintf(stderr, "pgnc play: %v\n", err)
		return exitUsage
	}
	select {
	case <-interrupts: // during the last save or print
		interrupted = true
	default:
	}
	if interrupted {
		return exitInterrupted
	}
	return exitClean
}

// exitInterrupted is the exit code of a session that SIGINT (Ctrl-C)
// ended, 128 plus the signal's number, as shells report it.
const exitInterrupted = 130

// playSession is a game being continued, or a new game.
type playSession struct {
	path string
	// src is the text of the piece of input that holds the game, which
	// game's offsets index: for a new game, its tags and result, made up.
	src  string
	game *ast.Game
	// from and to are the offsets of the game's text in the file, and
	// info and size the state of the file that play read (its size in
	// bytes), which save checks the file still has before it writes:
	// after a save, those of the file written. A new game that is not
	// in the file yet has appending set, from and to at the file's end,
	// and info nil where the file does not exist.
	from, to, size int64
	info           fs.FileInfo
	appending      bool
	out, stderr    io.Writer
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
	// saved is false when the game has changed since it was read or last
	// saved: what an interrupted session offers to save.
	saved bool
	// How moves are read (see read): pieceLetters is --piece-letters;
	// without it, start and written are the game's main line as written,
	// the file's part and the moves played here, which decide the language
	// of a game with piece letters that are not English as check decides
	// it; letters are the piece letters of the file's part (its variations
	// included), and foreign says that it has one that is not English.
	pieceLetters *san.Language
	start        chess.Position
	written      []string
	letters      san.Letters
	foreign      bool
	fileLang     *san.Language // the language the file's part is read in, when foreign
}

// openPlaySession reads the file at path up to the game to continue, the
// index-th (from 1), or with index 0 the first whose result is *: the
// games are read one at a time, as board reads them, and those after it
// not at all, so that memory stays flat however big the file. lang is
// --piece-letters, or nil. A game too long to hold (more than
// wholeGameLimit elements) is reported with PGN904 on stderr, and the
// session is nil.
func openPlaySession(path string, index, limit int, lang *san.Language, out, stderr io.Writer) (*playSession, error) {
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
	if err := plainText(path, r); err != nil {
		return nil, err
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
	m, diags := check.Checker{Catalog: msg.Diag, Language: lang}.Game(g.AST)
	g.Diags = append(g.Diags, diags...)
	if !m.Complete || g.AST.Broken || hasError(g.Diags) {
		return nil, msg.Errorf("game %d has errors; pgnc check %s shows them", g.Index, path)
	}
	base := int64(g.File.Base())
	s := &playSession{path: path, src: g.File.Src(), game: g.AST, from: base + int64(g.AST.From), to: base + int64(g.AST.To),
		size: info.Size(), info: info, out: out, saved: true}
	s.begin(m)
	return s, nil
}

// plainText reads the first bytes of the file at path, from r, and
// returns an error unless it is plain text, which play reads and writes.
func plainText(path string, r *bufio.Reader) error {
	head, err := r.Peek(input.BinarySample)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return err
	}
	if format, err := input.Detect(head); err != nil || format != input.Text || input.Binary(head) {
		return msg.Errorf("%s is not a plain PGN file; play reads and writes plain text", path)
	}
	return nil
}

// begin sets up s to go on from the end of m, the model of s.game.
func (s *playSession) begin(m *model.Game) {
	// One replay of the main line counts the positions seen, for
	// repetitions, and ends at the position play goes on from.
	s.pos, s.start, s.result, s.seen = m.Start, m.Start, "*", map[uint64]int{}
	s.seen[s.pos.Key()]++
	for _, mv := range m.Moves {
		mv.Play(&s.pos)
		s.seen[s.pos.Key()]++
		s.written = append(s.written, mv.Written)
	}
	s.foreign = s.game.ForeignLetters
	ast.Inspect(s.game, func(n ast.Node) bool {
		if mv, ok := n.(*ast.Move); ok && mv.SAN.Kind == san.Normal {
			addLetters(&s.letters, mv.Text)
		}
		return true
	})
	if s.foreign {
		lang, conflicting := san.DetectLanguage(s.letters)
		for _, l := range append([]*san.Language{lang}, conflicting...) {
			if l != nil && s.linePlays(l) {
				s.fileLang = l
				break
			}
		}
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
}

// addLetters adds the piece letters of the move written text to l, as
// check counts them to pick a game's language: the first letter and a
// promotion piece after "=".
func addLetters(l *san.Letters, text string) {
	if text == "" {
		return
	}
	l.Add(text[0])
	if i := strings.IndexByte(text, '='); i >= 0 && i+1 < len(text) {
		l.Add(text[i+1])
	}
}

// newPlaySession starts a new game, from the initial position or, with
// fromFEN, from fen. Its tags are the Seven Tag Roster, "?" where unknown
// and Date today, with SetUp and FEN after a FEN. With write it is
// appended to the file at path, which need not exist yet.
func newPlaySession(path, fen string, fromFEN, write bool, out io.Writer) (*playSession, error) {
	s := &playSession{path: path, out: out, appending: true, saved: true}
	if write {
		if path == "-" {
			return nil, msg.Errorf("-w writes the new game to a file, not to standard output: name a file, or leave -w out")
		}
		if err := s.appendable(); err != nil {
			return nil, err
		}
	}
	tags := [][2]string{{"Event", "?"}, {"Site", "?"}, {"Date", time.Now().Format("2006.01.02")}, {"Round", "?"}, {"White", "?"}, {"Black", "?"}, {"Result", "*"}}
	if fromFEN {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			return nil, err
		}
		if st := p.Status(); st == chess.Checkmate || st == chess.Stalemate {
			return nil, msg.Errorf("--fen %q: the side to move has no legal move", fen)
		}
		// The FEN as chess writes it: all six fields, whatever was left
		// out or spaced differently in the flag.
		tags = append(tags, [2]string{"SetUp", "1"}, [2]string{"FEN", p.FEN()})
	}
	var b strings.Builder
	for _, t := range tags {
		fmt.Fprintf(&b, "[%s %s]\n", t[0], strconv.Quote(t[1]))
	}
	b.WriteString("\n*\n")
	s.src = b.String()
	db, diags := parser.Parse(s.src)
	if len(db.Games) != 1 {
		return nil, msg.Errorf("the new game does not read back as one game")
	}
	s.game = db.Games[0]
	m, more := check.Checker{Catalog: msg.Diag}.Game(s.game)
	for _, d := range append(diags, more...) {
		if d.Severity() == diag.Error {
			return nil, msg.Errorf("the new game does not check clean: %s", msg.Diag.Message(d))
		}
	}
	s.begin(m)
	return s, nil
}

// appendable checks that a new game can be appended to the file at
// s.path, a plain text file or none yet, and keeps its state for save.
func (s *playSession) appendable() error {
	target, info, err := rewritable(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		if _, lerr := os.Lstat(s.path); lerr == nil {
			return err // a link to nowhere: no file is made at its target
		}
		return nil // made by the first save
	}
	if err != nil {
		return err
	}
	f, err := os.Open(target)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := plainText(s.path, bufio.NewReaderSize(f, 64<<10)); err != nil {
		return err
	}
	s.info, s.size = info, info.Size()
	s.from, s.to = s.size, s.size
	return nil
}

// fenError explains on w why fen, the value of --fen, is not a
// position: the field and column, and the FEN with a caret under the
// column.
func fenError(w io.Writer, fen string, fe *chess.FENError) {
	shown := diag.Printable(fen)
	caret := strings.Repeat(" ", len([]rune(diag.Printable(fen[:min(fe.Offset, len(fen))]))))
	msg.Fprintf(w, "pgnc play: --fen, column %d: %s\n", fe.Offset+1, msg.Diag.Render(check.FENProblem, check.FENArgs(fe)...))
	fmt.Fprintf(w, "  %s\n  %s^\n", shown, caret)
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

// errInterrupt is the error of a read that Ctrl-C ended at a terminal,
// where it comes as a key, not as SIGINT.
const errInterrupt moveProblem = "ctrl-c"

// ctrlCReader passes on what r reads, and records that it read Ctrl-C:
// x/term's Terminal ends a line on Ctrl-C as at the end of the input.
type ctrlCReader struct {
	r    io.Reader
	seen atomic.Bool
}

func (c *ctrlCReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if bytes.IndexByte(p[:n], 3) >= 0 {
		c.seen.Store(true)
	}
	return n, err
}

// run reads and carries out the user's lines until the game ends, the
// input ends or quit, and writes the game out (finish). Ctrl-C, or a
// signal on interrupts, ends it too (see interrupt); interrupted says so.
func (s *playSession) run(stdin io.Reader, interrupts <-chan os.Signal) (interrupted bool, err error) {
	var lines lineReader = pipedLines{bufio.NewReaderSize(stdin, maxLine), &s.out}
	var t *term.Terminal
	var keys *ctrlCReader
	var screen io.ReadWriter
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		state, err := term.MakeRaw(int(f.Fd()))
		if err != nil {
			return false, err
		}
		defer term.Restore(int(f.Fd()), state)
		keys = &ctrlCReader{r: f}
		screen = struct {
			io.Reader
			io.Writer
		}{keys, s.out}
		t = term.NewTerminal(screen, "> ")
		s.out = t // the terminal turns "\n" into "\r\n" in raw mode
		lines = t
	}
	// Lines are read one at a time, on request, by a goroutine of their
	// own, so that a signal is seen while a read waits: reading ahead
	// would show the terminal's prompt before the session's output.
	type answer struct {
		line string
		err  error
	}
	requests, answers := make(chan struct{}), make(chan answer, 1)
	defer close(requests)
	go func() {
		for range requests {
			line, err := lines.ReadLine()
			if err == io.EOF && keys != nil && keys.seen.Swap(false) {
				err = errInterrupt
			}
			answers <- answer{line, err}
		}
	}()
	pending := false
	readLine := func() (string, error) {
		if !pending {
			requests <- struct{}{}
		}
		pending = false
		a := <-answers
		return a.line, a.err
	}
	msg.Fprintf(s.out, "%s\n", s.title)
	s.show()
	var readErr error
loop:
	for s.result == "*" && !s.quit {
		if !pending {
			requests <- struct{}{}
			pending = true
		}
		select {
		case a := <-answers:
			pending = false
			switch {
			case a.err == errInterrupt:
				interrupted = true
				break loop
			case a.err == io.EOF:
				break loop
			case a.err != nil:
				readErr = a.err
				break loop
			}
			s.do(strings.TrimSpace(a.line))
		case <-interrupts:
			interrupted = true
			break loop
		}
	}
	if interrupted {
		var ask func(string) bool
		if t != nil && !pending {
			// Ctrl-C: a terminal that ended a read on it keeps the key
			// and ends every later read on it too, so a new one reads
			// on. The channel hands it over to the reading goroutine.
			io.WriteString(screen, "^C\r\n")
			t = term.NewTerminal(screen, "> ")
			lines, s.out = t, t
		}
		if t != nil {
			ask = func(question string) bool {
				if pending {
					// The prompt of the read under way takes the answer.
					msg.Fprintf(t, "%s\n", question)
				} else {
					t.SetPrompt(question + " ")
				}
				line, err := readLine()
				return err == nil && yes(line)
			}
		}
		return true, s.interrupt(ask)
	}
	// A failed read still ends with the game written out: the moves
	// played are not lost.
	if err := s.finish(); err != nil {
		return false, err
	}
	return false, readErr
}

// yes reports whether line answers a question yes, in English or Spanish.
func yes(line string) bool {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes", "s", "si", "sí":
		return true
	}
	return false
}

// interrupt ends a session that Ctrl-C or SIGINT ended. With -w and moves
// not yet saved, ask, at a terminal, asks whether to save them; answered
// yes, the game is saved. Otherwise the file is left as it is (a signal
// to a session reading a pipe is no yes), and the game as it stands is
// printed, as at the end of a session without -w: the moves played here
// are not lost.
func (s *playSession) interrupt(ask func(question string) bool) error {
	msg.Fprintf(s.out, "interrupted\n")
	if s.write && !s.saved {
		if ask != nil && ask(msg.Sprintf("save the game to %s before quitting? [y/N]", s.path)) {
			return s.finish()
		}
		msg.Fprintf(s.stderr, "pgnc play: interrupted: %s is left as it is; the game as it stands is on standard output\n", s.path)
	}
	if s.write && s.saved {
		return nil // the file holds the game as it stands, or nothing was played
	}
	game, err := s.text()
	if err != nil {
		return err
	}
	_, err = io.WriteString(s.out, game)
	return err
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
		msg.Fprint(s.out, msg.Help(playHelp))
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
		s.written = s.written[:len(s.written)-1]
		s.saved = false
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
		if s.path == "" {
			msg.Fprintf(s.out, "no FILE to save to: play --new -w FILE or --fen FEN -w FILE appends the new game to FILE\n")
			return
		}
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
	m, err := s.read(text)
	if err != nil {
		msg.Fprintf(s.out, "%s\n", moveError(&s.pos, text, err))
		return
	}
	played := s.pos.SAN(m)
	s.pos.Play(m)
	s.undo = append(s.undo, before)
	s.played = append(s.played, played)
	s.written = append(s.written, text)
	s.saved = false
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

// read returns the legal move that text names, read as pgnc check reads
// the moves of a game: with the piece letters of --piece-letters; else,
// in a game whose moves (the file's and those played here, text
// included) use a piece letter that is not English, in the one language
// that has all the game's letters (san.DetectLanguage). Where several
// have them and read them differently, those under which the game's main
// line plays decide, as in check; when they still read text as different
// moves, it is refused, with the readings. Otherwise text is English
// (SAN, UCI, long algebraic, figurines: san.ParseLenient).
func (s *playSession) read(text string) (chess.Move, error) {
	if s.pieceLetters != nil {
		return resolveIn(&s.pos, text, s.pieceLetters)
	}
	// The letters of the game's moves with text: the moves played here
	// count as the file's part does.
	letters, foreign := s.letters, s.foreign
	for _, w := range append(s.written[len(s.written)-len(s.played):], text) {
		addLetters(&letters, w)
		if sm, ok := san.ParseLenient(w); ok && sm.Quirks&san.ForeignLetter != 0 {
			foreign = true
		}
	}
	if !foreign {
		return resolveIn(&s.pos, text, nil)
	}
	lang, conflicting := san.DetectLanguage(letters)
	if lang == nil {
		return chess.Move{}, &languageError{text: text, letters: letters}
	}
	var moves []chess.Move
	var langs []*san.Language
	var first error
	for _, l := range append([]*san.Language{lang}, conflicting...) {
		if len(conflicting) > 0 && !s.linePlays(l) {
			continue
		}
		m, err := resolveIn(&s.pos, text, l)
		if err != nil {
			if first == nil {
				first = &readingError{text: text, lang: l, err: err}
			}
			continue
		}
		if !slices.Contains(moves, m) {
			moves, langs = append(moves, m), append(langs, l)
		}
	}
	switch len(moves) {
	case 0:
		return chess.Move{}, first
	case 1:
		return moves[0], nil
	}
	return chess.Move{}, &languageError{text: text, letters: letters, langs: langs, moves: moves}
}

// linePlays reports whether the game's main line, the file's part and
// the moves played here, reads in lang as the moves played.
func (s *playSession) linePlays(lang *san.Language) bool {
	pos := s.start
	for _, w := range s.written {
		m, err := resolveIn(&pos, w, lang)
		if err != nil {
			sm, ok := san.ParseIn(w, lang)
			if !ok || sm.Kind != san.Null {
				return false
			}
			pos.PlayNull()
			continue
		}
		pos.Play(m)
	}
	return true
}

// resolveIn returns the legal move that text, written with the piece
// letters of lang (nil: English), names in pos. A pawn move to the last
// rank must name its piece.
func resolveIn(pos *chess.Position, text string, lang *san.Language) (chess.Move, error) {
	sm, ok := san.ParseIn(text, lang)
	switch {
	case !ok:
		return chess.Move{}, errNotMove
	case sm.Kind == san.Null:
		return chess.Move{}, errNullMove
	case sm.Quirks&san.ForeignLetter != 0 && sm.Piece == chess.NoPieceType:
		return chess.Move{}, &letterError{letter: san.ForeignLetterIn(text), lang: lang}
	}
	m, assumed, err := san.Resolve(pos, sm)
	if err != nil {
		return chess.Move{}, err
	}
	if assumed {
		return chess.Move{}, errNoPromotion
	}
	return m, nil
}

// moveProblem is a reason resolveIn gives, which moveError explains in
// the user's language: its own text is a name, never printed.
type moveProblem string

func (p moveProblem) Error() string { return string(p) }

// The reasons resolveIn gives.
const (
	errNotMove     moveProblem = "not-a-move"
	errNullMove    moveProblem = "null-move"
	errNoPromotion moveProblem = "no-promotion-piece"
)

// letterError is a move whose piece letter is not one of lang's.
type letterError struct {
	letter byte
	lang   *san.Language // nil: --piece-letters was not given
}

func (e *letterError) Error() string { return string(errNotMove) + ":" + string(e.letter) }

// readingError is why text, read in lang, cannot be played.
type readingError struct {
	text string
	lang *san.Language
	err  error
}

func (e *readingError) Error() string { return e.err.Error() }
func (e *readingError) Unwrap() error { return e.err }

// languageError is a move that no language reads with the game's other
// piece letters (langs empty), or that languages read as different legal
// moves.
type languageError struct {
	text    string
	letters san.Letters
	langs   []*san.Language
	moves   []chess.Move
}

func (e *languageError) Error() string { return e.text }

// moveError explains why text cannot be played: the reason, the
// candidates of an ambiguous move, a near legal move, the legal replies
// to check, as pgnc check does.
func moveError(pos *chess.Position, text string, err error) string {
	var lang *san.Language
	var reading *readingError
	if errors.As(err, &reading) {
		lang = reading.lang
	}
	var amb *chess.AmbiguousMoveError
	var illegal *chess.IllegalMoveError
	var letter *letterError
	var languages *languageError
	var why string
	switch {
	case errors.As(err, &languages) && len(languages.langs) == 0:
		return msg.Sprintf("%s: no language has all the piece letters of this game (%s); write the move in English, or name the language with --piece-letters", text, languages.letters.String())
	case errors.As(err, &languages):
		var readings []string
		for i, l := range languages.langs {
			readings = append(readings, msg.Sprintf("%s in %s", pos.SAN(languages.moves[i]), msg.Diag.Phrase(l.Name)))
		}
		return msg.Sprintf("%s reads as %s; write the move in English, or name the language with --piece-letters", text, strings.Join(readings, ", "))
	case errors.As(err, &letter) && letter.lang != nil:
		return msg.Sprintf("%s: %c is no piece letter of %s", text, letter.letter, msg.Diag.Phrase(letter.lang.Name))
	case errors.As(err, &letter):
		return msg.Sprintf("%s: %c is a piece letter of no language", text, letter.letter)
	case errors.As(err, &amb):
		var fixes []string
		for _, c := range amb.Candidates {
			fixes = append(fixes, pos.SAN(c))
		}
		return msg.Sprintf("%s is ambiguous: write one of %s", text, strings.Join(fixes, ", "))
	case errors.As(err, &illegal):
		why = msg.Sprintf("illegal move %s: %s", text, msg.Diag.Render(illegal.Template(),
			diag.PhraseArg("piece", illegal.Piece.Name()), diag.ValueArg("square", illegal.To.String())))
	case errors.Is(err, errNullMove):
		why = msg.Sprintf("%q is a null move, not a move", text)
	case errors.Is(err, errNoPromotion):
		why = msg.Sprintf("%s: a pawn reaching the last rank must say which piece it becomes", text)
	default:
		why = msg.Sprintf("%q is not a move", text)
	}
	if lang != nil {
		why += msg.Sprintf(" (read in %s)", msg.Diag.Phrase(lang.Name))
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
	// The moves played here are written in the language the file's part
	// is read in, so that the whole reads in one.
	lang := s.pieceLetters
	if lang == nil {
		lang = s.fileLang
	}
	pos := s.undoStart()
	for i, played := range s.played {
		switch {
		case pos.Turn() == chess.White:
			fmt.Fprintf(&b, "%d. ", pos.FullmoveNumber())
		case i == 0:
			fmt.Fprintf(&b, "%d... ", pos.FullmoveNumber())
		}
		b.WriteString(lang.Spell(played) + " ")
		san.PlayMove(&pos, played)
	}
	b.WriteString(s.result + s.src[g.Result.To:g.To])
	db, diags := parser.Parse(b.String())
	if len(db.Games) != 1 {
		return "", msg.Errorf("the continued game does not read back as one game")
	}
	m, more := check.Checker{Catalog: msg.Diag, Language: lang}.Game(db.Games[0])
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
// game, or a new game at its end (see appendGame). The bytes before and
// after the game are copied from the file as it is, which must still be
// the file that was read (see replace).
func (s *playSession) save() error {
	game, err := s.text()
	if err != nil {
		return err
	}
	game = strings.TrimRight(game, "\n")
	if s.appending && s.info == nil {
		return s.create(game)
	}
	target, _, err := rewritable(s.path)
	if err != nil {
		return err
	}
	src, err := os.Open(target)
	if err != nil {
		return err
	}
	defer src.Close()
	sep := ""
	if s.appending {
		if sep, err = separator(src, s.size); err != nil {
			return err
		}
		game += "\n"
	}
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
	if _, err := io.WriteString(tmp, sep+game); err != nil {
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
	s.from += int64(len(sep))
	s.size, s.to = written.Size(), s.from+int64(len(strings.TrimSuffix(game, "\n")))
	s.appending, s.saved = false, true
	msg.Fprintf(s.out, "wrote %s\n", s.path)
	return nil
}

// separator returns what goes between the last size bytes of src and a
// game appended to them: a blank line, made of the line ends src lacks.
func separator(src io.ReaderAt, size int64) (string, error) {
	if size == 0 {
		return "", nil
	}
	tail := make([]byte, min(size, 4))
	if _, err := src.ReadAt(tail, size-int64(len(tail))); err != nil {
		return "", err
	}
	t := string(tail)
	switch {
	case strings.HasSuffix(t, "\n\n") || strings.HasSuffix(t, "\n\r\n"):
		return "", nil
	case strings.HasSuffix(t, "\n"):
		return "\n", nil
	}
	return "\n\n", nil
}

// create writes game, a new game, to the file at s.path, which did not
// exist when play began: a file made meanwhile is left as it is.
func (s *playSession) create(game string) error {
	f, err := os.OpenFile(s.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if errors.Is(err, fs.ErrExist) {
		return msg.Errorf("%s was made while pgnc was playing (another program wrote it); it is left as it is: run pgnc again", s.path)
	}
	if err != nil {
		return err
	}
	_, err = io.WriteString(f, game+"\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(s.path)
		return err
	}
	if s.info, err = os.Stat(s.path); err != nil {
		return err
	}
	s.from, s.to, s.size = 0, int64(len(game)), s.info.Size()
	s.appending, s.saved = false, true
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
