package input

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"
)

// Options say how Each opens inputs. The zero Options decode on the
// calling goroutine and report nothing but the inputs.
type Options struct {
	// Workers is how many goroutines decode the frames of a zstd file of
	// several frames (as pzstd writes them) at once; 0 or 1 decode as the
	// text is read.
	Workers int
	// Progress, when not nil, is told how far each input has been read.
	Progress Progress
	// Skipped, when not nil, is told of each file in a directory that
	// Each passes over, and why.
	Skipped func(path string, why Skip)
}

// Skip says why Each passes over a file it finds in a directory.
type Skip uint8

const (
	// LinksOutside is a symbolic link to a file outside the directory
	// named: a directory names the files in it, and a link to a file
	// elsewhere (../settings.ini) is neither read nor rewritten. A file
	// named itself may be a link.
	LinksOutside Skip = iota + 1
	// NotRegular is a file that is not a regular file, nor a link to one:
	// a named pipe would block, a device never end.
	NotRegular
	// NoPGNMember is a zip archive without a .pgn member, which in a
	// directory is some other archive. Named itself, it is an error.
	NoPGNMember
)

func (s Skip) String() string {
	switch s {
	case LinksOutside:
		return "links to a file outside the directory"
	case NotRegular:
		return "not a regular file"
	case NoPGNMember:
		return "a zip archive without a .pgn member"
	}
	return fmt.Sprintf("Skip(%d)", uint8(s))
}

// OpenError is an input that Each could not open, named; the inputs after
// it are opened all the same. Err is a *NotPGNError for an input that is
// not PGN text (a 7-Zip archive, binary data, a zip archive without a .pgn
// member, an encrypted member), ErrNoPGNFile for a directory without PGN
// files, ErrZipStream for a zip archive on standard input that is not a
// file, or what the operating system or the decompressor said.
type OpenError struct {
	Name string // the input, as Source.Name would have called it
	Err  error
	// named says that Err's text names the input itself: an
	// *fs.PathError of the file named or found in a directory.
	named bool
}

func (e *OpenError) Error() string {
	var notPGN *NotPGNError
	switch {
	case errors.As(e.Err, &notPGN):
		return fmt.Sprintf("%s: '%s' is %s, not PGN text; %s", e.Name, filepath.Base(e.Name), notPGN.What, notPGN.Fix)
	case e.named || strings.HasPrefix(e.Err.Error(), e.Name):
		return e.Err.Error()
	}
	return e.Name + ": " + e.Err.Error()
}

func (e *OpenError) Unwrap() error { return e.Err }

// ErrNoPGNFile is the OpenError of a directory in which Each finds no PGN
// file: a mistyped or empty directory must not pass as a clean check.
var ErrNoPGNFile = errors.New("no PGN file in this directory (.pgn, compressed, or in a zip archive)")

// errNoStdin is the OpenError of "-" when Each is given no standard input.
var errNoStdin = errors.New("no standard input to read")

// Each returns the inputs that arg names, in order, each opened by its
// content (Reader): standard input for "-" (read as a file when it is
// redirected from one, so that a zip archive can be read from it); a
// file, whatever its name; every PGN file below a directory (IsPGNName),
// in lexical order, symbolic links to files inside it included; and every
// .pgn member of a zip archive, in archive order. An input that cannot be
// opened comes as an *OpenError, and the others follow. The caller closes
// each Source it is given, whenever it likes: a zip archive stays open
// until its last member is closed.
func Each(arg string, stdin io.Reader, o Options) iter.Seq2[*Source, error] {
	return func(yield func(*Source, error) bool) {
		op := &opener{Options: o, yield: yield}
		if arg == "-" {
			op.stdin(stdin)
			return
		}
		op.arg(arg)
	}
}

// opener opens the inputs of one call of Each and hands them to yield.
type opener struct {
	Options
	yield func(*Source, error) bool
	given int  // sources and errors handed over
	done  bool // the loop over Each is left
}

// give hands s or err over, unless the caller has left the loop.
func (op *opener) give(s *Source, err error) {
	if op.done {
		if s != nil {
			s.Close()
		}
		return
	}
	op.given++
	op.done = !op.yield(s, err)
}

// fail hands over the OpenError of the input name.
func (op *opener) fail(name string, err error) { op.give(nil, &OpenError{Name: name, Err: err}) }

// failNamed hands over the error of the operating system about path.
func (op *opener) failNamed(path string, err error) {
	op.give(nil, &OpenError{Name: path, Err: err, named: true})
}

func (op *opener) begin(name string, size int64) {
	if op.Progress != nil {
		op.Progress.Begin(name, size)
	}
}

func (op *opener) skip(path string, why Skip) {
	if op.Skipped != nil {
		op.Skipped(path, why)
	}
}

