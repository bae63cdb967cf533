package main

import (
	"errors"

	"github.com/pgnc/pgnc/internal/report"
	"github.com/spf13/pflag"
)

// defaultCodes keeps every code at the severity of the catalog.
var defaultCodes report.Codes

// codeFlags are --ignore and --warn-as-error on a command's flag set.
type codeFlags struct{ ignore, warnAsError string }

func (f *codeFlags) add(set *pflag.FlagSet) {
	set.StringVar(&f.ignore, "ignore", "", msg.Sprintf("comma-separated codes (PGN304 or 304) to leave out: not printed, not counted"))
	set.StringVar(&f.warnAsError, "warn-as-error", "", msg.Sprintf("comma-separated warning codes to report, count and fail on as errors"))
}

// policy reads the flags; the codes speak the language of the run.
func (f *codeFlags) policy() (report.Codes, error) {
	codes, err := report.ParseCodes(f.ignore, f.warnAsError)
	var unknown *report.UnknownCodeError
	if errors.As(err, &unknown) {
		return codes, msg.Errorf("%s: unknown diagnostic code %q (see the README's table of codes)", unknown.Flag, unknown.Code)
	}
	return codes.In(msg.Diag), err
}
