package diag

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/text/language"
)

// The diagnostic codes. Numbers are stable: a code is never reused for a
// different problem.
const (
	IllegalChar        Code = 101 // a byte no token can start with
	UnterminatedComm   Code = 102 // "{" without "}"
	UnterminatedString Code = 103 // a tag value without its closing quote
	NotUTF8            Code = 104 // bytes that are not UTF-8, likely Latin-1
	ControlChar        Code = 105 // a control byte inside a comment or string
	ResultQuirk        Code = 106 // ½-½ and other non-standard results
	MisplacedBOM       Code = 107 // a byte order mark after the first byte
	EscapeNotCol1      Code = 108 // "%" outside column 1
	UnknownEscape      Code = 109 // a backslash escape other than \" and \\
	TabInString        Code = 110 // a tab inside a string
	ReservedToken      Code = 111 // "<" or ">"
	UnknownMove        Code = 112 // a symbol in movetext that is not SAN
	UnescapedQuote     Code = 113 // a quote inside a tag value without backslash
	InvalidUTF8        Code = 114 // bytes that are not UTF-8 where UTF-8 was asked for
	TagInComment       Code = 115 // a line inside a comment that looks like a tag pair
	NotPGN             Code = 116 // an input that is not PGN text: an archive, an image, binary data
	HiddenGames        Code = 117 // a comment whose text holds whole games: its "}" is missing
	LoneSurrogate      Code = 118 // a lone UTF-16 surrogate, read as U+FFFD
	UnexpectedToken    Code = 201 // generic syntax error
	UnclosedVariation  Code = 202 // "(" never closed
	UnmatchedParen     Code = 203 // ")" without "("
	MissingResult      Code = 204 // movetext without a termination marker
	MissingTags        Code = 205 // a game without a tag section
	DanglingMoveNumber Code = 206 // a move number followed by no move
	NumberWithoutDot   Code = 207 // "12 e4"
	DetachedSuffix     Code = 208 // "e4 !"
	CommentAfterResult Code = 209 // a comment after the termination marker
	EmptyVariation     Code = 210 // "()"
	StrayDots          Code = 211 // periods that follow no move number
	NAGRange           Code = 212 // a NAG above 255
	EnPassantMark      Code = 213 // "e.p."
	DepthLimit         Code = 214 // variations nested beyond the limit
	GameBytesLimit     Code = 215 // no game boundary within the size limit
	IllegalMove        Code = 301 // no legal move matches the SAN
	AmbiguousMove      Code = 302 // several legal moves match the SAN
	OverDisambiguated  Code = 303 // "Nbd2" where "Nd2" is unique
	CheckMarkMissing   Code = 304 // a checking move without "+"
	CheckMarkWrong     Code = 305 // "+" or "#" on a move that gives no check
	MateMarkMissing    Code = 306 // a mating move without "#"
	MateMarkWrong      Code = 307 // "#" on a check that is not mate
	CaptureMarkMissing Code = 308 // a capture without "x"
	CaptureMarkWrong   Code = 309 // "x" on a move that captures nothing
	PromotionMissing   Code = 310 // a pawn reaching the last rank without piece
	NonStandardSAN     Code = 311 // lower-case pieces, 0-0, e8Q, e.p., long algebraic, figurines, other languages' letters
	MoveNumberWrong    Code = 312 // a move number that disagrees with the ply
	NullMove           Code = 313 // "--" replayed as a pass
	UnsupportedVariant Code = 314 // crazyhouse, atomic, …
	BadFEN             Code = 315 // the FEN tag does not parse
	FENWithoutSetUp    Code = 316 // a FEN tag without SetUp "1"
	SetUpWithoutFEN    Code = 317 // SetUp "1" without FEN tag
	ResultMismatch     Code = 318 // Result tag and termination marker differ
	ResultVsBoard      Code = 319 // the result contradicts a mate or stalemate on the board
	UnfinishedResult   Code = 320 // "*" in a finished position
	RosterMissing      Code = 321 // a tag of the Seven Tag Roster is missing
	RosterOrder        Code = 322 // the Seven Tag Roster is out of order
	DateFormat         Code = 323 // a Date tag not in YYYY.MM.DD form
	DuplicateTag       Code = 324 // the same tag twice
	PlyCountWrong      Code = 325 // PlyCount disagrees with the moves
	NullMoveInCheck    Code = 326 // a null move while in check
	FENFullmoveZero    Code = 327 // a FEN whose fullmove number is 0
	ResultTagValue     Code = 328 // a Result tag that is no termination marker
	PieceLetters       Code = 329 // piece letters of another language that cannot be told
	ECOMismatch        Code = 330 // an ECO tag that disagrees with the opening the moves reach (check --eco)
	MoreErrors         Code = 901 // errors of one code in one game beyond the limit
	MoreWarnings       Code = 902 // warnings of one code in one game beyond the limit
	CopiedUnchanged    Code = 903 // fmt copies a game whose parts the export format cannot hold
	TooLong            Code = 904 // fmt or convert leaves a game too long to hold in memory as it is
)

