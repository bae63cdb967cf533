package main

import (
	"errors"
	"io"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/san"
	"github.com/spf13/pflag"
)

// openOptions say how inputs are opened.
type openOptions struct {
	jobs int // decode many-frame zstd files on this many goroutines when above 1
	// progress, when not nil, shows how far each input has been read.
	progress *progress
	// stderr gets warnings about files passed over in a directory.
	stderr io.Writer
}

// eachInput calls fn for each input that arg names, in order
// (input.Each): standard input for "-", a file, every PGN file below a
// directory, and every .pgn member of a zip archive. An input that cannot
// be opened is passed as an *inputError, and the others go on. fn closes
// the inputs it is given.
func eachInput(arg string, stdin io.Reader, o openOptions, fn func(*input.Source, error)) {
	opts := input.Options{Workers: o.jobs}
	if o.progress != nil {
		opts.Progress = &progressCount{p: o.progress}
	}
	if o.stderr != nil {
		opts.Skipped = func(path string, why input.Skip) {
			switch why {
			case input.LinksOutside:
				msg.Fprintf(o.stderr, "pgnc: warning: %s links to a file outside %s; passed over\n", path, arg)
			case input.NotRegular:
				msg.Fprintf(o.stderr, "pgnc: warning: %s is not a regular file; passed over\n", diag.Printable(path))
			}
		}
	}
	for in, err := range input.Each(arg, stdin, opts) {
		var open *input.OpenError
		if errors.As(err, &open) {
			err = &inputError{open}
		}
		fn(in, err)
	}
}

// inputError is an input that could not be opened, in msg's language.
type inputError struct{ *input.OpenError }

func (e *inputError) Error() string {
	var notPGN *input.NotPGNError
	switch {
	case errors.As(e.Err, &notPGN):
		return msg.Sprintf("%s: '%s' is %s, not PGN text; %s", e.Name, filepath.Base(e.Name), msg.Diag.Phrase(notPGN.What), msg.Diag.Phrase(notPGN.Fix))
	case errors.Is(e.Err, input.ErrNoPGNFile):
		return msg.Sprintf("%s: no PGN file in this directory (.pgn, compressed, or in a zip archive)", e.Name)
	}
	return e.OpenError.Error()
}

func (e *inputError) Unwrap() error { return e.OpenError }

// progressCount shows on the progress bar how far input.Each has read an
// input: the bytes read as stored, counted from several goroutines for
// a zip archive or the frames of a zstd file.
type progressCount struct {
	p    *progress
	read atomic.Int64
}

func (c *progressCount) Begin(name string, size int64) {
	c.read.Store(0)
	c.p.begin(name, size)
}

func (c *progressCount) Read(n int) { c.p.reached(c.read.Add(int64(n))) }

// encodingFlag is the --encoding flag of the commands that read PGN text.
type encodingFlag struct {
	enc     parser.Encoding
	letters lettersFlag // --piece-letters
}

func (e *encodingFlag) String() string { return e.enc.String() }

// Type names the flag's value in help text.
func (e *encodingFlag) Type() string { return "encoding" }

func (e *encodingFlag) Set(name string) error {
	enc, ok := parser.ParseEncoding(strings.ToLower(name))
	if !ok {
		return msg.Errorf("unknown encoding %q (want auto, utf8 or latin1)", name)
	}
	e.enc = enc
	return nil
}

// addEncodingFlag defines --encoding on set, and --piece-letters, the
// other flag of every command that reads PGN text.
func addEncodingFlag(set *pflag.FlagSet, e *encodingFlag) {
	set.Var(e, "encoding", msg.Sprintf("how tag values and comments are read: auto (UTF-8; a game that is not UTF-8 is read as Windows-1252, with a warning), utf8 (bytes that are not UTF-8 are errors) or latin1 (Windows-1252)"))
	addLettersFlag(set, &e.letters)
}

// addLettersFlag defines --piece-letters on set: of the commands that read
// PGN text, and of play, which reads moves as check reads them.
func addLettersFlag(set *pflag.FlagSet, l *lettersFlag) {
	set.Var(l, "piece-letters", msg.Sprintf("the language of the piece letters of every game: %s; by default a game with letters that are not English is read in the one language that has them all", languageCodes()))
}

// lettersFlag is --piece-letters, a language of piece letters, or
// --write-letters, which also takes en for English (english).
type lettersFlag struct {
	lang    *san.Language
	english bool // en is a value: English, nil
}

func (l *lettersFlag) String() string {
	switch {
	case l.lang != nil:
		return l.lang.Code
	case l.english:
		return "en"
	}
	return ""
}

// Type names the flag's value in help text.
func (l *lettersFlag) Type() string { return "language" }

func (l *lettersFlag) Set(code string) error {
	code = strings.ToLower(code)
	if code == "en" && l.english {
		l.lang = nil
		return nil
	}
	if l.lang = san.LanguageOf(code); l.lang == nil {
		want := languageCodes()
		if l.english {
			want = "en, " + want
		}
		return msg.Errorf("unknown language %q (want %s)", code, want)
	}
	return nil
}

// languageCodes lists the languages of --piece-letters, "de (German), ...".
func languageCodes() string {
	var codes []string
	for _, l := range san.Languages {
		codes = append(codes, l.Code+" ("+msg.Diag.Phrase(l.Name)+")")
	}
	return strings.Join(codes, ", ")
}

// spellingFlags are --write-letters and --figurine, how the commands that
// write moves (fmt, convert, play) spell their pieces. --piece-letters
// names the letters a file is read in: a flag of its own, since one that
// did both would read an English file written for French readers (R, a
// rook) in French (R, the king).
type spellingFlags struct {
	letters   lettersFlag
	figurines bool
}

func (f *spellingFlags) add(set *pflag.FlagSet) {
	f.letters.english = true
	set.Var(&f.letters, "write-letters", msg.Sprintf("write the moves with the piece letters of this language: en (the default, as the standard has it), %s", languageCodes()))
	set.BoolVar(&f.figurines, "figurine", false, msg.Sprintf("write the moves in figurine notation, with chess symbols for the pieces"))
}

// apply sets the spelling in opts.
func (f *spellingFlags) apply(opts *export.Options) {
	opts.Letters, opts.Figurines = f.letters.lang, f.figurines
}

// spell writes a move in canonical SAN as the flags ask.
func (f *spellingFlags) spell(move string) string {
	if f.figurines {
		return san.Figurines(move)
	}
	return f.letters.lang.Spell(move)
}
