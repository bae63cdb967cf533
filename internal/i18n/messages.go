package i18n

import (
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/message/catalog"
)

// entry is a message in one language: one format, or, where arg is the
// 1-based position of a count, the formats of its plural forms one and
// other.
type entry struct {
	arg   int
	forms []string
}

// text is a message with no plural forms.
func text(s string) entry { return entry{forms: []string{s}} }

// plurals is a message whose form follows the count in argument arg, by
// the language's plural rules.
func plurals(arg int, one, other string) entry { return entry{arg: arg, forms: []string{one, other}} }

// messages returns e as catalog messages.
func (e entry) messages() []catalog.Message {
	if e.arg == 0 {
		return []catalog.Message{catalog.String(plain(e.forms[0]))}
	}
	return []catalog.Message{plural.Selectf(e.arg, "%d", plural.One, plain(e.forms[0]), plural.Other, plain(e.forms[1]))}
}

// plain makes the numbers of format s print as plain digits: a message
// printer groups them by the language's rules (3,001 or 3.001), where
// pgnc prints byte counts, line numbers and limits as they are typed. It
// also prints %w, which Errorf wraps, as %v, which a printer knows.
func plain(s string) string {
	if !strings.Contains(s, "%d") && !strings.Contains(s, "%w") {
		return s // most messages, and the long help texts: no replacer pass
	}
	return plainVerbs.Replace(s)
}

// plainVerbs is plain's replacer, built once for all the messages.
var plainVerbs = strings.NewReplacer("%d", "%#d", "%w", "%v")