// Entry is the catalog text of one code. Messages and hints name their
// parameters in braces, e.g. {text}, filled from Diagnostic.Args.
type Entry struct {
	Code     Code
	Severity Severity
	Summary  string // one line for the tables of codes: docs/codes.md, pgnc help codes
	Message  string // the message, e.g. "illegal move {san}: {reason}"
	Hint     string // suggested fix; may be empty
}

// Catalog holds the texts of every code in one language, and the phrases
// that arguments name (Arg.Phrase). English is pgnc's own; Spanish is its
// translation, with the same codes, parameters and phrases.
type Catalog struct {
	tag     language.Tag
	entries []Entry // by code; Code 0 where there is none
	phrases map[string]string
}

// Language returns the catalog's language.
func (c *Catalog) Language() language.Tag { return c.tag }

// Lookup returns the entry of code; unknown codes yield an error entry that
// names the code, so that a missing translation is visible but harmless.
func (c *Catalog) Lookup(code Code) Entry {
	if int(code) < len(c.entries) && c.entries[code].Code == code && code != 0 {
		return c.entries[code]
	}
	return Entry{Code: code, Severity: Error, Message: "PGN" + strconv.Itoa(int(code))}
}

// Has reports whether code is in the catalog.
func (c *Catalog) Has(code Code) bool {
	return code != 0 && int(code) < len(c.entries) && c.entries[code].Code == code
}

// Message renders d's message.
func (c *Catalog) Message(d Diagnostic) string { return c.expand(c.Lookup(d.Code).Message, d.Args) }

// Hint renders d's hint, or "" when its code has none.
func (c *Catalog) Hint(d Diagnostic) string { return c.expand(c.Lookup(d.Code).Hint, d.Args) }

// Phrase returns the phrase key in the catalog's language, its parameters
// in braces; a key is the English text, which English leaves as it is.
func (c *Catalog) Phrase(key string) string {
	if text, ok := c.phrases[key]; ok {
		return text
	}
	return key
}

// Render returns the phrase template in the catalog's language, filled in
// from args.
func (c *Catalog) Render(template string, args ...Arg) string {
	return c.expand(c.Phrase(template), args)
}

// Translates reports whether the catalog has its own text for the phrase
// key.
func (c *Catalog) Translates(key string) bool {
	_, ok := c.phrases[key]
	return ok
}

