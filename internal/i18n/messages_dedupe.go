package i18n

// dedupeEnglish holds the English messages of pgnc dedupe that are not
// their own key: its help and those with plural forms; init adds them to
// english.
var dedupeEnglish = map[string]entry{
	"%d games: %d kept, %d duplicates (%d exact, %d fuzzy, %d moves, %d contained), %d not compared (errors)\n": plurals(1,
		"%d game: %d kept, %d duplicates (%d exact, %d fuzzy, %d moves, %d contained), %d not compared (errors)\n",
		"%d games: %d kept, %d duplicates (%d exact, %d fuzzy, %d moves, %d contained), %d not compared (errors)\n"),
	"help.dedupe": text(`Usage: pgnc dedupe [flags] FILE...

Dedupe reads each FILE ("-" for standard input; a directory means every .pgn
file below it; compressed files and zip archives are read as check reads
them) and writes each game once, leaving out its duplicates: every game kept
is copied byte for byte as it is in the input, followed by a blank line, in
input order. -d FILE writes the duplicates there, the same way. --count and
--report print, instead of the games (unless -o names a file for them), how
many games were kept and duplicated, and one line per duplicate:

	file:line: duplicate (kind) of file:line

naming the copy kept. With --kind contained, that copy may in turn be
contained in a longer game, reported on its own line.

--kind says what makes two games duplicates. Every kind compares the
start position (the initial one, or that of the FEN tag: board, side to
move, castling rights, en passant square) and the main line, move by move,
whatever its notation, comments, variations and NAGs:

	exact      the same main line and the same Seven Tag Roster (Event,
	           Site, Date, Round, White, Black, Result) once each value is
	           trimmed, its runs of white space made one space and its
	           letters made lower case (the default)
	fuzzy      the same main line and players whose names fold alike: the
	           surname (before the comma, or else the last word) and the
	           initial of the first given name, in lower case, without
	           accents (ß is ss, ø o, æ ae), with ae, oe and ue read as a, o
	           and u and all but letters and digits dropped: "Müller, K.",
	           "Mueller, Karsten" and "Karsten Müller" are alike; other tags
	           are not compared
	moves      the same main line, whatever the tags (as pgn-extract -D)
	contained  a main line that is a prefix of another game's, or equal to
	           it, with the same White and Black (normalised as for exact):
	           a partial copy, a game cut short; the shorter game is always
	           the duplicate, wherever it stands

Each duplicate is labelled with the strictest of exact, fuzzy, moves and
contained that it meets with the copy kept, and --count counts each label.

--keep chooses the copy kept of games with the same main line: the first
in the input (the default), the longest (most bytes of text: comments,
variations, more tags) or the most annotated (most comments, NAGs and
variation moves); ties go to the first. The copy kept is written where it
stands in the input, so with --keep longest or most-annotated it may come
after the place of the first copy.

Games with errors are kept as they are, compared with none, and their errors
are printed (exit 1). Memory stays within --memory whatever the number of
games: each game is reduced, on every core, to a record of a 128-bit hash
(SHA-256) and, unless --hash-only, its main line at 2 bytes a ply; past the
budget the records are sorted in runs in a temporary directory and merged.
The games are read twice, to find the duplicates and then to write them;
standard input is kept in a temporary file meanwhile.

Exit codes: 0 when no game has errors, 1 when one does, 2 on usage or I/O
errors.

Flags:
`),
}

