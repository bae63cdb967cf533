package i18n

// lspEnglish holds the messages of pgnc lsp whose English text is not
// their key: its usage and its plurals; init adds them to english.
var lspEnglish = map[string]entry{
	"help.lsp": text(`Usage: pgnc lsp [--stdio]

Lsp is a language server for PGN files: an editor starts it and speaks the
Language Server Protocol with it on standard input and output. It gives, as
the text changes, every diagnostic of pgnc check with its code and range;
each fix of a diagnostic as a quick fix, and every certain fix of the file
as one action ("source.fixAll"); on a move, the board after it, its FEN, the
move in SAN and UCI, and its clock and evaluation; on a tag name, what the
standard says it means; formatting as pgnc fmt formats, of the file or of
the games a range touches; one symbol per game and folding ranges per game
and variation.

Messages are in the language of --lang, else of the editor's locale, else
of LC_ALL, LC_MESSAGES or LANG: en or es.

Neovim (0.7 or later):

	vim.lsp.start_client({name = "pgnc", cmd = {"pgnc", "lsp"}})

and attach it to PGN buffers (see the README). VS Code: a generic LSP
client extension, with "pgnc lsp" as the command for the language "pgn".

`),
	"Fix every certain problem in the file (%d edits)": plurals(1,
		"Fix every certain problem in the file (%d edit)",
		"Fix every certain problem in the file (%d edits)"),
}

