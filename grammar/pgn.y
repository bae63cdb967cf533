// The grammar of a PGN database (PGN standard 1994, section 18), extended to
// what real files need: games without tag sections or termination markers,
// comments anywhere in movetext, and error recovery at game boundaries.
//
// The actions are one-line calls into parser/build.go; values are never
// passed up the yacc stack, so that a game cut short by a syntax error keeps
// everything parsed before the error.
//
// Game boundaries. A game ends at its termination marker, or, when the marker
// is missing, just before a "[" that follows its movetext. Two tag sections in
// a row belong to one game. That gives two kinds of game sequence:
//   closed: empty, or ending with a terminated game; anything may follow.
//   open:   ending with a game without marker; only a tag section may follow.
// A tag section followed by another one across a blank line, or by a second
// Event tag, is a game without movetext: the lexer glue marks its end with
// the synthetic TAGSEND token.

%{
package parser

import "github.com/pgnc/pgnc/lexer"

// b returns the game builder behind the lexer that goyacc hands to actions.
func b(l yyLexer) *builder { return &l.(*parser).build }
%}

%union {
	tok lexer.Token
}

%token <tok> LBRACKET RBRACKET STRING SYMBOL
%token <tok> MOVE MOVENUM INTEGER DOTS NAG COMMENT SUFFIX BADMOVE
%token <tok> LPAREN RPAREN RESULT
%token RESYNC TAGSEND

%%

database
	: closed
	| open
	| closed tags      { b(yylex).endGame() }
	| open tags        { b(yylex).endGame() }
	;

closed
	: /* empty */
	| closed untaggedClosed  { b(yylex).endGame() }
	| closed taggedClosed    { b(yylex).endGame() }
	| open taggedClosed      { b(yylex).endGame() }
	| closed error RESYNC    { b(yylex).endBrokenGame(); Errflag = 0 }
	| open error RESYNC      { b(yylex).endBrokenGame(); Errflag = 0 }
	;

open
	: closed untaggedOpen    { b(yylex).endGame() }
	| closed taggedOpen      { b(yylex).endGame() }
	| open taggedOpen        { b(yylex).endGame() }
	;

taggedClosed
	: tags elements result
	| tags result
	| tags TAGSEND
	;

untaggedClosed
	: elements result
	| result
	;

taggedOpen
	: tags elements
	;

untaggedOpen
	: elements
	;

tags
	: tag
	| tags tag
	;

tag
	: LBRACKET SYMBOL STRING RBRACKET  { b(yylex).tag($1, $2, $3, $4) }
	;

elements
	: element
	| elements element
	;

element
	: MOVE      { b(yylex).move($1) }
	| BADMOVE   { b(yylex).badMove($1) }
	| MOVENUM   { b(yylex).moveNumber($1) }
	| INTEGER   { b(yylex).moveNumber($1) }
	| DOTS      { b(yylex).dots($1) }
	| NAG       { b(yylex).nag($1) }
	| COMMENT   { b(yylex).comment($1) }
	| SUFFIX    { b(yylex).suffix($1) }
	| variation
	;

variation
	: LPAREN { b(yylex).openVariation($1) } variationBody RPAREN { b(yylex).closeVariation($4) }
	;

variationBody
	: /* empty */
	| variationBody element
	;

result
	: RESULT  { b(yylex).result($1) }
	;
