package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/report"
)

// pgnc check --fix applies the certain fixes of the diagnostics
// (diag.Fix.Certain) to each file, in place, with the safe write of fmt -w
// (rewrite.go), and then reports what is left as check does; --fix --diff
// prints the unified diff from each file to its fixed text instead, and
// writes nothing. A file is held in memory while it is fixed.
//
// Fixes that overlap cannot be applied together (a move number without
// its period that is also the wrong number): each pass applies those that
// do not overlap (diag.NonOverlapping) and checks the text again, until a
// pass finds nothing to fix or maxFixPasses have run.
//
// Only a plain text file can be rewritten: a compressed file, a member of a
// zip archive, a UTF-16 file and standard input are refused, as fmt -w
// refuses them; --fix --diff reads them all, and diffs their text as
// check reads it (decompressed, UTF-16 as UTF-8).

// maxFixPasses bounds the passes over one file. A pass mends every
// problem whose fix overlaps no other; a second is needed only where two
// fixes overlap, and a third has never been seen.
const maxFixPasses = 8

// addFixFlags defines --fix, --diff and --fix-only on check's flags.
func addFixFlags(f *checkFlags) {
	f.set.BoolVar(&f.fix, "fix", false, msg.Sprintf("apply the certain fixes in place (as fmt -w writes), then report what is left; plain text files only"))
	f.set.BoolVar(&f.diff, "diff", false, msg.Sprintf("with --fix: print the unified diff of the fixes instead of writing them"))
	f.set.StringVar(&f.fixOnly, "fix-only", "", msg.Sprintf("with --fix: apply only the fixes of these comma-separated codes (PGN304 or 304)"))
}

// checkFormatValid reports whether --format and the flags of --fix go
// together, and says what is wrong on stderr when they do not.
func checkFormatValid(f *checkFlags, stderr io.Writer) bool {
	switch f.format {
	case "text", "json", "sarif", "github":
	default:
		msg.Fprintf(stderr, "pgnc check: unknown format %q (want text, json, sarif or github)\n", f.format)
		return false
	}
	if f.statistics && (f.format == "sarif" || f.format == "github") {
		msg.Fprintf(stderr, "pgnc check: --statistics prints text or json, not %s\n", f.format)
		return false
	}
	if f.fixOnly != "" {
		f.fix = true
	}
	if f.diff && !f.fix {
		msg.Fprintf(stderr, "pgnc check: --diff prints the fixes of --fix; give --fix too\n")
		return false
	}
	return true
}

// sarifVersion is pgnc's version for a SARIF log, and "" for the other
// formats: reading the build information costs a check of a small file
// about 2% of its instructions.
func sarifVersion(format string) string {
	if format != "sarif" {
		return ""
	}
	return version()
}

// fixStats is what --fix did to one input.
type fixStats struct {
	fixed   int          // fixes applied
	games   map[int]bool // the games they were applied in
	perCode map[diag.Code]int
	errors  int    // errors left in the fixed text
	changed bool   // the fixed text differs from the input
	diff    []byte // for --diff, the unified diff
}

