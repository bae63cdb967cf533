// Package i18n chooses the language pgnc speaks and prints its messages in
// it: English, pgnc's own, and Spanish. Messages other than diagnostics
// are golang.org/x/text message catalogs keyed by their English format
// (Printer); diagnostics come from diag's catalogs, chosen here too.
package i18n

import (
	"errors"
	"io"
	"strings"
	"sync"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/input"
)

// Supported are the languages pgnc speaks, English first: the one it falls
// back to.
var Supported = []language.Tag{language.English, language.Spanish}

var matcher = language.NewMatcher(Supported)

// Choose returns the language to speak: the one --lang names (flag), or,
// when flag is empty, the one the locale names, from the first of LC_ALL,
// LC_MESSAGES and LANG that is set, as POSIX orders them. A locale pgnc
// does not speak, or none, gives English. known is false when flag names a
// language pgnc does not speak: tag is then the locale's.
func Choose(flag string, getenv func(string) string) (tag language.Tag, known bool) {
	tag = language.English
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			tag = FromLocale(v)
			break
		}
	}
	if flag == "" {
		return tag, true
	}
	named, err := language.Parse(flag)
	if err != nil {
		return tag, false
	}
	best, _, confidence := matcher.Match(named)
	if confidence == language.No {
		return tag, false
	}
	return base(best), true
}

// FromLocale returns the language of a POSIX locale name such as
// "es_ES.UTF-8" or "es_MX@euro"; "C", "POSIX" and locales pgnc does not
// speak give English.
func FromLocale(locale string) language.Tag {
	name, _, _ := strings.Cut(locale, ".")
	name, _, _ = strings.Cut(name, "@")
	if name == "" || name == "C" || name == "POSIX" {
		return language.English
	}
	tag, err := language.Parse(strings.ReplaceAll(name, "_", "-"))
	if err != nil {
		return language.English
	}
	best, _, confidence := matcher.Match(tag)
	if confidence == language.No {
		return language.English
	}
	return base(best)
}

// base returns the supported language that tag, a match, stands for:
// es-419 and es-ES are both Spanish.
func base(tag language.Tag) language.Tag {
	b, _ := tag.Base()
	for _, s := range Supported {
		if sb, _ := s.Base(); sb == b {
			return s
		}
	}
	return language.English
}

// Printer prints pgnc's messages in one language.
type Printer struct {
	*message.Printer
	// Diag is the catalog of diagnostics in the same language.
	Diag *diag.Catalog
	tag  language.Tag
}

// New returns the Printer of tag, one of Supported; any other tag, the
// zero Tag included, gives English.
func New(tag language.Tag) *Printer {
	d := diag.English
	if tag == language.Spanish {
		d = diag.Spanish
	} else {
		tag = language.English
	}
	return &Printer{Printer: message.NewPrinter(tag, message.Catalog(catalogFor(tag))), Diag: d, tag: tag}
}

// Language returns the printer's language.
func (p *Printer) Language() language.Tag { return p.tag }

// catalogFor returns the messages a printer of tag needs, by their English
// key: the key is English's own message, but for plurals (english).
// English, the fallback, is in every catalog; the others are built only
// for a printer of their language, so that a run in English, the usual
// one, does not take the time to build them (about a quarter of a
// millisecond, a few percent of a check of a small file).
func catalogFor(tag language.Tag) *catalog.Builder {
	if tag == language.Spanish {
		return everyLanguage()
	}
	return englishOnly()
}

var (
	englishOnly   = sync.OnceValue(func() *catalog.Builder { return newCatalog(false) })
	everyLanguage = sync.OnceValue(func() *catalog.Builder { return newCatalog(true) })
)

