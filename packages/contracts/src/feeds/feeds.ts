import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { consultaQuerySchema } from '../search/search.js';

/**
 * The private feeds a patron may subscribe to (decision 0019): `alertas` an Atom feed of their
 * alerts, `vencimentos` an iCalendar feed of their loans' due dates. Each lives at a secret
 * address the patron makes, and revokes, in the account area.
 */
export const FEED_KINDS = ['alertas', 'vencimentos'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** The secret of a feed address: 32 random bytes, base64url (43 characters). */
export const feedKeySchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'not a feed address' });

/** How many titles the "follow this search" feed carries: the search's titles catalogued last. */
export const SEARCH_FEED_SIZE = 30;

/** A private feed of the patron: whether it has an address, since when (the address itself is shown once). */
export const feedStatusSchema = z
  .object({
    tipo: z.enum(FEED_KINDS),
    ativo: z.boolean(),
    criado_em: z.string().nullable().describe('when its current address was made (UTC, ISO 8601)'),
  })
  .meta({ id: 'FeedStatus' });
export type FeedStatus = z.infer<typeof feedStatusSchema>;

/** A new feed address: shown this once (only its digest is kept), and every earlier one stops working. */
export const newFeedSchema = z
  .object({
    tipo: z.enum(FEED_KINDS),
    url: z.string().describe('the secret address to give a feed reader or calendar'),
    criado_em: z.string(),
  })
  .meta({ id: 'NewFeed' });
export type NewFeed = z.infer<typeof newFeedSchema>;

const kindParams = z.object({ tipo: z.enum(FEED_KINDS) });
const keyParams = z.object({ chave: feedKeySchema });
/** The feed's language (a feed reader sends no x-idioma): the address made carries the patron's. */
const languageQuery = z.object({ idioma: z.enum(['pt', 'en', 'es']).optional() });
const TAG = 'Feeds';

/** Feeds (additions, decision 0019): the private alert and due-date feeds, and "follow this search". */
export const feedsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/feeds',
    access: 'private',
    tag: TAG,
    summary: "The patron's private feeds and whether each has an address",
    response: z.array(feedStatusSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/feeds/:tipo',
    access: 'private',
    tag: TAG,
    summary: 'Make a new secret address for a private feed; the earlier one stops working',
    params: kindParams,
    response: newFeedSchema,
    status: 201,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/feeds/:tipo',
    access: 'private',
    tag: TAG,
    summary: "Revoke a private feed's address: it answers 404 from now on",
    params: kindParams,
    response: z.object({ ok: z.literal(true) }),
    errors: [404],
  }),
  alerts: endpoint({
    method: 'GET',
    path: '/feeds/:chave/alertas.atom',
    access: 'open',
    tag: TAG,
    summary: "A patron's alerts as an Atom feed, at the secret address they made",
    params: keyParams,
    query: languageQuery,
    response: z.string(),
    answer: 'file',
    errors: [404],
  }),
  dueDates: endpoint({
    method: 'GET',
    path: '/feeds/:chave/vencimentos.ics',
    access: 'open',
    tag: TAG,
    summary: "A patron's loan due dates as an iCalendar feed, at the secret address they made",
    params: keyParams,
    query: languageQuery,
    response: z.string(),
    answer: 'file',
    errors: [404],
  }),
  search: endpoint({
    method: 'GET',
    path: '/feeds/consulta.atom',
    access: 'open',
    tag: TAG,
    summary: 'Follow a search: the titles it finds that were catalogued last, as an Atom feed (the query of /consulta)',
    query: consultaQuerySchema.and(languageQuery),
    response: z.string(),
    answer: 'file',
    errors: [422],
  }),
};
