/* Parsing a command line and printing --help from one option table (options.h). */
#define _GNU_SOURCE   /* getopt_long */
#include "options.h"

#include "../util/escape.h"
#include "../util/xalloc.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

int cli_usage_error(const struct cli_command *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *message = xvasprintf(fmt, ap);   /* it quotes what was typed: escaped */
    va_end(ap);
    fputs("accelsync: ", stderr);
    fputs_escaped(message, stderr);
    free(message);
    fprintf(stderr, "\nTry 'accelsync %s --help'.\n", cmd->name);
    return 2;
}

/* How an option is written in messages and in --help: "--model", "-D", "-j, --jobs". */
static void spelling(const struct cli_option *o, char *buf, size_t size, bool both)
{
    if (o->name && o->short_name && both)
        snprintf(buf, size, "-%c, --%s", o->short_name, o->name);
    else if (o->name)
        snprintf(buf, size, "--%s", o->name);
    else
        snprintf(buf, size, "-%c", o->short_name);
}

int cli_parse(const struct cli_command *cmd, int argc, char **argv, cli_handler handle, void *ctx,
              const char ***operands, size_t *noperands)
{
    size_t n = cmd->noptions;
    struct option *longs = calloc(n + 1, sizeof(*longs));
    char *shorts = calloc(2 * n + 3, 1), *w = shorts;
    *w++ = ':';   /* first: a missing argument comes back as ':' */
    for (size_t i = 0; i < n; i++) {
        const struct cli_option *o = &cmd->options[i];
        if (o->short_name) {
            *w++ = o->short_name;
            if (o->metavar)
                *w++ = ':';
        }
    }
    size_t nl = 0;
    for (size_t i = 0; i < n; i++)
        if (cmd->options[i].name)
            longs[nl++] = (struct option){cmd->options[i].name,
                                          cmd->options[i].metavar ? required_argument : no_argument,
                                          NULL, (int)(256 + i)};
    *operands = calloc((size_t)argc + 1, sizeof(char *));
    *noperands = 0;
    int rc = 0;
    optind = 1;
    opterr = 0;
    for (;;) {
        int c = getopt_long(argc, argv, shorts, longs, NULL);
        if (c == -1)
            break;
        const struct cli_option *o = NULL;
        if (c >= 256) {
            o = &cmd->options[c - 256];
        } else if (c != '?' && c != ':') {
            for (size_t i = 0; i < n && !o; i++)
                if (cmd->options[i].short_name == c)
                    o = &cmd->options[i];
        }
        if (c == ':') {
            const char *metavar = "a value";
            for (size_t i = 0; i < n; i++)
                if ((optopt >= 256 && (size_t)(optopt - 256) == i)
                    || (optopt < 256 && cmd->options[i].short_name == optopt))
                    metavar = cmd->options[i].metavar;
            rc = cli_usage_error(cmd, "%s needs an argument (%s)", argv[optind - 1], metavar);
            break;
        }
        if (!o) {
            const char *bad = argv[optind - 1];
            if (optopt && optopt < 256 && strncmp(bad, "--", 2) != 0)
                rc = cli_usage_error(cmd, "unknown option '-%c'", optopt);
            else if (optopt >= 256)
                rc = cli_usage_error(cmd, "%s takes no argument", bad);
            else
                rc = cli_usage_error(cmd, "unknown option '%s'", bad);
            break;
        }
        rc = handle(o, o->metavar ? optarg : NULL, ctx);
        if (rc)
            break;
    }
    for (int i = optind; rc == 0 && i < argc; i++)
        (*operands)[(*noperands)++] = argv[i];
    free(longs);
    free(shorts);
    return rc;
}

void cli_print_help(const struct cli_command *cmd, FILE *out)
{
    fprintf(out, "usage: accelsync %s [OPTIONS]%s%s\n\n%s\n", cmd->name,
            cmd->operands ? " " : "", cmd->operands ? cmd->operands : "", cmd->about);
    if (cmd->noptions)
        fputs("\noptions:\n", out);
    for (size_t i = 0; i < cmd->noptions; i++) {
        const struct cli_option *o = &cmd->options[i];
        char head[96];
        spelling(o, head, sizeof(head), true);
        if (o->metavar) {
            size_t used = strlen(head);
            snprintf(head + used, sizeof(head) - used, " %s", o->metavar);
        }
        const char *text = o->help;
        int width = (int)strlen(head);
        bool first = true;
        while (*text) {
            const char *nl = strchr(text, '\n');
            int len = nl ? (int)(nl - text) : (int)strlen(text);
            if (first && width <= 21)
                fprintf(out, "  %-21s %.*s\n", head, len, text);
            else if (first)
                fprintf(out, "  %s\n  %-21s %.*s\n", head, "", len, text);
            else
                fprintf(out, "  %-21s %.*s\n", "", len, text);
            first = false;
            text = nl ? nl + 1 : text + len;
        }
    }
    if (cmd->footer)
        fprintf(out, "\n%s\n", cmd->footer);
}