// english holds the English messages that are not their own key: those
// with plural forms, and the help texts, whose keys name them.
var english = map[string]entry{
	"%d files":            plurals(1, "%d file", "%d files"),
	"%d games":            plurals(1, "%d game", "%d games"),
	"%d errors":           plurals(1, "%d error", "%d errors"),
	"%d warnings":         plurals(1, "%d warning", "%d warnings"),
	"%d bytes":            plurals(1, "%d byte", "%d bytes"),
	", %d plies replayed": plurals(1, ", %d ply replayed", ", %d plies replayed"),
	"stopped printing errors after --max-errors %d: %d more errors not shown\n": plurals(2,
		"stopped printing errors after --max-errors %d: %d more error not shown\n",
		"stopped printing errors after --max-errors %d: %d more errors not shown\n"),
	"pgnc fmt: %s: %d texts that were not UTF-8 copied as UTF-8, read as Windows-1252 (Latin-1)\n": plurals(2,
		"pgnc fmt: %s: %d text that was not UTF-8 copied as UTF-8, read as Windows-1252 (Latin-1)\n",
		"pgnc fmt: %s: %d texts that were not UTF-8 copied as UTF-8, read as Windows-1252 (Latin-1)\n"),
	"%s has %d games; there is no game %d": plurals(2,
		"%s has %d game; there is no game %d",
		"%s has %d games; there is no game %d"),
	"%s: cannot be formatted: %d errors\n": plurals(2,
		"%s: cannot be formatted: %d error\n",
		"%s: cannot be formatted: %d errors\n"),
	"pgnc board: the file has %d games; --game %d is out of range\n": plurals(1,
		"pgnc board: the file has %d game; --game %d is out of range\n",
		"pgnc board: the file has %d games; --game %d is out of range\n"),
	"help": text(`pgnc is a toolchain for PGN, the Portable Game Notation of chess.

Usage:

	pgnc <command> [arguments]

Commands:

	check     report problems in PGN files
	board     show the positions of a game
	fmt       rewrite PGN in the standard's export format
	convert   write games as JSON, UCI, SAN, FEN, EPD or PGN
	select    write the games a query selects: by tags, moves, positions
	play      continue an unfinished game, move by move
	dedupe    write each game once, leaving out its duplicates
	explain   explain a diagnostic code: its meaning, an example, the fix
	lsp       serve editors: the Language Server Protocol on standard I/O
	help      show help for a command
	version   print the pgnc version

Run 'pgnc help <command>' for a command's flags, and 'pgnc help codes' for
the list of diagnostic codes. Every command also takes --lang LANG, the
language of messages and help: en or es (by default the one of LC_ALL,
LC_MESSAGES or LANG, else en).

Exit codes: 0 clean, 1 problems found, 2 usage or I/O error. fmt -l, -d and
--check exit 2 for a file with errors, which fmt cannot format, and --check
exits 1 for a file that differs (see 'pgnc help fmt').
`),
	"help.check": text(`Usage: pgnc check [flags] FILE...

Check reads each FILE ("-" for standard input; a directory means every .pgn
file below it) and reports every problem as

	file:line:col: severity[CODE]: message

followed by the source line, a caret under the problem and, where there is
one, a hint. A summary line ends the report: files, games (and how many
have errors), the main-line plies replayed, errors, warnings, and the bytes
that error recovery skipped. In a directory, a symbolic link to a file
outside it is passed over, with a warning.

By default every move of every game, variations included, is replayed on a
board with the full rules of chess (standard chess and Chess960); --syntax
stops after the lexical and syntax checks.

--severity error shows and counts errors only: the summary line says how
many warnings it left out, and --strict does not fail on them. --statistics
prints, instead of each diagnostic, one line per code (its count, severity
and meaning, most frequent first), then the summary line; with --format
json, one object {"code", "severity", "count", "summary"} per code and no
summary. 'pgnc help codes' lists the codes, 'pgnc explain CODE' explains one.

--fix applies to each FILE, in place as fmt -w writes, the fixes that cannot
change what a game means (a check mark, an 'x', a move number, standard SAN
for 0-0 or a figurine, a Result tag that follows the marker), then reports
what is left; --fix --diff prints them as a unified diff instead, and
--fix-only CODES applies only those of CODES. A suggestion, such as the move
an illegal move may have meant, is never applied. --format sarif writes one
SARIF 2.1.0 log, --format github annotations for GitHub Actions.

Exit codes: 0 when no error was found (and, with --strict, no warning shown),
1 when one was, 2 on usage or I/O errors.

Flags:
`),
	"help.board": text(`Usage: pgnc board [flags] [FILE]

Board shows positions of one game of FILE ("-", or no FILE when standard input
is not a terminal, for standard input; it may be compressed, or a zip archive
with one .pgn member): the final position by default, the position after a
given ply with --ply, or every position in order with --all, each as a diagram
and a FEN. --all and --ply do not go together.

Flags:
`),
	"help.fmt": text(`Usage: pgnc fmt [flags] FILE...

Fmt rewrites PGN in the standard's export format: the Seven Tag Roster first
and in order, other tags in ASCII order, canonical SAN, move numbers where the
standard puts them, suffix annotations as NAGs, lines of less than 80
characters. Without -w, -l, -d or --check it writes to standard output ("-"
reads standard input). A game with errors is copied through unchanged, and its
errors are reported on standard error. Text between games (escape lines, stray
text) is kept as it is. What fmt copies keeps its bytes and line breaks (LF,
CRLF or CR), transcoded to UTF-8 where it is not; what fmt writes itself ends
its lines with LF. The output is the same for every -j. In a directory, a
symbolic link to a file outside it is passed over, with a warning; a FILE
named may be a link, and -w writes its target.

-l, -d and --check compare each file with its export format and write no
games: -l lists the files that differ on standard output, -d prints a unified
diff of each there (from FILE.orig to FILE, as gofmt -d does; of the text of a
compressed file), and --check names them on standard error. A file with errors
cannot be formatted, as its games with errors stay as they are: these flags
report its errors and "FILE: cannot be formatted: N errors" on standard error,
and never list or diff it.

Exit codes: 0 clean; 1 errors in the games, or, with --check, a file that
differs (pgnc fmt -w fixes it); 2 usage or I/O error, or, with -l, -d or
--check, a file with errors (fixing it needs a person). -l and -d alone exit 0
when files differ.

Flags:
`),
	"help.convert": text(`Usage: pgnc convert --to FORMAT [flags] FILE...

Convert reads PGN ("-" for standard input) and writes every game in FORMAT:

	json     one JSON document {"games": [...]}, the resolved games (docs/json.md)
	ndjson   one JSON game per line
	uci      one line per game: the main line in UCI notation
	san      one line per game: the main line in canonical SAN, with numbers
	fen      the FEN after every ply of the main line (--final: the last only);
	         a blank line ends each game
	epd      the same as four-field EPD positions
	pgn      the export format, as pgnc fmt writes it

With --from json it reads what --to json or ndjson wrote and writes it back
(--to pgn gives exactly what pgnc fmt gives). Each game that is not valid is
reported on standard error with its file, line, column and field, and gets
the record of a failed game; the other games are converted and the exit code
is 1. Input that is not JSON at all exits 2.

Every PGN game gets one record, in input order, and the games after one with
errors are converted too. A game whose main line is replayed to its end is
converted even when it has errors, as the reader recovered it: a variation
stops before its first illegal move, a token the grammar could not place is
left out, and the result is the one that ends the movetext (json and ndjson
keep the tags as read). A game whose main line stops at an error (an illegal
or unreadable move, a syntax error that cuts it short), or that is too long
to hold (PGN904), gets the record of a failed game: for json and ndjson
{"index": N, "error": its first error, "tags", "span"}; for pgn its text as it
is; for uci and san an empty line; for fen and epd an empty block (the blank
line alone). Its errors are printed on standard error as check prints them,
and the exit code is 1; warnings are not printed (pgnc check shows them).

Flags:
`),
	"help.play": text(`Usage: pgnc play [flags] FILE
       pgnc play --new|--fen FEN [-w FILE]

Continues an unfinished game of FILE (by default the first whose result is
*) at the terminal, or from moves piped in one per line. --new plays a new
game from the initial position, --fen one from FEN; its tags are the Seven
Tag Roster, "?" where unknown and Date today (YYYY.MM.DD), with SetUp "1" and
FEN after --fen. Moves are read in SAN or any notation pgnc check reads (UCI,
long algebraic, figurines, the piece letters of another language as check
reads them, or of the language --piece-letters names). Commands: undo,
moves, board, flip, fen, draw, resign, save, quit, help. The game ends on
checkmate, stalemate or insufficient material; threefold repetition and the
fifty-move rule are offered as claims (draw). At the end the game is
printed in the export format, or, with -w, written back into FILE in place
of the original game, every other byte unchanged; a new game is appended to
FILE (made if need be) after a blank line. Ctrl-C ends the session with exit
code 130: with -w and moves not saved it asks, at a terminal, whether to save
them (default no); unless saved, FILE is left as it is and the game as it
stands is printed.

Flags:
`),
	"help.version": text(`Usage: pgnc version

Version prints which pgnc this is: the module version and the VCS revision
that the build recorded (", modified" when the work tree had changes), or
"(devel)" for a build without them. "pgnc --version" does the same.
`),
	"help.explain": text(`Usage: pgnc explain CODE...

Explain prints, for each diagnostic CODE (PGN304, or 304), what it means, why
it matters, an example that pgnc reports it on, and the fix. 'pgnc help
codes' lists every code. An unknown code exits 2.
`),
	"help.codes": text(`The diagnostic codes of pgnc: 1xx lexical, 2xx syntax, 3xx chess rules,
9xx about the report itself. Every code is on by default; --ignore leaves
codes out, --warn-as-error reports warnings as errors.

`),
	"%d warnings not shown (--severity error)": plurals(1, "%d warning not shown (--severity error)", "%d warnings not shown (--severity error)"),
	"help.help": text(`Usage: pgnc help [COMMAND]

Help prints the help of COMMAND on standard output: what it does and its
flags, the text "pgnc COMMAND -h" prints on standard error. Without COMMAND
it prints the overview of pgnc and its commands; 'pgnc help codes' lists
the diagnostic codes.
`),
	"help.play.commands": text(`moves in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3), one per line
undo    take back the last move played here
moves   list the legal moves
board   show the board
flip    turn the board around
fen     show the position as FEN
draw    agree to a draw, or claim one (threefold repetition, fifty moves)
resign  the side to move resigns
save    write the game back into the file now
quit    stop; the game stays unfinished (*)
`),
}

