package main

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/input"
	"github.com/pgnc/pgnc/parser"
	"github.com/pgnc/pgnc/san"
	"github.com/spf13/pflag"
)

// pgnInput is one PGN input as the commands read it: a file, a member of a
// zip archive, or standard input, decoded to text.
type pgnInput struct {
	// name is what diagnostics print: a path, "<stdin>", or
	// "archive.zip:member.pgn".
	name string
	// path is the file the input was read from ("" for standard input):
	// what fmt -w rewrites, when format is text.
	path string
	// format is what the input was stored as (input.Text for plain text);
	// for a zip member, input.Zip.
	format input.Format
	// text is the decoded text, or nil when file is set.
	text io.ReadCloser
	// file, when set, is a plain text file of size bytes that can be read
	// in byte ranges (reader.NewFile).
	file *sizedFile
	size int64
}

// Close releases the input's decoder and file.
func (in *pgnInput) Close() error {
	if in.text != nil {
		return in.text.Close()
	}
	return in.file.Close()
}

// loneSurrogates returns, as PGN118 warnings, the lone UTF-16 surrogates
// decoded as U+FFFD at offsets of the text before end, placed in f (a
// piece of the text that holds them).
func (in *pgnInput) loneSurrogates(f *diag.File, end int) diag.List {
	text := in.text
	if rc, ok := text.(readCloser); ok {
		text = rc.ReadCloser
	}
	var list diag.List
	for _, s := range input.LoneSurrogates(text, int64(end)) {
		at := max(int(s.At)-f.Base(), 0)
		list = append(list, diag.Diagnostic{Code: diag.LoneSurrogate, Start: at, End: min(at+len("\uFFFD"), len(f.Src())),
			Args: []diag.Arg{diag.ValueArg("unit", fmt.Sprintf("%04X", s.Unit)), diag.ValueArg("offset", fmt.Sprint(s.Source))}})
	}
	return list
}

// openOptions say how inputs are opened.
type openOptions struct {
	jobs   int  // decode many-frame zstd files on this many goroutines when above 1
	ranged bool // hand plain text files over as files, to be read in ranges
	// progress, when not nil, shows how far each input has been read.
	progress *progress
	// stderr gets warnings about files passed over in a directory.
	stderr io.Writer
}

// inputError is a failure to open or read one input, named.
type inputError struct {
	name string
	err  error
}

func (e *inputError) Error() string {
	var notPGN *input.NotPGNError
	if errors.As(e.err, &notPGN) {
		return msg.Sprintf("%s: '%s' is %s, not PGN text; %s", e.name, filepath.Base(e.name), msg.Diag.Phrase(notPGN.What), msg.Diag.Phrase(notPGN.Fix))
	}
	if strings.HasPrefix(e.err.Error(), e.name) {
		return e.err.Error()
	}
	return e.name + ": " + e.err.Error()
}

func (e *inputError) Unwrap() error { return e.err }