// newCatalog builds the English messages, and the Spanish ones with
// withSpanish.
func newCatalog(withSpanish bool) *catalog.Builder {
	b := catalog.NewBuilder(catalog.Fallback(language.English))
	for key, msg := range spanish {
		if strings.HasPrefix(key, helpPrefix) {
			continue // compiled when asked for: see Help
		}
		if withSpanish {
			must(b.Set(language.Spanish, key, msg.messages()...))
		}
		en, ok := english[key]
		if !ok {
			en = text(key)
		}
		must(b.Set(language.English, key, en.messages()...))
	}
	return b
}

// helpPrefix starts the keys of help texts: long texts that a run prints
// at most once, left out of the catalogs that every run builds, and
// compiled by Help when one is asked for.
const helpPrefix = "help."

// Help returns the help text of key ("help.check", …) in the printer's
// language.
func (p *Printer) Help(key string) string {
	b := catalogFor(p.tag)
	if p.tag == language.Spanish {
		if msg, ok := spanish[key]; ok {
			must(b.Set(language.Spanish, key, msg.messages()...))
		}
	}
	en, ok := english[key]
	if !ok {
		en = text(key)
	}
	must(b.Set(language.English, key, en.messages()...))
	return p.Printer.Sprintf(key)
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// Errorf returns an error whose text is key in the printer's language,
// formatted with args. A %w verb wraps its argument as fmt.Errorf does.
func (p *Printer) Errorf(key string, args ...any) error {
	var wrapped error
	if strings.Contains(key, "%w") {
		for _, a := range args {
			if err, ok := a.(error); ok {
				wrapped = err
				break
			}
		}
	}
	return &printedError{text: p.Printer.Sprintf(key, p.words(args)...), err: wrapped}
}

// printedError is an error in words of a catalog that may wrap another.
type printedError struct {
	text string
	err  error
}

func (e *printedError) Error() string { return e.text }
func (e *printedError) Unwrap() error { return e.err }

// Sprintf is message.Printer's Sprintf, with errors that pgnc knows in
// the printer's language (see words).
func (p *Printer) Sprintf(key string, args ...any) string {
	return p.Printer.Sprintf(key, p.words(args)...)
}

// Fprintf is message.Printer's Fprintf, with errors that pgnc knows in
// the printer's language (see words). The text of an error is one line
// that may quote input, a file or zip member name above all: it is
// printed as diag.Printable shows it, so that a name cannot send the
// terminal control sequences or forge lines. Other arguments are printed
// as they are: a caller passes a name through diag.Printable itself.
func (p *Printer) Fprintf(w io.Writer, key string, args ...any) (int, error) {
	args = append([]any(nil), p.words(args)...) // the caller's own slice stays as it is
	for i, a := range args {
		if err, ok := a.(error); ok {
			args[i] = diag.Printable(err.Error())
		}
	}
	return p.Printer.Fprintf(w, key, args...)
}

// words returns args with each error that holds one of the input
// package's errors in pgnc's own words rewritten in the printer's
// language; what the operating system or a decompressor says is quoted.
func (p *Printer) words(args []any) []any {
	for i, a := range args {
		err, ok := a.(error)
		var cut *input.CutShortError
		if !ok || !errors.As(err, &cut) {
			continue
		}
		words := append([]any(nil), args...)
		words[i] = errors.New(strings.Replace(err.Error(), cut.Error(), p.cutShort(cut), 1))
		args = words
	}
	return args
}

// cutShort is the text of a CutShortError.
func (p *Printer) cutShort(e *input.CutShortError) string {
	switch e.Where {
	case input.HeaderCut:
		return p.Printer.Sprintf("%s: the file ends %d bytes into a frame header at offset %d: is it cut short?", e.Format, e.Into, e.At)
	case input.SkippableCut:
		return p.Printer.Sprintf("%s: a skippable frame at offset %d runs past the end of the file: is it cut short?", e.Format, e.At)
	case input.FrameCut:
		return p.Printer.Sprintf("%s: the frame at offset %d runs past the end of the file: is it cut short?", e.Format, e.At)
	}
	return p.Printer.Sprintf("%s: the compressed data ends early, after %d decompressed bytes: is the file cut short?", e.Format, e.At)
}
