package input

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
)

// ShrunkError is a regular file that ends before the size it had when it
// was opened: another process cut it while it was read. It is an I/O
// error, not the end of the input, lest the games it lost pass unnoticed.
type ShrunkError struct {
	Size int64 // when the file was opened
	End  int64 // where reading it ended
}

func (e *ShrunkError) Error() string {
	return fmt.Sprintf("the file held %d bytes when it was opened but ends at byte %d: it was cut while being read (by another process?)", e.Size, e.End)
}

// zipMemberError says what is wrong with a zip member whose data starts at
// offset at of the archive (-1 when unknown), from err, the error of
// reading it: a CRC-32 that does not match, compressed data that ends
// early or is damaged.
func zipMemberError(err error, at int64) error {
	switch {
	case err == nil || err == io.EOF:
		return err
	case errors.Is(err, zip.ErrChecksum):
		return fmt.Errorf("zip: the member's data (at offset %d of the archive) does not match its CRC-32: the archive is damaged", at)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("zip: the member's compressed data (at offset %d of the archive) ends before the member does: the archive is damaged", at)
	}
	return fmt.Errorf("zip: the member's data (at offset %d of the archive) is damaged: %w", at, err)
}