// codes lists the codes of the fixes, with how many of each, by code:
// "PGN304 ×2, PGN312".
func (st fixStats) codes() string {
	codes := make([]diag.Code, 0, len(st.perCode))
	for code := range st.perCode {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	var b strings.Builder
	for i, code := range codes {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(code.String())
		if n := st.perCode[code]; n > 1 {
			b.WriteString(" ×" + strconv.Itoa(n))
		}
	}
	return b.String()
}

// fixCandidate is a certain fix with the diagnostic it mends.
type fixCandidate struct {
	code diag.Code
	game int
}

// fix applies the certain fixes to the inputs that args name, or, with
// --diff, prints their diffs. done says that the run is over, with the
// exit code code: with --diff, or when the flags are wrong. Otherwise the
// fixed files are to be checked as check checks them, for what is left.
func (c *checker) fix(args []string, stdin io.Reader) (code int, done bool) {
	var only map[diag.Code]bool
	if c.flags.fixOnly != "" {
		var err error
		if only, err = report.ParseCodeList("--fix-only", c.flags.fixOnly); err != nil {
			var unknown *report.UnknownCodeError
			if errors.As(err, &unknown) {
				err = msg.Errorf("%s: unknown diagnostic code %q ('pgnc help codes' lists them)", unknown.Flag, unknown.Code)
			}
			msg.Fprintf(c.stderr, "pgnc check: %v\n", err)
			return exitUsage, true
		}
	}
	for _, arg := range args {
		if arg == "-" && !c.flags.diff {
			msg.Fprintf(c.stderr, "pgnc check: --fix cannot rewrite standard input; --fix --diff prints what it would change\n")
			return exitUsage, true
		}
	}
	if !c.flags.diff {
		defer removeOnSignal()()
	}
	// The lines that say what was fixed go with text output; they would
	// break the other formats, which programs read: those get them on
	// standard error.
	say := c.stderr
	if c.flags.format == "text" {
		say = c.out
	}
	errorsLeft := 0
	for _, arg := range args {
		if info, err := os.Stat(arg); err == nil && !info.IsDir() && !info.Mode().IsRegular() && !c.flags.diff {
			msg.Fprintf(c.stderr, "pgnc: %s is not a regular file; --fix rewrites regular files only\n", arg)
			c.ioFailed = true
			continue
		}
		eachInput(arg, stdin, openOptions{jobs: c.flags.jobs, stderr: c.stderr}, func(in *input.Source, err error) {
			if err != nil {
				c.inputError(err)
				return
			}
			defer in.Close()
			st, err := c.fixOne(in, only)
			if err != nil {
				c.ioError(err)
				return
			}
			errorsLeft += st.errors
			name := diag.Printable(in.Name)
			if c.flags.diff {
				c.out.Write(st.diff)
				if st.fixed > 0 {
					msg.Fprintf(c.stderr, "%s: %d problems in %s to fix (%s)\n", name, st.fixed, msg.Sprintf("%d games", len(st.games)), st.codes())
				}
				return
			}
			if st.fixed > 0 {
				msg.Fprintf(say, "%s: fixed %d problems in %s (%s)\n", name, st.fixed, msg.Sprintf("%d games", len(st.games)), st.codes())
			}
		})
	}
	if !c.flags.diff {
		return 0, false
	}
	c.out.Flush()
	switch {
	case c.ioFailed:
		return exitUsage, true
	case errorsLeft > 0:
		return exitProblems, true
	}
	return exitClean, true
}

// fixOne fixes one input: in place, or, with --diff, into its diff.
func (c *checker) fixOne(in *input.Source, only map[diag.Code]bool) (fixStats, error) {
	st := fixStats{games: map[int]bool{}, perCode: map[diag.Code]int{}}
	var src []byte
	var target string
	var info fs.FileInfo
	var err error
	if c.flags.diff {
		if src, err = io.ReadAll(in); err != nil {
			return st, msg.Errorf("%s: %w", in.Name, err)
		}
	} else {
		if in.Format != input.Text || in.Path == "" {
			how := msg.Sprintf("%s-compressed files", in.Format)
			switch {
			case in.Format == input.Zip:
				how = msg.Sprintf("members of zip archives")
			case in.Format == input.UTF16LE || in.Format == input.UTF16BE:
				how = msg.Sprintf("UTF-16 files")
			case in.Path == "":
				how = msg.Sprintf("standard input")
			}
			return st, msg.Errorf("%s: --fix does not rewrite %s; --fix --diff prints what it would change", in.Name, how)
		}
		if target, info, err = rewritable(in.Path); err != nil {
			return st, err
		}
		// The bytes as they are on disk: offsets index them, and the
		// safe write checks that the file still holds them.
		if src, err = os.ReadFile(target); err != nil {
			return st, err
		}
	}
	original := string(src)
	text := original
	var edits []edit
	for pass := 0; ; pass++ {
		fixes, cands, errs, err := c.fixesOf(in.Name, text, only)
		if err != nil {
			return st, err
		}
		if len(fixes) == 0 || pass == maxFixPasses {
			st.errors = errs
			break
		}
		fixes = diag.NonOverlapping(fixes)
		for _, x := range fixes {
			cand := cands[x]
			st.fixed++
			st.perCode[cand.code]++
			st.games[cand.game] = true
		}
		edits = composeEdits(edits, fixes)
		text = diag.ApplyFixes(text, fixes)
	}
	st.changed = text != original
	if !st.changed {
		return st, nil
	}
	if c.flags.diff {
		st.diff = unifiedDiff(diag.Printable(in.Name), original, text, edits)
		return st, nil
	}
	return st, writeFixed(target, info, int64(len(src)), text)
}

// fixesOf checks text, the whole of the input named name, and returns the
// certain fixes of its diagnostics, as --fix-only (only, unless nil) and
// --ignore let them, with offsets in text, each with the diagnostic it
// mends; and the number of errors. A fix that would write what is there
// already is left out: it would be applied on every pass.
func (c *checker) fixesOf(name, text string, only map[diag.Code]bool) ([]diag.Fix, map[diag.Fix]fixCandidate, int, error) {
	opts := c.readOptions()
	opts.MaxRepeats = -1 // every diagnostic, none counted away in PGN901
	rd := reader.NewFile(strings.NewReader(text), int64(len(text)), name, opts)
	defer rd.Close()
	var fixes []diag.Fix
	cands := map[diag.Fix]fixCandidate{}
	errs := 0
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return fixes, cands, errs, nil
		}
		if err != nil {
			return nil, nil, 0, msg.Errorf("%s: %w", name, err)
		}
		base := g.File.Base()
		from := len(fixes)
		boardResult := false // a fix of the result that the board gives (PGN319, PGN320)
		for _, d := range g.Diags {
			if !c.codes.Shown(d) {
				continue
			}
			if c.codes.IsError(d) {
				errs++
			}
			x, ok := d.CertainFix()
			if !ok || only != nil && !only[d.Code] {
				continue
			}
			x.Start += base
			x.End += base
			if text[x.Start:x.End] == x.Text {
				continue
			}
			fixes = append(fixes, x)
			cands[x] = fixCandidate{code: d.Code, game: g.Index}
			boardResult = boardResult || d.Code == diag.ResultVsBoard || d.Code == diag.UnfinishedResult
		}
		if boardResult {
			// The Result tag follows the marker (PGN318) once the
			// marker is the board's: mended now, it would follow the
			// marker that is being replaced, and back again.
			kept := fixes[:from]
			for _, x := range fixes[from:] {
				if cands[x].code != diag.ResultMismatch {
					kept = append(kept, x)
				}
			}
			fixes = kept
		}
	}
}

