package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/diag"
)

// Codes is what --ignore and --warn-as-error ask of the diagnostics: codes
// left out, and warnings raised to errors. The zero value keeps every code
// at the severity of diag.English.
type Codes struct {
	ignored map[diag.Code]bool
	raised  diag.Catalog // nil when no code is raised
}

// ParseCodes reads the lists of --ignore and --warn-as-error, codes
// written PGN304 or 304 and separated by commas.
func ParseCodes(ignore, warnAsError string) (Codes, error) {
	ignored, err := parseCodes(ignore)
	if err != nil {
		return Codes{}, fmt.Errorf("--ignore: %v", err)
	}
	raised, err := parseCodes(warnAsError)
	if err != nil {
		return Codes{}, fmt.Errorf("--warn-as-error: %v", err)
	}
	p := Codes{ignored: ignored}
	if len(raised) > 0 {
		p.raised = diag.Catalog{}
		for code, e := range diag.English {
			if raised[code] {
				e.Severity = diag.Error
			}
			p.raised[code] = e
		}
	}
	return p, nil
}

// Catalog gives the texts and severities of the diagnostics.
func (p Codes) Catalog() diag.Catalog {
	if p.raised == nil {
		return diag.English
	}
	return p.raised
}

// Shown reports whether a diagnostic is kept.
func (p Codes) Shown(d diag.Diagnostic) bool { return !p.ignored[d.Code] }

// IsError reports whether a kept diagnostic counts as an error.
func (p Codes) IsError(d diag.Diagnostic) bool {
	return p.Shown(d) && p.Catalog().Lookup(d.Code).Severity == diag.Error
}

// parseCodes reads a comma-separated list of diagnostic codes.
func parseCodes(list string) (map[diag.Code]bool, error) {
	codes := map[diag.Code]bool{}
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimPrefix(strings.ToUpper(item), "PGN"))
		if _, known := diag.English[diag.Code(n)]; err != nil || !known {
			return nil, fmt.Errorf("unknown diagnostic code %q (see the README's table of codes)", item)
		}
		codes[diag.Code(n)] = true
	}
	return codes, nil
}
