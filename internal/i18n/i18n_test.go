package i18n

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/input"
	"golang.org/x/text/language"
)

func TestChoose(t *testing.T) {
	for _, c := range []struct {
		flag  string
		env   map[string]string
		want  language.Tag
		known bool
	}{
		{"", nil, language.English, true},
		{"", map[string]string{"LANG": "es_ES.UTF-8"}, language.Spanish, true},
		{"", map[string]string{"LANG": "es_MX"}, language.Spanish, true},
		{"", map[string]string{"LANG": "es"}, language.Spanish, true},
		{"", map[string]string{"LANG": "C"}, language.English, true},
		{"", map[string]string{"LANG": "POSIX"}, language.English, true},
		{"", map[string]string{"LANG": "fr_FR.UTF-8"}, language.English, true},
		{"", map[string]string{"LANG": "es_ES", "LC_MESSAGES": "en_US"}, language.English, true},
		{"", map[string]string{"LANG": "en_US", "LC_MESSAGES": "es_ES@euro"}, language.Spanish, true},
		{"", map[string]string{"LC_ALL": "es_CO.UTF-8", "LC_MESSAGES": "en_US", "LANG": "en_US"}, language.Spanish, true},
		{"en", map[string]string{"LC_ALL": "es_ES"}, language.English, true},
		{"es", nil, language.Spanish, true},
		{"es-419", nil, language.Spanish, true},
		{"fr", map[string]string{"LANG": "es_ES"}, language.Spanish, false},
		{"!!", nil, language.English, false},
	} {
		got, known := Choose(c.flag, func(name string) string { return c.env[name] })
		if got != c.want || known != c.known {
			t.Errorf("Choose(%q, %v) = %v, %v; want %v, %v", c.flag, c.env, got, known, c.want, c.known)
		}
	}
}

func TestNumbersArePlain(t *testing.T) {
	for _, tag := range Supported {
		if got := New(tag).Sprintf("pgnc check: --max-depth %d is above %d, the deepest nesting every pass is tested to run through\n", 3001, 3000); got[:26] != "pgnc check: --max-depth 30" {
			t.Errorf("%v: %q groups the digits", tag, got)
		}
	}
}

func TestPlurals(t *testing.T) {
	for _, c := range []struct {
		tag  language.Tag
		n    int
		want string
	}{
		{language.English, 1, "1 game"}, {language.English, 2, "2 games"}, {language.English, 0, "0 games"},
		{language.Spanish, 1, "1 partida"}, {language.Spanish, 2, "2 partidas"}, {language.Spanish, 0, "0 partidas"},
	} {
		if got := New(c.tag).Sprintf("%d games", c.n); got != c.want {
			t.Errorf("%v %d: %q, want %q", c.tag, c.n, got, c.want)
		}
	}
}

func TestErrorsInWords(t *testing.T) {
	err := fmt.Errorf("cut.pgn.zst: %w", &input.CutShortError{Format: input.Zstd, Where: input.DataEndsEarly, At: 1179648})
	want := map[language.Tag]string{
		language.English: "pgnc: cut.pgn.zst: zstd: the compressed data ends early, after 1179648 decompressed bytes: is the file cut short?\n",
		language.Spanish: "pgnc: cut.pgn.zst: zstd: los datos comprimidos terminan antes de tiempo, tras 1179648 bytes descomprimidos: ¿está cortado el archivo?\n",
	}
	for tag, w := range want {
		if got := New(tag).Sprintf("pgnc: %v\n", err); got != w {
			t.Errorf("%v: %q, want %q", tag, got, w)
		}
	}
	wrapped := New(language.Spanish).Errorf("writing standard output: %w", err)
	var cut *input.CutShortError
	if !errors.As(wrapped, &cut) {
		t.Errorf("Errorf does not wrap its %%w argument")
	}
}

// TestCatalogFor: an English printer's catalog holds English alone, which
// is quicker to build; a Spanish printer's holds both, English being the
// fallback.
func TestCatalogFor(t *testing.T) {
	if got := fmt.Sprint(catalogFor(language.English).Languages()); got != "[en]" {
		t.Errorf("English catalog: %s", got)
	}
	if got := fmt.Sprint(catalogFor(language.Spanish).Languages()); !strings.Contains(got, "en") || !strings.Contains(got, "es") {
		t.Errorf("Spanish catalog: %s", got)
	}
	if got := New(language.Spanish).Sprintf("%d files", 2); got == New(language.English).Sprintf("%d files", 2) {
		t.Errorf("Spanish and English print %q alike", got)
	}
}