// stdin opens standard input.
func (op *opener) stdin(stdin io.Reader) {
	const name = "<stdin>"
	if stdin == nil {
		op.fail(name, errNoStdin)
		return
	}
	if f, ok := stdin.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
			// Standard input redirected from a file is read as one: a
			// zip archive in particular.
			op.file(noClose{f}, info.Size(), name, "")
			return
		}
	}
	op.begin(name, -1)
	text, format, err := Reader(counted(stdin, op.Progress))
	if err != nil {
		op.fail(name, err)
		return
	}
	op.give(&Source{Name: name, Format: format, text: text}, nil)
}

// arg opens a file or the files below a directory.
func (op *opener) arg(arg string) {
	info, err := os.Stat(arg)
	if err != nil {
		op.failNamed(arg, err)
		return
	}
	if !info.IsDir() {
		op.path(arg, true)
		return
	}
	found := false
	err = filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
		if op.done {
			return filepath.SkipAll
		}
		if err != nil {
			op.failNamed(path, err)
			return nil
		}
		if d.IsDir() || !IsPGNName(path) {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 && linksOut(arg, path) {
			op.skip(path, LinksOutside)
			return nil
		}
		if !d.Type().IsRegular() {
			// A symbolic link counts for what it points to.
			if info, err := os.Stat(path); err != nil || !info.Mode().IsRegular() {
				op.skip(path, NotRegular)
				return nil
			}
		}
		given := op.given
		op.path(path, false)
		found = found || op.given > given
		return nil
	})
	switch {
	case err != nil:
		op.failNamed(arg, err)
	case !found:
		op.fail(arg, ErrNoPGNFile)
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

// path opens the file at path. named says the caller named it; in a
// directory, zip archives without a .pgn member are passed over.
func (op *opener) path(path string, named bool) {
	f, err := os.Open(path)
	if err != nil {
		op.failNamed(path, err)
		return
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		// Not a regular file (a named pipe, say): read it as a stream.
		op.begin(path, -1)
		text, format, err := Reader(counted(f, op.Progress))
		if err != nil {
			f.Close()
			op.fail(path, err)
			return
		}
		op.give(&Source{Name: path, Path: path, Format: format, text: text, under: f}, nil)
		return
	}
	if !named && strings.HasSuffix(strings.ToLower(path), ".zip") && !hasPGNMember(f, info.Size()) {
		f.Close()
		op.skip(path, NoPGNMember)
		return
	}
	op.file(f, info.Size(), path, path)
}

// file opens a regular file of size bytes, by its content.
func (op *opener) file(opened file, size int64, name, path string) {
	f := &sizedFile{opened, size}
	fail := func(err error) {
		f.Close()
		op.fail(name, err)
	}
	head := make([]byte, BinarySample)
	n, err := f.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		fail(err)
		return
	}
	head = head[:n]
	format, notPGN := Detect(head)
	op.begin(name, size)
	switch {
	case notPGN != nil:
		fail(notPGN)
		return
	case format == Zip:
		op.zip(f, size, name, path)
		return
	case format == Text:
		if Binary(head) {
			fail(ErrBinary)
			return
		}
		if _, ok := opened.(*os.File); ok {
			op.give(&Source{Name: name, Path: path, Format: Text, under: f, file: f, size: size, progress: op.Progress}, nil)
			return
		}
	}
	text, format, err := File(countedAt(f, op.Progress), size, op.Workers)
	if err != nil {
		fail(err)
		return
	}
	op.give(&Source{Name: name, Path: path, Format: format, text: text, under: f}, nil)
}

// zip opens every .pgn member of the zip archive in f, in archive order,
// named "archive.zip:member.pgn". It closes f when the last member is
// closed.
func (op *opener) zip(f *sizedFile, size int64, name, path string) {
	archive := &shared{holders: 1, c: f}
	defer archive.Close()
	z, err := zip.NewReader(countedAt(f, op.Progress), size)
	if err != nil {
		op.fail(name, fmt.Errorf("zip: %v", err))
		return
	}
	found := false
	for _, m := range z.File {
		if op.done {
			return
		}
		if !isPGNMember(m) {
			continue
		}
		found = true
		memberName := name + ":" + m.Name
		if m.Flags&1 != 0 {
			op.fail(memberName, &NotPGNError{What: "an encrypted zip member", Fix: "pgnc does not read encrypted members: unzip it with its password first"})
			continue
		}
		r, err := m.Open()
		if err != nil {
			op.fail(memberName, err)
			continue
		}
		text, _, err := Reader(zipMember{r, m})
		if err != nil {
			r.Close()
			op.fail(memberName, err)
			continue
		}
		archive.hold()
		op.give(&Source{Name: memberName, Path: path, Format: Zip, text: text, under: closers{r, archive}}, nil)
	}
	if !found {
		op.fail(name, &NotPGNError{What: "a zip archive without a .pgn member", Fix: "is it the right file?"})
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
		err = zipMemberError(err, at)
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