// Phrases returns the keys of the catalog's phrases, sorted.
func (c *Catalog) Phrases() []string {
	keys := make([]string, 0, len(c.phrases))
	for k := range c.phrases {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Entries returns the catalog's entries ordered by code.
func (c *Catalog) Entries() []Entry {
	var es []Entry
	for _, e := range c.entries {
		if e.Code != 0 {
			es = append(es, e)
		}
	}
	return es
}

// Raise returns a copy of the catalog in which the codes raised lists are
// errors (pgnc check --warn-as-error).
func (c *Catalog) Raise(raised map[Code]bool) *Catalog {
	r := &Catalog{tag: c.tag, entries: make([]Entry, len(c.entries)), phrases: c.phrases}
	for code, e := range c.entries {
		if raised[Code(code)] {
			e.Severity = Error
		}
		r.entries[code] = e
	}
	return r
}

// MarkdownTable renders the catalog as the table of codes of docs/codes.md.
func (c *Catalog) MarkdownTable() string {
	var b strings.Builder
	b.WriteString(c.phrases["table.head"] + "\n|---|---|---|\n")
	for _, e := range c.Entries() {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", e.Code, c.SeverityName(e.Severity), e.Summary)
	}
	return b.String()
}

// SeverityName is the word for s in the catalog's language, as text output
// prints it. JSON keeps the English "error" and "warning", which programs
// match on.
func (c *Catalog) SeverityName(s Severity) string { return c.phrases["severity."+s.String()] }

// expand replaces each {name} in template by the value of that argument; an
// argument that names phrases is replaced by their texts, expanded in turn
// with the same arguments.
func (c *Catalog) expand(template string, args []Arg) string {
	if !strings.Contains(template, "{") {
		return template
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(template, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(template[i:], '}')
		if j < 0 {
			break
		}
		b.WriteString(template[:i])
		name := template[i+1 : i+j]
		b.WriteString(c.value(name, args))
		template = template[i+j+1:]
	}
	b.WriteString(template)
	return b.String()
}

// value renders the argument called name; "{name}" when there is none.
func (c *Catalog) value(name string, args []Arg) string {
	for _, a := range args {
		if a.Name != name {
			continue
		}
		if !a.Phrase {
			return a.Value
		}
		var texts []string
		join := c.phrases["join.reasons"]
		keys := strings.Split(a.Value, PhraseSeparator)
		if strings.Contains(a.Value, AlternativeSeparator) {
			join, keys = c.phrases["join.or"], strings.Split(a.Value, AlternativeSeparator)
		}
		for _, key := range keys {
			// A phrase does not name itself: its parameters are others.
			texts = append(texts, c.expand(c.Phrase(key), args))
		}
		return strings.Join(texts, join)
	}
	return "{" + name + "}"
}

// PhraseSeparator separates the phrases of an argument that names several
// reasons; the message joins their texts with "; ". AlternativeSeparator
// separates alternatives, which it joins with " or ".
const (
	PhraseSeparator      = "\x1e"
	AlternativeSeparator = "\x1f"
)

// newCatalog builds a catalog in language tag from English's codes and
// severities and the texts of texts, which must hold every code.
func newCatalog(tag language.Tag, texts map[Code][3]string, phrases map[string]string) *Catalog {
	top := Code(0)
	for code := range texts {
		top = max(top, code)
	}
	c := &Catalog{tag: tag, entries: make([]Entry, top+1), phrases: phrases}
	for code, t := range texts {
		c.entries[code] = Entry{Code: code, Severity: severities[code], Summary: t[0], Message: t[1], Hint: t[2]}
	}
	return c
}

// severities are the severities of the codes, in every language.
var severities = map[Code]Severity{
	IllegalChar:        Error,
	UnterminatedComm:   Error,
	UnterminatedString: Error,
	NotUTF8:            Warning,
	InvalidUTF8:        Error,
	TagInComment:       Warning,
	HiddenGames:        Error,
	LoneSurrogate:      Warning,
	NotPGN:             Error,
	ControlChar:        Error,
	ResultQuirk:        Warning,
	MisplacedBOM:       Warning,
	EscapeNotCol1:      Error,
	UnknownEscape:      Warning,
	TabInString:        Warning,
	ReservedToken:      Error,
	UnknownMove:        Error,
	UnescapedQuote:     Warning,
	DepthLimit:         Error,
	GameBytesLimit:     Error,
	IllegalMove:        Error,
	AmbiguousMove:      Error,
	OverDisambiguated:  Warning,
	CheckMarkMissing:   Warning,
	CheckMarkWrong:     Warning,
	MateMarkMissing:    Warning,
	MateMarkWrong:      Warning,
	CaptureMarkMissing: Warning,
	CaptureMarkWrong:   Warning,
	PromotionMissing:   Warning,
	NonStandardSAN:     Warning,
	MoveNumberWrong:    Warning,
	NullMove:           Warning,
	UnsupportedVariant: Error,
	BadFEN:             Error,
	FENWithoutSetUp:    Warning,
	SetUpWithoutFEN:    Error,
	ResultMismatch:     Error,
	ResultVsBoard:      Error,
	UnfinishedResult:   Warning,
	RosterMissing:      Warning,
	RosterOrder:        Warning,
	DateFormat:         Warning,
	DuplicateTag:       Warning,
	PlyCountWrong:      Warning,
	NullMoveInCheck:    Error,
	FENFullmoveZero:    Warning,
	ResultTagValue:     Warning,
	PieceLetters:       Error,
	ECOMismatch:        Warning,
	MoreErrors:         Error,
	MoreWarnings:       Warning,
	CopiedUnchanged:    Warning,
	TooLong:            Warning,
	UnexpectedToken:    Error,
	UnclosedVariation:  Error,
	UnmatchedParen:     Error,
	MissingResult:      Warning,
	MissingTags:        Warning,
	DanglingMoveNumber: Warning,
	NumberWithoutDot:   Warning,
	DetachedSuffix:     Warning,
	CommentAfterResult: Warning,
	EmptyVariation:     Warning,
	StrayDots:          Warning,
	NAGRange:           Warning,
	EnPassantMark:      Warning,
}

// English is the catalog pgnc prints by default.
var English = newCatalog(language.English, englishTexts, englishPhrases)

// englishTexts are the summary, message and hint of each code in English.
var englishTexts = map[Code][3]string{
	IllegalChar: {"a character that cannot start any PGN token",
		"unexpected character {char}", "{hint}"},
	UnterminatedComm: {"a brace comment that is never closed",
		"unterminated comment started here", "close the comment with '}'"},
	UnterminatedString: {"a string without its closing quote",
		"tag value is missing its closing quote", `end the value with '"'`},
	NotUTF8: {"text that is not valid UTF-8: its game is read as Windows-1252",
		"{where} is not valid UTF-8; this game is read as Windows-1252 (Latin-1)", "convert the file to UTF-8, or check it with --encoding latin1"},
	InvalidUTF8: {"bytes that are not UTF-8 in a file read as UTF-8",
		"{where} is not valid UTF-8", "fix the bytes, or check the file with --encoding latin1 or auto"},
	TagInComment: {"a comment that runs over a line that looks like a tag pair",
		"this comment runs over '{text}', which looks like a tag pair: is the comment's '}' missing?", "close the comment before that line; up to the next '}' everything is comment text, games included"},
	HiddenGames: {"a comment that runs over whole games: its '}' is missing",
		"this comment runs over {games}, the first starting here: is the comment's '}' missing?", "close the comment before this game; up to the next '}' everything is comment text"},
	NotPGN: {"an input that is not PGN text: another file format or binary data",
		"'{file}' is {what}, not PGN text", "{fix}"},
	LoneSurrogate: {"a lone UTF-16 surrogate, which no character is made of: it is read as U+FFFD",
		"lone UTF-16 surrogate {unit} (at byte {offset} of the UTF-16 text) is read as U+FFFD", "the UTF-16 text is damaged here: put back the character it lost"},
	ControlChar: {"a control character inside a comment or string",
		"control character {char} in {where}", "remove it"},
	ResultQuirk: {"a result written with non-standard characters",
		"non-standard result {text}", "write '{fix}'"},
	MisplacedBOM: {"a UTF-8 byte order mark after the start of the file",
		"byte order mark in the middle of the file", "remove it"},
	EscapeNotCol1: {"a '%' escape that does not start in column 1",
		"'%' starts an escape line only in column 1", "move it to the start of the line or remove it"},
	UnknownEscape: {`a backslash escape other than \" and \\ in a string`,
		`unknown escape {text} in string; only \" and \\ are escapes`, `write \\ for a backslash`},
	TabInString: {"a tab inside a string",
		"tab character in string", "replace it by a space"},
	ReservedToken: {"the reserved tokens '<' and '>'",
		"'{text}' is reserved by the PGN standard and has no meaning", "remove it"},
	UnknownMove: {"movetext that is not a SAN move",
		"'{text}' is not a move in Standard Algebraic Notation", "{hint}"},
	UnescapedQuote: {"a quote inside a tag value that is not escaped",
		"quote inside tag value is not escaped; read up to the last quote on the line", `write \" for a quote inside a value`},
	DepthLimit: {"variations nested deeper than the limit",
		"variation nested deeper than {limit} levels; skipped", "raise the limit with --max-depth"},
	GameBytesLimit: {"input without a game boundary for longer than the limit",
		"no game boundary in {limit} bytes; the input is cut here and skipped up to the next line that starts with '['", "raise the limit with --max-game-bytes"},
	IllegalMove: {"a move that is illegal in its position",
		"illegal move {san}: {reason}", ""},
	AmbiguousMove: {"a move that several pieces can make",
		"ambiguous move {san}: the pieces on {squares} can all make it", "write one of {fixes}"},
	OverDisambiguated: {"more disambiguation than the legal moves need",
		"{san} says more than needed to tell which piece moves", "write '{fix}'"},
	CheckMarkMissing: {"a checking move without '+'",
		"{san} gives check but is not marked '+'", "write '{fix}'"},
	CheckMarkWrong: {"'+' or '#' on a move that gives no check",
		"{san} is marked as check but gives no check", "write '{fix}'"},
	MateMarkMissing: {"a mating move without '#'",
		"{san} is checkmate but is not marked '#'", "write '{fix}'"},
	MateMarkWrong: {"'#' on a check that is not mate",
		"{san} is marked as mate but the king can escape", "write '{fix}'"},
	CaptureMarkMissing: {"a capture without 'x'",
		"{san} captures but has no 'x'", "write '{fix}'"},
	CaptureMarkWrong: {"'x' on a move that captures nothing",
		"{san} has 'x' but captures nothing", "write '{fix}'"},
	PromotionMissing: {"a pawn reaching the last rank without a promotion piece",
		"{san} reaches the last rank without saying what the pawn becomes; read as a queen", "write '{fix}'"},
	NonStandardSAN: {"SAN written in a non-standard way",
		"{san} is not standard SAN ({why})", "write '{fix}'"},
	MoveNumberWrong: {"a move number that disagrees with the position",
		"move number {found} does not match the move it precedes", "write '{fix}'"},
	NullMove: {"a null move",
		"null move {san}; replayed as a pass", ""},
	UnsupportedVariant: {"a chess variant pgnc does not check",
		"variant {variant} is not supported; the moves of this game are not checked", ""},
	BadFEN: {"a FEN tag that does not describe a valid position",
		"FEN tag: {reason}", ""},
	FENWithoutSetUp: {"a FEN tag without SetUp \"1\"",
		"FEN tag without SetUp \"1\"; the game starts from the FEN all the same", `add [SetUp "1"]`},
	SetUpWithoutFEN: {"SetUp \"1\" without a FEN tag",
		"SetUp \"1\" but no FEN tag; the game is replayed from the initial position", "add the FEN tag"},
	ResultMismatch: {"a Result tag that differs from the termination marker",
		"the Result tag says {tag} but the game ends with {marker}", ""},
	ResultVsBoard: {"a result that contradicts a checkmate or stalemate",
		"the game ends in {status}, but the result is {result}", "write {fix}"},
	UnfinishedResult: {"'*' for a game that ended on the board",
		"the game ends in {status}, but the result is '*'", "write {fix}"},
	RosterMissing: {"a tag of the Seven Tag Roster is missing",
		"the Seven Tag Roster lacks {tags}", "add the missing tags, with \"?\" for unknown values"},
	RosterOrder: {"the Seven Tag Roster out of its order",
		"{tag} should come after {other} (the Seven Tag Roster order is Event, Site, Date, Round, White, Black, Result)", ""},
	DateFormat: {"a Date tag not in YYYY.MM.DD form",
		"date {value} is not in the form YYYY.MM.DD (with ? for unknown digits)", ""},
	DuplicateTag: {"the same tag given twice",
		"tag {tag} appears again; the first value is used", "remove one of them"},
	PlyCountWrong: {"a PlyCount tag that disagrees with the moves",
		"PlyCount is {tag} but the main line has {count} plies", ""},
	NullMoveInCheck: {"a null move while in check",
		"null move {san} while in check", ""},
	FENFullmoveZero: {"a FEN tag with fullmove number 0",
		"FEN fullmove number 0 is read as 1", "write 1; fullmove numbers start at 1"},
	ResultTagValue: {"a Result tag whose value is not a termination marker",
		"Result tag value {value} is not 1-0, 0-1, 1/2-1/2 or *", "write the game's result, or * when it is unknown"},
	PieceLetters: {"a piece letter of another language than English, in a game whose language cannot be told",
		"{san} has the piece letter {letter}, which is not English, {why}", "write the English letters K, Q, R, B and N, or name the language: pgnc check --piece-letters de (or nl, fr, es, it, pt, sv, pl, cs)"},
	ECOMismatch: {"an ECO tag that disagrees with the opening the moves reach (pgnc check --eco)",
		"ECO is {tag} but the moves reach {eco}, {name}, at ply {ply}", "write \"{eco}\", or let pgnc fmt --eco write the ECO and Opening tags"},
	MoreErrors: {"errors of one code in one game beyond the limit, counted here",
		"{count} more errors {code} in this game are not shown, from here on", "the first {limit} of each code in a game are shown; pgnc check --max-repeats 0 shows them all"},
	MoreWarnings: {"warnings of one code in one game beyond the limit, counted here",
		"{count} more warnings {code} in this game are not shown, from here on", "the first {limit} of each code in a game are shown; pgnc check --max-repeats 0 shows them all"},
	CopiedUnchanged: {"a game that fmt copies unchanged, since the export format has no place for part of it",
		"this game is copied unchanged: the export format has no place for {what}", "move it where the format has a place for it, or leave the game as it is"},
	TooLong: {"a game too long to hold in memory, which fmt copies unchanged and convert does not convert",
		"this game has more than {limit} tag pairs or elements of movetext, too many to hold in memory: it was checked in parts and is left as it is", "split it into games, or check it with pgnc check, which reads it in parts"},
	UnexpectedToken: {"a token where the grammar does not allow it",
		"unexpected {found}{expected}", ""},
	UnclosedVariation: {"a variation that is never closed",
		"variation opened here is never closed", "add ')' before the end of the game"},
	UnmatchedParen: {"')' with no open variation",
		"')' closes no variation", "remove it or add the missing '('"},
	MissingResult: {"a game without a termination marker",
		"game has no termination marker", "end the movetext with the result, or '*' when it is unknown"},
	MissingTags: {"a game without a tag section",
		"game has no tag section", "add the Seven Tag Roster before the moves"},
	DanglingMoveNumber: {"a move number followed by no move",
		"move number {number} is followed by nothing", "remove it"},
	NumberWithoutDot: {"a move number without its period",
		"move number {number} has no period", "write '{number}.'"},
	DetachedSuffix: {"a suffix annotation separated from its move",
		"annotation '{text}' is separated from its move", "write it right after the move, with no space"},
	CommentAfterResult: {"a comment after the termination marker",
		"comment after the termination marker; kept with the game before it", "move it before the result"},
	EmptyVariation: {"a variation with no moves",
		"variation has no moves", "remove '()'"},
	StrayDots: {"periods that follow no move number",
		"'{text}' follows no move number", "remove it or add the move number"},
	NAGRange: {"a NAG above $255",
		"NAG {text} is above the standard's range $0 to $255", ""},
	EnPassantMark: {"the 'e.p.' marker, which SAN does not use",
		"'e.p.' is not part of SAN", "remove it"},
}

// englishPhrases are the words of text output and the phrases that
// arguments name, in English, by key.
var englishPhrases = map[string]string{
	"table.head":       "| code | severity | meaning |",
	"severity.error":   "error",
	"severity.warning": "warning",
	"join.reasons":     "; ",
	"join.or":          " or ",
	"hint":             "hint",
}

// Phrase marks s, English text, as a phrase that catalogs translate, for
// text that reaches a PhraseArg through a variable; it returns s.
func Phrase(s string) string { return s }
