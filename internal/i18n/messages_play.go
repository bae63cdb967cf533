package i18n

// playSpanish holds the messages of pgnc play and board that their
// options --new, --fen and --piece-letters, reading standard input and
// Ctrl-C brought, in Spanish; init adds them to spanish.
var playSpanish = map[string]entry{
	"pgnc board: --all shows every position and --ply %d one; give one of them\n": text("pgnc board: --all muestra todas las posiciones y --ply %d una; indique solo una de las dos opciones\n"),
	" (read in %s)": text(" (leída en %s)"),
	"%s in %s":      text("%s en %s"),
	"%s reads as %s; write the move in English, or name the language with --piece-letters":                                              text("%s se lee como %s; escriba la jugada en inglés, o indique el idioma con --piece-letters"),
	"%s was made while pgnc was playing (another program wrote it); it is left as it is: run pgnc again":                                text("%s se creó mientras pgnc jugaba (otro programa lo escribió); se deja como está: ejecute pgnc de nuevo"),
	"%s: %c is a piece letter of no language":                                                                                           text("%s: %c no es letra de pieza de ningún idioma"),
	"%s: %c is no piece letter of %s":                                                                                                   text("%s: %c no es letra de pieza en %s"),
	"%s: no language has all the piece letters of this game (%s); write the move in English, or name the language with --piece-letters": text("%s: ningún idioma tiene todas las letras de pieza de esta partida (%s); escriba la jugada en inglés, o indique el idioma con --piece-letters"),
	"--fen %q: the side to move has no legal move":                                                                                      text("--fen %q: el bando que mueve no tiene ninguna jugada legal"),
	"-w writes the new game to a file, not to standard output: name a file, or leave -w out":                                            text("-w escribe la partida nueva en un archivo, no en la salida estándar: indique un archivo, u omita -w"),
	"interrupted\n": text("interrumpido\n"),
	"no FILE to save to: play --new -w FILE or --fen FEN -w FILE appends the new game to FILE\n": text("no hay ARCHIVO donde guardar: play --new -w ARCHIVO o --fen FEN -w ARCHIVO añade la partida nueva al final de ARCHIVO\n"),
	"pgnc play: --fen, column %d: %s\n": text("pgnc play: --fen, columna %d: %s\n"),
	"pgnc play: --game picks a game of FILE to continue; a new game (--new, --fen) continues none\n": text("pgnc play: --game elige la partida de ARCHIVO que se continúa; una partida nueva (--new, --fen) no continúa ninguna\n"),
	"pgnc play: --new starts from the initial position and --fen from a FEN; give one of them\n":     text("pgnc play: --new empieza desde la posición inicial y --fen desde un FEN; indique solo una de las dos opciones\n"),
	"pgnc play: -w appends the new game to FILE; name one FILE\n":                                    text("pgnc play: -w añade la partida nueva al final de ARCHIVO; indique un ARCHIVO\n"),
	"pgnc play: a new game is written to standard output and reads no FILE; -w appends it to FILE\n": text("pgnc play: una partida nueva se escribe en la salida estándar y no lee ningún ARCHIVO; -w la añade al final de ARCHIVO\n"),
	"pgnc play: interrupted: %s is left as it is; the game as it stands is on standard output\n":     text("pgnc play: interrumpido: %s se deja como está; la partida tal como está va a la salida estándar\n"),
	"play a new game from the initial position":                                                      text("juega una partida nueva desde la posición inicial"),
	"play a new game from this position":                                                             text("juega una partida nueva desde esta posición"),
	"save the game to %s before quitting? [y/N]":                                                     text("¿guardar la partida en %s antes de salir? [s/N]"),
	"the new game does not check clean: %s":                                                          text("la partida nueva no pasa la comprobación sin errores: %s"),
	"the new game does not read back as one game":                                                    text("la partida nueva no se vuelve a leer como una sola partida"),
}

func init() {
	for key, e := range playSpanish {
		spanish[key] = e
	}
}
