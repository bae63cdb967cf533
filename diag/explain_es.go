package diag

// translated returns the explanations of texts, a language's meaning, why,
// lack of example and fix of each code, with the example of English's, the
// same PGN in every language.
func translated(texts map[Code][4]string) map[Code]Explanation {
	m := make(map[Code]Explanation, len(texts))
	for code, t := range texts {
		e := englishExplanations[code]
		e.Meaning, e.Why, e.Remedy = t[0], t[1], t[3]
		if e.NoExample != "" {
			e.NoExample = t[2]
		}
		m[code] = e
	}
	return m
}

// spanishExplanations are the meaning, why it matters, lack of example
// (for the codes that have none) and fix of each code, in Spanish.
var spanishExplanations = map[Code][4]string{
	IllegalChar: {
		"Fuera de los comentarios y de los valores de etiqueta, el texto contiene un carácter con el que no empieza ningún elemento PGN, como '&', '~', '@' o un símbolo pegado desde un procesador de textos. pgnc lo informa y sigue leyendo tras él.",
		"Otros lectores se detienen en ese carácter o leen de otra manera el resto de la partida. Suele delatar texto pegado de otro sitio, o daños de una conversión.",
		"",
		"Elimine el carácter, o ponga el texto al que pertenece en un {comentario}."},
	UnterminatedComm: {
		"Un comentario abierto con '{' no tiene '}' antes del final de la entrada: todo lo que sigue a la '{', jugadas y resultado incluidos, es texto del comentario.",
		"Las jugadas que siguen a la '{' no se leen como jugadas, así que la partida queda cortada sin más aviso; la partida suele carecer además de su marcador de final (PGN204).",
		"",
		"Añada la '}' donde termina el comentario."},
	UnterminatedString: {
		"El valor de una etiqueta tiene comilla de apertura pero ninguna de cierre antes del final de su línea.",
		"Dónde termina el valor es una suposición: la ']' y el resto de la línea se leen como parte de él, y el par de etiqueta queda roto (PGN201).",
		"",
		"Termine el valor con '\"'."},
	NotUTF8: {
		"El valor de una etiqueta o un comentario contiene bytes que no son UTF-8. Los archivos de programas antiguos suelen estar en Windows-1252 o Latin-1; con --encoding auto, el valor por defecto, pgnc lee esa partida como Windows-1252 y lo dice una vez por partida.",
		"Hoy la mayoría de los programas leen PGN como UTF-8 y muestran esos nombres como basura (M�ller por Müller); si Windows-1252 es la suposición correcta solo lo puede decir quien lo lea.",
		"",
		"Convierta el archivo a UTF-8 (iconv -f windows-1252 -t utf-8), o diga lo que es con --encoding latin1."},
	ControlChar: {
		"Un comentario o el valor de una etiqueta contiene un carácter de control, como NUL, una campana (U+0007) o un escape (U+001B). El ejemplo contiene una campana, mostrada aquí como su secuencia de escape.",
		"Los caracteres de control son invisibles, pueden manejar el terminal que los muestra y no tienen sitio en un texto; suelen venir de archivos dañados o de datos binarios.",
		"",
		"Elimine el carácter."},
	ResultQuirk: {
		"Un resultado está escrito con caracteres distintos de los del estándar, como ½-½ o 0.5-0.5. pgnc lo lee como el resultado que representa.",
		"Los programas que siguen el estándar no conocen ese resultado: ven una partida sin marcador de final, o un símbolo que no es una jugada.",
		"",
		"Escriba 1-0, 0-1, 1/2-1/2 o *."},
	MisplacedBOM: {
		"Una marca de orden de bytes UTF-8 (U+FEFF) aparece después del comienzo del archivo. Suele venir de unir archivos que empiezan cada uno con una (cat a.pgn b.pgn). El ejemplo tiene una antes de su segunda partida, mostrada aquí como su secuencia de escape.",
		"Una marca de orden de bytes solo significa algo como primer carácter de un archivo; en otro sitio es un carácter invisible que otros lectores pueden tomar por texto de la partida.",
		"",
		"Elimínela."},
	EscapeNotCol1: {
		"Hay un '%' en otra columna que la 1. El estándar hace de una línea que empieza por '%' una línea de escape, que los lectores pasan por alto; en cualquier otro sitio '%' no significa nada.",
		"Lo que sigue al '%' se lee como texto de jugadas, donde no suele haber jugadas; probablemente el texto debía ser una línea de escape.",
		"",
		"Lleve el '%' al comienzo de su línea, o elimínelo."},
	UnknownEscape: {
		"Dentro de una cadena, como el valor de una etiqueta, la barra invertida solo escapa una comilla (\\\") o una barra invertida (\\\\). Cualquier otra secuencia, como \\n o la \\g de una ruta de Windows, no es un escape.",
		"Los lectores no se ponen de acuerdo sobre esa secuencia: unos conservan la barra, otros la quitan, otros dejan de leer el valor.",
		"",
		"Escriba \\\\ para una barra invertida."},
	TabInString: {
		"Una cadena, como el valor de una etiqueta, contiene un tabulador. El estándar no admite tabuladores ni otros caracteres no imprimibles dentro de las cadenas.",
		"Un tabulador se ve con un ancho distinto en cada sitio y no se distingue de los espacios; algunos lectores lo rechazan.",
		"",
		"Sustituya el tabulador por un espacio."},
	ReservedToken: {
		"El texto de jugadas contiene '<' o '>', que el estándar reserva para un uso futuro y a los que no da ningún significado.",
		"Un lector puede rechazar la partida o darles un significado propio; casi siempre son restos de HTML o de una anotación.",
		"",
		"Elimínelos, o ponga el texto al que pertenecen en un {comentario}."},
	UnknownMove: {
		"El texto de jugadas contiene una palabra que no es una jugada en notación algebraica estándar (SAN), ni en ninguna notación que pgnc lee (algebraica larga, UCI, figuras, letras de pieza de otros idiomas): una errata, una casilla fuera del tablero o texto que corresponde a un comentario.",
		"La partida no se puede reproducir más allá: las jugadas siguientes no se comprueban, y otros programas se detienen ahí.",
		"",
		"Corrija la jugada, o ponga el texto en un {comentario}."},
	UnescapedQuote: {
		"El valor de una etiqueta contiene una comilla sin escapar con barra invertida. pgnc lee el valor hasta la última comilla de la línea.",
		"El estándar termina una cadena en la primera comilla sin escapar, así que otros lectores cortan el valor ahí y luego encuentran texto donde corresponde una ']'.",
		"",
		"Escriba \\\" para una comilla dentro de un valor."},
	InvalidUTF8: {
		"Un archivo leído como UTF-8 (--encoding utf8) contiene bytes que no son UTF-8, en el valor de una etiqueta o en un comentario.",
		"El texto no se puede leer como se pidió; los bytes se muestran como U+FFFD, y se pierden los nombres de los que forman parte.",
		"",
		"Convierta el archivo a UTF-8, o léalo con --encoding latin1 o auto (el valor por defecto)."},
	TagInComment: {
		"Un comentario abarca una línea que parece un par de etiqueta, como [White \"Carlsen\"]. Suele ser señal de un comentario al que le falta su '}', que entonces se traga como texto lo que sigue.",
		"Si falta la '}', etiquetas y jugadas se leen sin más aviso como texto del comentario; si la línea debe estar en el comentario, no pasa nada.",
		"",
		"Cierre el comentario antes de esa línea; hasta la siguiente '}' todo es texto del comentario."},
	NotPGN: {
		"Una entrada no es texto PGN sino otro formato de archivo o datos binarios: un archivo comprimido que pgnc no lee, una imagen, un ejecutable, un documento de un procesador de textos. pgnc dice lo que encontró y cómo leerlo.",
		"Comprobar datos binarios como PGN daría miles de errores sin sentido; este único diagnóstico dice en cambio qué es el archivo.",
		"ninguno: el código trata de una entrada que no es texto PGN, así que ningún texto PGN puede mostrarlo.",
		"Extraiga o convierta primero el archivo a PGN, o déjelo fuera de la comprobación."},
	HiddenGames: {
		"Un comentario al que le falta su '}' abarca partidas enteras, hasta una '}' más adelante: las partidas que abarca son texto del comentario, no partidas.",
		"Esas partidas desaparecen sin más aviso: ni se comprueban ni se cuentan, y cualquier otro programa las pierde también.",
		"",
		"Cierre el comentario antes de la partida que señala el diagnóstico."},
	LoneSurrogate: {
		"Un archivo UTF-16 contiene la mitad de un par sustituto, que por sí sola no forma ningún carácter; pgnc la lee como U+FFFD, el carácter de sustitución.",
		"Se pierde un carácter del texto, normalmente de un nombre; el archivo se dañó o se cortó en medio de un carácter.",
		"ninguno: el código trata de una entrada UTF-16, que pgnc descodifica antes de leer el PGN, y los bytes dañados no se pueden escribir aquí como texto.",
		"Reponga el carácter perdido, o convierta el archivo a UTF-8 desde una copia sin daños."},
	UnexpectedToken: {
		"Un elemento aparece donde la gramática de PGN no lo permite, como una ']' o una cadena en el texto de jugadas, o un par de etiqueta sin cerrar. pgnc salta lo que no puede leer y sigue desde el siguiente punto que tenga sentido.",
		"El texto que no encaja en la gramática lo leen otros programas de otra manera, o no lo leen; lo que pgnc saltó se cuenta en los bytes omitidos del resumen.",
		"",
		"Elimine el elemento, o ponga aquello a lo que pertenece en un {comentario}."},
	UnclosedVariation: {
		"Una variante abierta con '(' no se cierra con ')' antes de que termine la partida: el resto de la partida se lee como parte de la variante.",
		"Jugadas que eran de la línea principal acaban en la variante, así que la línea principal queda cortada.",
		"",
		"Añada ')' donde termina la variante."},
	UnmatchedParen: {
		"Una ')' no cierra ninguna variante: no hay ninguna '(' abierta.",
		"O falta una '(', y las jugadas anteriores a la ')' debían ser una variante, o la ')' es un carácter suelto.",
		"",
		"Elimine la ')', o añada la '(' que falta donde empieza la variante."},
	MissingResult: {
		"El texto de jugadas de una partida no termina con un marcador de final: 1-0, 0-1, 1/2-1/2 o *.",
		"El estándar termina cada partida con uno; sin él un lector no sabe dónde termina la partida ni cuál es su resultado, y en archivos unidos las partidas se mezclan.",
		"",
		"Termine el texto de jugadas con el resultado, o con * si se desconoce."},
	MissingTags: {
		"Una partida tiene jugadas pero ninguna sección de etiquetas: ni [Event ...], ni [White ...], ni las demás antes de las jugadas.",
		"La partida no se distingue de otras: no tiene jugadores, fecha ni torneo, y muchos programas rechazan una partida sin sus siete etiquetas obligatorias.",
		"",
		"Añada las siete etiquetas obligatorias antes de las jugadas, con \"?\" para los valores desconocidos."},
	DanglingMoveNumber: {
		"A un número de jugada no le sigue ninguna jugada, sino el resultado, una ')' o el final de la partida.",
		"Suele significar que falta una jugada, o que la partida se cortó al escribirla.",
		"",
		"Elimine el número, o añada la jugada que falta."},
	NumberWithoutDot: {
		"Un número de jugada no lleva punto detrás, como en '2 Nf3'.",
		"El estándar escribe los números de jugada con punto; pgnc lee un número suelto como número de jugada, pero otros lectores pueden tomarlo por otra cosa.",
		"",
		"Escriba el punto: '2.'."},
	DetachedSuffix: {
		"Una anotación de sufijo como '!', '?' o '!?' está separada de su jugada por un espacio.",
		"El estándar escribe las anotaciones de sufijo justo tras su jugada; sola, la anotación no es un elemento del estándar.",
		"",
		"Escríbala justo tras la jugada, sin espacio: 'e4!'."},
	CommentAfterResult: {
		"Un comentario sigue al marcador de final de una partida. pgnc lo conserva con la partida anterior.",
		"Tras el marcador empieza la partida siguiente: otros lectores asignan el comentario a la partida siguiente, o lo descartan.",
		"",
		"Lleve el comentario antes del resultado."},
	EmptyVariation: {
		"Una variante no contiene jugadas: '()', o solo un comentario entre los paréntesis.",
		"Una variante sin jugadas no dice nada de la partida; algunos programas la rechazan y pgnc fmt no puede escribirla en el formato de exportación.",
		"",
		"Elimine el '()', o escriba las jugadas que debía contener."},
	StrayDots: {
		"Hay puntos donde no los precede ningún número de jugada, como en 'e4 .. e5'.",
		"Los puntos solo van tras los números de jugada; en otro sitio no son un elemento del estándar, y puede faltar un número de jugada.",
		"",
		"Elimine los puntos, o añada el número de jugada al que pertenecen."},
	NAGRange: {
		"Un glifo de anotación numérica (NAG) supera $255, el máximo que admite el estándar.",
		"Los programas guardan los NAG en un byte; uno mayor se trunca o se rechaza, y no tiene un significado acordado.",
		"",
		"Use un NAG entre $0 y $255, o ponga la anotación en un {comentario}."},
	EnPassantMark: {
		"Una captura al paso va seguida de 'e.p.', que la SAN no escribe.",
		"El tablero dice si una captura es al paso; la marca es un elemento que los lectores que siguen el estándar no conocen.",
		"",
		"Elimine 'e.p.'."},
	DepthLimit: {
		"Las variantes están anidadas a más profundidad que --max-depth (1000 por defecto). Las variantes que pasan del límite se saltan, no se leen.",
		"Ninguna partida real anida variantes a tanta profundidad; esa entrada suele ser generada u hostil, y leerla sin límite gastaría la pila sin fin.",
		"",
		"Aplane las variantes, o aumente el límite con --max-depth (como mucho 3000)."},
	GameBytesLimit: {
		"La entrada sigue más allá de --max-game-bytes sin un límite de partida (una línea que empiece por '['): pgnc la corta ahí y salta hasta la siguiente línea así.",
		"Una partida ocupa unos pocos kilobytes; megabytes sin límite suelen ser datos binarios o un comentario al que le falta su '}', y guardarlos gastaría memoria sin fin.",
		"ninguno que quepa aquí: el menor límite, --max-game-bytes 65536, exige más de 64 KiB de texto sin ninguna línea que empiece por '['.",
		"Busque lo que se alarga (un comentario al que le falta su '}', datos que no son PGN), o aumente el límite con --max-game-bytes."},
	IllegalMove: {
		"Una jugada no es legal en su posición: ninguna pieza de su clase llega a la casilla, el camino está cortado, o deja en jaque al propio rey. El mensaje dice por qué.",
		"La partida no se puede reproducir más allá; las jugadas siguientes no se comprueban. Normalmente una jugada se escribió mal, se omitió o se introdujo dos veces.",
		"",
		"Corrija la jugada; el tablero del diagnóstico muestra la posición en que se jugó."},
	AmbiguousMove: {
		"Varias piezas de la clase que nombra la jugada pueden hacerla, y la jugada no dice cuál se mueve.",
		"La partida no se puede reproducir más allá: qué pieza se mueve cambia la posición, y un lector no puede elegir.",
		"",
		"Añada la columna o la fila de la pieza que se mueve, como muestra la sugerencia: 'Nbd2'."},
	OverDisambiguated: {
		"Una jugada nombra la columna o la fila de su pieza donde ninguna otra pieza de su clase podría hacerla, como 'Ngf3' cuando solo un caballo llega a f3.",
		"La SAN escribe el origen solo donde hace falta; los programas que comparan o buscan jugadas como texto no encuentran la forma larga.",
		"",
		"Escriba la jugada sin el origen, como muestra la sugerencia: 'Nf3'."},
	CheckMarkMissing: {
		"Una jugada da jaque pero no está marcada con '+'.",
		"La SAN marca cada jaque; los programas que buscan en las partidas como texto, y quienes leen partidas impresas, cuentan con la marca.",
		"",
		"Añada el '+': 'Bb5+'."},
	CheckMarkWrong: {
		"Una jugada está marcada con '+' o '#' pero no da jaque.",
		"Una marca errónea confunde a quien lee, y a menudo significa que se quería otra jugada.",
		"",
		"Quite la marca, o corrija la jugada si se quería otra."},
	MateMarkMissing: {
		"Una jugada da jaque mate pero está marcada con '+', o sin marca, en vez de con '#'.",
		"La SAN marca el mate con '#'; los programas que buscan mates en el texto, y quienes leen, cuentan con ello.",
		"",
		"Escriba '#' en su lugar: 'Qh4#'."},
	MateMarkWrong: {
		"Una jugada está marcada con '#' pero no es mate: el rey puede escapar, el jaque se puede tapar o la pieza que da jaque se puede capturar.",
		"Una marca de mate errónea confunde a quien lee, y a menudo va con un resultado erróneo.",
		"",
		"Escriba '+' en su lugar: 'Qxf7+'."},
	CaptureMarkMissing: {
		"Una jugada captura pero no tiene 'x'.",
		"La SAN marca cada captura; los programas que buscan en las partidas como texto, y quienes leen, cuentan con ello.",
		"",
		"Añada la 'x': 'Qxd5'."},
	CaptureMarkWrong: {
		"Una jugada tiene 'x' pero no captura nada.",
		"Una marca de captura errónea confunde a quien lee, y a menudo significa que se quería otra jugada.",
		"",
		"Quite la 'x', o corrija la jugada si se quería otra."},
	PromotionMissing: {
		"Un peón llega a la última fila sin decir en qué se convierte. pgnc lo lee como una dama.",
		"La SAN siempre nombra la pieza de promoción; otros programas rechazan la jugada, o suponen otra cosa.",
		"",
		"Añada la pieza: 'bxa8=Q'."},
	NonStandardSAN: {
		"Una jugada está escrita de una forma que la SAN no usa pero pgnc puede leer: enroque con ceros (0-0), letras de pieza en minúscula, algebraica larga (Ng1-f3), una letra de peón, falta de '=' ante la pieza de promoción, figuras, o letras de pieza de otro idioma. El mensaje dice cuál.",
		"Los programas que siguen el estándar rechazan esas jugadas o las leen de otra manera; las búsquedas en el texto de las partidas no las encuentran.",
		"",
		"Escriba la jugada en SAN, como muestra la sugerencia ('O-O'); pgnc fmt reescribe todas las jugadas en SAN."},
	MoveNumberWrong: {
		"Un número de jugada no corresponde a la jugada que precede: '3.' ante la segunda jugada de las blancas, o un número con '...' ante una jugada de las blancas.",
		"Suele significar que faltan jugadas, o que se introdujeron dos veces; quien se guía por los números se confunde.",
		"",
		"Escriba el número correcto, como muestra la sugerencia, o busque las jugadas que faltan."},
	NullMove: {
		"El texto de jugadas contiene una jugada nula ('--', 'Z0' o parecida), en la que el bando que mueve pasa. pgnc la reproduce como un pase.",
		"Las jugadas nulas no son parte del estándar: los programas de análisis las escriben en variantes, pero muchos lectores las rechazan.",
		"",
		"Déjela donde es análisis; quítela de las partidas jugadas en un tablero."},
	UnsupportedVariant: {
		"La etiqueta Variant nombra una variante cuyas reglas pgnc no conoce, como crazyhouse o atómico. Sus jugadas se leen pero no se reproducen.",
		"No se comprueba nada de las jugadas: las jugadas ilegales de esa partida pasan sin aviso.",
		"",
		"Compruebe la partida con un programa que conozca la variante; pgnc comprueba ajedrez estándar y Chess960."},
	BadFEN: {
		"La etiqueta FEN no describe una posición válida: un campo está mal formado, o la posición es imposible (sin rey, peones en la primera fila). El mensaje dice cuál.",
		"La partida no se puede reproducir sin su posición inicial; no se comprueba ninguna de sus jugadas.",
		"",
		"Corrija el FEN."},
	FENWithoutSetUp: {
		"Una partida tiene etiqueta FEN pero no [SetUp \"1\"], que el estándar pide con ella. pgnc empieza igualmente la partida desde el FEN.",
		"Un programa que sigue el estándar al pie de la letra ignora el FEN sin SetUp y reproduce las jugadas desde la posición inicial, donde son ilegales.",
		"",
		"Añada [SetUp \"1\"]."},
	SetUpWithoutFEN: {
		"Una partida tiene [SetUp \"1\"], que dice que empieza desde una posición propia, pero ninguna etiqueta FEN que dé esa posición. pgnc la reproduce desde la posición inicial.",
		"Se pierde la posición inicial: si la partida no empezó desde la posición inicial, sus jugadas son ilegales en ella.",
		"",
		"Añada la etiqueta FEN de la posición inicial, o quite SetUp."},
	ResultMismatch: {
		"La etiqueta Result y el marcador de final del texto de jugadas dan resultados distintos.",
		"Uno de los dos está mal, y los programas discrepan sobre el resultado de la partida según cuál lean.",
		"",
		"Haga que coincidan, con el resultado real de la partida."},
	ResultVsBoard: {
		"La partida termina en jaque mate o ahogado en el tablero, pero su resultado dice otra cosa: una victoria del bando que recibió el mate, o un resultado decisivo tras un ahogado.",
		"El resultado está mal: las bases de datos, las puntuaciones y las estadísticas hechas con el archivo cuentan la partida para el bando equivocado.",
		"",
		"Escriba el resultado que da el tablero, como muestra la sugerencia."},
	UnfinishedResult: {
		"El resultado de la partida es '*', desconocido, pero la partida termina en jaque mate o ahogado en el tablero.",
		"El resultado se conoce: la partida cuenta como sin terminar en bases de datos y estadísticas, y pgnc play ofrece continuarla.",
		"",
		"Escriba el resultado que da el tablero, como muestra la sugerencia."},
	RosterMissing: {
		"Falta una de las siete etiquetas obligatorias (Event, Site, Date, Round, White, Black, Result); el estándar pide las siete en cada partida.",
		"Los programas que importan partidas cuentan con ellas; si falta una, la partida es difícil de encontrar y de distinguir de otras.",
		"",
		"Añada las etiquetas que faltan, con \"?\" para los valores desconocidos."},
	RosterOrder: {
		"Las siete etiquetas obligatorias no están en el orden del estándar: Event, Site, Date, Round, White, Black, Result.",
		"El formato de exportación las pone primero y en ese orden, y algunos programas las leen por su posición.",
		"",
		"Póngalas en orden; pgnc fmt lo hace."},
	DateFormat: {
		"Una etiqueta Date no tiene la forma AAAA.MM.DD, con '?' para las cifras desconocidas (\"1972.??.??\").",
		"Los programas ordenan y buscan las partidas por fecha; otra forma se lee mal o no se lee, y 05/01/2024 no dice cuál es el mes.",
		"",
		"Escriba la fecha como AAAA.MM.DD: \"2024.01.05\"."},
	DuplicateTag: {
		"Un nombre de etiqueta aparece dos veces en una partida. pgnc usa el primer valor.",
		"Los programas discrepan sobre qué valor cuenta, y el formato de exportación solo tiene sitio para uno; normalmente se mezclaron las etiquetas de dos partidas.",
		"",
		"Quite una de las dos."},
	PlyCountWrong: {
		"La etiqueta PlyCount da un número de medias jugadas distinto del que tiene la línea principal.",
		"Se perdieron o se añadieron jugadas desde que se escribió la etiqueta, o la etiqueta está mal; los programas la usan para mostrar la longitud de la partida.",
		"",
		"Corrija la etiqueta con el número de medias jugadas de la línea principal, o busque las jugadas que faltan."},
	NullMoveInCheck: {
		"Un bando que está en jaque hace una jugada nula ('--').",
		"Pasar estando en jaque deja al rey a merced de una captura: la posición que resulta es imposible, y ningún programa puede seguir desde ella.",
		"",
		"Sustituya la jugada nula por una jugada que salga del jaque."},
	FENFullmoveZero: {
		"El último campo de la etiqueta FEN, el número de jugada, es 0. Los números de jugada empiezan en 1; pgnc lo lee como 1.",
		"Los programas que toman el número tal cual numeran las jugadas desde 0, o rechazan el FEN.",
		"",
		"Escriba 1."},
	ResultTagValue: {
		"La etiqueta Result contiene algo distinto de un marcador de final, como \"draw\" o \"1-0 (tiempo)\".",
		"Los programas leen el resultado de esta etiqueta, y solo conocen 1-0, 0-1, 1/2-1/2 y *.",
		"",
		"Escriba el resultado de la partida, o * si se desconoce; ponga otras palabras en un comentario o en una etiqueta Termination."},
	PieceLetters: {
		"Una jugada usa una letra de pieza que no es inglesa (la S del Springer alemán, la C del cavalier francés...), y las letras de la partida no dicen de qué idioma se trata: ningún idioma las tiene todas, el tablero encaja con dos idiomas, o --piece-letters nombra uno que no tiene esa letra.",
		"La jugada puede significar piezas distintas en idiomas distintos; pgnc no adivina, y la partida no se reproduce más allá.",
		"",
		"Escriba las letras inglesas K, Q, R, B y N, o indique el idioma: pgnc check --piece-letters de."},
	ECOMismatch: {
		"Con --eco, pgnc check nombra la apertura de cada partida por las posiciones a las que llega su línea principal, como hace lichess (los nombres de aperturas de lichess, paquete eco): la última posición, en las 40 primeras medias jugadas, que termina una línea con nombre. La etiqueta ECO de la partida da otro código.",
		"Los programas y los lectores buscan y agrupan las partidas por su código ECO; un código equivocado esconde la partida a quien busca su apertura. Los clasificadores que siguen el orden de las jugadas no ven las transposiciones, y algunos nombran líneas más profundas u otras que las de lichess, así que una etiqueta distinta no siempre está mal: el aviso dice a qué llegan las jugadas.",
		"",
		"Escriba el código al que llegan las jugadas (la corrección), o deje que pgnc fmt --eco escriba las etiquetas ECO y Opening de todas las partidas; pgnc check --ignore PGN330 --eco deja las etiquetas como están."},
	MoreErrors: {
		"Una partida tiene más errores de un código que --max-repeats (100 por defecto): se muestran los primeros, y este diagnóstico cuenta el resto, en el primero de ellos.",
		"No se pierde nada sin aviso, pero una partida con miles de errores de una clase no inunda el informe.",
		"",
		"Corrija los errores del código que nombra; pgnc check --max-repeats 0 los muestra todos."},
	MoreWarnings: {
		"Una partida tiene más avisos de un código que --max-repeats (100 por defecto): se muestran los primeros, y este diagnóstico cuenta el resto, en el primero de ellos.",
		"No se pierde nada sin aviso, pero una partida con miles de avisos de una clase no inunda el informe.",
		"",
		"Corrija los avisos del código que nombra, u omítalos con --ignore; pgnc check --max-repeats 0 los muestra todos."},
	CopiedUnchanged: {
		"pgnc fmt copia una partida tal cual, porque el formato de exportación no tiene sitio para una parte de ella: una segunda etiqueta del mismo nombre, un NAG antes de la primera jugada, una variante sin jugadas, texto fuera de toda partida.",
		"Reescribir la partida perdería esa parte; fmt nunca pierde entrada sin avisar, así que deja la partida como estaba.",
		"",
		"Lleve esa parte a donde el formato tenga sitio para ella (un comentario, una etiqueta propia), o deje la partida como está."},
	TooLong: {
		"Una partida tiene más de un millón de pares de etiquetas o elementos del texto de jugadas, demasiados para tenerla en memoria. pgnc check la lee por partes; pgnc fmt la copia sin cambios y pgnc convert la deja fuera.",
		"Ninguna partida real es tan larga; suele tratarse de datos generados, o de muchas partidas seguidas sin sus secciones de etiquetas.",
		"ninguno que quepa aquí: la partida debe tener más de 1048576 pares de etiquetas o elementos del texto de jugadas.",
		"Divídala en partidas, o compruébela con pgnc check, que la lee por partes."},
}
