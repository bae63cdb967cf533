package main

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/pgn"
	"github.com/spf13/pflag"
)

// boardUsage is the key of board's usage in the catalogs of internal/i18n.
const boardUsage = "help.board"

// boardFlags are the options of pgnc board.
type boardFlags struct {
	set          *pflag.FlagSet
	game, ply    int
	all, ascii   bool
	maxGameBytes int
}

func newBoardFlags(out io.Writer) *boardFlags {
	f := &boardFlags{set: pflag.NewFlagSet("board", pflag.ContinueOnError)}
	f.set.SetOutput(out)
	f.set.IntVar(&f.game, "game", 1, msg.Sprintf("which game of the file, from 1"))
	f.set.IntVar(&f.ply, "ply", -1, msg.Sprintf("show the position after this many plies of the main line (0: the start)"))
	f.set.BoolVar(&f.all, "all", false, msg.Sprintf("show every position of the main line in order"))
	f.set.BoolVar(&f.ascii, "ascii", false, msg.Sprintf("draw pieces as letters instead of chess figurines"))
	addGameLimitFlag(f.set, &f.maxGameBytes)
	return f
}

// addGameLimitFlag defines --max-game-bytes for board and play, which
// hold one game whole.
func addGameLimitFlag(set *pflag.FlagSet, limit *int) {
	set.IntVar(limit, "max-game-bytes", reader.DefaultMaxGameBytes, msg.Sprintf("most bytes read without a game boundary, at least %d; a game of more than %d tag pairs or elements of movetext is not held in memory but refused (PGN904)", minGameBytes, wholeGameLimit))
}

// gameReader returns a reader of the games of r, named name, as play reads
// them: parsed only, the game continued checked on its own; cut at limit
// bytes (PGN215); a game too long to hold whole read in parts
// (ast.Game.Parts; see tooLong), so that no game costs gigabytes.
func gameReader(r io.Reader, name string, limit int) *reader.Reader {
	return reader.New(r, name, reader.Options{SyntaxOnly: true, Catalog: msg.Diag, MaxGameBytes: limit, InParts: true, PartSize: wholeGameLimit})
}

