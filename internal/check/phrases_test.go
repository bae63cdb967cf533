package check

import (
	"testing"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/san"
)

// TestPhrasesAreSpanish checks the phrases that diagnostics of this
// package take from values rather than literals: why a move is illegal,
// piece, side and language names, the fields of a FEN.
func TestPhrasesAreSpanish(t *testing.T) {
	var phrases []string
	for r := chess.NoPieceCanReach; r <= chess.DropMove; r++ {
		phrases = append(phrases, (&chess.IllegalMoveError{Reason: r}).Template())
	}
	for p := chess.Pawn; p <= chess.King; p++ {
		phrases = append(phrases, p.Name())
	}
	phrases = append(phrases, chess.White.String(), chess.Black.String())
	for _, l := range san.Languages {
		phrases = append(phrases, l.Name)
	}
	for _, fen := range []string{"8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/8 x - - 0 1", "4k3/8/8/8/8/8/8/4K3 w Z - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "4k3/8/8/8/8/8/8/4K3 w - - x 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 x", "8/8/8/8/8/8/8/8 w"} {
		_, err := chess.ParseFEN(fen)
		fe, ok := err.(*chess.FENError)
		if !ok {
			t.Fatalf("ParseFEN(%q) = %v, want a FENError", fen, err)
		}
		phrases = append(phrases, fe.Field, fe.Template)
	}
	for _, p := range phrases {
		if !diag.Spanish.Translates(p) {
			t.Errorf("no Spanish phrase for %q", p)
		}
	}
}
