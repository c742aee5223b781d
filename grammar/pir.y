/* The PIR grammar (docs/pir.md): builds the syntax tree of src/ir/ast.h and reports
 * syntax errors into the diagnostics list, recovering at ';' and '}'. */

%define api.pure full
%define api.prefix {pir_yy}
%define api.token.prefix {TOK_}
%define parse.error detailed
/* Lookahead correction: "expecting ..." lists exactly the tokens that could follow. */
%define parse.lac full
%locations
%expect 0

%param {void *scanner}
%parse-param {struct pir_state *st}

%code requires {
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ast.h"
#include "parse.h"
#include "util/interns.h"

/* Everything one parse needs, shared by the lexer (through yyextra), the parser (through
 * its parameter) and the driver in src/ir/parse.c. */
struct pir_state {
    struct ast_program *prog;
    struct diag_list *diags;
    size_t max_tokens;          /* 0: unlimited */
    int max_depth;

    struct ast_decl *last_decl; /* tail of prog->decls */
    int line, col;              /* lexer cursor: where the next byte sits */
    struct as_loc comment_start;/* of the block comment being skipped */
    size_t tokens;
    int brackets;               /* open '(' '[' '{' */
    int brackets_max;           /* the most open at once */
    int syntax_errors;
    bool stopped;               /* a limit or the error cap ended the parse */
    bool in_reads;              /* the lexer is past an access's `<-` */
    bool after_region;          /* ... and just past a region's name or ']': `as` is a word */
    int square;                 /* open '[' */
    struct interns names;       /* identifiers: one copy each (util/interns.h) */
};

/* Lists are built in source order with a tail pointer. */
struct pir_exprs { struct ast_expr *first, *last; };
struct pir_stmts { struct ast_stmt *first, *last; };
struct pir_regions { struct ast_region *first, *last; };
/* What an access reads, and the value name it binds (`... as v`, rule 10; NULL: none). */
struct pir_reads {
    struct ast_region *first, *last;
    const char *bind;
    struct as_loc bind_loc;
};
struct pir_indices { struct ast_index *first, *last; };
struct pir_cores { struct ast_core *first, *last; };
struct pir_guesses { struct ast_guess *first, *last; };
}

