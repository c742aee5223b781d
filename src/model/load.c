/* Loading a hardware model safely: the XML is parsed with network access, entities and DTDs
 * off and validated against the schema compiled into the binary; tree.c then builds the model. */
#include "model.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/SAX2.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemastypes.h>

#include "../util/xalloc.h"
#include "internal.h"

/* hwmodels/hwmodel.rng, embedded by scripts/embed_file.py. */
extern const unsigned char model_schema_rng[];
extern const size_t model_schema_rng_len;

/* No XML_PARSE_NOENT (it turns entity substitution ON), no DTDLOAD / DTDATTR / DTDVALID,
 * no HUGE; BIG_LINES so line numbers past 65535 stay right in messages. */
#define MODEL_XML_OPTIONS \
    (XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES)

#if LIBXML_VERSION >= 21200
#define XML_ERROR_CONST const
#else
#define XML_ERROR_CONST
#endif

struct loader {
    struct diag_list *diags;
    struct model_limits limits;
    size_t elements;            /* started so far */
    bool too_many_elements;
    const char *path;           /* in diags->arena: findings outlive a model that failed */
    const char *phase;          /* prefix of libxml2 messages routed into findings */
    bool failed;
    bool doctype;               /* parsing was stopped at a DOCTYPE or entity declaration */
    bool parse_reported;        /* later well-formedness errors only cascade from the first */
    /* libxml2's RelaxNG says "failed to validate attributes" and then, sometimes, which one:
     * the vague message waits here to see whether a precise one follows. */
    char *vague_msg;
    long vague_line;
};

/* ------------------------------------------------------------------ diagnostics */

void model_vdiag(struct diag_list *diags, const char *path, long line, int col,
                 const char *fmt, va_list ap)
{
    /* Messages name a few elements; the heap is only for unusually long names. */
    char small[256], *msg = small;
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(small, sizeof(small), fmt, copy);
    va_end(copy);
    if (n >= (int)sizeof(small)) {
        msg = xmalloc((size_t)n + 1);
        vsnprintf(msg, (size_t)n + 1, fmt, ap);
    }
    struct as_loc loc = {path, line > 0 && line <= INT_MAX ? (int)line : 0, col > 0 ? col : 0, 1};
    diag_addf(diags, CHECK_MODEL_ERROR, SEV_ERROR, loc, "%s", n < 0 ? "(unprintable)" : msg);
    if (msg != small)
        free(msg);
}

__attribute__((format(printf, 3, 4)))
static void model_error(struct loader *ld, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    model_vdiag(ld->diags, ld->path, line, 0, fmt, ap);
    va_end(ap);
    ld->failed = true;
}

/* libxml2 messages end in a newline; findings do not. */
static int message_len(const char *msg)
{
    size_t len = msg ? strlen(msg) : 0;
    while (len && (msg[len - 1] == '\n' || msg[len - 1] == ' '))
        len--;
    return len > INT_MAX ? INT_MAX : (int)len;
}

static long xml_error_line(XML_ERROR_CONST xmlError *err)
{
    if (err->line <= 0 && err->node)
        return xmlGetLineNo((xmlNode *)err->node);
    return err->line;
}

static void report_xml_message(struct loader *ld, long line, int col, const char *msg)
{
    struct as_loc loc = {ld->path, line > 0 && line <= INT_MAX ? (int)line : 0,
                         col > 0 ? col : 0, 1};
    /* A finding is one line: libxml2 puts some details ("Bytes: 0xFF ...") on a second. */
    int len = message_len(msg);
    char *line_msg = xmalloc((size_t)len + 1);
    for (int i = 0; i < len; i++)
        line_msg[i] = msg[i] == '\n' || msg[i] == '\r' ? ' ' : msg[i];
    line_msg[len] = '\0';
    diag_addf(ld->diags, CHECK_MODEL_ERROR, SEV_ERROR, loc, "%s: %s", ld->phase, line_msg);
    free(line_msg);
    ld->failed = true;
}

