package report

import (
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/diag"
)

// Codes is what --ignore and --warn-as-error ask of the diagnostics: codes
// left out, and warnings raised to errors. The zero value keeps every code
// at its severity, in English.
type Codes struct {
	ignored map[diag.Code]bool
	raised  map[diag.Code]bool
	catalog *diag.Catalog // nil for English with no code raised
}

// ParseCodes reads the lists of --ignore and --warn-as-error, codes
// written PGN304 or 304 and separated by commas.
func ParseCodes(ignore, warnAsError string) (Codes, error) {
	ignored, err := parseCodes("--ignore", ignore)
	if err != nil {
		return Codes{}, err
	}
	raised, err := parseCodes("--warn-as-error", warnAsError)
	if err != nil {
		return Codes{}, err
	}
	return Codes{ignored: ignored, raised: raised}.In(diag.English), nil
}

// In returns p with the texts of catalog, a language.
func (p Codes) In(catalog *diag.Catalog) Codes {
	p.catalog = catalog
	if len(p.raised) > 0 {
		p.catalog = catalog.Raise(p.raised)
	}
	return p
}

// Catalog gives the texts and severities of the diagnostics.
func (p Codes) Catalog() *diag.Catalog {
	if p.catalog == nil {
		return diag.English
	}
	return p.catalog
}

// Shown reports whether a diagnostic is kept.
func (p Codes) Shown(d diag.Diagnostic) bool { return !p.ignored[d.Code] }

// IsError reports whether a kept diagnostic counts as an error.
func (p Codes) IsError(d diag.Diagnostic) bool {
	return p.Shown(d) && p.Catalog().Lookup(d.Code).Severity == diag.Error
}

// UnknownCodeError is a code in the list of Flag that is no diagnostic
// code.
type UnknownCodeError struct{ Flag, Code string }

// Error names the flag and the code, and where the codes are listed.
func (e *UnknownCodeError) Error() string {
	return e.Flag + ": unknown diagnostic code " + strconv.Quote(e.Code) + " (pgnc help codes lists them)"
}

// parseCodes reads a comma-separated list of diagnostic codes, the value
// of flag.
func parseCodes(flag, list string) (map[diag.Code]bool, error) {
	codes := map[diag.Code]bool{}
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimPrefix(strings.ToUpper(item), "PGN"))
		if err != nil || !diag.English.Has(diag.Code(n)) {
			return nil, &UnknownCodeError{Flag: flag, Code: item}
		}
		codes[diag.Code(n)] = true
	}
	return codes, nil
}

// ParseCodeList reads a comma-separated list of diagnostic codes, written
// PGN304 or 304, the value of the flag named flag (pgnc check
// --fix-only); an unknown code is an *UnknownCodeError.
func ParseCodeList(flag, list string) (map[diag.Code]bool, error) {
	return parseCodes(flag, list)
}