// dedupeSpanish holds the messages of pgnc dedupe in Spanish; init adds
// them to spanish.
var dedupeSpanish = map[string]entry{
	"%d games: %d kept, %d duplicates (%d exact, %d fuzzy, %d moves, %d contained), %d not compared (errors)\n": plurals(1,
		"%d partida: %d conservadas, %d duplicados (%d exact, %d fuzzy, %d moves, %d contained), %d sin comparar (errores)\n",
		"%d partidas: %d conservadas, %d duplicados (%d exact, %d fuzzy, %d moves, %d contained), %d sin comparar (errores)\n"),
	"%s: %d bytes after a game cut at --max-game-bytes (%d) were skipped unread, and dedupe cannot copy through what it has not read: raise --max-game-bytes": text("%s: %d bytes tras una partida cortada en --max-game-bytes (%d) se saltaron sin leer, y dedupe no puede copiar lo que no ha leído: aumente --max-game-bytes"),
	"%s: duplicate (%s) of %s\n": text("%s: duplicado (%s) de %s\n"),
	"%s: the input changed while dedupe read it: read again, it holds other games": text("%s: la entrada cambió mientras dedupe la leía: al leerla de nuevo tiene otras partidas"),
	"%s:%d": text("%s:%d"),
	"MiB of memory for the records of the games; past it they are sorted on disk":                                                                                  text("MiB de memoria para los registros de las partidas; por encima se ordenan en disco"),
	"compare the 128-bit hashes alone, not the moves too: less memory and disk a game (not with --kind contained)":                                                 text("compara solo los resúmenes (hash) de 128 bits, no también las jugadas: menos memoria y disco por partida (no con --kind contained)"),
	"directory of the temporary files of the sort on disk (default: the system's, $TMPDIR)":                                                                        text("directorio de los archivos temporales de la ordenación en disco (por omisión: el del sistema, $TMPDIR)"),
	"most bytes read without a game boundary, at least %d; input past such a cut cannot be copied through, so dedupe then fails (exit 2)":                          text("máximo de bytes leídos sin un límite de partida, al menos %d; la entrada tras un corte así no se puede copiar, así que dedupe falla entonces (salida 2)"),
	"pgnc dedupe: no input files (use - for standard input)\n":                                                                                                     text("pgnc dedupe: no hay archivos de entrada (use - para la entrada estándar)\n"),
	"pgnc dedupe: unknown --keep %q (want first, longest or most-annotated)\n":                                                                                     text("pgnc dedupe: --keep desconocido %q (se espera first, longest o most-annotated)\n"),
	"pgnc dedupe: unknown kind %q (want exact, moves, contained or fuzzy)\n":                                                                                       text("pgnc dedupe: tipo desconocido %q (se espera exact, moves, contained o fuzzy)\n"),
	"print how many games were read, kept and duplicated, of each kind, instead of the games":                                                                      text("muestra cuántas partidas se leyeron, se conservaron y se duplicaron, de cada tipo, en lugar de las partidas"),
	"print one line per duplicate, file:line: duplicate (kind) of file:line, instead of the games":                                                                 text("muestra una línea por duplicado, archivo:línea: duplicado (tipo) de archivo:línea, en lugar de las partidas"),
	"read with this many goroutines (at least 1; more than 4 per core counts as 4 per core); the output order stays that of the input":                             text("lee con este número de gorrutinas (al menos 1; más de 4 por núcleo cuenta como 4 por núcleo); el orden de la salida sigue siendo el de la entrada"),
	"sorted on disk: %d runs, %d bytes of temporary files\n":                                                                                                       text("ordenado en disco: %d tramos, %d bytes de archivos temporales\n"),
	"what makes two games duplicates: exact, moves, contained or fuzzy (see above)":                                                                                text("qué hace duplicadas dos partidas: exact, moves, contained o fuzzy (véase arriba)"),
	"which copy is kept: first, longest (most main-line plies, then most bytes) or most-annotated (most comments, NAGs and variation moves); ties go to the first": text("qué copia se conserva: first (la primera), longest (más medias jugadas en la línea principal, luego más bytes) o most-annotated (más comentarios, NAG y jugadas de variantes); en caso de empate, la primera"),
	"write the duplicates, byte for byte, to this file":                                                                                                            text("escribe los duplicados, byte a byte, en este archivo"),
	"write the games kept to this file instead of standard output":                                                                                                 text("escribe las partidas conservadas en este archivo en lugar de en la salida estándar"),
	"help.dedupe": text(`Uso: pgnc dedupe [opciones] ARCHIVO...

Dedupe lee cada ARCHIVO ("-" para la entrada estándar; un directorio significa
todos los archivos .pgn que contiene; los archivos comprimidos y los zip se
leen como los lee check) y escribe cada partida una vez, sin sus duplicados:
cada partida conservada se copia byte a byte tal como está en la entrada,
seguida de una línea en blanco, en el orden de la entrada. -d ARCHIVO escribe
allí los duplicados, de la misma manera. --count y --report muestran, en
lugar de las partidas (salvo que -o indique un archivo para ellas), cuántas
partidas se conservaron y duplicaron, y una línea por duplicado:

	archivo:línea: duplicado (tipo) de archivo:línea

que nombra la copia conservada. Con --kind contained, esa copia puede estar a
su vez contenida en una partida más larga, que se informa en su propia línea.

--kind indica qué hace duplicadas dos partidas. Todos los tipos comparan la
posición inicial (la de partida, o la de la etiqueta FEN: tablero, bando que
mueve, derechos de enroque, casilla al paso) y la línea principal, jugada a
jugada, sea cual sea su notación, comentarios, variantes y NAG:

	exact      la misma línea principal y la misma Lista de Siete Etiquetas
	           (Event, Site, Date, Round, White, Black, Result) una vez
	           recortado cada valor, cada tramo de espacios reducido a un
	           espacio y sus letras en minúscula (por omisión)
	fuzzy      la misma línea principal y jugadores cuyos nombres se pliegan
	           igual: el apellido (antes de la coma, o si no la última
	           palabra) y la inicial del primer nombre, en minúscula, sin
	           acentos (ß es ss, ø o, æ ae), con ae, oe y ue leídos como a, o
	           y u y sin nada más que letras y cifras: "Müller, K.",
	           "Mueller, Karsten" y "Karsten Müller" son iguales; las demás
	           etiquetas no se comparan
	moves      la misma línea principal, sean cuales sean las etiquetas (como
	           pgn-extract -D)
	contained  una línea principal que es prefijo de la de otra partida, o
	           igual a ella, con los mismos White y Black (normalizados como
	           en exact): una copia parcial, una partida cortada; la partida
	           más corta es siempre el duplicado, esté donde esté

Cada duplicado lleva la etiqueta más estricta de exact, fuzzy, moves y
contained que cumple con la copia conservada, y --count cuenta cada etiqueta.

--keep elige la copia conservada de las partidas con la misma línea
principal: la primera de la entrada (por omisión), la más larga (más bytes de
texto: comentarios, variantes, más etiquetas) o la más anotada (más
comentarios, NAG y jugadas de variantes); en caso de empate, la primera. La
copia conservada se escribe donde está en la entrada, así que con --keep
longest o most-annotated puede ir después del lugar de la primera copia.

Las partidas con errores se conservan tal como están, no se comparan con
ninguna, y se muestran sus errores (salida 1). La memoria se mantiene dentro
de --memory sea cual sea el número de partidas: cada partida se reduce, en
todos los núcleos, a un registro con un resumen de 128 bits (SHA-256) y,
salvo con --hash-only, su línea principal a 2 bytes por media jugada; por
encima del presupuesto los registros se ordenan en tramos en un directorio
temporal y se fusionan. Las partidas se leen dos veces, para hallar los
duplicados y luego para escribirlas; la entrada estándar se guarda mientras
en un archivo temporal.

Códigos de salida: 0 cuando ninguna partida tiene errores, 1 cuando alguna
los tiene, 2 en errores de uso o de E/S.

Opciones:
`),
}

func init() {
	for key, e := range dedupeEnglish {
		english[key] = e
	}
	for key, e := range dedupeSpanish {
		spanish[key] = e
	}
}