static void report_xml_error(struct loader *ld, XML_ERROR_CONST xmlError *err)
{
    int col = err->domain == XML_FROM_PARSER ? err->int2 : 0;
    report_xml_message(ld, xml_error_line(err), col,
                       err->message ? err->message : "unknown error");
}

/* Reports the held vague message unless a precise one for the same element replaced it. */
static void flush_vague(struct loader *ld, bool replaced)
{
    if (!ld->vague_msg)
        return;
    if (!replaced)
        report_xml_message(ld, ld->vague_line, 0, ld->vague_msg);
    free(ld->vague_msg);
    ld->vague_msg = NULL;
}

/* Well-formedness errors: only the first, the others follow from it. */
static void on_parse_error(void *ctx, XML_ERROR_CONST xmlError *err)
{
    struct loader *ld = ((xmlParserCtxt *)ctx)->_private;
    if (err->level == XML_ERR_WARNING || ld->doctype || ld->parse_reported)
        return;
    ld->parse_reported = true;
    report_xml_error(ld, err);
}

/* Schema errors are reported one by one, except a vague one that a precise one follows. */
static void on_schema_error(void *ctx, XML_ERROR_CONST xmlError *err)
{
    struct loader *ld = ctx;
    if (err->level == XML_ERR_WARNING)
        return;
    long line = xml_error_line(err);
    bool precise = err->code == XML_RELAXNG_ERR_INVALIDATTR;
    flush_vague(ld, line == ld->vague_line || (ld->vague_line <= 0 && precise));
    if (err->domain == XML_FROM_RELAXNGV && err->code == XML_RELAXNG_ERR_ATTRVALID) {
        ld->vague_msg = xstrdup(err->message ? err->message : "unknown error");
        ld->vague_line = line;
        return;
    }
    report_xml_error(ld, err);
}

/* ------------------------------------------------------------------ parsing */

/* A DOCTYPE is refused before its internal subset is read, so no entity is ever declared,
 * fetched (XXE) or expanded (billion laughs). */
static void stop_at_doctype(xmlParserCtxt *ctxt)
{
    struct loader *ld = ctxt->_private;
    if (!ld->doctype) {
        ld->doctype = true;
        model_error(ld, ctxt->input ? ctxt->input->line : 0,
                    "DOCTYPE and entity declarations are not allowed in model files");
    }
    xmlStopParser(ctxt);
}

static void on_doctype(void *ctx, const xmlChar *name, const xmlChar *public_id,
                       const xmlChar *system_id)
{
    (void)name, (void)public_id, (void)system_id;
    stop_at_doctype(ctx);
}

static void limit_error(struct loader *ld, long line, const char *what, size_t limit,
                        const char *option)
{
    struct as_loc loc = {ld->path, line > 0 && line <= INT_MAX ? (int)line : 0, 0, 1};
    diag_addf(ld->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, loc,
              "model file has more than %zu %s; raise the limit with %s", limit, what, option);
    ld->failed = true;
}

/* Counts elements as the tree is built and stops the parse past the cap, so a file of
 * many tiny elements costs no more than the cap's worth of tree. */
static void on_start_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                             const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
                             int nb_attributes, int nb_defaulted, const xmlChar **attributes)
{
    xmlParserCtxt *ctxt = ctx;
    struct loader *ld = ctxt->_private;
    if (++ld->elements > ld->limits.max_elements) {
        if (!ld->too_many_elements) {
            ld->too_many_elements = true;
            limit_error(ld, ctxt->input ? ctxt->input->line : 0, "elements",
                        ld->limits.max_elements, "--max-model-elements");
        }
        xmlStopParser(ctxt);
        return;
    }
    xmlSAX2StartElementNs(ctx, localname, prefix, uri, nb_namespaces, namespaces,
                          nb_attributes, nb_defaulted, attributes);
}