%code provides {
int pir_yylex(PIR_YYSTYPE *lval, PIR_YYLTYPE *lloc, void *scanner);

/* Shared with the lexer. A syntax error counts towards the cap of PIR_MAX_SYNTAX_ERRORS;
 * a limit error ends the parse. Both are silent once the parse has stopped. */
#define PIR_MAX_SYNTAX_ERRORS 20
/* The parser's stack grows by up to about ten entries per nesting level
 * (`for i in a..b step c {`). With room for PIR_MAX_DEPTH levels the depth checks, not
 * bison, decide; a runaway input that still exhausts the stack ("memory exhausted") is
 * reported as the depth limit. */
#define PIR_STACK_ENTRIES 200000
#define PIR_MAX_DEPTH (PIR_STACK_ENTRIES / 16)
struct as_loc pir_loc(const struct pir_state *st, const PIR_YYLTYPE *loc);
void pir_syntax_error(struct pir_state *st, const PIR_YYLTYPE *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void pir_limit_error(struct pir_state *st, const PIR_YYLTYPE *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
}

%code {
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define YYMAXDEPTH PIR_STACK_ENTRIES

#define LOC(l) pir_loc(st, &(l))
#define LIST_APPEND(list, node)                                                     \
    do {                                                                             \
        if (node) {                                                                  \
            if ((list).last)                                                         \
                (list).last->next = (node);                                          \
            else                                                                     \
                (list).first = (node);                                               \
            (list).last = (node);                                                    \
        }                                                                            \
    } while (0)

static void yyerror(const PIR_YYLTYPE *loc, void *scanner, struct pir_state *st,
                    const char *msg);
/* nonnull also keeps gcc -fsanitize=undefined from imagining a NULL format. */
static void report(struct pir_state *st, enum check_id check, const PIR_YYLTYPE *loc,
                   const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0), nonnull(4)));
static void report_text(struct pir_state *st, enum check_id check, const PIR_YYLTYPE *loc,
                        const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void add_decl(struct pir_state *st, struct ast_decl *d);
static struct ast_decl *named_decl(struct pir_state *st, enum ast_decl_kind kind,
                                   const PIR_YYLTYPE *kw, const char *name,
                                   const PIR_YYLTYPE *name_loc);
static struct ast_core *core_new(struct pir_state *st, const char *name,
                                 const PIR_YYLTYPE *name_loc, struct ast_expr *count,
                                 const char *type, const PIR_YYLTYPE *type_loc,
                                 struct ast_stmt *body);
static struct ast_cluster *cluster_new(struct pir_state *st, const char *name,
                                       const PIR_YYLTYPE *name_loc, struct ast_expr *count);
static struct pir_guesses guess_new(struct pir_state *st, const char *name,
                                    const PIR_YYLTYPE *name_loc, int64_t value);
static void in_cluster(struct pir_cores cores, const struct ast_cluster *cl);
static struct ast_stmt *if_stmt(struct pir_state *st, const PIR_YYLTYPE *kw,
                                struct ast_expr *cond, struct ast_stmt *then_body,
                                struct ast_stmt *else_body, bool has_else);
static struct ast_stmt *branch_body(struct ast_stmt *s);
static struct ast_stmt *access_stmt(struct pir_state *st, const PIR_YYLTYPE *whole,
                                    const char *head, const PIR_YYLTYPE *head_loc,
                                    const char *opword, const PIR_YYLTYPE *opword_loc,
                                    struct ast_region *writes, struct pir_reads *reads);
static struct ast_region *region_new(struct pir_state *st, const char *name,
                                     const PIR_YYLTYPE *name_loc, const PIR_YYLTYPE *loc,
                                     struct ast_index *indices);
static struct ast_index *index_new(struct pir_state *st, enum ast_index_kind kind,
                                   const PIR_YYLTYPE *loc, struct ast_expr *a,
                                   struct ast_expr *b);
static int count_exprs(const struct ast_expr *e);
static struct ast_expr *function_call(struct pir_state *st, const char *name,
                                      const PIR_YYLTYPE *name_loc, const PIR_YYLTYPE *loc,
                                      struct ast_expr *args);
static struct ast_expr *binary(struct pir_state *st, const PIR_YYLTYPE *loc, enum ast_op op,
                               struct ast_expr *l, struct ast_expr *r);
}

/* Semantic values point into the program's arena, so nothing needs a %destructor. */
%union {
    int64_t num;
    const char *str;
    struct ast_expr *expr;
    struct pir_exprs exprs;
    struct ast_stmt *stmt;
    struct pir_stmts stmts;
    struct ast_region *region;
    struct pir_regions regions;
    struct pir_reads reads;
    struct ast_index *index;
    struct pir_indices indices;
    struct ast_core *core;
    struct pir_cores cores;
    struct ast_decl *decl;
    struct pir_guesses guesses;
}

%token MODEL "'model'" PARAM "'param'" CONST "'const'" BUFFER "'buffer'"
%token KERNEL "'kernel'" CORE "'core'" CLUSTER "'cluster'" LET "'let'" FOR "'for'" IN "'in'" STEP "'step'"
%token IF "'if'" ELSE "'else'"
%token <str> IDENT "identifier" STRING "string"
%token <num> INTEGER "integer"
%token PLUSCOLON "'+:'" ARROW "'<-'" SHL "'<<'" SHR "'>>'" LE "'<='" GE "'>='"
%token EQ "'=='" NE "'!='" ANDAND "'&&'" OROR "'||'" DOTDOT "'..'"
%token PLUS "'+'" MINUS "'-'" STAR "'*'" SLASH "'/'" PERCENT "'%'"
%token LPAREN "'('" RPAREN "')'" LBRACKET "'['" RBRACKET "']'" LBRACE "'{'" RBRACE "'}'"
%token SEMI "';'" COLON "':'" COMMA "','" ASSIGN "'='" LT "'<'" GT "'>'" BANG "'!'"
%token AMP "'&'" PIPE "'|'" CARET "'^'" QUESTION "'?'" AT "'@'"
/* Only after a region an access reads (the lexer's in_reads); elsewhere `as` is a name. */
%token AS "'as'"

/* C precedence, loosest first. */
%left OROR
%left ANDAND
%left PIPE
%left CARET
%left AMP
%left EQ NE
%left LT LE GT GE
%left SHL SHR
%left PLUS MINUS
%left STAR SLASH PERCENT
%precedence UNARY
/* An `else` belongs to the nearest `if`. */
%precedence THEN
%precedence ELSE

%type <decl> decl
%type <expr> expr primary step placement
%type <exprs> dims args arglist
%type <stmt> stmt branch block_stmt call access
%type <stmts> stmts block
%type <region> region
%type <regions> regions
%type <reads> reads
%type <index> index
%type <indices> indices
%type <core> core
%type <cores> cores core_item group_cores
%type <guesses> guesses guess_list guess

%%

/* After an error at top level, parsing resumes at the next ';' or '}' or at the next
 * keyword that starts a declaration, whichever comes first. */
program:
    %empty
  | program decl                { add_decl(st, $2); }
  | program error
  ;

decl:
    MODEL STRING SEMI           { $$ = named_decl(st, DECL_MODEL, &@1, $2, &@2); }
  | PARAM IDENT ASSIGN expr SEMI {
        $$ = named_decl(st, DECL_PARAM, &@1, $2, &@2);
        $$->value = $4;
    }
  | PARAM IDENT SEMI {
        /* No value: it must come from -D (the lowering says so otherwise). */
        $$ = named_decl(st, DECL_PARAM, &@1, $2, &@2);
    }
  | PARAM IDENT IN expr DOTDOT expr SEMI {
        $$ = named_decl(st, DECL_PARAM, &@1, $2, &@2);
        $$->is_range = true;
        $$->lo = $4;
        $$->hi = $6;
    }
  | CONST IDENT ASSIGN expr SEMI {
        $$ = named_decl(st, DECL_CONST, &@1, $2, &@2);
        $$->value = $4;
    }
  | BUFFER IDENT COLON IDENT dims placement SEMI {
        $$ = named_decl(st, DECL_BUFFER, &@1, $2, &@2);
        $$->space = $4;
        $$->space_loc = LOC(@4);
        $$->dims = $5.first;
        $$->at = $6;
    }
  | KERNEL IDENT block {
        $$ = named_decl(st, DECL_KERNEL, &@1, $2, &@2);
        $$->cores = core_new(st, $2, &@2, NULL, NULL, NULL, $3.first);
    }
  | KERNEL IDENT guesses block {
        $$ = named_decl(st, DECL_KERNEL, &@1, $2, &@2);
        $$->cores = core_new(st, $2, &@2, NULL, NULL, NULL, $4.first);
        $$->guesses = $3.first;
    }
  | KERNEL IDENT LBRACE cores RBRACE {
        $$ = named_decl(st, DECL_KERNEL, &@1, $2, &@2);
        $$->cores = $4.first;
        $$->multicore = true;
    }
  | KERNEL IDENT guesses LBRACE cores RBRACE {
        $$ = named_decl(st, DECL_KERNEL, &@1, $2, &@2);
        $$->cores = $5.first;
        $$->multicore = true;
        $$->guesses = $3.first;
    }
  | KERNEL IDENT LBRACE cores error RBRACE {
        $$ = named_decl(st, DECL_KERNEL, &@1, $2, &@2);
        $$->cores = $4.first;
        $$->multicore = true;
    }
  | error SEMI                  { $$ = NULL; }
  | error RBRACE                { $$ = NULL; }
  ;

/* `guessed("tileLength" = 256, ...)` after a kernel's name: the values it is checked with
 * that nobody gave (docs/pir.md, "Guessed values"). `guessed` is a word, not a keyword. */
guesses:
    IDENT LPAREN guess_list RPAREN {
        $$ = $3;
        if (strcmp($1, "guessed") != 0)
            pir_syntax_error(st, &@1, "unexpected identifier '%s' after a kernel's name, "
                             "expecting '{' or 'guessed'", $1);
    }
  ;

guess_list:
    guess                       { $$ = $1; }
  | guess_list COMMA guess      { $$ = $1; $$.last->next = $3.first; $$.last = $3.last; }
  ;

guess:
    STRING ASSIGN INTEGER       { $$ = guess_new(st, $1, &@1, $3); }
  | STRING ASSIGN MINUS INTEGER { $$ = guess_new(st, $1, &@1, -$4); }
  ;

dims:
    LBRACKET expr RBRACKET      { $$.first = $$.last = $2; }
  | dims LBRACKET expr RBRACKET { $$ = $1; LIST_APPEND($$, $3); }
  ;

placement:
    %empty                      { $$ = NULL; }
  | AT expr                     { $$ = $2; }
  ;

cores:
    core_item                   { $$ = $1; }
  | cores core_item             { $$ = $1; $$.last->next = $2.first; $$.last = $2.last; }
  ;

core_item:
    core                        { $$.first = $$.last = $1; }
  | CLUSTER IDENT LBRACE group_cores RBRACE {
        $$ = $4;
        in_cluster($$, cluster_new(st, $2, &@2, NULL));
    }
  | CLUSTER IDENT LBRACKET expr RBRACKET LBRACE group_cores RBRACE {
        $$ = $7;
        in_cluster($$, cluster_new(st, $2, &@2, $4));
    }
  ;

group_cores:
    core                        { $$.first = $$.last = $1; }
  | group_cores core            { $$ = $1; LIST_APPEND($$, $2); }
  ;

core:
    CORE IDENT COLON IDENT block {
        $$ = core_new(st, $2, &@2, NULL, $4, &@4, $5.first);
    }
  | CORE IDENT LBRACKET expr RBRACKET COLON IDENT block {
        $$ = core_new(st, $2, &@2, $4, $7, &@7, $8.first);
    }
  ;

block:
    LBRACE stmts RBRACE         { $$ = $2; }
  | LBRACE stmts error RBRACE   { $$ = $2; }
  ;

stmts:
    %empty                      { $$.first = $$.last = NULL; }
  | stmts stmt                  { $$ = $1; LIST_APPEND($$, $2); }
  ;

stmt:
    LET IDENT ASSIGN expr SEMI {
        $$ = ast_stmt_new(st->prog, STMT_LET, LOC(@1));
        $$->name = $2;
        $$->name_loc = LOC(@2);
        $$->value = $4;
    }
  | FOR IDENT IN expr DOTDOT expr step block {
        $$ = ast_stmt_new(st->prog, STMT_FOR, LOC(@1));
        $$->name = $2;
        $$->name_loc = LOC(@2);
        $$->lo = $4;
        $$->hi = $6;
        $$->step = $7;
        $$->body = $8.first;
    }
  | IF LPAREN expr RPAREN branch %prec THEN {
        $$ = if_stmt(st, &@1, $3, $5, NULL, false);
    }
  | IF LPAREN expr RPAREN branch ELSE branch {
        $$ = if_stmt(st, &@1, $3, $5, $7, true);
    }
  | block_stmt
  | call
  | access
  | error SEMI                  { $$ = NULL; }
  ;

step:
    %empty                      { $$ = NULL; }
  | STEP expr                   { $$ = $2; }
  ;

/* A branch is a block or a single statement; either way the if keeps a statement list
 * (if_stmt unwraps the block and notes the braces). */
branch:
    stmt
  ;

block_stmt:
    block {
        struct as_loc brace = LOC(@1);
        brace.len = 1;      /* a statement is located at its first token */
        $$ = ast_stmt_new(st->prog, STMT_BLOCK, brace);
        $$->body = $1.first;
    }
  ;

call:
    IDENT LPAREN args RPAREN SEMI {
        $$ = ast_stmt_new(st->prog, STMT_CALL, LOC(@$));
        $$->name = $1;
        $$->name_loc = LOC(@1);
        $$->args = $3.first;
        $$->nargs = count_exprs($3.first);
    }
  ;

/* `UNIT OP writes <- reads;` and its shorter forms; see ast.h for what the words mean. */
access:
    IDENT regions reads SEMI {
        $$ = access_stmt(st, &@$, $1, &@1, NULL, NULL, $2.first, &$3);
    }
  | IDENT IDENT regions reads SEMI {
        $$ = access_stmt(st, &@$, $1, &@1, $2, &@2, $3.first, &$4);
    }
  ;

/* Empty without '<-'; '<-' must be followed by at least one region. */
reads:
    %empty                      { $$ = (struct pir_reads){0}; }
  | ARROW regions               { $$ = (struct pir_reads){$2.first, $2.last, NULL, {0}}; }
  | ARROW regions AS IDENT      {
        /* rule 10: the read binds its value */
        $$ = (struct pir_reads){$2.first, $2.last, $4, LOC(@4)};
    }
  ;

regions:
    region                      { $$.first = $$.last = $1; }
  | regions COMMA region        { $$ = $1; LIST_APPEND($$, $3); }
  ;

region:
    IDENT                       { $$ = region_new(st, $1, &@1, &@$, NULL); }
  | IDENT indices               { $$ = region_new(st, $1, &@1, &@$, $2.first); }
  ;

indices:
    index                       { $$.first = $$.last = $1; }
  | indices index               { $$ = $1; LIST_APPEND($$, $2); }
  ;

index:
    LBRACKET expr RBRACKET      { $$ = index_new(st, INDEX_SLOT, &@$, $2, NULL); }
  | LBRACKET expr COLON expr RBRACKET {
        $$ = index_new(st, INDEX_RANGE, &@$, $2, $4);
    }
  | LBRACKET expr PLUSCOLON expr RBRACKET {
        $$ = index_new(st, INDEX_LEN, &@$, $2, $4);
    }
  ;

args:
    %empty                      { $$.first = $$.last = NULL; }
  | arglist
  ;

arglist:
    expr                        { $$.first = $$.last = $1; }
  | arglist COMMA expr          { $$ = $1; LIST_APPEND($$, $3); }
  ;

expr:
    expr OROR expr              { $$ = binary(st, &@$, OP_LOR, $1, $3); }
  | expr ANDAND expr            { $$ = binary(st, &@$, OP_LAND, $1, $3); }
  | expr PIPE expr              { $$ = binary(st, &@$, OP_BOR, $1, $3); }
  | expr CARET expr             { $$ = binary(st, &@$, OP_BXOR, $1, $3); }
  | expr AMP expr               { $$ = binary(st, &@$, OP_BAND, $1, $3); }
  | expr EQ expr                { $$ = binary(st, &@$, OP_EQ, $1, $3); }
  | expr NE expr                { $$ = binary(st, &@$, OP_NE, $1, $3); }
  | expr LT expr                { $$ = binary(st, &@$, OP_LT, $1, $3); }
  | expr LE expr                { $$ = binary(st, &@$, OP_LE, $1, $3); }
  | expr GT expr                { $$ = binary(st, &@$, OP_GT, $1, $3); }
  | expr GE expr                { $$ = binary(st, &@$, OP_GE, $1, $3); }
  | expr SHL expr               { $$ = binary(st, &@$, OP_SHL, $1, $3); }
  | expr SHR expr               { $$ = binary(st, &@$, OP_SHR, $1, $3); }
  | expr PLUS expr              { $$ = binary(st, &@$, OP_ADD, $1, $3); }
  | expr MINUS expr             { $$ = binary(st, &@$, OP_SUB, $1, $3); }
  | expr STAR expr              { $$ = binary(st, &@$, OP_MUL, $1, $3); }
  | expr SLASH expr             { $$ = binary(st, &@$, OP_DIV, $1, $3); }
  | expr PERCENT expr           { $$ = binary(st, &@$, OP_MOD, $1, $3); }
  | MINUS expr %prec UNARY      { $$ = ast_unary(st->prog, LOC(@$), OP_NEG, $2); }
  | BANG expr %prec UNARY       { $$ = ast_unary(st->prog, LOC(@$), OP_NOT, $2); }
  | primary
  ;

primary:
    INTEGER                     { $$ = ast_num(st->prog, LOC(@1), $1); }
  | IDENT                       { $$ = ast_name(st->prog, LOC(@1), $1); }
  | QUESTION                    { $$ = ast_unknown(st->prog, LOC(@1)); }
  | LPAREN expr RPAREN          { $$ = $2; }
  | IDENT LPAREN args RPAREN    { $$ = function_call(st, $1, &@1, &@$, $3.first); }
  ;

%%

struct as_loc pir_loc(const struct pir_state *st, const PIR_YYLTYPE *l)
{
    const struct source *src = st->prog->src;
    struct as_loc loc = {src->path, l->first_line, l->first_column, 1};
    if (l->last_line == l->first_line) {
        loc.len = l->last_column - l->first_column;
    } else {
        /* A span over several lines is underlined to the end of its first line. */
        size_t line_len = 0;
        if (source_line(src, l->first_line, &line_len))
            loc.len = (int)line_len - (l->first_column - 1);
    }
    if (loc.len < 1)
        loc.len = 1;
    return loc;
}

static void report(struct pir_state *st, enum check_id check, const PIR_YYLTYPE *loc,
                   const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    size_t size = n > 0 ? (size_t)n + 1 : 1;
    char *msg = arena_alloc(&st->diags->arena, size);
    vsnprintf(msg, size, fmt, again);
    va_end(again);
    struct finding f = {.check = check, .severity = SEV_ERROR, .message = msg,
                        .loc = pir_loc(st, loc)};
    diag_add(st->diags, &f);
}

static void report_text(struct pir_state *st, enum check_id check, const PIR_YYLTYPE *loc,
                        const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(st, check, loc, fmt, ap);
    va_end(ap);
}

void pir_syntax_error(struct pir_state *st, const PIR_YYLTYPE *loc, const char *fmt, ...)
{
    if (st->stopped)
        return;
    va_list ap;
    va_start(ap, fmt);
    if (st->syntax_errors < PIR_MAX_SYNTAX_ERRORS) {
        st->syntax_errors++;
        report(st, CHECK_SYNTAX_ERROR, loc, fmt, ap);
    } else {
        /* One more error would only be noise after this many: end the parse. */
        st->stopped = true;
        report_text(st, CHECK_SYNTAX_ERROR, loc, "too many errors, stopping");
    }
    va_end(ap);
}

void pir_limit_error(struct pir_state *st, const PIR_YYLTYPE *loc, const char *fmt, ...)
{
    if (st->stopped)
        return;
    st->stopped = true;
    va_list ap;
    va_start(ap, fmt);
    report(st, CHECK_LIMIT_EXCEEDED, loc, fmt, ap);
    va_end(ap);
}

static void yyerror(const PIR_YYLTYPE *loc, void *yyscanner, struct pir_state *st,
                    const char *msg)
{
    (void)yyscanner;
    if (strcmp(msg, "memory exhausted") == 0) {
        pir_limit_error(st, loc, "nesting deeper than %d levels (--max-depth)", st->max_depth);
        return;
    }
    /* The check id already says "syntax error"; keep bison's "unexpected X, expecting Y". */
    const char *prefix = "syntax error, ";
    if (strncmp(msg, prefix, strlen(prefix)) == 0)
        msg += strlen(prefix);
    pir_syntax_error(st, loc, "%s", msg);
}

static void add_decl(struct pir_state *st, struct ast_decl *d)
{
    if (!d)
        return;
    if (st->last_decl)
        st->last_decl->next = d;
    else
        st->prog->decls = d;
    st->last_decl = d;
}

static struct ast_decl *named_decl(struct pir_state *st, enum ast_decl_kind kind,
                                   const PIR_YYLTYPE *kw, const char *name,
                                   const PIR_YYLTYPE *name_loc)
{
    struct ast_decl *d = ast_decl_new(st->prog, kind, pir_loc(st, kw));
    d->name = name;
    d->name_loc = pir_loc(st, name_loc);
    return d;
}

static struct ast_core *core_new(struct pir_state *st, const char *name,
                                 const PIR_YYLTYPE *name_loc, struct ast_expr *count,
                                 const char *type, const PIR_YYLTYPE *type_loc,
                                 struct ast_stmt *body)
{
    struct ast_core *c = arena_alloc(&st->prog->arena, sizeof(*c));
    c->name = name;
    c->loc = pir_loc(st, name_loc);
    c->count = count;
    c->type = type;
    if (type_loc)
        c->type_loc = pir_loc(st, type_loc);
    c->body = body;
    return c;
}

static struct pir_guesses guess_new(struct pir_state *st, const char *name,
                                    const PIR_YYLTYPE *name_loc, int64_t value)
{
    struct ast_guess *g = arena_alloc(&st->prog->arena, sizeof(*g));
    g->name = name;
    g->loc = pir_loc(st, name_loc);
    g->value = value;
    g->next = NULL;
    return (struct pir_guesses){g, g};
}

static struct ast_cluster *cluster_new(struct pir_state *st, const char *name,
                                       const PIR_YYLTYPE *name_loc, struct ast_expr *count)
{
    struct ast_cluster *c = arena_alloc(&st->prog->arena, sizeof(*c));
    c->name = name;
    c->loc = pir_loc(st, name_loc);
    c->count = count;
    return c;
}

/* Marks the core groups of a cluster block as its members. */
static void in_cluster(struct pir_cores cores, const struct ast_cluster *cl)
{
    for (struct ast_core *c = cores.first; c; c = c->next) {
        c->cluster = cl;
        if (c == cores.last)
            break;
    }
}

static struct ast_stmt *if_stmt(struct pir_state *st, const PIR_YYLTYPE *kw,
                                struct ast_expr *cond, struct ast_stmt *then_body,
                                struct ast_stmt *else_body, bool has_else)
{
    struct ast_stmt *s = ast_stmt_new(st->prog, STMT_IF, pir_loc(st, kw));
    s->cond = cond;
    s->then_braced = then_body && then_body->kind == STMT_BLOCK;
    s->else_braced = else_body && else_body->kind == STMT_BLOCK;
    s->body = branch_body(then_body);
    s->else_body = branch_body(else_body);
    s->has_else = has_else;
    return s;
}

/* `if (c) { a; b; }` keeps [a, b]; `if (c) a;` keeps [a]; a recovered error keeps []. */
static struct ast_stmt *branch_body(struct ast_stmt *s)
{
    if (s && s->kind == STMT_BLOCK)
        return s->body;
    return s;
}

static struct ast_stmt *access_stmt(struct pir_state *st, const PIR_YYLTYPE *whole,
                                    const char *head, const PIR_YYLTYPE *head_loc,
                                    const char *opword, const PIR_YYLTYPE *opword_loc,
                                    struct ast_region *writes, struct pir_reads *reads)
{
    /* `use v;` reads as an access of op `use` writing the whole of `v`: it is the statement
     * of rule 10 instead (the word is no keyword, so `use` stays a name elsewhere). */
    if (!opword && strcmp(head, "use") == 0 && writes && !writes->next && !writes->indices
        && !reads->first) {
        struct ast_stmt *u = ast_stmt_new(st->prog, STMT_USE, pir_loc(st, whole));
        u->name = writes->buffer;
        u->name_loc = writes->name_loc;
        return u;
    }
    /* The statement is underlined whole (to its ';'): a hazard is about all of it. */
    struct ast_stmt *s = ast_stmt_new(st->prog, STMT_ACCESS, pir_loc(st, whole));
    s->head = head;
    s->head_loc = pir_loc(st, head_loc);
    s->opword = opword;
    if (opword_loc)
        s->opword_loc = pir_loc(st, opword_loc);
    s->writes = writes;
    s->reads = reads->first;
    s->has_arrow = reads->first != NULL;
    s->bind = reads->bind;
    s->bind_loc = reads->bind_loc;
    return s;
}

static struct ast_region *region_new(struct pir_state *st, const char *name,
                                     const PIR_YYLTYPE *name_loc, const PIR_YYLTYPE *loc,
                                     struct ast_index *indices)
{
    struct ast_region *r = arena_alloc(&st->prog->arena, sizeof(*r));
    r->buffer = name;
    r->loc = pir_loc(st, loc);
    r->name_loc = pir_loc(st, name_loc);
    r->indices = indices;
    return r;
}

static struct ast_index *index_new(struct pir_state *st, enum ast_index_kind kind,
                                   const PIR_YYLTYPE *loc, struct ast_expr *a,
                                   struct ast_expr *b)
{
    struct ast_index *ix = arena_alloc(&st->prog->arena, sizeof(*ix));
    ix->kind = kind;
    ix->loc = pir_loc(st, loc);
    ix->a = a;
    ix->b = b;
    return ix;
}

static int count_exprs(const struct ast_expr *e)
{
    int n = 0;
    for (; e; e = e->next)
        n++;
    return n;
}

static struct ast_expr *binary(struct pir_state *st, const PIR_YYLTYPE *loc, enum ast_op op,
                               struct ast_expr *l, struct ast_expr *r)
{
    return ast_binary(st->prog, pir_loc(st, loc), op, l, r);
}

/* The only functions of the expression language are min and max; anything else is a
 * syntax error, but the parse goes on with a placeholder so later errors still show. */
static struct ast_expr *function_call(struct pir_state *st, const char *name,
                                      const PIR_YYLTYPE *name_loc, const PIR_YYLTYPE *loc,
                                      struct ast_expr *args)
{
    bool is_min = strcmp(name, "min") == 0;
    if (!is_min && strcmp(name, "max") != 0) {
        pir_syntax_error(st, name_loc, "unknown function '%s'", name);
        return ast_num(st->prog, pir_loc(st, loc), 0);
    }
    int nargs = count_exprs(args);
    if (nargs != 2) {
        pir_syntax_error(st, loc, "'%s' takes 2 arguments, not %d", name, nargs);
        return ast_num(st->prog, pir_loc(st, loc), 0);
    }
    struct ast_expr *rhs = args->next;
    args->next = NULL;
    return ast_binary(st->prog, pir_loc(st, loc), is_min ? OP_MIN : OP_MAX, args, rhs);
}
