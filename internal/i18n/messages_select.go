package i18n

// selectEnglish holds the help of pgnc select; selectSpanish its messages
// in Spanish. init adds them to english and spanish.
var selectEnglish = map[string]entry{
	"help.select": text(`Usage: pgnc select [flags] QUERY FILE...

Select reads games as check does (files, directories, "-" for standard input,
compressed files, zip archives; on every core, in input order) and writes
the games for which QUERY holds, each as it stands in the input, byte for
byte (errors and all), followed by a blank line. --format pgn writes the
export format instead, --format ndjson one JSON object a line (as convert
--to ndjson); --count writes only how many games were selected and read.
--invert selects the games for which QUERY does not hold: the two outputs
together hold every game of the input once. --first N stops after N games.
-o DIR --split N writes files of N games, DIR/1.pgn, DIR/2.pgn, …; -o DIR
--split-by TAG one file per value of TAG, named after it (characters other
than letters, digits, - and _ become _, and a hash of the value follows;
a game without the tag goes to _none.pgn). Files are overwritten.

A query joins terms with and (&&), or (||), not (!) and parentheses; words
are in any case. A value is a "string", a number, or a bare word such as
B90, 1-0 or 2024.??.??. A query that does not parse is shown with a caret
under the fault, and the exit code is 2.

Tags (decided on the tag section, no move replayed, but for eco and opening):
  white, black, event, site, round, result, variation, annotator,
  timecontrol, termination, whitetitle, blacktitle, eventdate, mode
                          white ~ "Carlsen"          result = 1-0
  player                  white or black:            player contains "anand"
  tag("Name")             any tag:                   tag("TimeControl") = "40/7200"
  variant                 Variant, standard if none: variant = chess960
  date                    dates with ?? parts:       date >= 2020.01  date = 2019.??.??
  eco, opening            the tag, or where it is missing the opening the
                          moves reach by position (moves are replayed;
                          codes in order):           eco in B90..B99  opening ~ "Najdorf"
  elo, whiteelo, blackelo the lower of the two, or one side's: elo >= 2600
  elodiff                 the difference of the two: elodiff < 100
  Operators: = != < <= > >= (numbers as numbers where both sides are),
  ~ and !~ (RE2 regular expressions; (?i) for any case), contains (text,
  in any case), in [v1, v2, …], in LO..HI. A game without the tag matches
  no comparison but != and !~.

The game (its moves are replayed):
  plies, moves            plies of the main line, full moves: plies > 100
  checkmate, stalemate    the final position:        checkmate and result = 0-1
  draw by repetition      a position stood three times: repetition
  promotion, underpromotion, castles                 underpromotion
  has errors, has warnings, has code PGN301          has code PGN301
  has comments, has variations, has clocks, has evals
  comment                 any comment:               comment ~ "(?i)novelty"
  eval, clock             the eval command of a move's comment (centipawns,
                          pawns with a point, or "#N" for a mate: "#-3" is
                          black mating in 3) and its clk command (seconds
                          or h:mm:ss), of any move:
                          eval <= -300 after ply 20   clock < 0:00:30

Positions (every position of the main line, the start included, unless
at ply N, after ply N or in final position (at end) says which):
  position "FEN"          the same position (EPD too), by transposition too:
                          position "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -"
  pattern "..."           pgn-extract's FEN patterns: ? any square, ! a piece,
                          A a white piece, a a black one, * any run of
                          squares, [..] and [^..] sets, _ empty; then w or b:
                          pattern "*/*/*/*/*/*/*/*R*r* w"
  material "KQ vs KR"     white's pieces vs black's (K may be left out),
                          exactly; >= <= > < for at least and at most:
                          material "KRP vs KR" in final position
                          material >= "KQ vs K"
  to move white           to move black at ply 30

Move sequences:
  starts "1. e4 c5 2. Nf3" the main line starts so (any notation pgnc reads)
  contains moves "Nxf7 Kxf7" these moves in a row, in SAN

Exit codes: 0 when the games were read, 1 when a game was too long to
test (more than 1048576 tag pairs or elements of movetext: PGN904; it is
taken as not matching), 2 on a query that does not parse, usage or I/O
errors. Select reports no other problem of the PGN: a game with errors is
selected as any other (has errors selects them).

Flags:
`),
}

