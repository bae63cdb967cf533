package ast

import (
	"fmt"
	"io"
	"strings"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/san"
)

// Fprint writes a debug dump of the tree rooted at n to w: one line per node,
// indented by depth, with its span and decoded fields. Golden tests compare
// these dumps.
func Fprint(w io.Writer, n Node) error {
	p := &printer{w: w}
	Inspect(n, p.visit)
	return p.err
}

type printer struct {
	w     io.Writer
	depth int
	err   error
}

func (p *printer) visit(n Node) bool {
	if n == nil {
		p.depth--
		return false
	}
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, "%s%s\n", strings.Repeat("  ", p.depth), describe(n))
	}
	p.depth++
	return true
}

func describe(n Node) string {
	span := fmt.Sprintf("%d-%d", n.Pos(), n.End())
	switch n := n.(type) {
	case *Database:
		return fmt.Sprintf("Database %s games=%d", span, len(n.Games))
	case *Game:
		s := fmt.Sprintf("Game #%d %s", n.Index, span)
		if n.Broken {
			s += " broken"
		}
		return s
	case *TagPair:
		return fmt.Sprintf("TagPair %s %s=%q", span, n.Name, n.Value)
	case *MoveNumber:
		return fmt.Sprintf("MoveNumber %s %d dots=%d", span, n.Number, n.Dots)
	case *Move:
		return fmt.Sprintf("Move %s %q %s", span, n.Text, describeSAN(n.SAN))
	case *BadMove:
		return fmt.Sprintf("BadMove %s %q", span, n.Text)
	case *NAG:
		return fmt.Sprintf("NAG %s $%d", span, n.Value)
	case *Suffix:
		return fmt.Sprintf("Suffix %s %q", span, n.Text)
	case *Comment:
		kind := "brace"
		if n.Line {
			kind = "line"
		}
		return fmt.Sprintf("Comment %s %s %q", span, kind, n.Text)
	case *Variation:
		s := "Variation " + span
		if !n.Closed {
			s += " unclosed"
		}
		return s
	case *Result:
		return fmt.Sprintf("Result %s %q %s", span, n.Text, n.Outcome)
	case *Escape:
		return fmt.Sprintf("Escape %s %q", span, n.Text)
	}
	return fmt.Sprintf("%T %s", n, span)
}

func describeSAN(m san.Move) string {
	var parts []string
	switch m.Kind {
	case san.CastleKingside:
		parts = append(parts, "castle=king")
	case san.CastleQueenside:
		parts = append(parts, "castle=queen")
	case san.Null:
		parts = append(parts, "null")
	default:
		letter := m.Piece.Letter()
		if m.Piece == chess.Pawn {
			letter = "P"
		}
		parts = append(parts, "piece="+letter)
		if m.FromFile >= 0 {
			parts = append(parts, "file="+string(rune('a'+m.FromFile)))
		}
		if m.FromRank >= 0 {
			parts = append(parts, "rank="+string(rune('1'+m.FromRank)))
		}
		if m.Capture {
			parts = append(parts, "capture")
		}
		parts = append(parts, "to="+m.To.String())
		if m.Promotion != chess.NoPieceType {
			parts = append(parts, "promote="+m.Promotion.Letter())
		}
	}
	switch m.Check {
	case san.Checking:
		parts = append(parts, "check")
	case san.Mating:
		parts = append(parts, "mate")
	}
	if m.Annotation != san.NoAnnotation {
		parts = append(parts, "annotation="+m.Annotation.String())
	}
	if m.Quirks != 0 {
		parts = append(parts, fmt.Sprintf("quirks=%d", m.Quirks))
	}
	return strings.Join(parts, " ")
}
