package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
)

// source is the module's Go code that pgnc runs: every .go file but tests,
// the benchmarks and the Beam pipeline's module (a program of its own).
func source(t *testing.T) map[string]*ast.File {
	t.Helper()
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() && (rel == "beam" || rel == "bench" || rel == "testdata" || strings.HasPrefix(d.Name(), ".")) && rel != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = f
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// consts returns the string constants of a package's files, by name.
func consts(files map[string]*ast.File, dir string) map[string]string {
	values := map[string]string{}
	for path, f := range files {
		if filepath.Dir(path) != dir {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if spec, ok := n.(*ast.ValueSpec); ok {
				for i, name := range spec.Names {
					if i < len(spec.Values) {
						if s, ok := literal(spec.Values[i]); ok {
							values[name.Name] = s
						}
					}
				}
			}
			return true
		})
	}
	return values
}

// literal returns the value of a string literal.
func literal(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// printsMessages are the packages whose output is pgnc's own text.
var printsMessages = []string{"cmd/pgnc", "internal/report", "internal/i18n", "internal/lsp"}

// eachSelectorCall calls fn for every call of a selector (x.F(...)) in
// the files of the packages that print pgnc's text.
func eachSelectorCall(files map[string]*ast.File, fn func(path string, call *ast.CallExpr, sel *ast.SelectorExpr)) {
	for path, f := range files {
		if !slices.Contains(printsMessages, filepath.Dir(path)) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
					fn(path, call, sel)
				}
			}
			return true
		})
	}
}

// messageKeys returns the keys of the messages the code prints through a
// Printer (msg.Sprintf, p.Fprintf, …), where.
func messageKeys(t *testing.T, files map[string]*ast.File) map[string]string {
	keys := map[string]string{}
	values := map[string]map[string]string{}
	for _, dir := range printsMessages {
		values[dir] = consts(files, dir)
	}
	eachSelectorCall(files, func(path string, call *ast.CallExpr, sel *ast.SelectorExpr) {
		recv := sel.X
		wrapped := false // p.Printer.Sprintf in package i18n, under Printer's own Sprintf
		if sub, isSel := recv.(*ast.SelectorExpr); isSel && sub.Sel.Name == "Printer" {
			recv, wrapped = sub.X, true
		}
		if id, isIdent := recv.(*ast.Ident); !isIdent || (id.Name != "msg" && id.Name != "p") {
			return
		}
		arg := 0
		switch sel.Sel.Name {
		case "Sprintf", "Errorf", "Printf", "Help":
		case "Fprintf":
			arg = 1
		default:
			return
		}
		if len(call.Args) <= arg {
			return
		}
		key, ok := literal(call.Args[arg])
		if id, isID := call.Args[arg].(*ast.Ident); isID {
			key, ok = values[filepath.Dir(path)][id.Name]
		}
		switch {
		case ok:
			keys[key] = path
		case !wrapped:
			t.Errorf("%s: a message printed from %s, not from a literal or constant key", path, sel.Sel.Name)
		}
	})
	return keys
}

// TestEveryMessageIsSpanish checks that every message the code prints
// through a Printer has a Spanish text with the same verbs in the same
// order.
func TestEveryMessageIsSpanish(t *testing.T) {
	keys := messageKeys(t, source(t))
	if len(keys) < 50 {
		t.Fatalf("found only %d message keys: is the scan broken?", len(keys))
	}
	var missing []string
	for key, path := range keys {
		if _, ok := spanish[key]; !ok {
			missing = append(missing, path+": "+strconv.Quote(key))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no Spanish message for %s", m)
	}
	for key, es := range spanish {
		if _, used := keys[key]; !used {
			t.Errorf("Spanish message %q is not printed anywhere", key)
		}
		want := verbs(key)
		for _, form := range append(es.forms, english[key].forms...) {
			if got := verbs(form); got != want {
				t.Errorf("message %q has the verbs %q in %q, want %q", key, got, form, want)
			}
		}
	}
}

// verbs lists the formatting verbs of a format in order.
func verbs(format string) string { return strings.Join(verb.FindAllString(format, -1), " ") }

var verb = regexp.MustCompile(`%[-+# 0]*(\[\d+\])?[0-9.]*[a-zA-Z%]`)

// word finds text a reader reads: two letters in a row, once verbs and the
// program's name are taken out.
var word = regexp.MustCompile(`[A-Za-z]{2}`)

// TestNoMessageOutsideCatalogs checks that the packages that print pgnc's
// text build none of it with fmt or errors from words of their own: every
// such string goes through a Printer, whose catalogs have each language.
func TestNoMessageOutsideCatalogs(t *testing.T) {
	printing := map[string]bool{"Fprintf": true, "Fprintln": true, "Fprint": true, "Sprintf": true, "Sprint": true, "Sprintln": true,
		"Errorf": true, "Printf": true, "Println": true, "Print": true, "New": true, "WriteString": true}
	eachSelectorCall(source(t), func(path string, call *ast.CallExpr, sel *ast.SelectorExpr) {
		pkg, ok := sel.X.(*ast.Ident)
		if !ok || !printing[sel.Sel.Name] || (pkg.Name != "fmt" && pkg.Name != "errors" && pkg.Name != "io") {
			return
		}
		for _, a := range call.Args {
			s, ok := literal(a)
			if !ok {
				continue
			}
			rest := strings.ReplaceAll(verb.ReplaceAllString(s, ""), "pgnc", "")
			if word.MatchString(rest) {
				t.Errorf("%s: %s.%s(%q) prints words outside the catalogs", path, pkg.Name, sel.Sel.Name, s)
			}
		}
	})
}

// phraseCalls are the calls whose string literal arguments are phrases:
// marked ones (diag.Phrase, PhraseArg, Render) and the builders of the
// packages that make them (a FEN problem, an input that is not PGN).
var phraseCalls = map[string]bool{"Phrase": true, "PhraseArg": true, "Render": true, "phrase": true, "countArgs": true,
	"problem": true, "fail": true, "packed": true, "other": true}

// phraseKeys returns the phrases in the code: string literals passed to
// phraseCalls, and the What and Fix of input's NotPGNErrors.
func phraseKeys(files map[string]*ast.File) map[string]string {
	keys := map[string]string{}
	for path, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				name := ""
				switch fun := n.Fun.(type) {
				case *ast.Ident:
					name = fun.Name
				case *ast.SelectorExpr:
					name = fun.Sel.Name
				}
				if !phraseCalls[name] {
					return true
				}
				for i, a := range n.Args {
					s, ok := literal(a)
					if !ok || (name == "PhraseArg" && i != 1) || (name == "countArgs" && i < 2) {
						continue
					}
					keys[s] = path
					if name == "problem" || name == "fail" {
						break // the template; its parameters follow
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && (id.Name == "What" || id.Name == "Fix") {
					if s, ok := literal(n.Value); ok {
						keys[s] = path
					}
				}
			}
			return true
		})
	}
	return keys
}

// TestEveryPhraseIsSpanish checks that each phrase in the code has a
// Spanish text with the same parameters. Phrases that other packages build
// from values (piece names, reasons of an illegal move) are tested there.
func TestEveryPhraseIsSpanish(t *testing.T) {
	keys := phraseKeys(source(t))
	if len(keys) < 40 {
		t.Fatalf("found only %d phrases: is the scan broken?", len(keys))
	}
	var missing []string
	for key, path := range keys {
		if word.MatchString(key) && !diag.Spanish.Translates(key) {
			missing = append(missing, path+": "+strconv.Quote(key))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no Spanish phrase for %s", m)
	}
}