var selectSpanish = map[string]entry{
	"help.select": text(`Uso: pgnc select [opciones] CONSULTA ARCHIVO...

Select lee partidas como check (archivos, directorios, "-" para la entrada
estándar, archivos comprimidos, archivos zip; en todos los núcleos, en el
orden de la entrada) y escribe las partidas para las que se cumple la
CONSULTA, cada una tal como está en la entrada, byte a byte (con sus errores),
seguida de una línea en blanco. --format pgn escribe el formato de
exportación, --format ndjson un objeto JSON por línea (como convert --to
ndjson); --count escribe solo cuántas partidas se seleccionaron y se leyeron.
--invert selecciona las partidas para las que la CONSULTA no se cumple: las
dos salidas juntas contienen cada partida de la entrada una vez. --first N se
detiene tras N partidas. -o DIR --split N escribe archivos de N partidas,
DIR/1.pgn, DIR/2.pgn, …; -o DIR --split-by ETIQUETA un archivo por valor de
la ETIQUETA, con el nombre del valor (los caracteres que no son letras,
dígitos, - ni _ pasan a ser _, seguidos de un hash del valor; una partida sin
la etiqueta va a _none.pgn). Los archivos se sobrescriben.

Una consulta une términos con and (&&), or (||), not (!) y paréntesis; las
palabras valen en mayúsculas o minúsculas. Un valor es una "cadena", un
número, o una palabra como B90, 1-0 o 2024.??.??. Una consulta que no se
puede analizar se muestra con un acento circunflejo bajo el fallo, y el
código de salida es 2.

Etiquetas (se decide con la sección de etiquetas, sin reproducir jugadas, salvo eco y opening):
  white, black, event, site, round, result, variation, annotator,
  timecontrol, termination, whitetitle, blacktitle, eventdate, mode
                          white ~ "Carlsen"          result = 1-0
  player                  blancas o negras:          player contains "anand"
  tag("Nombre")           cualquier etiqueta:        tag("TimeControl") = "40/7200"
  variant                 Variant, standard si no hay: variant = chess960
  date                    fechas con partes ??:      date >= 2020.01  date = 2019.??.??
  eco, opening            la etiqueta o, si falta, la apertura a la que
                          llegan las jugadas por posición (se reproducen;
                          códigos en orden):         eco in B90..B99  opening ~ "Najdorf"
  elo, whiteelo, blackelo el menor de los dos, o el de un bando: elo >= 2600
  elodiff                 la diferencia entre ambos: elodiff < 100
  Operadores: = != < <= > >= (números como números si ambos lados lo son),
  ~ y !~ (expresiones regulares RE2; (?i) sin distinguir mayúsculas),
  contains (texto, sin distinguir mayúsculas), in [v1, v2, …], in MIN..MAX.
  Una partida sin la etiqueta no cumple ninguna comparación salvo != y !~.

La partida (se reproducen sus jugadas):
  plies, moves            medias jugadas de la línea principal, jugadas: plies > 100
  checkmate, stalemate    la posición final:         checkmate and result = 0-1
  draw by repetition      una posición repetida tres veces: repetition
  promotion, underpromotion, castles                 underpromotion
  has errors, has warnings, has code PGN301          has code PGN301
  has comments, has variations, has clocks, has evals
  comment                 cualquier comentario:      comment ~ "(?i)novedad"
  eval, clock             la orden eval del comentario de una jugada
                          (centipeones, peones con punto, o "#N" para un
                          mate: "#-3" es mate de las negras en 3) y su
                          orden clk (segundos o h:mm:ss), de cualquier
                          jugada: eval <= -300 after ply 20   clock < 0:00:30

Posiciones (cada posición de la línea principal, la inicial incluida, salvo
que at ply N, after ply N o in final position (at end) diga cuál):
  position "FEN"          la misma posición (también EPD), también por transposición:
                          position "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -"
  pattern "..."           los patrones FEN de pgn-extract: ? cualquier casilla,
                          ! una pieza, A una pieza blanca, a una negra,
                          * cualquier serie de casillas, [..] y [^..]
                          conjuntos, _ vacía; luego w o b:
                          pattern "*/*/*/*/*/*/*/*R*r* w"
  material "KQ vs KR"     las piezas blancas vs las negras (K puede omitirse),
                          exactamente; >= <= > < para al menos y como mucho:
                          material "KRP vs KR" in final position
                          material >= "KQ vs K"
  to move white           to move black at ply 30

Secuencias de jugadas:
  starts "1. e4 c5 2. Nf3" la línea principal empieza así (cualquier notación que pgnc lee)
  contains moves "Nxf7 Kxf7" estas jugadas seguidas, en SAN

Códigos de salida: 0 cuando se leyeron las partidas, 1 cuando una partida era
demasiado larga para evaluarla (más de 1048576 pares de etiquetas o elementos
del texto de jugadas: PGN904; se toma como no conforme), 2 ante una consulta
que no se puede analizar, errores de uso o de E/S. Select no informa de otros
problemas del PGN: una partida con errores se selecciona como cualquier otra
(has errors las selecciona).

Opciones:
`),
	"how selected games are written: as they stand in the input (the default), pgn (the export format) or ndjson (one JSON object a line)": text("cómo se escriben las partidas seleccionadas: tal como están en la entrada (por omisión), pgn (el formato de exportación) o ndjson (un objeto JSON por línea)"),
	"write only how many games were selected and read":                                                    text("escribe solo cuántas partidas se seleccionaron y se leyeron"),
	"select the games for which QUERY does not hold":                                                      text("selecciona las partidas para las que la CONSULTA no se cumple"),
	"stop after this many selected games (0: no limit)":                                                   text("se detiene tras este número de partidas seleccionadas (0: sin límite)"),
	"write the selected games into files in this directory (with --split or --split-by)":                  text("escribe las partidas seleccionadas en archivos de este directorio (con --split o --split-by)"),
	"with -o: files of this many games each, 1.pgn, 2.pgn, …":                                             text("con -o: archivos de este número de partidas cada uno, 1.pgn, 2.pgn, …"),
	"with -o: one file per value of this tag, named after the value":                                      text("con -o: un archivo por valor de esta etiqueta, con el nombre del valor"),
	"pgnc select: no QUERY: pgnc select QUERY FILE...; 'pgnc help select' lists the terms\n":              text("pgnc select: falta la CONSULTA: pgnc select CONSULTA ARCHIVO...; 'pgnc help select' enumera los términos\n"),
	"pgnc select: --format %q is not pgn or ndjson\n":                                                     text("pgnc select: --format %q no es pgn ni ndjson\n"),
	"pgnc select: --split and --split-by write into a directory: give it with -o DIR\n":                   text("pgnc select: --split y --split-by escriben en un directorio: indíquelo con -o DIR\n"),
	"pgnc select: -o DIR takes --split N or --split-by TAG, one of them\n":                                text("pgnc select: -o DIR necesita --split N o --split-by ETIQUETA, una de las dos\n"),
	"pgnc select: --count writes no games; leave out -o\n":                                                text("pgnc select: --count no escribe partidas; omita -o\n"),
	"pgnc select: no input files (use - for standard input)\n":                                            text("pgnc select: no hay archivos de entrada (use - para la entrada estándar)\n"),
	"selected: %d\nread: %d\n":                                                                            text("seleccionadas: %d\nleídas: %d\n"),
	"pgnc select: game %d of %s is not tested, too long to hold: it is taken as not matching the query\n": text("pgnc select: la partida %d de %s no se evalúa, demasiado larga para tenerla en memoria: se toma como no conforme a la consulta\n"),
	"query:1:%d: error: %s\n":                                                                             text("query:1:%d: error: %s\n"),
	"the query is empty: give a term, such as white ~ \"Carlsen\"":                                        text("la consulta está vacía: escriba un término, como white ~ \"Carlsen\""),
	"unexpected character '%s'":                                                                           text("carácter inesperado '%s'"),
	"the string is not closed: a \" is missing":                                                           text("la cadena no está cerrada: falta una \""),
	"expected a value after '%s'":                                                                         text("se esperaba un valor tras '%s'"),
	"expected a number after '%s'":                                                                        text("se esperaba un número tras '%s'"),
	"the query ends after '%s': a term or a value is missing":                                             text("la consulta termina tras '%s': falta un término o un valor"),
	"'(' is not closed: a ')' is missing":                                                                 text("'(' no está cerrado: falta un ')'"),
	"unexpected '%s' after '%s'":                                                                          text("'%s' inesperado tras '%s'"),
	"unexpected '%s' at the start of the query":                                                           text("'%s' inesperado al principio de la consulta"),
	"unknown term '%s'; 'pgnc help select' lists the terms":                                               text("término desconocido '%s'; 'pgnc help select' enumera los términos"),
	"unknown term '%s'; did you mean '%s'?":                                                               text("término desconocido '%s'; ¿quiso decir '%s'?"),
	"'%s' needs a comparison, such as %s":                                                                 text("'%s' necesita una comparación, como %s"),
	"'%s' takes no comparison":                                                                            text("'%s' no admite comparación"),
	"'%s' does not take '%s'":                                                                             text("'%s' no admite '%s'"),
	"'%s' is not a number":                                                                                text("'%s' no es un número"),
	"bad regular expression: %s":                                                                          text("expresión regular incorrecta: %s"),
	"bad FEN: %s":                                                                                         text("FEN incorrecto: %s"),
	"bad pattern: %s":                                                                                     text("patrón incorrecto: %s"),
	"bad material: %s":                                                                                    text("material incorrecto: %s"),
	"move '%s' of the sequence: %s":                                                                       text("jugada '%s' de la secuencia: %s"),
	"'%s' is not a date: write YYYY, YYYY.MM or YYYY.MM.DD, where ?? may stand for a part":                text("'%s' no es una fecha: escriba AAAA, AAAA.MM o AAAA.MM.DD, donde ?? puede sustituir a una parte"),
	"'%s' is not an ECO code (A00 to E99)":                                                                text("'%s' no es un código ECO (de A00 a E99)"),
	"'%s' applies to position, pattern, material, to move, eval and clock terms, not to this one":         text("'%s' se aplica a los términos position, pattern, material, to move, eval y clock, no a este"),
	"'to move' takes white or black, not '%s'":                                                            text("'to move' admite white o black, no '%s'"),
	"'%s' is not a diagnostic code such as PGN301":                                                        text("'%s' no es un código de diagnóstico como PGN301"),
	"'%s' is not a clock time such as 1:30:00 or a number of seconds":                                     text("'%s' no es una hora de reloj como 1:30:00 ni un número de segundos"),
}

func init() {
	for key, e := range selectEnglish {
		english[key] = e
	}
	for key, e := range selectSpanish {
		spanish[key] = e
	}
}
