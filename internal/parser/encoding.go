package parser

import (
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/charset"
)

// Encoding is the character encoding of tag values and comments, the only
// places where PGN allows bytes outside ASCII.
type Encoding uint8

const (
	// Auto reads UTF-8, except in a game that has bytes that are not
	// UTF-8: all of that game's text is then read as Windows-1252, with
	// warning PGN104. Files that mix games from both encodings come out
	// right.
	Auto Encoding = iota
	// UTF8 reads UTF-8 only: bytes that are not UTF-8 are errors
	// (PGN114) and stay in the tree as they are.
	UTF8
	// Latin1 reads every byte as one Windows-1252 character, the superset
	// of ISO 8859-1 that the standard names, with no diagnostic.
	Latin1
)

// ParseEncoding reads the name of an encoding: auto, utf8 or latin1.
func ParseEncoding(name string) (Encoding, bool) {
	switch name {
	case "auto":
		return Auto, true
	case "utf8", "utf-8":
		return UTF8, true
	case "latin1", "latin-1", "windows-1252", "cp1252", "iso-8859-1":
		return Latin1, true
	}
	return 0, false
}

// String returns the name ParseEncoding reads.
func (e Encoding) String() string {
	switch e {
	case UTF8:
		return "utf8"
	case Latin1:
		return "latin1"
	}
	return "auto"
}

// foreignText is a tag value or comment with bytes outside ASCII.
type foreignText struct {
	at      int  // where its body starts
	invalid bool // it is not valid UTF-8
}

// decodeGames decodes the tag values and comments of the games that the
// encoding says are not UTF-8. Spans keep pointing at the bytes as written.
func (p *parser) decodeGames() {
	if len(p.foreign) == 0 || p.encoding == UTF8 {
		return
	}
	texts := p.foreign
	for _, g := range p.db.Games {
		for len(texts) > 0 && texts[0].at < g.From {
			texts = texts[1:]
		}
		n := 0
		decode := false
		for n < len(texts) && texts[n].at < g.To {
			decode = decode || p.encoding == Latin1 || texts[n].invalid
			n++
		}
		texts = texts[n:]
		if decode {
			decodeGame(g)
			g.Decoded = true
		}
		if len(texts) == 0 {
			return
		}
	}
}

// mergeForeign makes the texts with bytes outside ASCII from offset from on,
// those of a game being handed out in parts, one entry that decodeGames
// reads the same way, so that the list does not grow with a huge game.
func (p *parser) mergeForeign(from int) {
	n := len(p.foreign)
	i := n
	for i > 0 && p.foreign[i-1].at >= from {
		i--
	}
	if n-i < 2 {
		return
	}
	for _, t := range p.foreign[i+1:] {
		p.foreign[i].invalid = p.foreign[i].invalid || t.invalid
	}
	p.foreign = p.foreign[:i+1]
}

// decodeGame rewrites the text of g from Windows-1252 to UTF-8.
func decodeGame(g *ast.Game) {
	for _, t := range g.Tags {
		t.Value = charset.Decode(t.Value)
	}
	ast.Inspect(g, func(n ast.Node) bool {
		if c, ok := n.(*ast.Comment); ok {
			c.Text = charset.Decode(c.Text)
		}
		return true
	})
}