func runBoard(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newBoardFlags(stderr)
	fs := flags.set
	fs.Usage = func() {
		printUsage(stdout, msg.Help(boardUsage), fs)
	}
	if code, ok := parseFlags(fs, "board", args, stderr); !ok {
		return code
	}
	gameN, ply, all, ascii := &flags.game, &flags.ply, &flags.all, &flags.ascii
	// No FILE reads standard input when it is not a terminal, as the
	// other commands do.
	files := inputArgs(fs.Args(), stdin)
	if len(files) != 1 {
		msg.Fprintf(stderr, "pgnc board: want exactly one FILE\n")
		return exitUsage
	}
	if *all && fs.Changed("ply") {
		// Neither may silently win: --all shows every position, --ply one.
		msg.Fprintf(stderr, "pgnc board: --all shows every position and --ply %d one; give one of them\n", *ply)
		return exitUsage
	}
	if *gameN < 1 {
		msg.Fprintf(stderr, "pgnc board: --game %d is out of range; games count from 1\n", *gameN)
		return exitUsage
	}
	if fs.Changed("ply") && !atLeast("board", "ply", *ply, 0, stderr) || !atLeast("board", "max-game-bytes", flags.maxGameBytes, minGameBytes, stderr) {
		return exitUsage
	}
	// The input is streamed up to the game shown, the games before it
	// parsed only, that one replayed (Game.Full): memory stays flat
	// however big the file, and the games after it are not read. The
	// inputs after the first are counted, not read: board shows a game of
	// one input.
	opts := []pgn.Option{pgn.WithMode(pgn.Syntax), pgn.WithCatalog(msg.Diag), pgn.WithLimits(pgn.Limits{MaxGameBytes: flags.maxGameBytes}),
		pgn.WithSkipped(skippedWarning(files[0], stderr))}
	var rd *pgn.Reader
	if files[0] == "-" {
		rd = pgn.NewReader(stdin, opts...)
	} else {
		var err error
		if rd, err = pgn.Open(files[0], opts...); err != nil {
			msg.Fprintf(stderr, "pgnc: %v\n", err)
			return exitUsage
		}
	}
	defer rd.Close()
	var g *pgn.Game
	games, inputs := 0, 0
	failed, tooBig := false, false
	for in, err := range rd.Inputs() {
		if err != nil {
			msg.Fprintf(stderr, "pgnc: %v\n", inputErr(err))
			failed = true
			continue
		}
		if inputs++; inputs > 1 {
			continue
		}
		for game, err := range in.Games() {
			if err != nil {
				msg.Fprintf(stderr, "pgnc: %v\n", inputErr(err))
				failed = true
				break
			}
			if games = game.Index; games == *gameN {
				g = game.Full()
				if i := slices.IndexFunc(g.Diags, func(d pgn.Diagnostic) bool { return d.Code == diag.TooLong }); i >= 0 {
					// The line after it names the game: the
					// diagnostic does not.
					d := g.Diags[i]
					d.Where = ""
					d.WriteText(stderr, msg.Diag)
					tooBig = true
				}
				break
			}
		}
	}
	switch {
	case failed:
		return exitUsage
	case tooBig:
		msg.Fprintf(stderr, "pgnc board: game %d is too long to show\n", *gameN)
		return exitProblems
	case inputs != 1:
		msg.Fprintf(stderr, "pgnc board: %s holds %d PGN inputs; name one file (or one archive member's file)\n", files[0], inputs)
		return exitUsage
	case g == nil:
		msg.Fprintf(stderr, "pgnc board: the file has %d games; --game %d is out of range\n", games, *gameN)
		return exitUsage
	}
	show := func(title string, p chess.Position) {
		msg.Fprintf(stdout, "%s, %s to move\n%sFEN: %s\n", title, msg.Diag.Phrase(p.Turn().String()), p.Diagram(!*ascii), p.FEN())
	}
	// play plays m on pos and shows the position after it.
	play := func(pos *chess.Position, m *model.Move) {
		label := moveLabel(pos, m)
		m.Play(pos)
		show(msg.Sprintf("after %s", label), *pos)
	}
	// after shows the position after the first plies moves of the main line.
	after := func(plies int) {
		if plies == 0 {
			show(msg.Sprintf("start"), g.Start)
			return
		}
		pos := g.Start
		for _, m := range g.Moves[:plies-1] {
			m.Play(&pos)
		}
		play(&pos, g.Moves[plies-1])
	}
	switch {
	case *all:
		show(msg.Sprintf("start"), g.Start)
		pos := g.Start
		for _, m := range g.Moves {
			fmt.Fprintln(stdout)
			play(&pos, m)
		}
	case *ply >= 0:
		if *ply > len(g.Moves) {
			msg.Fprintf(stderr, "pgnc board: game %d has %d replayable plies; --ply %d is out of range\n", *gameN, len(g.Moves), *ply)
			return exitUsage
		}
		after(*ply)
	default:
		after(len(g.Moves))
	}
	if !g.Complete {
		msg.Fprintf(stderr, "pgnc board: game %d stops after ply %d at an illegal or unreadable move; run pgnc check for details\n", *gameN, len(g.Moves))
		return exitProblems
	}
	return exitClean
}

// skippedWarning warns on stderr of a file below the directory arg that is
// passed over, as eachInput does.
func skippedWarning(arg string, stderr io.Writer) func(path string, why pgn.Skip) {
	return func(path string, why pgn.Skip) {
		switch why {
		case pgn.LinksOutside:
			msg.Fprintf(stderr, "pgnc: warning: %s links to a file outside %s; passed over\n", path, arg)
		case pgn.NotRegular:
			msg.Fprintf(stderr, "pgnc: warning: %s is not a regular file; passed over\n", diag.Printable(path))
		}
	}
}

// inputErr returns an error of pgn.Reader's inputs as eachInput and the
// readers of the commands print it: an input that cannot be opened in
// msg's language (inputError), a failure to read one with its name made
// printable.
func inputErr(err error) error {
	var open *input.OpenError
	var read *pgn.InputError
	switch {
	case errors.As(err, &open):
		return &inputError{open}
	case errors.As(err, &read):
		return fmt.Errorf("%s: %w", diag.Printable(read.Source), read.Err)
	}
	return err
}

// moveLabel names m, played in before, as "12. Nf3" or "12... Nf6".
func moveLabel(before *chess.Position, m *model.Move) string {
	dots := "."
	if before.Turn() == chess.Black {
		dots = "..."
	}
	return msg.Sprintf("%d%s %s", before.FullmoveNumber(), dots, m.SAN)
}
