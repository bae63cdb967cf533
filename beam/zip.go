package pgncbeam

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/reader"
)

// zipUnits returns the units of the zip archive src at path, the first
// numbered file among the inputs: one for each .pgn member, in archive
// order, named "archive.zip:member.pgn" and read whole, as pgnc check
// reads them. An encrypted member, and an archive without a .pgn member,
// are inputs that are not PGN text.
func zipUnits(src source, path string, file int) ([]unit, error) {
	z, err := zip.NewReader(src, src.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: zip: %v", path, err)
	}
	var units []unit
	for i, m := range z.File {
		if m.FileInfo().IsDir() || !strings.HasSuffix(strings.ToLower(m.Name), ".pgn") {
			continue
		}
		u := unit{File: file + len(units), Path: path, Name: path + ":" + m.Name, Whole: true, Size: src.Size(), Member: i + 1}
		if m.Flags&1 != 0 {
			u.NotPGN = &input.NotPGNError{What: "an encrypted zip member", Fix: "pgnc does not read encrypted members: unzip it with its password first"}
		}
		units = append(units, u)
	}
	if len(units) == 0 {
		units = append(units, unit{File: file, Path: path, Name: path, NoMember: true,
			NotPGN: &input.NotPGNError{What: "a zip archive without a .pgn member", Fix: "is it the right file?"}})
	}
	return units, nil
}

// openMember returns a reader of the games of res.Unit, a member of the
// zip archive f, decoded as pgnc check decodes it (input.Reader), and
// what closes it. When the member cannot be read, it returns nil and says
// why in res: the input is not PGN text (NotPGN), or the error (Err).
func openMember(f source, res *unitResult, opts Options) (*reader.Reader, io.Closer) {
	u := res.Unit
	res.Unopened = true // until it is open
	z, err := zip.NewReader(f, u.Size)
	if err != nil {
		res.Err = fmt.Sprintf("%s: zip: %v", u.Path, err)
		return nil, nil
	}
	if u.Member > len(z.File) {
		res.Err = fmt.Sprintf("%s: the archive has changed: it has no member %d", u.Name, u.Member)
		return nil, nil
	}
	m := z.File[u.Member-1]
	r, err := m.Open()
	if err != nil {
		res.Err = fmt.Sprintf("%s: %v", u.Name, err)
		return nil, nil
	}
	text, _, err := input.Reader(zipMember{r, m})
	if err != nil {
		r.Close()
		var notPGN *input.NotPGNError
		if errors.As(err, &notPGN) {
			res.Unit.NotPGN, res.Unopened = notPGN, false
		} else {
			res.Err = fmt.Sprintf("%s: %v", u.Name, err)
		}
		return nil, nil
	}
	res.Unopened = false
	return reader.New(text, u.Name, opts.readOptions()), closers{text, r}
}

// zipMember reads a zip member and says what is wrong with it when it
// fails, in the words of pgnc check (internal/input).
type zipMember struct {
	io.ReadCloser
	m *zip.File
}

func (z zipMember) Read(p []byte) (int, error) {
	n, err := z.ReadCloser.Read(p)
	if err == nil || err == io.EOF {
		return n, err
	}
	at, derr := z.m.DataOffset()
	if derr != nil {
		at = -1
	}
	switch {
	case errors.Is(err, zip.ErrChecksum):
		err = fmt.Errorf("zip: the member's data (at offset %d of the archive) does not match its CRC-32: the archive is damaged", at)
	case errors.Is(err, io.ErrUnexpectedEOF):
		err = fmt.Errorf("zip: the member's compressed data (at offset %d of the archive) ends before the member does: the archive is damaged", at)
	default:
		err = fmt.Errorf("zip: the member's data (at offset %d of the archive) is damaged: %w", at, err)
	}
	return n, err
}

type closers []io.Closer

func (cs closers) Close() error {
	var errs []error
	for _, c := range cs {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}