// spanish holds every message in Spanish, by its English key.
var spanish = map[string]entry{
	"%d files":            plurals(1, "%d archivo", "%d archivos"),
	"%d games":            plurals(1, "%d partida", "%d partidas"),
	"%d errors":           plurals(1, "%d error", "%d errores"),
	"%d warnings":         plurals(1, "%d aviso", "%d avisos"),
	"%d bytes":            plurals(1, "%d byte", "%d bytes"),
	", %d plies replayed": plurals(1, ", %d media jugada reproducida", ", %d medias jugadas reproducidas"),
	"stopped printing errors after --max-errors %d: %d more errors not shown\n": plurals(2,
		"se dejaron de mostrar errores tras --max-errors %d: %d error más sin mostrar\n",
		"se dejaron de mostrar errores tras --max-errors %d: %d errores más sin mostrar\n"),
	" (%d outside any game)":                          text(" (%d fuera de toda partida)"),
	"%s, %s (%d with errors)%s: %s, %s, %s skipped\n": text("%s, %s (%d con errores)%s: %s, %s, %s omitidos\n"),
	"%s has %d games; there is no game %d": plurals(2,
		"%s tiene %d partida; no hay partida %d",
		"%s tiene %d partidas; no hay partida %d"),
	"%s: cannot be formatted: %d errors\n": plurals(2,
		"%s: no se puede formatear: %d error\n",
		"%s: no se puede formatear: %d errores\n"),
	"pgnc board: the file has %d games; --game %d is out of range\n": plurals(1,
		"pgnc board: el archivo tiene %d partida; --game %d está fuera de rango\n",
		"pgnc board: el archivo tiene %d partidas; --game %d está fuera de rango\n"),
	"pgnc fmt: %s: %d texts that were not UTF-8 copied as UTF-8, read as Windows-1252 (Latin-1)\n": plurals(2,
		"pgnc fmt: %s: %d texto que no era UTF-8 copiado como UTF-8, leído como Windows-1252 (Latin-1)\n",
		"pgnc fmt: %s: %d textos que no eran UTF-8 copiados como UTF-8, leídos como Windows-1252 (Latin-1)\n"),
	"%s left":                       text("quedan %s"),
	"%d%s %s":                       text("%d%s %s"),
	"%q is a null move, not a move": text("%q es una jugada nula, no una jugada"),
	"%q is not a move":              text("%q no es una jugada"),
	"%s\n":                          text("%s\n"),
	"%s has %d hard links, which a rewrite would split; write to standard output instead": text("%s tiene %d enlaces duros, que una reescritura separaría; escriba en la salida estándar"),
	"%s has no unfinished game (result *); name one with --game N":                        text("%s no tiene ninguna partida sin terminar (resultado *); indique una con --game N"),
	"%s is ambiguous: write one of %s":                                                    text("%s es ambigua: escriba una de %s"),
	"%s is not a regular file; -w rewrites regular files only":                            text("%s no es un archivo regular; -w solo reescribe archivos regulares"),
	"%s is read-only; -w leaves it as it is":                                              text("%s es de solo lectura; -w lo deja como está"),
	`%s, %s to move
%sFEN: %s
`: text(`%s, juegan %s
%sFEN: %s
`),
	"%s-compressed files": text("archivos comprimidos con %s"),
	"%s: %d bytes after a game cut at --max-game-bytes (%d) were skipped unread, and fmt cannot copy through what it has not read: raise --max-game-bytes": text("%s: se saltaron sin leer %d bytes tras una partida cortada en --max-game-bytes (%d), y fmt no puede copiar lo que no ha leído: aumente --max-game-bytes"),
	"%s: %s\n":                         text("%s: %s\n"),
	"%s: %w":                           text("%s: %w"),
	"%s: '%s' is %s, not PGN text; %s": text("%s: '%s' es %s, no texto PGN; %s"),
	"%s: -w does not rewrite %s; write to standard output instead":                                                           text("%s: -w no reescribe %s; escriba en la salida estándar"),
	"%s: a pawn reaching the last rank must say which piece it becomes":                                                      text("%s: un peón que llega a la última fila debe decir en qué pieza se convierte"),
	"%s: no PGN file in this directory (.pgn, compressed, or in a zip archive)":                                              text("%s: no hay ningún archivo PGN en este directorio (.pgn, comprimido o dentro de un archivo zip)"),
	"%s: not in export format\n":                                                                                             text("%s: no está en formato de exportación\n"),
	"%s: unknown diagnostic code %q ('pgnc help codes' lists them)":                                                          text("%s: código de diagnóstico desconocido %q ('pgnc help codes' los lista)"),
	"%s:%d:%d: error: %s: %s":                                                                                                text("%s:%d:%d: error: %s: %s"),
	"%d:%d: not JSON: %q where a JSON object starts; convert --from json reads {\"games\": [...]} or one game object a line": text("%d:%d: no es JSON: %q donde empieza un objeto JSON; convert --from json lee {\"games\": [...]} o un objeto de partida por línea"),
	"%s: %s where %s belongs":                                                                                                text("%s: %s donde corresponde %s"),
	"\"games\" is not an array":                                                                                              text("\"games\" no es un array"),
	"a JSON object starts with {":                                                                                            text("un objeto JSON empieza con {"),
	"a game that was not converted: %s":                                                                                      text("una partida que no se convirtió: %s"),
	"a string runs past the end of its line":                                                                                 text("una cadena sigue tras el final de su línea"),
	"field %q: a document holds \"games\" alone":                                                                             text("campo %q: un documento solo contiene \"games\""),
	"line %d":      text("línea %d"),
	"not JSON: %s": text("no es JSON: %s"),
	"not JSON: %s; the rest of the document is not read":           text("no es JSON: %s; el resto del documento no se lee"),
	"the input ends inside the object":                             text("la entrada termina dentro del objeto"),
	"the object is not closed before the next line starts another": text("el objeto no se cierra antes de que la línea siguiente empiece otro"),
	"unknown field %s":          text("campo desconocido %s"),
	"%s:%d:%d: error[%s]: %s":   text("%s:%d:%d: error[%s]: %s"),
	"%s:%d:%d: warning[%s]: %s": text("%s:%d:%d: warning[%s]: %s"),
	", last move %s":            text(", última jugada %s"),
	"UTF-16 files":              text("archivos UTF-16"),
	"help.board": text(`Uso: pgnc board [opciones] [ARCHIVO]

Board muestra posiciones de una partida de ARCHIVO ("-", o ningún ARCHIVO
cuando la entrada estándar no es un terminal, para la entrada estándar; puede
estar comprimido, o ser un archivo zip con un miembro .pgn): la posición final
por defecto, la posición tras una media jugada dada con --ply, o todas las
posiciones en orden con --all, cada una como diagrama y FEN. --all y --ply no
van juntas.

Opciones:
`),
	"help.check": text(`Uso: pgnc check [opciones] ARCHIVO...

Check lee cada ARCHIVO ("-" para la entrada estándar; un directorio significa
todos los archivos .pgn que contiene) e informa de cada problema como

	archivo:línea:col: gravedad[CÓDIGO]: mensaje

seguido de la línea de origen, un circunflejo bajo el problema y, si la hay,
una sugerencia. Una línea de resumen cierra el informe: archivos, partidas (y
cuántas tienen errores), las medias jugadas reproducidas de la línea principal,
errores, avisos y los bytes que la recuperación de errores saltó. En un
directorio, un enlace simbólico a un archivo de fuera se omite, con un aviso.

Por defecto cada jugada de cada partida, variantes incluidas, se reproduce en
un tablero con todas las reglas del ajedrez (ajedrez estándar y Chess960);
--syntax se detiene tras las comprobaciones léxicas y sintácticas.

--severity error solo muestra y cuenta los errores: la línea de resumen dice
cuántos avisos omitió, y --strict no falla por ellos. --statistics muestra,
en vez de cada diagnóstico, una línea por código (su número de apariciones,
gravedad y significado, de más a menos frecuente) y después la línea de
resumen; con --format json, un objeto {"code", "severity", "count",
"summary"} por código y sin resumen. 'pgnc help codes' lista los códigos,
'pgnc explain CÓDIGO' explica uno.

--fix aplica a cada ARCHIVO, en el propio archivo como escribe fmt -w, las
correcciones que no pueden cambiar lo que significa una partida (una marca de
jaque, una 'x', un número de jugada, SAN estándar para 0-0 o una figurita,
una etiqueta Result que sigue al marcador) e informa de lo que queda; --fix
--diff las muestra en cambio como un diff unificado, y --fix-only CÓDIGOS
aplica solo las de CÓDIGOS. Una sugerencia, como la jugada que una jugada
ilegal pudo querer decir, nunca se aplica. --format sarif escribe un registro
SARIF 2.1.0, --format github anotaciones para GitHub Actions.

Códigos de salida: 0 si no se encontró ningún error (ni, con --strict, ningún
aviso mostrado), 1 si se encontró alguno, 2 en errores de uso o de E/S.

Opciones:
`),
	"help.convert": text(`Uso: pgnc convert --to FORMATO [opciones] ARCHIVO...

Convert lee PGN ("-" para la entrada estándar) y escribe cada partida en FORMATO:

	json     un documento JSON {"games": [...]}, las partidas resueltas (docs/json.md)
	ndjson   una partida JSON por línea
	uci      una línea por partida: la línea principal en notación UCI
	san      una línea por partida: la línea principal en SAN canónica, con números
	fen      el FEN tras cada media jugada de la línea principal (--final: solo el
	         último); una línea en blanco cierra cada partida
	epd      lo mismo como posiciones EPD de cuatro campos
	pgn      el formato de exportación, como lo escribe pgnc fmt

Con --from json lee lo que escribieron --to json o ndjson y lo vuelve a escribir
(--to pgn da exactamente lo que da pgnc fmt). Cada partida no válida se informa
en la salida de errores con su archivo, línea, columna y campo, y recibe el
registro de una partida fallida; las demás se convierten y el código de salida
es 1. Una entrada que no es JSON sale con 2.

Cada partida PGN recibe un registro, en el orden de la entrada, y las partidas
que siguen a una con errores también se convierten. Una partida cuya línea
principal se reproduce hasta el final se convierte aunque tenga errores, tal
como el lector la recuperó: una variante se detiene antes de su primera jugada
ilegal, un elemento que la gramática no pudo situar se omite, y el resultado es
el que cierra las jugadas (json y ndjson conservan las etiquetas tal como se
leyeron). Una partida cuya línea principal se detiene en un error (una jugada
ilegal o ilegible, un error de sintaxis que la corta), o que es demasiado larga
para guardarla (PGN904), recibe el registro de una partida fallida: para json
y ndjson {"index": N, "error": su primer error, "tags", "span"}; para pgn su
texto tal cual; para uci y san una línea vacía; para fen y epd un bloque vacío
(solo la línea en blanco). Sus errores se muestran en la salida de errores como
los muestra check, y el código de salida es 1; los avisos no se muestran (pgnc
check los muestra).

Opciones:
`),
	"help.fmt": text(`Uso: pgnc fmt [opciones] ARCHIVO...

Fmt reescribe PGN en el formato de exportación del estándar: primero las siete
etiquetas obligatorias y en su orden, las demás en orden ASCII, SAN canónica,
números de jugada donde el estándar los pone, anotaciones de sufijo como NAG,
líneas de menos de 80 caracteres. Sin -w, -l, -d ni --check escribe en la
salida estándar ("-" lee la entrada estándar). Una partida con errores se copia
sin cambios y sus errores se informan en la salida de errores. El texto entre
partidas (líneas de escape, texto suelto) se conserva tal cual. Lo que fmt
copia conserva sus bytes y saltos de línea (LF, CRLF o CR), pasado a UTF-8
donde no lo está; lo que fmt escribe termina sus líneas con LF. La salida es la
misma con cualquier -j. En un directorio, un enlace simbólico a un archivo de
fuera se omite, con un aviso; un ARCHIVO indicado puede ser un enlace, y -w
escribe su destino.

-l, -d y --check comparan cada archivo con su formato de exportación y no
escriben partidas: -l lista en la salida estándar los archivos que difieren,
-d muestra allí un diff unificado de cada uno (de ARCHIVO.orig a ARCHIVO, como
gofmt -d; del texto de un archivo comprimido), y --check los nombra en la
salida de errores. Un archivo con errores no se puede formatear, pues sus
partidas con errores quedan como están: estas opciones informan de sus errores
y de "ARCHIVO: no se puede formatear: N errores" en la salida de errores, y
nunca lo listan ni muestran su diff.

Códigos de salida: 0 sin problemas; 1 errores en las partidas o, con --check,
un archivo que difiere (pgnc fmt -w lo arregla); 2 error de uso o de E/S o,
con -l, -d o --check, un archivo con errores (arreglarlo requiere a una
persona). -l y -d solos salen con 0 cuando hay archivos que difieren.

Opciones:
`),
	"after %s":      text("tras %s"),
	"black resigns": text("las negras abandonan"),
	"check with this many goroutines (at least 1; more than 4 per core counts as 4 per core); output order stays that of the input": text("comprueba con este número de gorrutinas (al menos 1; más de 4 por núcleo cuenta como 4 por núcleo); la salida conserva el orden de la entrada"),
	"one per core":          text("una por núcleo"),
	"checkmate: black wins": text("jaque mate: ganan las negras"),
	"checkmate: white wins": text("jaque mate: ganan las blancas"),
	"comma-separated codes (PGN304 or 304) to leave out: not printed, not counted":       text("códigos separados por comas (PGN304 o 304) que se omiten: ni se muestran ni se cuentan"),
	"comma-separated parts to leave out: comments, variations, nags, clock":              text("partes separadas por comas que se omiten: comments, variations, nags, clock"),
	"comma-separated warning codes to report, count and fail on as errors":               text("códigos de aviso separados por comas que se informan, cuentan y hacen fallar como errores"),
	"deepest variation nesting read, at most %d; deeper variations are skipped (PGN214)": text("anidamiento de variantes más profundo que se lee, como mucho %d; las variantes más profundas se saltan (PGN214)"),
	"draw pieces as letters instead of chess figurines":                                  text("dibuja las piezas con letras en vez de figuras de ajedrez"),
	"drawn": text("tablas"),
	"exit 1 when a file is not in export format":                                          text("sale con 1 cuando un archivo no está en formato de exportación"),
	"fen, epd: only the final position of each game":                                      text("fen, epd: solo la posición final de cada partida"),
	"fifty moves without a capture or a pawn move: either side may claim a draw (draw)\n": text("cincuenta jugadas sin captura ni movimiento de peón: cualquiera de los bandos puede reclamar tablas (draw)\n"),
	"flag needs an argument: %s":                                                          text("la opción necesita un valor: %s"),
	"format with this many goroutines (at least 1; more than 4 per core counts as 4 per core); the output order stays that of the input": text("formatea con este número de gorrutinas (al menos 1; más de 4 por núcleo cuenta como 4 por núcleo); la salida conserva el orden de la entrada"),
	"print a unified diff (FILE.orig to FILE) for each file whose formatting differs, write nothing else":                                text("muestra un diff unificado (de ARCHIVO.orig a ARCHIVO) de cada archivo cuyo formato difiere, sin escribir nada más"),
	"game %d has errors; pgnc check %s shows them":                        text("la partida %d tiene errores; pgnc check %s los muestra"),
	"game %d is finished; only a game whose result is * can be continued": text("la partida %d ha terminado; solo se puede continuar una partida cuyo resultado es *"),
	"how tag values and comments are read: auto (UTF-8; a game that is not UTF-8 is read as Windows-1252, with a warning), utf8 (bytes that are not UTF-8 are errors) or latin1 (Windows-1252)": text("cómo se leen los valores de etiqueta y los comentarios: auto (UTF-8; una partida que no es UTF-8 se lee como Windows-1252, con un aviso), utf8 (los bytes que no son UTF-8 son errores) o latin1 (Windows-1252)"),
	"illegal move %s: %s": text("jugada ilegal %s: %s"),
	"input format: pgn or json (json reads json and ndjson)":                                text("formato de entrada: pgn o json (json lee json y ndjson)"),
	"its moves could not be replayed":                                                       text("sus jugadas no se pudieron reproducir"),
	"list the files whose formatting differs, write nothing else":                           text("lista los archivos cuyo formato difiere, sin escribir nada más"),
	"longest movetext line":                                                                 text("línea de jugadas más larga"),
	"members of zip archives":                                                               text("miembros de archivos zip"),
	"most bytes read without a game boundary before the input is cut (PGN215), at least %d": text("máximo de bytes leídos sin límite de partida antes de cortar la entrada (PGN215), al menos %d"),
	"most bytes read without a game boundary, at least %d; input past such a cut cannot be copied through, so fmt then fails (exit 2) and -w leaves the file as it is": text("máximo de bytes leídos sin límite de partida, al menos %d; la entrada tras ese corte no se puede copiar, así que fmt falla (salida 2) y -w deja el archivo como está"),
	"most bytes read without a game boundary, at least %d; a game of more than %d tag pairs or elements of movetext is not held in memory but refused (PGN904)":        text("máximo de bytes leídos sin límite de partida, al menos %d; una partida de más de %d pares de etiquetas o elementos de jugadas no se guarda en memoria sino que se rechaza (PGN904)"),
	"most diagnostics of one code shown per game; the rest are counted (PGN901, PGN902); 0: no limit":                                                                  text("máximo de diagnósticos de un código que se muestran por partida; el resto se cuenta (PGN901, PGN902); 0: sin límite"),
	"move %d, %s to move%s\n": text("jugada %d, juegan %s%s\n"),
	"help.play.commands": text(`jugadas en SAN (Nf3, exd5, O-O, e8=Q) o UCI (g1f3), una por línea;
las órdenes, en inglés o en español:
undo    deshacer: deshace la última jugada hecha aquí
moves   jugadas: lista las jugadas legales
board   tablero: muestra el tablero
flip    girar: gira el tablero
fen     muestra la posición como FEN
draw    tablas: acuerda tablas, o las reclama (triple repetición, cincuenta jugadas)
resign  abandonar: el bando que mueve abandona
save    guardar: escribe ahora la partida en el archivo
quit    salir: sale; la partida queda sin terminar (*)
help    ayuda: esta ayuda
`),
	"neither side can mate: drawn":                                      text("ningún bando puede dar mate: tablas"),
	"no move played here to take back\n":                                text("no hay ninguna jugada hecha aquí que deshacer\n"),
	"no progress bar (it shows only when standard error is a terminal)": text("sin barra de progreso (solo aparece cuando la salida de errores es un terminal)"),
	"output format: json, ndjson, uci, san, fen, epd or pgn":            text("formato de salida: json, ndjson, uci, san, fen, epd o pgn"),
	"pgnc %s\n": text("pgnc %s\n"),
	`pgnc %s: %v
Run 'pgnc help %s' for usage.
`: text(`pgnc %s: %v
Ejecute 'pgnc help %s' para ver el uso.
`),
	"pgnc %s: -j %d: give at least 1 goroutine\n":                                                           text("pgnc %s: -j %d: indique al menos 1 gorrutina\n"),
	"pgnc board: %s holds %d PGN inputs; name one file (or one archive member's file)\n":                    text("pgnc board: %s contiene %d entradas PGN; nombre un solo archivo (o el archivo de un solo miembro del archivo comprimido)\n"),
	"pgnc board: --game %d is out of range; games count from 1\n":                                           text("pgnc board: --game %d está fuera de rango; las partidas se cuentan desde 1\n"),
	"pgnc board: game %d has %d replayable plies; --ply %d is out of range\n":                               text("pgnc board: la partida %d tiene %d medias jugadas reproducibles; --ply %d está fuera de rango\n"),
	"pgnc board: game %d stops after ply %d at an illegal or unreadable move; run pgnc check for details\n": text("pgnc board: la partida %d se detiene tras la media jugada %d en una jugada ilegal o ilegible; ejecute pgnc check para ver los detalles\n"),
	"pgnc board: game %d is too long to show\n":                                                             text("pgnc board: la partida %d es demasiado larga para mostrarla\n"),
	"pgnc board: want exactly one FILE\n":                                                                   text("pgnc board: se espera exactamente un ARCHIVO\n"),
	"pgnc check: %v\n":                                                                                      text("pgnc check: %v\n"),
	"pgnc check: --max-depth %d is above %d, the deepest nesting every pass is tested to run through\n":     text("pgnc check: --max-depth %d supera %d, el anidamiento más profundo que cada pasada ha demostrado recorrer en las pruebas\n"),
	"pgnc check: no input files (use - for standard input)\n":                                               text("pgnc check: no hay archivos de entrada (use - para la entrada estándar)\n"),
	"pgnc convert: %v\n":                           text("pgnc convert: %v\n"),
	"pgnc convert: --from %q is not pgn or json\n": text("pgnc convert: --from %q no es pgn ni json\n"),
	"pgnc convert: --to %q is not one of json, ndjson, uci, san, fen, epd, pgn\n": text("pgnc convert: --to %q no es ninguno de json, ndjson, uci, san, fen, epd, pgn\n"),
	"pgnc convert: no input files (use - for standard input)\n":                   text("pgnc convert: no hay archivos de entrada (use - para la entrada estándar)\n"),
	"pgnc fmt: %v\n": text("pgnc fmt: %v\n"),
	"pgnc fmt: -w cannot rewrite standard input\n":          text("pgnc fmt: -w no puede reescribir la entrada estándar\n"),
	"pgnc fmt: no input files (use - for standard input)\n": text("pgnc fmt: no hay archivos de entrada (use - para la entrada estándar)\n"),
	"pgnc help: unknown command %q\n":                       text("pgnc help: orden desconocida %q\n"),
	"help": text(`pgnc es un conjunto de herramientas para PGN, la notación portátil de partidas de ajedrez.

Uso:

	pgnc <orden> [argumentos]

Órdenes:

	check     informa de los problemas de archivos PGN
	board     muestra las posiciones de una partida
	fmt       reescribe PGN en el formato de exportación del estándar
	convert   escribe las partidas como JSON, UCI, SAN, FEN, EPD o PGN
	select    escribe las partidas que elige una consulta: por etiquetas, jugadas, posiciones
	play      continúa una partida sin terminar, jugada a jugada
	dedupe    escribe cada partida una vez, sin sus duplicados
	explain   explica un código de diagnóstico: su significado, un ejemplo, el arreglo
	lsp       sirve a editores: el Language Server Protocol en la E/S estándar
	help      muestra la ayuda de una orden
	version   muestra la versión de pgnc

Ejecute 'pgnc help <orden>' para ver las opciones de una orden, y 'pgnc help
codes' para la lista de códigos de diagnóstico. Todas las órdenes admiten
además --lang IDIOMA, el idioma de los mensajes y la ayuda: en o es (por
defecto el de LC_ALL, LC_MESSAGES o LANG, si no en).

Códigos de salida: 0 sin problemas, 1 problemas encontrados, 2 error de uso o de E/S.
fmt -l, -d y --check salen con 2 por un archivo con errores, que fmt no puede
formatear, y --check sale con 1 por un archivo que difiere (vea 'pgnc help fmt').
`),
	"%s is not a plain PGN file; play reads and writes plain text":                     text("%s no es un archivo PGN de texto plano; play lee y escribe texto plano"),
	"pgnc play: game %d is too long to continue\n":                                     text("pgnc play: la partida %d es demasiado larga para continuarla\n"),
	"a line of %d bytes is too long for a move or command (at most %d); passed over\n": text("una línea de %d bytes es demasiado larga para una jugada u orden (como mucho %d); se omite\n"),
	"pgnc play: %v\n":            text("pgnc play: %v\n"),
	"pgnc play: name one FILE\n": text("pgnc play: indique un ARCHIVO\n"),
	"pgnc: %s is not a regular file; -w and -l read regular files only\n": text("pgnc: %s no es un archivo regular; -w y -l solo leen archivos regulares\n"),
	"pgnc: %s: %v\n": text("pgnc: %s: %v\n"),
	"pgnc: %v\n":     text("pgnc: %v\n"),
	`pgnc: unknown command %q
Run 'pgnc help' for usage.
`: text(`pgnc: orden desconocida %q
Ejecute 'pgnc help' para ver el uso.
`),
	"pgnc: warning: %s links to a file outside %s; passed over\n":                                                                                           text("pgnc: aviso: %s enlaza con un archivo fuera de %s; se omite\n"),
	"pgnc %s: --%s %d is below %d, the least it takes\n":                                                                                                    text("pgnc %s: --%s %d es menor que %d, el mínimo que admite\n"),
	"pgnc: warning: %s is not a regular file; passed over\n":                                                                                                text("pgnc: aviso: %s no es un archivo regular; se omite\n"),
	"read with this many goroutines (at least 1; more than 4 per core counts as 4 per core); the output order stays that of the input":                      text("lee con este número de gorrutinas (al menos 1; más de 4 por núcleo cuenta como 4 por núcleo); la salida conserva el orden de la entrada"),
	"rewrite each FILE in place (atomically: a temporary file is renamed over it); a file that another program changed meanwhile is left as it is (exit 2)": text("reescribe cada ARCHIVO en su sitio (de forma atómica: un archivo temporal se renombra sobre él); un archivo que otro programa cambió entretanto se deja como está (salida 2)"),
	"%s changed while pgnc was rewriting it (another program wrote to it); it is left as it is, with the change: run pgnc again":                            text("%s cambió mientras pgnc lo reescribía (otro programa escribió en él); se deja como está, con el cambio: ejecute pgnc de nuevo"),
	"show every position of the main line in order":                                                                                                         text("muestra en orden todas las posiciones de la línea principal"),
	"show the board with letters, not chess symbols":                                                                                                        text("muestra el tablero con letras, no con símbolos de ajedrez"),
	"show the position after this many plies of the main line (0: the start)":                                                                               text("muestra la posición tras este número de medias jugadas de la línea principal (0: el comienzo)"),
	"stalemate: drawn": text("ahogado: tablas"),
	"standard input":   text("la entrada estándar"),
	"start":            text("comienzo"),
	"stop after the grammar: lexical and syntax checks only, no move replay":                                                                                 text("se detiene tras la gramática: solo comprobaciones léxicas y sintácticas, sin reproducir jugadas"),
	"stop reporting after this many errors (0: no limit); counting goes on":                                                                                  text("deja de informar tras este número de errores (0: sin límite); el recuento continúa"),
	"the continued game does not check clean: %s":                                                                                                            text("la partida continuada no pasa la comprobación sin errores: %s"),
	"the continued game does not read back as one game":                                                                                                      text("la partida continuada no se vuelve a leer como una sola partida"),
	"the game to continue, counted from 1 (default: the first whose result is *)":                                                                            text("la partida que se continúa, contando desde 1 (por defecto: la primera cuyo resultado es *)"),
	"the language of the piece letters of every game: %s; by default a game with letters that are not English is read in the one language that has them all": text("el idioma de las letras de las piezas de todas las partidas: %s; por defecto una partida con letras que no son inglesas se lee en el único idioma que las tiene todas"),
	"threefold repetition: either side may claim a draw (draw)\n":                                                                                            text("triple repetición: cualquiera de los bandos puede reclamar tablas (draw)\n"),
	"unknown --strip part %q (want comments, variations, nags or clock)":                                                                                     text("parte de --strip desconocida %q (se espera comments, variations, nags o clock)"),
	"unknown encoding %q (want auto, utf8 or latin1)":                                                                                                        text("codificación desconocida %q (se espera auto, utf8 o latin1)"),
	"unknown language %q (want %s)":                                                                                                                          text("idioma desconocido %q (se espera %s)"),
	"help.play": text(`Uso: pgnc play [opciones] ARCHIVO
     pgnc play --new|--fen FEN [-w ARCHIVO]

Continúa una partida sin terminar de ARCHIVO (por defecto la primera cuyo
resultado es *) en el terminal, o con jugadas que llegan por una tubería, una
por línea. --new juega una partida nueva desde la posición inicial, --fen una
desde FEN; sus etiquetas son las siete obligatorias, "?" donde no se conoce el
valor y Date la fecha de hoy (AAAA.MM.DD), con SetUp "1" y FEN tras --fen. Las
jugadas se leen en SAN o en cualquier notación que pgnc check lee (UCI,
algebraica larga, figurines, las letras de pieza de otro idioma como check las
lee, o las del idioma que indica --piece-letters). Órdenes: undo, moves, board,
flip, fen, draw, resign, save, quit, help. La partida termina con jaque mate,
ahogado o material insuficiente; la triple repetición y la regla de las
cincuenta jugadas se ofrecen como reclamaciones (draw). Al final la partida se
escribe en el formato de exportación o, con -w, se guarda en ARCHIVO en lugar
de la partida original, sin cambiar ningún otro byte; una partida nueva se
añade al final de ARCHIVO (que se crea si hace falta) tras una línea en blanco.
Ctrl-C termina la sesión con el código de salida 130: con -w y jugadas sin
guardar pregunta, en un terminal, si guardarlas (por defecto no); si no se
guardan, ARCHIVO se deja como está y la partida tal como está se escribe en la
salida.

Opciones:
`),
	"help.version": text(`Uso: pgnc version

Version muestra qué pgnc es este: la versión del módulo y la revisión del
control de versiones que registró la compilación (", modified" si el árbol
de trabajo tenía cambios), o "(devel)" para una compilación sin ellas.
"pgnc --version" hace lo mismo.
`),
	"help.help": text(`Uso: pgnc help [ORDEN]

Help muestra la ayuda de ORDEN en la salida estándar: qué hace y sus
opciones, el texto que "pgnc ORDEN -h" muestra en la salida de errores. Sin
ORDEN muestra la presentación de pgnc y sus órdenes; 'pgnc help codes' lista
los códigos de diagnóstico.
`),
	"help.explain": text(`Uso: pgnc explain CÓDIGO...

Explain muestra, para cada CÓDIGO de diagnóstico (PGN304, o 304), qué
significa, por qué importa, un ejemplo en el que pgnc lo informa y el
arreglo. 'pgnc help codes' lista todos los códigos. Un código desconocido
sale con 2.
`),
	"help.codes": text(`Los códigos de diagnóstico de pgnc: 1xx léxicos, 2xx sintácticos, 3xx de las
reglas del ajedrez, 9xx del propio informe. Todos los códigos están activos
por defecto; --ignore omite códigos, --warn-as-error informa de avisos como
errores.

`),
	"%d warnings not shown (--severity error)":                               plurals(1, "%d aviso sin mostrar (--severity error)", "%d avisos sin mostrar (--severity error)"),
	"Run 'pgnc explain CODE' for what a code means, an example and the fix.": text("Ejecute 'pgnc explain CÓDIGO' para ver qué significa un código, un ejemplo y el arreglo."),
	"(This explanation has not been translated; it follows in English.)":     text("(Esta explicación no está traducida; sigue en inglés.)"),
	"Why it matters:": text("Por qué importa:"),
	"Example:":        text("Ejemplo:"),
	"Example":         text("Ejemplo"),
	"saved as %s":     text("guardado como %s"),
	"Fix:":            text("Solución:"),
	"pgnc check: unknown severity %q (want warning or error)\n":                                                                                text("pgnc check: gravedad desconocida %q (se espera warning o error)\n"),
	"the least severity shown: warning (everything) or error (errors only; the summary counts the warnings left out)":                          text("la gravedad mínima que se muestra: warning (todo) o error (solo errores; el resumen cuenta los avisos omitidos)"),
	"print, instead of each diagnostic, one line per code: count, code, severity and meaning, most frequent first (json: one object per code)": text("muestra, en vez de cada diagnóstico, una línea por código: número, código, gravedad y significado, de más a menos frecuente (json: un objeto por código)"),
	"fail (exit 1) on warnings too; not on those that --severity error leaves out":                                                             text("falla (salida 1) también con avisos; no con los que omite --severity error"),
	"pgnc explain: name a diagnostic code, e.g. pgnc explain PGN304 ('pgnc help codes' lists them)\n":                                          text("pgnc explain: indique un código de diagnóstico, p. ej. pgnc explain PGN304 ('pgnc help codes' los lista)\n"),
	"pgnc explain: unknown diagnostic code %q ('pgnc help codes' lists them)\n":                                                                text("pgnc explain: código de diagnóstico desconocido %q ('pgnc help codes' los lista)\n"),
	"which game of the file, from 1": text("qué partida del archivo, desde 1"),
	"white resigns":                  text("las blancas abandonan"),
	"write suffix annotations as written (!?) instead of as NAGs ($5)": text("escribe las anotaciones de sufijo tal como están (!?) en vez de como NAG ($5)"),
	"write the game back into FILE in place of the original":           text("guarda la partida en ARCHIVO en lugar de la original"),
	"writing standard output: %w":                                      text("al escribir en la salida estándar: %w"),
	"wrote %s\n":                                                       text("escrito %s\n"),
	" (default ":                                                       text(" (por defecto "),
	"unknown flag %s in -%s":                                           text("opción desconocida %s en -%s"),
	"unknown flag: --%s":                                               text("opción desconocida: --%s"),
	"invalid value %q for --%s":                                        text("valor no válido %q para --%s"),
	"bad flag syntax: %s":                                              text("sintaxis de opción incorrecta: %s"),
	"pgnc: --lang %q: pgnc speaks %s\n":                                text("pgnc: --lang %q: pgnc habla %s\n"),
	"invalid value %q for --%s: %v":                                    text("valor no válido %q para --%s: %v"),
	"write the moves in figurine notation, with chess symbols for the pieces":                               text("escribe las jugadas en notación de figuras, con símbolos de ajedrez para las piezas"),
	"write the moves with the piece letters of this language: en (the default, as the standard has it), %s": text("escribe las jugadas con las letras de pieza de este idioma: en (por defecto, como dice el estándar), %s"),
	"%s: the file ends %d bytes into a frame header at offset %d: is it cut short?":                         text("%s: el archivo termina %d bytes dentro de una cabecera de trama en la posición %d: ¿está cortado?"),
	"%s: a skippable frame at offset %d runs past the end of the file: is it cut short?":                    text("%s: una trama omitible en la posición %d va más allá del final del archivo: ¿está cortado?"),
	"%s: the frame at offset %d runs past the end of the file: is it cut short?":                            text("%s: la trama en la posición %d va más allá del final del archivo: ¿está cortado?"),
	"%s: the compressed data ends early, after %d decompressed bytes: is the file cut short?":               text("%s: los datos comprimidos terminan antes de tiempo, tras %d bytes descomprimidos: ¿está cortado el archivo?"),
}
