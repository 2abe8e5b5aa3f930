import { createHash, randomBytes } from 'node:crypto';
import { FEED_KINDS, type FeedKind, type FeedStatus, type NewFeed, SEARCH_FEED_SIZE } from '@estante/contracts/feeds';
import { type Language } from '@estante/contracts/kernel';
import { type ConsultaQuery, DEFAULT_PAGE_SIZE, parseSearchState, searchStateToParams } from '@estante/contracts/search';
import { Feed } from 'feed';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Db } from '../../db/client.js';
import { getGuiasPesquisa } from '../parameters/parameters.service.js';
import type { Searcher } from '../search/search.remote.js';
import { search } from '../search/search.service.js';
import { errors, messages } from './feeds.messages.js';
import { cataloguedAt, deleteKey, feedAlerts, feedLoans, feedsOf, institutionName, ownerOf, replaceKey } from './feeds.queries.js';

/** How many alerts the Atom feed carries: the newest. */
const ALERTS_IN_FEED = 100;
const GENERATOR = 'Estante';

/** The digest kept of a feed's secret: the secret itself is only ever in the patron's address. */
const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** Where the site is, and the addresses of its pages and feeds. */
export interface Site {
  /** The site's origin, no trailing slash: PUBLIC_URL, else the origin the call came to. */
  origin: string;
  /** The API base path (`/svc`). */
  apiBase: string;
}

/** The feed library writes titles and summaries as `type="html"`: plain text escaped, so "A < B & C" reads as written. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const titleUrl = (site: Site, codAcervo: number) => `${site.origin}/acervo/${codAcervo}`;

/**
 * A tag URI (RFC 4151) for something of this site: the site's host names the library, the day
 * it was made (UTC) dates the name, so the ids of two installations — or of one reinstalled —
 * never meet, as `urn:estante:…` ids did (issue 56). `tag:biblioteca.example.edu,2026-03-02:alerta/7`.
 */
export function tagUri(site: Site, made: string | Date, specific: string): string {
  const day = (typeof made === 'string' ? new Date(made) : made).toISOString().slice(0, 10);
  return `tag:${new URL(site.origin).hostname},${day}:${specific}`;
}
const withLanguage = (url: string, language: Language) => (language === 'pt' ? url : `${url}${url.includes('?') ? '&' : '?'}idioma=${language}`);
const feedUrl = (site: Site, key: string, tipo: FeedKind, language: Language) =>
  withLanguage(`${site.origin}${site.apiBase}/feeds/${key}/${tipo === 'alertas' ? 'alertas.atom' : 'vencimentos.ics'}`, language);

/** `GET /api/feeds`: each private feed, and since when it has an address. */
export async function feeds(db: Db, codPessoa: number): Promise<FeedStatus[]> {
  const made = await feedsOf(db, codPessoa);
  return FEED_KINDS.map((tipo) => {
    const row = made.find((m) => m.tipo === tipo);
    return { tipo, ativo: Boolean(row), criado_em: row?.criado_em ?? null };
  });
}

/** `POST /api/feeds/{tipo}`: a new secret address (256 random bits); the earlier one stops working. */
export async function makeFeed(db: Db, codPessoa: number, tipo: FeedKind, site: Site, language: Language): Promise<NewFeed> {
  const key = randomBytes(32).toString('base64url');
  const criado_em = await replaceKey(db, codPessoa, tipo, digest(key));
  return { tipo, url: feedUrl(site, key, tipo, language), criado_em };
}

/** `DELETE /api/feeds/{tipo}`: the address answers 404 from now on. */
export async function revokeFeed(db: Db, codPessoa: number, tipo: FeedKind) {
  if (!(await deleteKey(db, codPessoa, tipo))) throw errors.feedNotFound();
  return { ok: true as const };
}

/** The patron a feed address opens, and when the address was made; 404 for an unknown or revoked one. */
async function owner(db: Db, tipo: FeedKind, key: string): Promise<{ codPessoa: number; since: string }> {
  const row = await ownerOf(db, tipo, digest(key));
  if (row === undefined) throw errors.feedNotFound();
  return { codPessoa: row.cod_pessoa, since: row.criado_em };
}

/** `GET /feeds/{chave}/alertas.atom`: the patron's newest alerts, each linking to its title. */
export async function alertsFeed(db: Db, key: string, site: Site, language: Language): Promise<string> {
  const { codPessoa, since } = await owner(db, 'alertas', key);
  const [institution, alerts] = await Promise.all([institutionName(db), feedAlerts(db, codPessoa, ALERTS_IN_FEED)]);
  const self = feedUrl(site, key, 'alertas', language);
  const feed = new Feed({
    id: self,
    title: messages.t('alerts.title', language, { institution }),
    link: `${site.origin}/meupergamum/alertas`,
    language,
    // The newest alert's time; with none yet, the address's own (issue 55: not 1970).
    updated: new Date(alerts[0]?.criado_em ?? since),
    generator: GENERATOR,
    feedLinks: { atom: self },
    author: { name: institution },
  });
  for (const a of alerts)
    feed.addItem({
      id: tagUri(site, a.criado_em, `alerta/${a.id}`),
      title: html(a.autor ? `${a.titulo} / ${a.autor}` : a.titulo),
      link: titleUrl(site, a.cod_acervo),
      date: new Date(a.criado_em),
      description: html(messages.t('alerts.entry', language, { reason: a.motivo })),
      ...(a.autor ? { author: [{ name: a.autor }] } : {}),
    });
  return feed.atom1();
}

