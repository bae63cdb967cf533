package pgncbeam

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/pgnc/pgnc/internal/input"
)

func init() {
	register.DoFn3x1[context.Context, string, func(string), error](&patternsFn{})
	register.Function1x1(globOf)
	register.DoFn3x1[context.Context, fileio.FileMetadata, func(string), error](&describeFn{})
	register.Function1x2(keyAllUnits)
	register.DoFn4x1[int, func(*string) bool, func(*string) bool, func(string), error](&numberFn{})
	register.Iter1[string]()
}

// The files to check are found in the pipeline, in four steps:
//
//  1. patterns: each argument of the command becomes glob patterns that
//     the SDK's fileio matches: a file or object as it is, a local
//     directory one pattern for each directory below it (dir/*), a
//     gs:// prefix ending in "/" prefix/**, a local pattern the files and
//     directories it matches, each as above, a gs:// pattern as it is;
//  2. fileio.MatchAll matches them, giving each file's path and size;
//  3. describe: each file's first bytes tell its format, and a zip
//     archive's directory its members (one unit each); a zstd file is
//     indexed later, in the pipeline (indexFn);
//  4. number: the units, one per file (a few hundred bytes each, not per
//     game), are put in the order of pgnc check (the arguments in order,
//     the files below a directory in lexical order of their path's parts,
//     as filepath.WalkDir walks them, a zip's members in archive order),
//     numbered and named as pgnc check names them.
//
// Only the arguments are looked at before the job is submitted (Expand):
// a path that does not exist fails at once.

// Input is one argument of the command: the pipeline finds the files it
// names.
type Input struct {
	Arg   int    // its place among the arguments
	Given string // as given; the names of its files are printed from it
	Path  string // a local path made absolute (workers run elsewhere), or gs://...
	Cwd   string // the launcher's directory, which local names are relative to
}

// Expand checks the command's arguments, files, directories, patterns,
// gs://bucket/object, gs://bucket/prefix/ (every PGN object below) and
// gs:// patterns, before the job is submitted: a local path that is not a
// pattern must exist, and a gs:// object that is not a prefix or a
// pattern too. It lists no directory: the pipeline does (patternsFn).
func Expand(args []string) ([]Input, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	var inputs []Input
	for i, arg := range args {
		in := Input{Arg: i, Given: arg, Path: arg, Cwd: cwd}
		switch {
		case isGCS(arg):
			if !strings.HasSuffix(arg, "/") && !strings.ContainsAny(arg, "*?[") {
				src, err := openSource(context.Background(), arg)
				if err != nil {
					return nil, err
				}
				src.Close()
			}
		default:
			if _, err := os.Stat(arg); err != nil {
				if !strings.ContainsAny(arg, "*?[") {
					return nil, err
				}
				if _, err := filepath.Match(arg, ""); err != nil {
					return nil, fmt.Errorf("%s: %w", arg, err)
				}
			}
			if in.Path, err = filepath.Abs(arg); err != nil {
				return nil, err
			}
		}
		inputs = append(inputs, in)
	}
	return inputs, nil
}

// pattern is a glob pattern that fileio matches, from one argument.
type pattern struct {
	Input
	Glob string
	// Exact is the file the pattern names exactly; else Dir, the local
	// directory whose files it matches (dir/*), or Prefix, the gs://
	// prefix below which it matches every object (prefix/**); else it is
	// a gs:// pattern.
	Exact, Dir, Prefix string
	// Named: the argument names the file itself, which is then read
	// whatever its name; others are read if input.IsPGNName says so.
	Named bool
	// Match is the gs:// pattern that the objects fileio finds for Glob
	// must match.
	Match string `json:",omitempty"`
}

// matches reports whether file is one of p's.
func (p pattern) matches(file string) bool {
	switch {
	case p.Exact != "":
		return file == p.Exact
	case p.Dir != "":
		return filepath.Dir(file) == p.Dir
	case p.Prefix != "":
		return strings.HasPrefix(file, p.Prefix)
	}
	ok, _ := path.Match(p.Match, file)
	return ok
}