// eachInput calls fn for each input that arg names, in order: standard
// input for "-", a file, every PGN file below a directory (isPGNName), and
// every .pgn member of a zip archive, in archive order. An input that
// cannot be opened is passed as an *inputError, and the others go on. fn
// closes the inputs it is given.
func eachInput(arg string, stdin io.Reader, o openOptions, fn func(*pgnInput, error)) {
	if arg == "-" {
		if f, ok := stdin.(*os.File); ok {
			if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
				// Standard input redirected from a file is read as
				// one: a zip archive in particular.
				openFile(noClose{f}, info.Size(), "<stdin>", "", o, fn)
				return
			}
		}
		o.progress.begin("<stdin>", -1)
		text, format, err := input.Reader(o.progress.wrap(stdin))
		if err != nil {
			fn(nil, &inputError{"<stdin>", err})
			return
		}
		fn(&pgnInput{name: "<stdin>", format: format, text: text}, nil)
		return
	}
	info, err := os.Stat(arg)
	if err != nil {
		fn(nil, err) // the error names the path
		return
	}
	if !info.IsDir() {
		openPath(arg, o, true, fn)
		return
	}
	found := false
	count := func(in *pgnInput, err error) {
		found = true
		fn(in, err)
	}
	err = filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			fn(nil, err)
			return nil
		}
		if d.IsDir() || !input.IsPGNName(path) {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 && linksOut(arg, path) {
			// A directory names the files in it: a link to a file
			// elsewhere (../settings.ini) is not read, nor rewritten by
			// fmt -w. A file named as an argument may be a link.
			if o.stderr != nil {
				msg.Fprintf(o.stderr, "pgnc: warning: %s links to a file outside %s; passed over\n", path, arg)
			}
			return nil
		}
		if !d.Type().IsRegular() {
			// A symbolic link counts for what it points to; a FIFO
			// would block, a device never end.
			if info, err := os.Stat(path); err != nil || !info.Mode().IsRegular() {
				if o.stderr != nil {
					msg.Fprintf(o.stderr, "pgnc: warning: %s is not a regular file; passed over\n", diag.Printable(path))
				}
				return nil
			}
		}
		openPath(path, o, false, count)
		return nil
	})
	switch {
	case err != nil:
		fn(nil, err)
	case !found:
		// A mistyped or empty directory must not pass as a clean check.
		fn(nil, msg.Errorf("%s: no PGN file in this directory (.pgn, compressed, or in a zip archive)", arg))
	}
}

// linksOut reports whether path, a symbolic link found in the directory
// dir, leads to a file outside dir. A link that leads nowhere is not out:
// it is reported as what it is when it is opened.
func linksOut(dir, path string) bool {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return false
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return true
	}
	rel, err := filepath.Rel(root, target)
	return err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel)
}

// openPath opens the file at path. named says the user named it; in a
// directory, zip archives without a .pgn member are passed over.
func openPath(path string, o openOptions, named bool, fn func(*pgnInput, error)) {
	f, err := os.Open(path)
	if err != nil {
		fn(nil, err)
		return
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		// Not a regular file (a named pipe, say): read it as a stream.
		o.progress.begin(path, -1)
		text, format, err := input.Reader(o.progress.wrap(f))
		if err != nil {
			f.Close()
			fn(nil, &inputError{path, err})
			return
		}
		fn(&pgnInput{name: path, path: path, format: format, text: readCloser{text, f}}, nil)
		return
	}
	if !named && strings.HasSuffix(strings.ToLower(path), ".zip") && !hasPGNMember(f, info.Size()) {
		f.Close()
		return
	}
	openFile(f, info.Size(), path, path, o, fn)
}

// file is what openFile needs of a file.
type file interface {
	io.ReaderAt
	io.Reader
	io.Closer
}

// openFile opens a regular file of size bytes, by its content.
func openFile(opened file, size int64, name, path string, o openOptions, fn func(*pgnInput, error)) {
	f := &sizedFile{opened, size}
	head := make([]byte, input.BinarySample)
	n, err := f.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		f.Close()
		fn(nil, &inputError{name, err})
		return
	}
	head = head[:n]
	format, notPGN := input.Detect(head)
	o.progress.begin(name, size)
	fail := func(err error) {
		f.Close()
		fn(nil, &inputError{name, err})
	}
	switch {
	case notPGN != nil:
		fail(notPGN)
		return
	case format == input.Zip:
		openZip(f, size, name, path, o, fn)
		f.Close()
		return
	case format == input.Text && o.ranged:
		if input.Binary(head) {
			fail(input.ErrBinary)
			return
		}
		if _, ok := opened.(*os.File); ok {
			fn(&pgnInput{name: name, path: path, file: f, size: size}, nil)
			return
		}
	}
	text, format, err := input.File(o.progress.wrapAt(f), size, o.jobs)
	if err != nil {
		fail(err)
		return
	}
	fn(&pgnInput{name: name, path: path, format: format, text: readCloser{text, f}}, nil)
}

// sizedFile is a regular file that held size bytes when it was opened.
// Reading it is expected to reach that size: a file that ends earlier was
// cut while it was read (input.ShrunkError). A file that grows is read to
// its new end.
type sizedFile struct {
	file
	size int64
}