// lspSpanish holds the messages of pgnc lsp in Spanish; init adds them to
// spanish.
var lspSpanish = map[string]entry{
	"help.lsp": text(`Uso: pgnc lsp [--stdio]

Lsp es un servidor de lenguaje para archivos PGN: un editor lo inicia y
habla con él el Language Server Protocol por la entrada y la salida
estándar. Da, a medida que cambia el texto, cada diagnóstico de pgnc check
con su código y su rango; cada arreglo de un diagnóstico como arreglo
rápido, y todos los arreglos seguros del archivo como una sola acción
("source.fixAll"); sobre una jugada, el tablero tras ella, su FEN, la
jugada en SAN y en UCI, y su reloj y su evaluación; sobre el nombre de una
etiqueta, lo que significa según el estándar; el formato que da pgnc fmt,
del archivo o de las partidas que toca un rango; un símbolo por partida y
rangos plegables por partida y por variante.

Los mensajes están en el idioma de --lang, si no en el de la configuración
regional del editor, si no en el de LC_ALL, LC_MESSAGES o LANG: en o es.

Neovim (0.7 o posterior):

	vim.lsp.start_client({name = "pgnc", cmd = {"pgnc", "lsp"}})

y asócielo a los búferes PGN (vea el README). VS Code: una extensión de
cliente LSP genérico, con "pgnc lsp" como orden para el lenguaje "pgn".

`),
	"Fix every certain problem in the file (%d edits)": plurals(1,
		"Arreglar todos los problemas seguros del archivo (%d cambio)",
		"Arreglar todos los problemas seguros del archivo (%d cambios)"),
	"Replace %s with %s": text("Reemplazar %s por %s"),
	"Insert %s":          text("Insertar %s"),
	"game %d":            text("partida %d"),
	"%s is no tag of the standard's Seven Tag Roster or its supplemental tags.": text("%s no es una etiqueta del Seven Tag Roster del estándar ni de sus etiquetas suplementarias."),
	"**%s** (UCI %s), %s to move": text("**%s** (UCI %s), juegan %s"),
	"clock %s":                    text("reloj %s"),
	"time spent %s":               text("tiempo empleado %s"),
	"evaluation %s":               text("evaluación %s"),
	"the name of the tournament or match event. One of the Seven Tag Roster, which every game has, in this order; \"?\" when unknown.":                                              text("el nombre del torneo o del encuentro. Una de las siete etiquetas obligatorias (Seven Tag Roster), que toda partida tiene, en este orden; \"?\" si se desconoce."),
	"the location of the event: city, region and the IOC country code (\"Leeds ENG\"). One of the Seven Tag Roster; \"?\" when unknown.":                                            text("el lugar del evento: ciudad, región y el código de país del COI (\"Leeds ENG\"). Una de las siete etiquetas obligatorias; \"?\" si se desconoce."),
	"the starting date of the game, YYYY.MM.DD, with \"??\" for an unknown part (\"1992.??.??\"). One of the Seven Tag Roster.":                                                     text("la fecha en que empezó la partida, AAAA.MM.DD, con \"??\" para una parte desconocida (\"1992.??.??\"). Una de las siete etiquetas obligatorias."),
	"the playing round of the game within the event (\"3\", \"1.2\"); \"?\" when unknown, \"-\" when it does not apply. One of the Seven Tag Roster.":                               text("la ronda de la partida dentro del evento (\"3\", \"1.2\"); \"?\" si se desconoce, \"-\" si no procede. Una de las siete etiquetas obligatorias."),
	"the player of the white pieces, \"Last, First\". One of the Seven Tag Roster; \"?\" when unknown.":                                                                             text("quien juega con blancas, \"Apellido, Nombre\". Una de las siete etiquetas obligatorias; \"?\" si se desconoce."),
	"the player of the black pieces, \"Last, First\". One of the Seven Tag Roster; \"?\" when unknown.":                                                                             text("quien juega con negras, \"Apellido, Nombre\". Una de las siete etiquetas obligatorias; \"?\" si se desconoce."),
	"the result of the game: \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\" (unfinished or unknown); the same as the termination marker after the moves. The last of the Seven Tag Roster.": text("el resultado de la partida: \"1-0\", \"0-1\", \"1/2-1/2\" o \"*\" (sin terminar o desconocido); el mismo que el marcador de final tras las jugadas. La última de las siete etiquetas obligatorias."),
	"the player's FIDE title (\"GM\", \"IM\", \"WGM\"); \"-\" for none.":                                                                                                            text("el título FIDE del jugador (\"GM\", \"IM\", \"WGM\"); \"-\" si no tiene."),
	"the player's FIDE rating; \"-\" for none.":                                                           text("el Elo FIDE del jugador; \"-\" si no tiene."),
	"the player's USCF rating.":                                                                           text("la puntuación USCF del jugador."),
	"the player's network address (e-mail); \"-\" for none.":                                              text("la dirección de red (correo electrónico) del jugador; \"-\" si no tiene."),
	"whether the player is \"human\" or a \"program\".":                                                   text("si el jugador es una persona (\"human\") o un programa (\"program\")."),
	"the starting date of the event, YYYY.MM.DD.":                                                         text("la fecha en que empezó el evento, AAAA.MM.DD."),
	"the name of the event's sponsor.":                                                                    text("el nombre del patrocinador del evento."),
	"the playing section of a tournament (\"Open\", \"Reserve\").":                                        text("la sección del torneo (\"Open\", \"Reserve\")."),
	"the stage of a multistage event (\"Preliminary\", \"Semifinal\").":                                   text("la fase de un evento de varias fases (\"Preliminary\", \"Semifinal\")."),
	"the board number in a team event.":                                                                   text("el número de tablero en un evento por equipos."),
	"the traditional name of the opening (\"Sicilian\").":                                                 text("el nombre tradicional de la apertura (\"Sicilian\")."),
	"the variation of the opening (\"Najdorf\").":                                                         text("la variante de la apertura (\"Najdorf\")."),
	"the subvariation of the opening's variation.":                                                        text("la subvariante de la variante de la apertura."),
	"the opening's code in the Encyclopedia of Chess Openings, a letter A to E and two digits (\"B90\").": text("el código de la apertura en la Encyclopedia of Chess Openings, una letra de la A a la E y dos cifras (\"B90\")."),
	"the opening's code in the New in Chess classification.":                                              text("el código de la apertura en la clasificación de New in Chess."),
	"the local time the game started, HH:MM:SS.":                                                          text("la hora local en que empezó la partida, HH:MM:SS."),
	"the time the game started, HH:MM:SS in Coordinated Universal Time.":                                  text("la hora en que empezó la partida, HH:MM:SS en tiempo universal coordinado."),
	"the date the game started, YYYY.MM.DD in Coordinated Universal Time.":                                text("la fecha en que empezó la partida, AAAA.MM.DD en tiempo universal coordinado."),
	"the time control: \"40/7200:3600\" (moves/seconds:seconds), \"300+2\" (seconds plus increment), \"-\" for none, \"?\" when unknown.":                    text("el control de tiempo: \"40/7200:3600\" (jugadas/segundos:segundos), \"300+2\" (segundos más incremento), \"-\" si no hay, \"?\" si se desconoce."),
	"\"1\" when the game starts from the position of the FEN tag, \"0\" for the initial position.":                                                           text("\"1\" si la partida empieza en la posición de la etiqueta FEN, \"0\" para la posición inicial."),
	"the position the game starts from, in Forsyth-Edwards Notation; it needs SetUp \"1\".":                                                                  text("la posición en que empieza la partida, en notación Forsyth-Edwards; requiere SetUp \"1\"."),
	"how the game ended: \"abandoned\", \"adjudication\", \"death\", \"emergency\", \"normal\", \"rules infraction\", \"time forfeit\" or \"unterminated\".": text("cómo terminó la partida: \"abandoned\" (abandonada), \"adjudication\" (adjudicada), \"death\" (muerte), \"emergency\" (emergencia), \"normal\", \"rules infraction\" (infracción), \"time forfeit\" (tiempo) o \"unterminated\" (sin terminar)."),
	"who annotated the game.": text("quién comentó la partida."),
	"how the game was played: \"OTB\" (over the board), \"PM\" (paper mail), \"EM\" (electronic mail), \"ICS\" (Internet Chess Server), \"TC\" (telecommunication).": text("cómo se jugó la partida: \"OTB\" (sobre el tablero), \"PM\" (correo postal), \"EM\" (correo electrónico), \"ICS\" (servidor de ajedrez en Internet), \"TC\" (telecomunicación)."),
	"how many plies (half-moves) the game has.":                                                                   text("cuántas medias jugadas tiene la partida."),
	"the kind of chess when it is not standard chess (\"Chess960\"); not in the standard, but common.":            text("la modalidad de ajedrez si no es el ajedrez estándar (\"Chess960\"); no está en el estándar, pero es habitual."),
	"speak the protocol on standard input and output, as pgnc lsp always does; accepted for editors that pass it": text("habla el protocolo por la entrada y la salida estándar, como pgnc lsp hace siempre; se admite para los editores que la pasan"),
	"pgnc lsp: takes no FILE; an editor starts it and sends the files it opens\n":                                 text("pgnc lsp: no admite ARCHIVO; un editor lo inicia y le envía los archivos que abre\n"),
	"pgnc lsp: %v\n": text("pgnc lsp: %v\n"),
}

func init() {
	for key, e := range lspEnglish {
		english[key] = e
	}
	for key, e := range lspSpanish {
		spanish[key] = e
	}
}