// escapeGlob escapes the characters that filepath.Glob reads as a
// pattern's.
func escapeGlob(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// patterns returns the patterns of in.
func patterns(in Input) ([]pattern, error) {
	if isGCS(in.Path) {
		p := pattern{Input: in, Glob: in.Path}
		switch {
		case strings.HasSuffix(in.Path, "/"):
			p.Glob, p.Prefix = in.Path+"**", in.Path
		case !strings.ContainsAny(in.Path, "*?["):
			p.Exact, p.Named = in.Path, true
		default:
			// A pattern takes what it matches. fileio lists the objects
			// below the part before the first "*" only, a "[" or "?"
			// taken as a name's: it is given that part and "**", and
			// order keeps what the pattern matches (path.Match).
			p.Named, p.Match = true, in.Path
			p.Glob = in.Path[:strings.IndexAny(in.Path, "*?[")] + "**"
		}
		return []pattern{p}, nil
	}
	paths := []string{in.Path}
	named := true
	if _, err := os.Stat(in.Path); err != nil && strings.ContainsAny(in.Path, "*?[") {
		// A pattern, unless a file has that name.
		if paths, err = filepath.Glob(in.Path); err == nil && len(paths) == 0 {
			err = fmt.Errorf("%s: no file matches", in.Given)
		}
		if err != nil {
			return nil, err
		}
	}
	var out []pattern
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, pattern{Input: in, Glob: escapeGlob(p), Exact: p, Named: named})
			continue
		}
		err = filepath.WalkDir(p, func(dir string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				out = append(out, pattern{Input: in, Glob: escapeGlob(dir) + string(filepath.Separator) + "*", Dir: dir})
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// patternsFn turns an argument (an Input, as JSON) into its patterns (as
// JSON).
type patternsFn struct{}

func (fn *patternsFn) ProcessElement(ctx context.Context, encoded string, emit func(string)) error {
	var in Input
	if err := json.Unmarshal([]byte(encoded), &in); err != nil {
		return err
	}
	ps, err := patterns(in)
	if err != nil {
		return err
	}
	for _, p := range ps {
		b, _ := json.Marshal(p)
		emit(string(b))
	}
	return nil
}

// globOf is the glob of a pattern, which fileio.MatchAll takes.
func globOf(encoded string) string {
	var p pattern
	json.Unmarshal([]byte(encoded), &p)
	return p.Glob
}

// describeFn turns a file that fileio matched into its units, read by
// describe, as JSON; a directory, or a local file that is not regular,
// that a pattern dir/* matched, gives none.
type describeFn struct{}

func (fn *describeFn) ProcessElement(ctx context.Context, md fileio.FileMetadata, emit func(string)) error {
	if !isGCS(md.Path) {
		info, err := os.Stat(md.Path)
		if err != nil {
			return err
		}
		if !info.Mode().IsRegular() {
			return nil
		}
	}
	units, err := describe(ctx, md.Path)
	if err != nil {
		return err
	}
	for _, u := range units {
		emit(encodeUnit(u))
	}
	return nil
}

// describe returns the units of the file at path, not numbered or named
// yet: the file, or its zip members (Member), told apart by its first
// bytes.
func describe(ctx context.Context, path string) ([]unit, error) {
	src, err := openSource(ctx, path)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	head := make([]byte, 512)
	n, err := src.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	format, err := input.Detect(head[:n])
	var notPGN *input.NotPGNError
	u := unit{Path: path, Name: path, Size: src.Size()}
	switch {
	case errors.As(err, &notPGN):
		u = unit{Path: path, Name: path, NotPGN: notPGN}
	case err != nil:
		return nil, fmt.Errorf("%s: %w", path, err)
	case format == input.Zip:
		return zipUnits(src, path, 0)
	case format == input.Zstd:
		u.Zstd = true
	case format != input.Text:
		u.Whole = true
	default:
		// One unit: the splittable DoFn cuts it in ranges (sdf.go).
		u.End = u.Size
	}
	return []unit{u}, nil
}

func keyAllUnits(s string) (int, string) { return 0, s }

// numberFn puts the units of all files in the order pgnc check reads
// them, numbers and names them, given the patterns (a side input).
type numberFn struct{}

func (fn *numberFn) ProcessElement(_ int, units func(*string) bool, pats func(*string) bool, emit func(string)) error {
	var ps []pattern
	var s string
	for pats(&s) {
		var p pattern
		if err := json.Unmarshal([]byte(s), &p); err != nil {
			return err
		}
		ps = append(ps, p)
	}
	var us []unit
	for units(&s) {
		if s != "" {
			us = append(us, decodeUnit(s))
		}
	}
	ordered, err := order(us, ps)
	if err != nil {
		return err
	}
	for _, u := range ordered {
		emit(encodeUnit(u))
	}
	return nil
}

// order puts units in the order pgnc check reads the files of the
// patterns ps, each as many times as arguments name it, numbers them
// (unit.File) and names them: a file named by its argument as given, a
// local file found below a directory or by a pattern relative to the
// launcher's directory as the argument was (or absolute), a gs:// object
// as it is. A file in a directory that input.IsPGNName does not take, or
// a zip archive there without a .pgn member, is passed over, as pgnc check
// passes over them. An argument that names no file is an error.
func order(units []unit, ps []pattern) ([]unit, error) {
	type entry struct {
		arg int
		key []string // the path's parts, or the whole gs:// name
		u   unit
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Arg < ps[j].Arg })
	var entries []entry
	found := map[int]bool{}
	seen := map[string]bool{}
	for _, u := range units {
		for _, p := range ps {
			if !p.matches(u.Path) {
				continue
			}
			if !p.Named && (!input.IsPGNName(u.Path) || u.NoMember && strings.HasSuffix(strings.ToLower(u.Path), ".zip")) {
				continue
			}
			id := fmt.Sprintf("%d\x00%s\x00%d", p.Arg, u.Path, u.Member)
			if seen[id] {
				continue // matched by two patterns of one argument
			}
			seen[id] = true
			found[p.Arg] = true
			v := u
			v.Name = nameOf(p, u)
			key := []string{u.Path}
			if !isGCS(u.Path) {
				key = strings.Split(u.Path, string(filepath.Separator))
			}
			entries = append(entries, entry{arg: p.Arg, key: key, u: v})
		}
	}
	for _, p := range ps {
		if !found[p.Arg] {
			return nil, fmt.Errorf("%s: no PGN file in this directory (.pgn, compressed, or in a zip archive)", p.Given)
		}
	}
	sort.SliceStable(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if a.arg != b.arg {
			return a.arg < b.arg
		}
		for k := 0; k < len(a.key) && k < len(b.key); k++ {
			if a.key[k] != b.key[k] {
				return a.key[k] < b.key[k]
			}
		}
		if len(a.key) != len(b.key) {
			return len(a.key) < len(b.key)
		}
		return a.u.Member < b.u.Member
	})
	out := make([]unit, len(entries))
	for i, e := range entries {
		e.u.File = i
		out[i] = e.u
	}
	return out, nil
}

