package main

import (
	"github.com/pgnc/pgnc/report"
	"github.com/spf13/pflag"
)

// defaultCodes keeps every code at the severity of the catalog.
var defaultCodes report.Codes

// codeFlags are --ignore and --warn-as-error on a command's flag set.
type codeFlags struct{ ignore, warnAsError string }

func (f *codeFlags) add(set *pflag.FlagSet) {
	set.StringVar(&f.ignore, "ignore", "", "comma-separated codes (PGN304 or 304) to leave out: not printed, not counted")
	set.StringVar(&f.warnAsError, "warn-as-error", "", "comma-separated warning codes to report, count and fail on as errors")
}

// policy reads the flags.
func (f *codeFlags) policy() (report.Codes, error) {
	return report.ParseCodes(f.ignore, f.warnAsError)
}
