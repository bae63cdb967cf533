package diag

import (
	"strings"
	"testing"
)

// TestEveryCodeIsExplained: every code of the catalog has an explanation
// with each of its parts, and an example or the reason it has none, not
// both; the examples themselves are run through pgnc check by cmd/pgnc's
// TestExplanationExamples.
func TestEveryCodeIsExplained(t *testing.T) {
	for _, entry := range English.Entries() {
		e, translated := English.Explain(entry.Code)
		if !translated || e.Code != entry.Code {
			t.Errorf("%s has no explanation", entry.Code)
			continue
		}
		if e.Meaning == "" || e.Why == "" || e.Remedy == "" {
			t.Errorf("%s: the explanation lacks its meaning, why it matters or its fix", entry.Code)
		}
		if (e.Example == "") == (e.NoExample == "") {
			t.Errorf("%s: the explanation needs an example or the reason it has none, not both", entry.Code)
		}
		if e.Example != "" && !strings.HasSuffix(e.Example, "\n") {
			t.Errorf("%s: the example does not end its last line", entry.Code)
		}
	}
	if len(English.Explanations()) != len(English.Entries()) {
		t.Errorf("%d explanations for %d codes", len(English.Explanations()), len(English.Entries()))
	}
}

// TestExplainFallsBackToEnglish: a catalog without explanations of its own
// gives English's and says so; an unknown code gives none.
func TestExplainFallsBackToEnglish(t *testing.T) {
	es, translated := Spanish.Explain(CheckMarkMissing)
	en, _ := English.Explain(CheckMarkMissing)
	if _, own := explanations[Spanish.Language()]; !own && (translated || es != en) {
		t.Errorf("Spanish.Explain(PGN304) = %+v, %v; want English's, untranslated", es, translated)
	}
	if e, translated := English.Explain(999); e.Code != 0 || translated {
		t.Errorf("English.Explain(999) = %+v, %v", e, translated)
	}
}
