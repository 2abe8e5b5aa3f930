import fp from 'fastify-plugin';
import { errors } from '../lib/messages.js';

/**
 * Control characters (C0 and DEL, C1) that no text a patron or a client sends may carry: NUL
 * breaks PostgreSQL text, escape sequences reach staff terminals. Tab, line feed and carriage
 * return stay allowed (comments and suggestions have lines).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units: no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a text cannot be stored as it came: a control character, or a lone UTF-16 surrogate
 * (`"\ud800"` in JSON), which is no character at all: PostgreSQL's jsonb refuses it (a 500 in
 * the request calls before issue 52) and text columns would keep U+FFFD in its place.
 */
function unstorable(text: string): boolean {
  return CONTROL.test(text) || LONE_SURROGATE.test(text);
}

/** Lists and objects nested deeper than this are refused whole: no contract nests a tenth as deep. */
const MAX_DEPTH = 20;

/**
 * The path (e.g. `body.itens[2].titulo`) of the first string in `value` with a control character
 * or a lone surrogate, or of a list or object nested deeper than MAX_DEPTH.
 */
export function controlCharacterAt(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value) ? where : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return where;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterAt(value[i], `${where}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = controlCharacterAt(key, `${where}.${key}`, depth + 1) ?? controlCharacterAt(item, `${where}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An open interface that answers bad input in its own protocol (OAI-PMH's badArgument in a
     * 200 XML document, decision 0024) rather than with this plugin's JSON 400.
     */
    ownInputCheck?: boolean;
  }
}

/** The route config key of an open interface that checks its own input (see FastifyContextConfig). */
export const OWN_INPUT_CHECK = 'ownInputCheck' as const;

/**
 * Refuses, with 400 before any handler runs, a call whose path, query or body carries a
 * control character or a lone surrogate in any text: one guard for every route, present and future (decision
 * record 'bad input and database faults'), but those whose config says `OWN_INPUT_CHECK`.
 */
export const inputPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config[OWN_INPUT_CHECK]) return;
    const found = controlCharacterAt(request.params, 'params') ?? controlCharacterAt(request.query, 'query') ?? controlCharacterAt(request.body, 'body');
    if (found) throw errors.badRequest(`${found}: control characters, lone surrogates and nesting deeper than ${MAX_DEPTH} are not allowed`);
  });
});