// nameOf is the name that diagnostics print for u, found by p.
func nameOf(p pattern, u unit) string {
	name := u.Path
	switch {
	case isGCS(u.Path):
	case p.Named && p.Exact == p.Path:
		name = p.Given
	case !filepath.IsAbs(p.Given):
		if rel, err := filepath.Rel(p.Cwd, u.Path); err == nil {
			name = rel
		}
	}
	if u.Member > 0 {
		name += strings.TrimPrefix(u.Name, u.Path) // archive.zip:member.pgn
	}
	return name
}

// expandUnits finds the units of inputs as the pipeline's first steps
// do, in this process: for tests and measures that run the steps without
// a runner.
func expandUnits(ctx context.Context, inputs []Input) ([]unit, error) {
	var ps []pattern
	var units []unit
	for _, in := range inputs {
		more, err := patterns(in)
		if err != nil {
			return nil, err
		}
		ps = append(ps, more...)
	}
	done := map[string]bool{}
	for _, p := range ps {
		var files []string
		switch {
		case isGCS(p.Glob):
			return nil, errors.New("expandUnits reads local files only")
		default:
			files, _ = filepath.Glob(p.Glob)
		}
		for _, f := range files {
			if done[f] {
				continue
			}
			done[f] = true
			if info, err := os.Stat(f); err != nil || !info.Mode().IsRegular() {
				continue
			}
			us, err := describe(ctx, f)
			if err != nil {
				return nil, err
			}
			units = append(units, us...)
		}
	}
	return order(units, ps)
}

// addExpand adds the steps that find the units of inputs to the pipeline,
// and returns the units, as JSON.
func addExpand(s beam.Scope, inputs []Input) beam.PCollection {
	var encoded []string
	for _, in := range inputs {
		b, _ := json.Marshal(in)
		encoded = append(encoded, string(b))
	}
	s = s.Scope("pgnc.files")
	pats := beam.ParDo(s, &patternsFn{}, beam.CreateList(s, encoded))
	files := fileio.MatchAll(s, beam.ParDo(s, globOf, pats))
	units := beam.ParDo(s, &describeFn{}, beam.Reshuffle(s, files))
	// An empty element, so that the step that numbers the units runs,
	// and says so, where no file is found.
	units = beam.Flatten(s, units, beam.Create(s, ""))
	return beam.ParDo(s, &numberFn{}, beam.GroupByKey(s, beam.ParDo(s, keyAllUnits, units)), beam.SideInput{Input: pats})
}
