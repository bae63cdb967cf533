package i18n

// fixEnglish holds the English messages with plural forms that pgnc check
// --fix brought; init adds them to english.
var fixEnglish = map[string]entry{
	"%s: fixed %d problems in %s (%s)\n":  plurals(2, "%s: fixed %d problem in %s (%s)\n", "%s: fixed %d problems in %s (%s)\n"),
	"%s: %d problems in %s to fix (%s)\n": plurals(2, "%s: %d problem in %s to fix (%s)\n", "%s: %d problems in %s to fix (%s)\n"),
}

// fixSpanish holds the messages of pgnc check --fix, --diff and
// --fix-only and of the formats sarif and github, in Spanish; init adds
// them to spanish.
var fixSpanish = map[string]entry{
	"%s: fixed %d problems in %s (%s)\n":                                                                          plurals(2, "%s: %d problema corregido en %s (%s)\n", "%s: %d problemas corregidos en %s (%s)\n"),
	"%s: %d problems in %s to fix (%s)\n":                                                                         plurals(2, "%s: %d problema por corregir en %s (%s)\n", "%s: %d problemas por corregir en %s (%s)\n"),
	"pgnc check: unknown format %q (want text, json, sarif or github)\n":                                          text("pgnc check: formato desconocido %q (se espera text, json, sarif o github)\n"),
	"pgnc check: --statistics prints text or json, not %s\n":                                                      text("pgnc check: --statistics escribe text o json, no %s\n"),
	"pgnc check: --diff prints the fixes of --fix; give --fix too\n":                                              text("pgnc check: --diff muestra las correcciones de --fix; indique también --fix\n"),
	"pgnc check: --fix cannot rewrite standard input; --fix --diff prints what it would change\n":                 text("pgnc check: --fix no puede reescribir la entrada estándar; --fix --diff muestra lo que cambiaría\n"),
	"%s: --fix does not rewrite %s; --fix --diff prints what it would change":                                     text("%s: --fix no reescribe %s; --fix --diff muestra lo que cambiaría"),
	"pgnc: %s is not a regular file; --fix rewrites regular files only\n":                                         text("pgnc: %s no es un archivo regular; --fix solo reescribe archivos regulares\n"),
	"output format: text, json (one object per line), sarif (SARIF 2.1.0) or github (GitHub Actions annotations)": text("formato de salida: text, json (un objeto por línea), sarif (SARIF 2.1.0) o github (anotaciones de GitHub Actions)"),
	"apply the certain fixes in place (as fmt -w writes), then report what is left; plain text files only":        text("aplica en el archivo las correcciones seguras (como escribe fmt -w) e informa de lo que queda; solo archivos de texto sin comprimir"),
	"with --fix: print the unified diff of the fixes instead of writing them":                                     text("con --fix: muestra el diff unificado de las correcciones en vez de escribirlas"),
	"with --fix: apply only the fixes of these comma-separated codes (PGN304 or 304)":                             text("con --fix: aplica solo las correcciones de estos códigos separados por comas (PGN304 o 304)"),
}

func init() {
	for key, e := range fixEnglish {
		english[key] = e
	}
	for key, e := range fixSpanish {
		spanish[key] = e
	}
}
