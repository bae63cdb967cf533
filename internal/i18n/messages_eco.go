package i18n

// ecoSpanish holds the messages of the --eco options of pgnc check, fmt
// and convert (package eco's opening names) in Spanish; init adds them to
// spanish.
var ecoSpanish = map[string]entry{
	"warn where a game's ECO tag disagrees with the opening its moves reach, named by position from the lichess opening names (PGN330)":                           text("avisa donde la etiqueta ECO de una partida no concuerda con la apertura a la que llegan sus jugadas, nombrada por posición con los nombres de aperturas de lichess (PGN330)"),
	"add or correct the ECO and Opening tags: the opening the moves reach, named by position from the lichess opening names":                                      text("añade o corrige las etiquetas ECO y Opening: la apertura a la que llegan las jugadas, nombrada por posición con los nombres de aperturas de lichess"),
	"pgn, json, ndjson: add or correct the ECO and Opening tags, named by position from the lichess opening names; json and ndjson also get an \"opening\" field": text("pgn, json, ndjson: añade o corrige las etiquetas ECO y Opening, nombradas por posición con los nombres de aperturas de lichess; json y ndjson llevan además un campo \"opening\""),
}

func init() {
	for key, e := range ecoSpanish {
		spanish[key] = e
	}
}
