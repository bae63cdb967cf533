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
// Where a game without marker visibly ends anyway, the lexer glue inserts the
// synthetic tokGameEnd token: before a tag section that follows another one
// across a blank line or starts with a second Event tag (a game of tags
// only), and before a move number "1." that follows movetext across a blank
// line (a game without tags after one without marker).

%{

package parser

import "github.com/pgnc/pgnc/lexer"

// b returns the game builder behind the lexer that goyacc hands to actions.
func b(l yyLexer) *builder { return &l.(*parser).build }
%}

%union {
	tok lexer.Token
}

%token <tok> tokLBracket tokRBracket tokString tokSymbol
%token <tok> tokMove tokMoveNum tokInteger tokDots tokNAG tokComment tokSuffix tokBadMove
%token <tok> tokLParen tokRParen tokResult
// tokTagPair is a run of whole well-formed tag pairs, [Name "Value"], which
// the lexer glue delivers as one token instead of four a pair; see
// parser.fuseTagPairs.
%token <tok> tokTagPair
%token tokResync tokGameEnd

// Precedence only settles, in favour of the longer rule, which of the rules
// of rest below takes a move number's turn; see there. tokTurn is no token.
%right tokTurn
%right tokMoveNum
%right tokMove
%right tokComment

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
	| closed error tokResync    { b(yylex).endBrokenGame(); Errflag = 0 }
	| open error tokResync      { b(yylex).endBrokenGame(); Errflag = 0 }
	;

open
	: closed untaggedOpen    { b(yylex).endGame() }
	| closed taggedOpen      { b(yylex).endGame() }
	| open taggedOpen        { b(yylex).endGame() }
	;

taggedClosed
	: tags elements result
	| tags result
	| tags elements tokGameEnd
	| tags tokGameEnd
	;

untaggedClosed
	: elements result
	| result
	| elements tokGameEnd
	;

taggedOpen
	: tags elements
	;

untaggedOpen
	: elements
	;

// A run of fused tag pairs costs one reduction, as part of tags.
tags
	: tokTagPair          { b(yylex).fusedPairs() }
	| tag
	| tags tokTagPair     { b(yylex).fusedPairs() }
	| tags tag
	;

tag
	: tokLBracket tokSymbol tokString tokRBracket  { b(yylex).tag($1, $2, $3, $4) }
	;

// elements is a non-empty element sequence: its first element, then the
// rest. The rest is one left-recursive list of terminals, so that each token
// costs one reduction.
elements
	: first rest
	;

// The first element of movetext starts the game when no tag has (see
// builder.begin); a variation starts it in openVariation.
first
	: tokMove      { b(yylex).begin($1); b(yylex).move($1) }
	| tokBadMove   { b(yylex).begin($1); b(yylex).badMove($1) }
	| tokMoveNum   { b(yylex).begin($1); b(yylex).moveNumber($1) }
	| tokInteger   { b(yylex).begin($1); b(yylex).moveNumber($1) }
	| tokDots      { b(yylex).dots($1) }
	| tokNAG       { b(yylex).begin($1); b(yylex).nag($1) }
	| tokComment   { b(yylex).begin($1); b(yylex).comment($1) }
	| tokSuffix    { b(yylex).begin($1); b(yylex).suffix($1) }
	| variation
	;

// The rules that take a move number with the moves after it make the
// commonest turns cheap: goyacc spends about as much on a reduction as on
// two shifts, and these rules reduce once for up to two whole turns:
// "12. Nf3 Nc6 13. Bb5 a6" in most files, "12. Nf3 { [%clk 0:01:02] }
// 12... Nc6 { [%clk 0:01:01] }" in lichess files. Every shorter prefix is a
// rule too, so that any token may follow anywhere. Where a rule could end or
// go on, the precedences above make the parser shift: tokMove and tokComment
// outrank tokMoveNum, which outranks tokTurn, the precedence of the one-turn rules
// that a second turn may continue. The actions spell out each builder call:
// helpers taking two or three tokens are too big for Go to inline, and cost
// half of what these rules save.
// What they buy, measured on 2026-11-24 (check --quiet -j 1, user time,
// best of five alternating rounds, with and without the rules that take a
// move number and what follows it): 0.10 s against 0.13 s on the lichess
// sample ×32, 0.83 s against 0.88 s on the bulk corpus.
rest
	: /* empty */
	| rest tokMoveNum tokMove                              { b(yylex).moveNumber($2); b(yylex).move($3) }
	| rest tokMoveNum tokMove tokMove %prec tokTurn              { b(yylex).moveNumber($2); b(yylex).move($3); b(yylex).move($4) }
	| rest tokMoveNum tokMove tokMove tokMoveNum                 { b(yylex).moveNumber($2); b(yylex).move($3); b(yylex).move($4); b(yylex).moveNumber($5) }
	| rest tokMoveNum tokMove tokMove tokMoveNum tokMove            { b(yylex).moveNumber($2); b(yylex).move($3); b(yylex).move($4); b(yylex).moveNumber($5); b(yylex).move($6) }
	| rest tokMoveNum tokMove tokMove tokMoveNum tokMove tokMove       { b(yylex).moveNumber($2); b(yylex).move($3); b(yylex).move($4); b(yylex).moveNumber($5); b(yylex).move($6); b(yylex).move($7) }
	| rest tokMoveNum tokMove tokComment %prec tokTurn           { b(yylex).moveNumber($2); b(yylex).move($3); b(yylex).comment($4) }
	| rest tokMoveNum tokMove tokComment tokMoveNum              { b(yylex).moveNumber($2); b(yylex).move($3); b(yylex).comment($4); b(yylex).moveNumber($5) }
	| rest tokMoveNum tokMove tokComment tokMoveNum tokMove         { b(yylex).moveNumber($2); b(yylex).move($3); b(yylex).comment($4); b(yylex).moveNumber($5); b(yylex).move($6) }
	| rest tokMoveNum tokMove tokComment tokMoveNum tokMove tokComment { b(yylex).moveNumber($2); b(yylex).move($3); b(yylex).comment($4); b(yylex).moveNumber($5); b(yylex).move($6); b(yylex).comment($7) }
	| rest tokMove      { b(yylex).move($2) }
	| rest tokBadMove   { b(yylex).badMove($2) }
	| rest tokMoveNum   { b(yylex).moveNumber($2) }
	| rest tokInteger   { b(yylex).moveNumber($2) }
	| rest tokDots      { b(yylex).dots($2) }
	| rest tokNAG       { b(yylex).nag($2) }
	| rest tokComment   { b(yylex).comment($2) }
	| rest tokSuffix    { b(yylex).suffix($2) }
	| rest variation
	;

variation
	: tokLParen { b(yylex).openVariation($1) } rest tokRParen { b(yylex).closeVariation($4) }
	;

result
	: tokResult  { b(yylex).result($1) }
	;