/** `GET /feeds/{chave}/vencimentos.ics`: an all-day event on each open loan's due date (a renewal moves it). */
export async function dueDatesFeed(db: Db, key: string, site: Site, language: Language): Promise<string> {
  const { codPessoa } = await owner(db, 'vencimentos', key);
  const [institution, loans] = await Promise.all([institutionName(db), feedLoans(db, codPessoa)]);
  const host = new URL(site.origin).host;
  const calendar = ical({
    name: messages.t('dueDates.title', language, { institution }),
    prodId: { company: institution, product: GENERATOR, language: language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  for (const loan of loans) {
    const [y, m, d] = loan.vence.split('-').map(Number) as [number, number, number];
    calendar.createEvent({
      id: `emprestimo-${loan.cod_emprestimo}@${host}`,
      // A renewal is a new version of the same event: calendars move it rather than add one.
      sequence: loan.renovacoes,
      start: new Date(Date.UTC(y, m - 1, d)),
      allDay: true,
      summary: messages.t('dueDates.summary', language, { title: loan.titulo }),
      description: messages.t('dueDates.description', language, { copy: loan.tombo, library: loan.desc_biblioteca }),
      location: loan.desc_biblioteca,
      url: titleUrl(site, loan.cod_acervo),
    });
  }
  return calendar.toString();
}

/** What a search looks for, in a few words (the feed's title). */
function searchLabel(query: ConsultaQuery, language: Language): string {
  const q = query as Record<string, unknown>;
  const words = [1, 2, 3, 4, 5].map((n) => q[`termo${n}`]).filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  return words.length ? words.join(' · ').slice(0, 200) : messages.t('search.any', language);
}

/**
 * The web app's results page of a search (`/<guide>?<search>`, the address the search form
 * writes): in the guide of its base when it has one (the archive, the network…), else in the
 * general search, from its first page.
 */
async function resultsPage(db: Db, query: ConsultaQuery, site: Site): Promise<string> {
  const guides = await getGuiasPesquisa(db);
  const guide = guides.find((g) => query.base !== undefined && g.codigo === query.base) ?? guides.find((g) => g.codigo === 'geral') ?? guides[0];
  const state = { ...parseSearchState(query), pagina: 1, quantPag: DEFAULT_PAGE_SIZE };
  return `${site.origin}/${guide ? encodeURIComponent(guide.rota) : ''}?${searchStateToParams(state).toString()}`;
}

/**
 * `GET /feeds/consulta.atom?…`: follow a search — the SEARCH_FEED_SIZE titles it finds that were
 * catalogued last (a title catalogued today with an imprint of 1950 among them), newest first,
 * each dated when it was catalogued and linking to its title page; the feed links to the
 * search's results page. Public, like the search.
 */
export async function searchFeed(db: Db, index: Searcher, query: ConsultaQuery, site: Site, language: Language, self: string): Promise<string> {
  // The words as followed: a feed never swaps in a "did you mean" (its title names the words).
  const answer = await search(index, { ...query, pagina: 1, quantPag: SEARCH_FEED_SIZE }, language, { suggest: false, newestCatalogued: true });
  const [institution, dates, results] = await Promise.all([
    institutionName(db),
    cataloguedAt(
      db,
      answer.acervos.map((a) => a.cod_acervo),
    ),
    resultsPage(db, query, site),
  ]);
  const when = new Map(dates.map((d) => [d.cod_acervo, new Date(d.created_at)]));
  const feed = new Feed({
    id: self,
    title: messages.t('search.title', language, { institution, search: searchLabel(query, language) }),
    link: results,
    language,
    // The newest title's cataloguing; a search that finds nothing is as of now (not 1970).
    updated: when.size > 0 ? new Date(Math.max(...[...when.values()].map((d) => d.getTime()))) : new Date(),
    generator: GENERATOR,
    feedLinks: { atom: self },
    author: { name: institution },
  });
  for (const title of answer.acervos) {
    const details = [title.desc_tipo_obra, title.ano_publicacao, title.autor].filter((v) => v !== null && v !== '').join(' · ');
    feed.addItem({
      id: titleUrl(site, title.cod_acervo),
      title: html(title.titulo),
      link: titleUrl(site, title.cod_acervo),
      date: when.get(title.cod_acervo) ?? new Date(0),
      description: html(details),
      ...(title.autor ? { author: [{ name: title.autor }] } : {}),
    });
  }
  return feed.atom1();
}
