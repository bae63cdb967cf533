package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/reader"
)

// nested is a game whose variations nest depth deep.
func nested(depth int) string {
	return "[Event \"deep\"]\n\n1. e4 " + strings.Repeat("(1. d4 ", depth) + strings.Repeat(")", depth) + " *\n"
}

// TestDepthCap: variations nested parser.DepthCap deep run through every
// pass (check, model, fmt, JSON and back), and check refuses a deeper
// --max-depth.
func TestDepthCap(t *testing.T) {
	src := nested(parser.DepthCap)
	path := filepath.Join(t.TempDir(), "deep.pgn")
	os.WriteFile(path, []byte(src), 0o644)
	code, out, stderr := pgncRun([]string{"check", "--max-depth", "3000", path}, nil)
	if code != exitClean || strings.Contains(out, "PGN214") {
		t.Errorf("check: exit %d: %.500s%s", code, out, stderr)
	}
	if code, _, stderr := pgncRun([]string{"check", "--max-depth", "3001", path}, nil); code != exitUsage || !strings.Contains(stderr, "--max-depth 3001 is above 3000") {
		t.Errorf("check --max-depth 3001: exit %d: %s", code, stderr)
	}
	rd := reader.New(strings.NewReader(src), "deep", reader.Options{Model: true, MaxDepth: parser.DepthCap})
	g, err := rd.Next()
	if err != nil {
		t.Fatal(err)
	}
	formatted := string(export.AppendGame(nil, g.Model, export.Options{}))
	if strings.Count(formatted, "(") != parser.DepthCap {
		t.Errorf("fmt kept %d of %d variations", strings.Count(formatted, "("), parser.DepthCap)
	}
	data, err := json.Marshal(export.ToJSON(g.Model, 0))
	if err != nil {
		t.Fatal(err)
	}
	var back export.JSONGame
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if m, err := export.FromJSON(back); err != nil || string(export.AppendGame(nil, m, export.Options{})) != formatted {
		t.Errorf("JSON round trip: %v", err)
	}
}
