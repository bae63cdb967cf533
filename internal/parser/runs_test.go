package parser

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
)

// TestRuns parses every movetext of up to seven tokens drawn from move
// numbers, moves, comments, NAGs and a variation: the tokens that a RUN token
// fuses (parser.fuseRun) and what breaks a run off anywhere. Each parse must
// give one element per token, in order and with its span, and report exactly
// the move numbers that no move follows.
func TestRuns(t *testing.T) {
	tokens := []string{"2.", "e4", "{c}", "$1", "(d4)"}
	const maxLen = 7
	p := Parser{ReuseMemory: true}
	var seq []int
	var walk func()
	walk = func() {
		runsAgree(t, &p, tokens, seq)
		if len(seq) == maxLen {
			return
		}
		for i := range tokens {
			seq = append(seq, i)
			walk()
			seq = seq[:len(seq)-1]
		}
	}
	walk()
}

func runsAgree(t *testing.T, p *Parser, tokens []string, seq []int) {
	t.Helper()
	const head = "[Event \"x\"]\n\n"
	var src strings.Builder
	src.WriteString(head)
	starts := make([]int, len(seq))
	for i, k := range seq {
		starts[i] = src.Len()
		src.WriteString(tokens[k] + " ")
	}
	src.WriteString("*")
	text := src.String()
	db, diags := p.Parse(text)
	if len(db.Games) != 1 {
		t.Fatalf("%q: %d games, want 1", text, len(db.Games))
	}
	moves := db.Games[0].Moves
	if len(moves) != len(seq) {
		t.Fatalf("%q: %d elements, want %d", text, len(moves), len(seq))
	}
	var dangling []int
	for i, k := range seq {
		e, tok := moves[i], tokens[k]
		if e.Pos() != starts[i] || e.End() != starts[i]+len(tok) {
			t.Fatalf("%q: element %d spans %d-%d, want %d-%d", text, i, e.Pos(), e.End(), starts[i], starts[i]+len(tok))
		}
		if got, want := fmt.Sprintf("%T", e), elementType(tok); got != want {
			t.Fatalf("%q: element %d is %s, want %s", text, i, got, want)
		}
		if _, ok := e.(*ast.MoveNumber); ok && !moveFollows(tokens, seq[i+1:]) {
			dangling = append(dangling, starts[i])
		}
	}
	var got []int
	for _, d := range diags {
		if d.Code != diag.DanglingMoveNumber {
			t.Fatalf("%q: unexpected diagnostic %s %s", text, d.Code, d.Message())
		}
		got = append(got, d.Start)
	}
	if fmt.Sprint(got) != fmt.Sprint(dangling) {
		t.Fatalf("%q: dangling move numbers reported at %v, want %v", text, got, dangling)
	}
}

// moveFollows reports whether a move comes after a move number before the
// next move number, variation or the end; comments and NAGs may come between.
func moveFollows(tokens []string, rest []int) bool {
	for _, k := range rest {
		switch tok := tokens[k]; {
		case tok == "e4":
			return true
		case tok[0] == '{' || tok[0] == '$':
		default:
			return false
		}
	}
	return false
}

func elementType(tok string) string {
	switch {
	case tok[0] >= '0' && tok[0] <= '9':
		return "*ast.MoveNumber"
	case tok[0] == '{':
		return "*ast.Comment"
	case tok[0] == '$':
		return "*ast.NAG"
	case tok[0] == '(':
		return "*ast.Variation"
	}
	return "*ast.Move"
}

// TestNoRuleTakesComments: comments are trivia (docs/design.md, Grammar and
// game boundaries). They reach the grammar inside runs, and no rule of
// grammar/pgn.y names tokComment, which stays declared for the glue and for
// messages.
func TestNoRuleTakesComments(t *testing.T) {
	src, err := os.ReadFile("../../grammar/pgn.y")
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.SplitN(string(src), "\n%%\n", 3)
	if len(parts) < 2 {
		t.Fatal("grammar/pgn.y has no rules section")
	}
	for i, line := range strings.Split(parts[1], "\n") {
		if rule, _, _ := strings.Cut(line, "//"); strings.Contains(rule, "tokComment") {
			t.Errorf("rules line %d takes a comment: %s", i+1, strings.TrimSpace(line))
		}
	}
	if !strings.Contains(parts[0], "%token <tok> tokComment") {
		t.Error("tokComment is no longer declared")
	}
}