func (f *sizedFile) ReadAt(p []byte, off int64) (int, error) {
	n, err := f.file.ReadAt(p, off)
	if err == io.EOF && off+int64(n) < f.size {
		err = &input.ShrunkError{Size: f.size, End: off + int64(n)}
	}
	return n, err
}

// openZip passes on every .pgn member of the zip archive in f, in archive
// order, named "archive.zip:member.pgn".
func openZip(f io.ReaderAt, size int64, name, path string, o openOptions, fn func(*pgnInput, error)) {
	z, err := zip.NewReader(o.progress.wrapAt(f), size)
	if err != nil {
		fn(nil, &inputError{name, msg.Errorf("zip: %v", err)})
		return
	}
	found := false
	for _, m := range z.File {
		if !isPGNMember(m) {
			continue
		}
		found = true
		memberName := name + ":" + m.Name
		if m.Flags&1 != 0 {
			fn(nil, &inputError{memberName, &input.NotPGNError{What: "an encrypted zip member", Fix: "pgnc does not read encrypted members: unzip it with its password first"}})
			continue
		}
		r, err := m.Open()
		if err != nil {
			fn(nil, &inputError{memberName, err})
			continue
		}
		text, _, err := input.Reader(zipMember{r, m})
		if err != nil {
			r.Close()
			fn(nil, &inputError{memberName, err})
			continue
		}
		fn(&pgnInput{name: memberName, path: path, format: input.Zip, text: readCloser{text, r}}, nil)
	}
	if !found {
		fn(nil, &inputError{name, &input.NotPGNError{What: "a zip archive without a .pgn member", Fix: "is it the right file?"}})
	}
}

// zipMember reads a zip member and says what is wrong with it when it
// fails: a CRC-32 that does not match, damaged compressed data.
type zipMember struct {
	io.ReadCloser
	m *zip.File
}

func (z zipMember) Read(p []byte) (int, error) {
	n, err := z.ReadCloser.Read(p)
	if err != nil && err != io.EOF {
		at, derr := z.m.DataOffset()
		if derr != nil {
			at = -1
		}
		err = input.ZipMemberError(err, at)
	}
	return n, err
}

// isPGNMember reports whether a zip member is a PGN file, by its name.
func isPGNMember(m *zip.File) bool {
	return !m.FileInfo().IsDir() && strings.HasSuffix(strings.ToLower(m.Name), ".pgn")
}

// hasPGNMember reports whether f is a zip archive with a .pgn member.
func hasPGNMember(f io.ReaderAt, size int64) bool {
	z, err := zip.NewReader(f, size)
	if err != nil {
		return true // let the named error show when it is opened
	}
	for _, m := range z.File {
		if isPGNMember(m) {
			return true
		}
	}
	return false
}

// readCloser closes the decoder and then the file under it.
type readCloser struct {
	io.ReadCloser
	under io.Closer
}

func (c readCloser) Close() error {
	err := c.ReadCloser.Close()
	if ferr := c.under.Close(); err == nil {
		err = ferr
	}
	return err
}

// closers closes several things in order.
type closers []io.Closer

func (cs closers) Close() error {
	var first error
	for _, c := range cs {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// noClose is standard input read as a file: it stays open.
type noClose struct{ *os.File }

func (noClose) Close() error { return nil }

// progressAt counts the bytes read through ReadAt into the bar, for inputs
// read out of order: a zip archive, the frames of a zstd file.
type progressAt struct {
	r    io.ReaderAt
	p    *progress
	read atomic.Int64
}

func (pa *progressAt) ReadAt(b []byte, off int64) (int, error) {
	n, err := pa.r.ReadAt(b, off)
	pa.p.reached(pa.read.Add(int64(n)))
	return n, err
}

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
	set.Var(&e.letters, "piece-letters", msg.Sprintf("the language of the piece letters of every game: %s; by default a game with letters that are not English is read in the one language that has them all", languageCodes()))
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
