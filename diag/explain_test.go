package diag

import (
	"strings"
	"testing"

	"golang.org/x/text/language"
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

// TestSpanishExplainsEveryCode: the Spanish explanations have every code
// and each of its parts, with English's example or reason for none.
func TestSpanishExplainsEveryCode(t *testing.T) {
	for _, entry := range Spanish.Entries() {
		es, translated := Spanish.Explain(entry.Code)
		en, _ := English.Explain(entry.Code)
		switch {
		case !translated || es.Code != entry.Code:
			t.Errorf("%s has no Spanish explanation", entry.Code)
		case es.Meaning == "" || es.Why == "" || es.Remedy == "" || (es.NoExample == "") != (en.NoExample == ""):
			t.Errorf("%s: the Spanish explanation lacks a part", entry.Code)
		case es.Example != en.Example || es.Command != en.Command || es.Encoding != en.Encoding:
			t.Errorf("%s: the Spanish example is not English's", entry.Code)
		case es.Meaning == en.Meaning || es.Why == en.Why || es.Remedy == en.Remedy:
			t.Errorf("%s: the Spanish explanation is English", entry.Code)
		}
	}
	if len(spanishExplanations) != len(englishExplanations) {
		t.Errorf("%d Spanish explanations for %d English ones", len(spanishExplanations), len(englishExplanations))
	}
}

// TestExplainFallsBackToEnglish: a catalog without explanations of its own
// gives English's and says so; an unknown code gives none.
func TestExplainFallsBackToEnglish(t *testing.T) {
	other := newCatalog(language.German, englishTexts, englishPhrases)
	de, translated := other.Explain(CheckMarkMissing)
	en, _ := English.Explain(CheckMarkMissing)
	if translated || de != en {
		t.Errorf("Explain(PGN304) in a language without explanations = %+v, %v; want English's, untranslated", de, translated)
	}
	if e, translated := English.Explain(999); e.Code != 0 || translated {
		t.Errorf("English.Explain(999) = %+v, %v", e, translated)
	}
}
