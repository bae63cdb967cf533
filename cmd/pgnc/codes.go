package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/diag"
	"github.com/spf13/pflag"
)

// codePolicy is what --ignore and --warn-as-error ask of the diagnostics:
// codes left out, and the severities, warnings raised to errors. The zero
// value keeps every code at the severity of diag.English.
type codePolicy struct {
	ignored map[diag.Code]bool
	raised  diag.Catalog // nil when no code is raised
}

// defaultCodes keeps every code at the severity of the catalog.
var defaultCodes codePolicy

// catalog gives the texts and severities of the diagnostics.
func (p codePolicy) catalog() diag.Catalog {
	if p.raised == nil {
		return diag.English
	}
	return p.raised
}

// codeFlags are --ignore and --warn-as-error on a command's flag set.
type codeFlags struct{ ignore, warnAsError string }

func (f *codeFlags) add(set *pflag.FlagSet) {
	set.StringVar(&f.ignore, "ignore", "", "comma-separated codes (PGN304 or 304) to leave out: not printed, not counted")
	set.StringVar(&f.warnAsError, "warn-as-error", "", "comma-separated warning codes to report, count and fail on as errors")
}

// policy reads the flags.
func (f *codeFlags) policy() (codePolicy, error) {
	ignored, err := parseCodes(f.ignore)
	if err != nil {
		return codePolicy{}, fmt.Errorf("--ignore: %v", err)
	}
	raised, err := parseCodes(f.warnAsError)
	if err != nil {
		return codePolicy{}, fmt.Errorf("--warn-as-error: %v", err)
	}
	p := codePolicy{ignored: ignored}
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

// shown reports whether a diagnostic is kept.
func (p codePolicy) shown(d diag.Diagnostic) bool { return !p.ignored[d.Code] }

// isError reports whether a kept diagnostic counts as an error.
func (p codePolicy) isError(d diag.Diagnostic) bool {
	return p.shown(d) && p.catalog().Lookup(d.Code).Severity == diag.Error
}

// parseCodes reads a comma-separated list of diagnostic codes, written
// PGN304 or 304.
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
