// The grammar of pgnc select's queries. The tokens come from the DFA that
// lexmachine compiles from package qtoken's patterns (internal/query/lex.go);
// the actions are one-line calls into internal/query/build.go, which checks
// the names and values of each term and records the first error with its
// position.
//
// A query is terms joined by and, or and not, with parentheses. A term is a
// subject, one or more words ("checkmate", "draw by repetition", "white") or
// tag("Name"), alone or followed by what it is compared with. A term that
// tests positions or moves may end with where it looks: at ply N, after ply
// N, in final position.

%{

package query

// b returns the parser behind the lexer that goyacc hands to actions.
func b(l yyLexer) *parser { return l.(*parser) }
%}

%union {
	tok   Token
	toks  []Token
	node  *Node
	subj  Subject
}

%token <tok> tokString tokNumber tokWord
%token <tok> tokLParen tokRParen tokLBrack tokRBrack tokComma tokDotDot
%token <tok> tokEq tokNe tokLt tokLe tokGt tokGe tokMatch tokNoMatch
%token <tok> tokAnd tokOr tokNot tokIn tokContains tokHas tokToMove tokAtPly tokAfterPly tokFinal

%type <node> expr term
%type <toks> words values
%type <tok> op value
%type <subj> subject

%left tokOr
%left tokAnd
%right tokNot

%%

query
	: expr                                          { b(yylex).root = $1 }

expr
	: expr tokOr expr                               { $$ = b(yylex).binary(OpOr, $1, $3) }
	| expr tokAnd expr                              { $$ = b(yylex).binary(OpAnd, $1, $3) }
	| tokNot expr                                   { $$ = b(yylex).not($1, $2) }
	| tokLParen expr tokRParen                      { $$ = $2 }
	| term

term
	: subject                                       { $$ = b(yylex).flag($1) }
	| subject op value                              { $$ = b(yylex).compare($1, $2, $3) }
	| subject tokString                             { $$ = b(yylex).argument($1, $2) }
	| subject tokIn tokLBrack values tokRBrack      { $$ = b(yylex).inList($1, $2, $4) }
	| subject tokIn value tokDotDot value           { $$ = b(yylex).inRange($1, $2, $3, $5) }
	| tokContains subject tokString                 { $$ = b(yylex).containsMoves($1, $2, $3) }
	| tokHas subject                                { $$ = b(yylex).has($1, $2) }
	| tokToMove tokWord                             { $$ = b(yylex).toMove($1, $2) }
	| term tokAtPly tokNumber                       { $$ = b(yylex).where($1, $2, $3) }
	| term tokAfterPly tokNumber                    { $$ = b(yylex).where($1, $2, $3) }
	| term tokFinal                                 { $$ = b(yylex).where($1, $2, Token{}) }

subject
	: words                                         { $$ = Subject{Words: $1} }
	| tokWord tokLParen tokString tokRParen         { $$ = tagSubject($1, $3) }

words
	: tokWord                                       { $$ = []Token{$1} }
	| words tokWord                                 { $$ = append($1, $2) }

values
	: value                                         { $$ = []Token{$1} }
	| values tokComma value                         { $$ = append($1, $3) }

op
	: tokEq | tokNe | tokLt | tokLe | tokGt | tokGe | tokMatch | tokNoMatch | tokContains

value
	: tokString | tokNumber | tokWord
