// The grammar of a PGN database (PGN standard 1994, section 18), extended to
// what real files need: games without tag sections or termination markers,
// and error recovery at game boundaries. As in section 18, comments are not
// grammar: they reach it inside runs (tokRun below).
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

import "github.com/pgnc/pgnc/internal/lexer"

// b returns the game builder behind the lexer that goyacc hands to actions.
func b(l yyLexer) *builder { return &l.(*parser).build }
%}

%union {
	tok lexer.Token
}

%token <tok> tokLBracket tokRBracket tokString tokSymbol
%token <tok> tokMove tokMoveNum tokInteger tokDots tokNAG tokSuffix tokBadMove
%token <tok> tokLParen tokRParen tokResult
// tokTagPair is a run of whole well-formed tag pairs, [Name "Value"], which
// the lexer glue delivers as one token instead of four a pair; see
// parser.fuseTagPairs.
%token <tok> tokTagPair
// tokRun is a run of movetext tokens that any movetext takes in any order
// (moves, move numbers other than "1.", NAGs), which the lexer glue delivers
// as one token; see parser.fuseRun. Comments are not grammar, as section 18
// of the standard has it: they travel in runs, alone or among the elements
// they stand between, and the builder attaches them where they stand.
%token <tok> tokRun
// tokComment is a comment as the glue classifies it, before it becomes a
// run: no rule takes it, and it names a comment in messages.
%token <tok> tokComment
%token tokResync tokGameEnd
// tokTagEnd ends a broken tag pair: the glue delivers it after the pair's
// "]", or at the end of its line when it has none, so that the tag section
// goes on with the next pair (see parser.recoverTag).
%token tokTagEnd

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
	| tokLBracket error tokTagEnd                  { b(yylex).brokenTag(); Errflag = 0 }
	;

// elements is a non-empty element sequence (the standard's
// <element-sequence>): its first element, then the rest. The rest is one
// left-recursive list of terminals, so that each token costs one reduction;
// any of them may follow any other, which is what lets the glue hand a run
// of moves, move numbers and NAGs, with their comments, to the grammar as
// one tokRun.
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
	| tokSuffix    { b(yylex).begin($1); b(yylex).suffix($1) }
	| tokRun       { b(yylex).begin($1); b(yylex).run() }
	| variation
	;

rest
	: /* empty */
	| rest tokMove      { b(yylex).move($2) }
	| rest tokBadMove   { b(yylex).badMove($2) }
	| rest tokMoveNum   { b(yylex).moveNumber($2) }
	| rest tokInteger   { b(yylex).moveNumber($2) }
	| rest tokDots      { b(yylex).dots($2) }
	| rest tokNAG       { b(yylex).nag($2) }
	| rest tokSuffix    { b(yylex).suffix($2) }
	| rest tokRun       { b(yylex).run() }
	| rest variation
	;

variation
	: tokLParen { b(yylex).openVariation($1) } rest tokRParen { b(yylex).closeVariation($4) }
	;

result
	: tokResult  { b(yylex).result($1) }
	;
