package input

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/gzip"
)

// gzipMembers reads the members of a gzip file one after the other, as
// pigz and cat write them, and knows where each starts, so that a fault
// names the member's offset: bytes after the last member that are not a
// gzip member, a member whose CRC-32 is wrong, corrupt compressed data.
type gzipMembers struct {
	src     *countingReader
	z       *gzip.Reader
	start   int64 // offset of the current member
	members int   // members read to their end
}

// countingReader counts the bytes read from a bufio.Reader. It is a
// flate.Reader (it has ReadByte), so the decompressor reads exactly the
// bytes of a member and no more.
type countingReader struct {
	*bufio.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.Reader.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countingReader) ReadByte() (byte, error) {
	b, err := c.Reader.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

// newGzipMembers reads the header of the first member of br.
func newGzipMembers(br *bufio.Reader) (*gzipMembers, error) {
	src := &countingReader{Reader: br}
	z, err := gzip.NewReader(src)
	if err != nil {
		return nil, err
	}
	z.Multistream(false)
	return &gzipMembers{src: src, z: z}, nil
}

func (g *gzipMembers) Read(p []byte) (int, error) {
	for {
		n, err := g.z.Read(p)
		switch {
		case err == nil:
			return n, nil
		case err == io.EOF:
		case errors.Is(err, gzip.ErrChecksum):
			return n, fmt.Errorf("the member at offset %d fails its CRC-32 check: the file is damaged", g.start)
		case errors.Is(err, io.ErrUnexpectedEOF):
			return n, err
		default:
			return n, fmt.Errorf("the member at offset %d is damaged (%v)", g.start, err)
		}
		if n > 0 {
			return n, nil // the member's end is found again on the next Read
		}
		g.members++
		g.start = g.src.n
		if _, err := g.src.Peek(1); err == io.EOF {
			return 0, io.EOF
		}
		if head, _ := g.src.Peek(4); len(head) < 2 || head[0] != 0x1f || head[1] != 0x8b {
			return 0, fmt.Errorf("the bytes at offset %d (% x) are not a gzip member: something else follows the file's %s", g.start, head, plural(g.members, "member"))
		}
		if err := g.z.Reset(g.src); err != nil {
			return 0, fmt.Errorf("the member at offset %d: %w", g.start, err)
		}
		g.z.Multistream(false)
	}
}

func (g *gzipMembers) Close() error { return g.z.Close() }

// plural writes n things: "1 member", "2 members".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
