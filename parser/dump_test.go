package parser

import (
	"os"
	"testing"

	"github.com/pgnc/pgnc/ast"
	"github.com/pgnc/pgnc/diag"
)

func TestDumpScratch(t *testing.T) {
	src := os.Getenv("PGN")
	if src == "" {
		t.Skip()
	}
	db, diags := Parse(src)
	ast.Fprint(os.Stdout, db)
	f := diag.NewFile("x", src)
	for _, d := range diags {
		p := f.Position(d.Start)
		t.Logf("%d:%d %s %s %s", p.Line, p.Col, d.Code, d.Message(), d.Hint())
	}
}
