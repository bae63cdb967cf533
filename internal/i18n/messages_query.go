package i18n

// querySpanish holds, in Spanish, what is wrong inside the value of a
// pattern or material term of a pgnc select query (package query's
// DetailMessages); init adds them to spanish. A FEN's problem is a phrase
// of diag's catalogs.
var querySpanish = map[string]entry{
	"write eight ranks separated by /, then w or b if the side to move matters": text("escriba ocho filas separadas por /, y luego w o b si importa el bando que mueve"),
	"the side to move is w or b, not '%s'":                                      text("el bando que mueve es w o b, no '%s'"),
	"a pattern has eight ranks separated by /":                                  text("un patrón tiene ocho filas separadas por /"),
	"'[' without ']' in '%s'":                                                   text("'[' sin ']' en '%s'"),
	"'%s' in [...] is not a piece letter, A, a or _ (empty)":                    text("'%s' en [...] no es una letra de pieza, A, a ni _ (vacía)"),
	"'%s' is not a piece letter, digit, ?, !, A, a, * or [...]":                 text("'%s' no es una letra de pieza, una cifra, ?, !, A, a, * ni [...]"),
	"rank '%s' does not hold eight squares":                                     text("la fila '%s' no tiene ocho casillas"),
	"write white's pieces, vs, and black's: \"KQ vs KR\"":                       text("escriba las piezas blancas, vs, y las negras: \"KQ vs KR\""),
	"'%s' is not a piece letter (K, Q, R, B, N, P)":                             text("'%s' no es una letra de pieza (K, Q, R, B, N, P)"),
	"a side has one king":                                                       text("cada bando tiene un rey"),
}

func init() {
	for key, e := range querySpanish {
		spanish[key] = e
	}
}