static void on_entity_decl(void *ctx, const xmlChar *name, int type, const xmlChar *public_id,
                           const xmlChar *system_id, xmlChar *content)
{
    (void)name, (void)type, (void)public_id, (void)system_id, (void)content;
    stop_at_doctype(ctx);
}

/* libxml2 reports a few problems (an encoding it cannot convert) through its generic
 * handler, which prints to stderr whatever XML_PARSE_NOERROR says; the same problem also
 * reaches on_parse_error, so the generic copy is dropped. */
__attribute__((format(printf, 2, 3)))
static void drop_generic_error(void *ctx, const char *fmt, ...)
{
    (void)ctx, (void)fmt;
}

static xmlDoc *parse_xml(struct loader *ld, const char *xml, size_t len)
{
    xmlParserCtxt *ctxt = xmlNewParserCtxt();
    if (!ctxt)
        xalloc_die();
    /* userData must stay the context itself: the SAX2 tree builder relies on it. */
    ctxt->_private = ld;
    ctxt->sax->serror = on_parse_error;
    ctxt->sax->internalSubset = on_doctype;
    ctxt->sax->externalSubset = on_doctype;
    ctxt->sax->entityDecl = on_entity_decl;
    ctxt->sax->startElementNs = on_start_element;
    ld->phase = "malformed XML";
    xmlGenericErrorFunc saved_handler = xmlGenericError;
    void *saved_context = xmlGenericErrorContext;
    xmlSetGenericErrorFunc(NULL, drop_generic_error);
    xmlDoc *doc = xmlCtxtReadMemory(ctxt, xml, (int)len, ld->path, NULL, MODEL_XML_OPTIONS);
    xmlSetGenericErrorFunc(saved_context, saved_handler);
    if (doc && !ld->doctype && (doc->intSubset || doc->extSubset))
        stop_at_doctype(ctxt);
    if (!doc && !ld->failed) {
        XML_ERROR_CONST xmlError *err = xmlCtxtGetLastError(ctxt);
        if (err)
            report_xml_error(ld, err);
        else
            model_error(ld, 0, "malformed XML");
    }
    if (doc && ld->failed) {
        xmlFreeDoc(doc);
        doc = NULL;
    }
    xmlFreeParserCtxt(ctxt);
    return doc;
}

static bool validate(struct loader *ld, xmlDoc *doc)
{
    bool ok = false;
    xmlRelaxNGParserCtxt *pctxt = xmlRelaxNGNewMemParserCtxt(
        (const char *)model_schema_rng, (int)model_schema_rng_len);
    if (!pctxt)
        xalloc_die();
    ld->phase = "internal error in the built-in model schema";
    xmlRelaxNGSetParserStructuredErrors(pctxt, on_schema_error, ld);
    xmlRelaxNG *schema = xmlRelaxNGParse(pctxt);
    if (!schema) {
        if (!ld->failed)
            model_error(ld, 0, "internal error: the built-in model schema does not compile");
        goto free_pctxt;
    }
    xmlRelaxNGValidCtxt *vctxt = xmlRelaxNGNewValidCtxt(schema);
    if (!vctxt)
        xalloc_die();
    ld->phase = "schema violation";
    xmlRelaxNGSetValidStructuredErrors(vctxt, on_schema_error, ld);
    int rc = xmlRelaxNGValidateDoc(vctxt, doc);
    flush_vague(ld, false);
    if (rc != 0 && !ld->failed)
        model_error(ld, 0, "schema violation");
    ok = rc == 0 && !ld->failed;
    xmlRelaxNGFreeValidCtxt(vctxt);
    xmlRelaxNGFree(schema);
free_pctxt:
    xmlRelaxNGFreeParserCtxt(pctxt);
    return ok;
}

/* ------------------------------------------------------------------ entry points */

static struct model_limits limits_or_defaults(const struct model_limits *limits)
{
    return limits ? *limits
                  : (struct model_limits){MODEL_DEFAULT_MAX_SIZE, MODEL_DEFAULT_MAX_ELEMENTS};
}

