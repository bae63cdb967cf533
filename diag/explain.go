package diag

import "golang.org/x/text/language"

// Explanation is the long text of a code, which pgnc explain prints: what
// the code means, why it matters, an example that pgnc reports it on, and
// the fix.
type Explanation struct {
	Code    Code
	Meaning string // what the code means, past its one-line summary
	Why     string // why it matters
	// Example is PGN text on which the command Command reports the code;
	// empty when no single PGN text can show it, and NoExample says why.
	Example string
	// Command is the pgnc command that reports the code on Example, when
	// it needs flags ("pgnc check --max-depth 1"); empty means pgnc check.
	Command string
	// Encoding names the encoding Example is to be saved in to show the
	// code, when it is not UTF-8 ("Windows-1252").
	Encoding  string
	NoExample string // why there is no example; empty when there is one
	Remedy    string // the fix: how to make the diagnostic go away
}

// Explain returns the explanation of code in the catalog's language;
// translated is false when the catalog has none of its own and e is
// English's. An unknown code gives the zero Explanation.
func (c *Catalog) Explain(code Code) (e Explanation, translated bool) {
	if own, ok := explanations[c.tag][code]; ok {
		return own, true
	}
	e = englishExplanations[code]
	return e, c.tag == language.English && e.Code != 0
}

// Explanations returns the explanations of the catalog's language, or
// English's when it has none, ordered by code.
func (c *Catalog) Explanations() []Explanation {
	var es []Explanation
	for _, entry := range c.Entries() {
		if e, _ := c.Explain(entry.Code); e.Code != 0 {
			es = append(es, e)
		}
	}
	return es
}

// explanations holds the explanations of the languages other than
// English that have them, by language and code.
var explanations = map[language.Tag]map[Code]Explanation{
	language.Spanish: translated(spanishExplanations),
}
