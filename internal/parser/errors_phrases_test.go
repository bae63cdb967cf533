package parser

import (
	"testing"

	"github.com/pgnc/pgnc/diag"
)

// TestTokenNamesAreSpanish checks the names of tokens that syntax errors
// print, found and expected, against the Spanish catalog: they are
// phrases that reach the messages through tables.
func TestTokenNamesAreSpanish(t *testing.T) {
	for _, name := range tokenNames {
		if name[0] != '\'' && !diag.Spanish.Translates(name) {
			t.Errorf("no Spanish phrase for token name %q", name)
		}
	}
	for _, name := range yaccNames {
		if name[0] != '\'' && !diag.Spanish.Translates(name) {
			t.Errorf("no Spanish phrase for expected token %q", name)
		}
	}
}