struct model *model_load_memory(const char *path, const char *xml, size_t len,
                                struct diag_list *diags)
{
    return model_load_memory_limited(path, xml, len, NULL, diags);
}

void model_prepare_threads(void)
{
    xmlInitParser();
    /* Lazily built on first use, and not safe to race (libxml2 2.9): the XML Schema built-in
     * types the RELAX NG datatype library uses, and that library's registration. */
    xmlSchemaInitTypes();
    xmlRelaxNGInitTypes();
}

struct model *model_load_memory_limited(const char *path, const char *xml, size_t len,
                                        const struct model_limits *limits,
                                        struct diag_list *diags)
{
    struct loader ld = {.diags = diags, .path = arena_strdup(&diags->arena, path),
                        .limits = limits_or_defaults(limits)};
    /* libxml2 takes the length as an int. */
    if (len > ld.limits.max_size || len > INT_MAX) {
        limit_error(&ld, 0, "bytes", ld.limits.max_size < INT_MAX ? ld.limits.max_size : INT_MAX,
                    "--max-model-size");
        return NULL;
    }
    xmlDoc *doc = parse_xml(&ld, xml, len);
    if (!doc)
        return NULL;
    struct model *m = NULL;
    if (validate(&ld, doc))
        m = model_from_tree(xmlDocGetRootElement(doc), ld.path, diags);
    xmlFreeDoc(doc);
    return m;
}

/* Opens a regular file for reading. A model named in a PIR file is not trusted: a FIFO
 * would block the open and the reads, a device such as /dev/zero never ends. O_NONBLOCK
 * keeps the open itself from waiting for a FIFO's writer. */
static FILE *open_regular(const char *path, const char **err)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *err = strerror(errno);
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        *err = strerror(errno);
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        *err = S_ISDIR(st.st_mode) ? strerror(EISDIR) : "not a regular file";
        close(fd);
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        *err = strerror(errno);
        close(fd);
    }
    return f;
}

/* Reads at most one byte past the cap, so a huge file is refused without reading it all. */
static char *read_capped(const char *path, size_t max_size, size_t *len, const char **err)
{
    FILE *f = open_regular(path, err);
    if (!f)
        return NULL;
    const size_t want = (max_size < INT_MAX ? max_size : INT_MAX) + 1;
    size_t cap = 64 * 1024;
    char *buf = xmalloc(cap);
    *len = 0;
    while (*len < want) {
        if (*len == cap) {
            cap = 2 * cap < want ? 2 * cap : want;
            buf = xrealloc_array(buf, cap, 1);
        }
        size_t got = fread(buf + *len, 1, cap - *len, f);
        if (got == 0)
            break;
        *len += got;
    }
    if (ferror(f)) {
        *err = strerror(errno);     /* e.g. EISDIR for a directory */
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

struct model *model_load_file(const char *path, struct diag_list *diags)
{
    return model_load_file_limited(path, NULL, diags);
}

char *model_read_file(const char *path, const struct model_limits *limits, size_t *len,
                      struct diag_list *diags)
{
    struct model_limits l = limits_or_defaults(limits);
    const char *err = NULL;
    *len = 0;
    char *xml = read_capped(path, l.max_size, len, &err);
    if (!xml) {
        struct as_loc loc = {arena_strdup(&diags->arena, path), 0, 0, 1};
        diag_addf(diags, CHECK_MODEL_ERROR, SEV_ERROR, loc, "cannot read model file: %s", err);
    }
    return xml;
}

struct model *model_load_file_limited(const char *path, const struct model_limits *limits,
                                      struct diag_list *diags)
{
    size_t len;
    char *xml = model_read_file(path, limits, &len, diags);
    if (!xml)
        return NULL;
    struct model *m = model_load_memory_limited(path, xml, len, limits, diags);
    free(xml);
    return m;
}