// writeFixed writes text in the place of path, which was read bytes long
// when its state was info: as fmt -w writes, through a temporary file
// renamed over it, refused when the file changed meanwhile (replace).
func writeFixed(path string, info fs.FileInfo, read int64, text string) error {
	tmp, err := createTemp(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer forgetTemp(tmp.Name())
	defer tmp.Close()
	if _, err := io.WriteString(tmp, text); err != nil {
		return err
	}
	return replace(path, info, read, tmp)
}

// edit says that the bytes oldStart to oldEnd of a text became the bytes
// newStart to newEnd of the text after fixes: --diff makes its hunks of
// the lines around the edits, with no search for what changed.
type edit struct{ oldStart, oldEnd, newStart, newEnd int }

// composeEdits returns the edits from the original text to the text that
// fixes give, when edits lead from the original to the text that fixes
// apply to. Edits and fixes that overlap or touch become one edit. Both
// are sorted and do not overlap among themselves.
func composeEdits(edits []edit, fixes []diag.Fix) []edit {
	var out []edit
	shift := 0    // what the edits before the group added to the text
	fixShift := 0 // what the fixes before the group added to it
	i, j := 0, 0
	for i < len(edits) || j < len(fixes) {
		// A group starts at the earlier of the next edit and fix (in
		// the coordinates of the text the fixes apply to) and takes in
		// all that overlaps or touches it.
		start, end := 0, 0
		if j == len(fixes) || i < len(edits) && edits[i].newStart <= fixes[j].Start {
			start, end = edits[i].newStart, edits[i].newEnd
		} else {
			start, end = fixes[j].Start, fixes[j].End
		}
		groupShift, groupFixShift := 0, 0
		for {
			switch {
			case i < len(edits) && edits[i].newStart <= end:
				e := edits[i]
				end = max(end, e.newEnd)
				groupShift += (e.newEnd - e.newStart) - (e.oldEnd - e.oldStart)
				i++
				continue
			case j < len(fixes) && fixes[j].Start <= end:
				x := fixes[j]
				end = max(end, x.End)
				groupFixShift += len(x.Text) - (x.End - x.Start)
				j++
				continue
			}
			break
		}
		out = append(out, edit{oldStart: start - shift, oldEnd: end - shift - groupShift,
			newStart: start + fixShift, newEnd: end + fixShift + groupFixShift})
		shift += groupShift
		fixShift += groupFixShift
	}
	return out
}

// unifiedDiff returns the diff from old to new, which edits lead from one
// to the other, headed as fmt -d heads its diffs: each hunk holds the
// lines an edit touches, removed and added whole, with 3 lines of context.
func unifiedDiff(name, old, new string, edits []edit) []byte {
	h := hunkWriter{header: "diff " + name + ".orig " + name + "\n--- " + name + ".orig\n+++ " + name + "\n"}
	at := 0 // the old text before it is written
	for k := 0; k < len(edits); {
		// The whole lines around the edit, and those of the edits that
		// share a line with them.
		e := edits[k]
		ls := strings.LastIndexByte(old[:e.oldStart], '\n') + 1
		nls := e.newStart - (e.oldStart - ls)
		le := lineAfter(old, e.oldEnd)
		nle := e.newEnd + (le - e.oldEnd)
		for k++; k < len(edits) && (edits[k].oldStart < le || le == len(old)); k++ {
			e = edits[k]
			le = max(le, lineAfter(old, e.oldEnd))
			nle = e.newEnd + (le - e.oldEnd)
		}
		for _, line := range splitLines(old[at:ls]) {
			h.equal(line)
		}
		// Lines the same on both sides at either end of the edits (a
		// tag mended twice, back to what it was) are context.
		removed, added := splitLines(old[ls:le]), splitLines(new[nls:nle])
		same := 0
		for same < min(len(removed), len(added)) && removed[same] == added[same] {
			h.equal(removed[same])
			same++
		}
		removed, added = removed[same:], added[same:]
		tail := 0
		for tail < min(len(removed), len(added)) && removed[len(removed)-1-tail] == added[len(added)-1-tail] {
			tail++
		}
		for _, line := range removed[:len(removed)-tail] {
			h.change('-', line)
		}
		for _, line := range added[:len(added)-tail] {
			h.change('+', line)
		}
		for _, line := range removed[len(removed)-tail:] {
			h.equal(line)
		}
		at = le
	}
	for _, line := range splitLines(old[at:]) {
		h.equal(line)
	}
	h.end()
	return h.out.Bytes()
}

// lineAfter returns the offset after the line break that ends the line
// holding offset at, or the end of text.
func lineAfter(text string, at int) int {
	if i := strings.IndexByte(text[at:], '\n'); i >= 0 {
		return at + i + 1
	}
	return len(text)
}
