import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { INT4_MAX, type Language } from '@estante/contracts/kernel';
import {
  EXTERNAL_RESOURCES,
  type ExternalResource,
  HANDOVER_KINDS,
  HANDOVER_TTL,
  type MeuPergamumRedirect,
  PROVIDERS,
  type Provedor,
  type Provider,
  type TokenProvedor,
  type UrlAcesso,
  PROVIDER_BRANDS,
} from '@estante/contracts/links';
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import { clean, WORK_TYPE } from '../../marc/derive.js';
import { dataFields, type MarcRecord, subfieldValues } from '../../marc/record.js';
import { appLayers } from '../parameters/content.service.js';
import { institutionSettings } from '../parameters/parameters.service.js';
import { errors, messages } from './links.messages.js';
import {
  accountBaseOf,
  eResourceFor,
  handoverUsed,
  insertHandover,
  patronProfile,
  type PatronProfile,
  redeemProviderHandover,
  redeemSessionCode,
  saveAccountBase,
  titleForStandard,
  writeProviderEntry,
} from './links.queries.js';

/** The `iss` of every hand-over token; `aud` is the provider's key. */
export const HANDOVER_ISSUER = 'estante';
const ALGORITHM = 'HS256';
/** How long a session redirect code (/pergamum_redireciona) lives. */
export const REDIRECT_CODE_SECONDS = 60;
/** The paths of the web app the redirects lead to (packages/web/src/app/paths.ts). */
const REDIRECT_SCREEN = '/pergamum_redireciona';
const ACCOUNT_AREA = '/meupergamum';
const ACCOUNT_APP = '/meupergamum/app';

/**
 * One provider's entry in the institution's settings (`parametros.provedores.<key>`, decision
 * 0023): how it takes the patron over — `assinada`, its address template with a `{token}`, or
 * `link`, a plain address — the domains its links live on (a restricted link or a database there
 * is the provider's), the categories that may use it (null: every one), the token's lifetime and
 * what the token tells about the patron besides who they are and their category.
 */
const entrySchema = z
  .object({
    entrega: z.enum(HANDOVER_KINDS),
    url: z.string().regex(/^https?:\/\/[^\s]+$/),
    nome: z.string().trim().min(1).max(100).optional(),
    dominios: z
      .array(
        z
          .string()
          .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i)
          .transform((d) => d.toLowerCase()),
      )
      .max(20)
      .default([]),
    categorias: z.array(z.string().min(1).max(20)).max(200).nullable().default(null),
    validade: z.number().int().min(HANDOVER_TTL.min).max(HANDOVER_TTL.max).default(HANDOVER_TTL.default),
    dados: z.array(z.enum(['nome', 'email'])).default([]),
    ativo: z.boolean().default(true),
  })
  .refine((e) => (e.entrega === 'assinada') === e.url.includes('{token}'), { error: 'a signed hand-over puts {token} in its address; a plain link has none' });

export type ProviderEntry = z.infer<typeof entrySchema> & { recurso: Provider };

/** The providers of PROVIDERS the institution configured and that work: valid, on, and a signed one only with the server's secret. */
export async function configuredProviders(db: Db, secret: string | null): Promise<Map<Provider, ProviderEntry>> {
  const raw = (await institutionSettings(db)).provedores;
  const found = new Map<Provider, ProviderEntry>();
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return found;
  for (const recurso of PROVIDERS) {
    const parsed = entrySchema.safeParse((raw as Record<string, unknown>)[recurso]);
    if (!parsed.success || !parsed.data.ativo) continue;
    if (parsed.data.entrega === 'assinada' && !secret) continue;
    found.set(recurso, { ...parsed.data, recurso });
  }
  return found;
}

/** A provider's name: the institution's, its brand, or (repository, external account area) in the call's language. */
export function providerName(recurso: Provider, entry: ProviderEntry | undefined, language: Language): string {
  if (entry?.nome) return entry.nome;
  if (recurso === 'repositorio' || recurso === 'meupergamum') return messages.t(`nome.${recurso}`, language);
  return PROVIDER_BRANDS[recurso];
}

/**
 * The provider an address belongs to: the first configured one with the address's host among its
 * domains (a domain matches itself and its subdomains; one with a port, that exact host and port).
 */
export function providerOfAddress(providers: Map<Provider, ProviderEntry>, address: string): Provider | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  for (const entry of providers.values()) {
    for (const domain of entry.dominios) {
      if (domain.includes(':') ? host === domain : hostname === domain || hostname.endsWith(`.${domain}`)) return entry.recurso;
    }
  }
  return null;
}

/** An external resource of spec §9 (the providers a database or `/pearson` may open), or null. */
export function asExternalResource(recurso: Provider | null): ExternalResource | null {
  return recurso !== null && (EXTERNAL_RESOURCES as readonly string[]).includes(recurso) ? (recurso as ExternalResource) : null;
}

/**
 * A provider's HS256 key: HMAC-SHA256 of the server's PROVIDER_SECRET and the provider's key, so
 * each provider holds a key of its own (one cannot mint tokens for another) and the server keeps
 * one secret. `npm run institution -- provider-key <key>` prints it for the provider.
 */
export function providerKey(secret: string, recurso: Provider): Uint8Array {
  return createHmac('sha256', secret).update(`estante/provedor/${recurso}`).digest();
}

/** What an address template may place; a name without a value (no `{destino}` for the library itself) is left empty. */
const TEMPLATE_NAMES = new Set(['token', 'destino', 'recurso', 'codigo', 'id', 'sessionid']);

/** The template's `{name}`s filled, each value URL-encoded; other braces are left as they are. */
export function fillTemplate(template: string, values: Record<string, string | undefined>): string {
  return template.replace(/\{([a-z_]+)\}/g, (match, name: string) => (TEMPLATE_NAMES.has(name) ? encodeURIComponent(values[name] ?? '') : match));
}

/** What a hand-over carries besides the patron: where at the provider, and the values its template names. */
export interface HandOverRequest {
  /** The address at the provider the patron asked for (a restricted e-book link, a database). */
  destino?: string;
  /** More `{name}` values for the address template (`codigo` and `id` of a standard, Grupo A's `sessionid`). */
  values?: Record<string, string>;
  /** More claims for the token (Grupo A's session). */
  claims?: Record<string, string>;
  /**
   * A plain-link provider opens `destino` itself (a restricted e-book at a platform that knows
   * the institution's network) unless its template places it; otherwise the template's address.
   */
  direct?: boolean;
}

/** The refusal of a provider that is not there for this patron: not configured (404) or their category may not use it (403). */
function allowedEntry(providers: Map<Provider, ProviderEntry>, recurso: Provider, patron: PatronProfile, language: Language): ProviderEntry {
  const entry = providers.get(recurso);
  if (!entry) throw errors.notConfigured(providerName(recurso, undefined, language));
  if (entry.categorias !== null && !entry.categorias.includes(patron.cod_categoria)) throw errors.denied(providerName(recurso, entry, language));
  return entry;
}

async function requirePatron(db: Db, codPessoa: number): Promise<PatronProfile> {
  const patron = await patronProfile(db, codPessoa);
  if (!patron) throw errors.tokenInvalid();
  if (patron.bloqueio) throw errors.accountBlocked();
  return patron;
}

/**
 * Hands the patron over to a provider (decision 0023): a plain link's address, or the signed
 * one's address template filled with a one-time token — a JWT (HS256, the provider's derived key)
 * naming the patron (`sub`, their person code), their category, the provider (`aud`), what the
 * entry's `dados` add (name, e-mail) and the destination; its jti is recorded so that the
 * provider can redeem it once (`POST /vinculos/provedor/validar`), within `validade` seconds.
 */
export async function handOver(
  db: Db,
  secret: string | null,
  codPessoa: number,
  recurso: Provider,
  request: HandOverRequest,
  language: Language,
  providers?: Map<Provider, ProviderEntry>,
): Promise<UrlAcesso> {
  const patron = await requirePatron(db, codPessoa);
  const entry = allowedEntry(providers ?? (await configuredProviders(db, secret)), recurso, patron, language);
  const nome = providerName(recurso, entry, language);
  const values = { ...request.values, recurso, destino: request.destino };
  if (entry.entrega === 'link') {
    const url = request.direct && request.destino && !entry.url.includes('{destino}') ? request.destino : fillTemplate(entry.url, values);
    return { url, recurso, nome };
  }
  const jti = randomUUID();
  await insertHandover(db, { id: jti, tipo: 'provedor', recurso, codPessoa, destino: request.destino ?? null, seconds: entry.validade });
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    categoria: patron.cod_categoria,
    ...(entry.dados.includes('nome') ? { nome: patron.nome } : {}),
    ...(entry.dados.includes('email') ? { email: patron.email } : {}),
    ...(request.destino ? { destino: request.destino } : {}),
    ...request.claims,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: recurso })
    .setIssuer(HANDOVER_ISSUER)
    .setAudience(recurso)
    .setSubject(String(codPessoa))
    .setJti(jti)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + entry.validade)
    .sign(providerKey(secret!, recurso));
  return { url: fillTemplate(entry.url, { ...values, token }), recurso, nome };
}

/**
 * `POST /vinculos/provedor/validar`: a provider redeems the token it was handed. Refused with
 * 401 unless it is one of ours — signed with that provider's key, HS256 only, our issuer, not
 * expired, for a person — and with 409 when it was redeemed before (a replay). Answers the
 * token's claims: who the patron is, once.
 */
export async function redeemHandover(db: Db, secret: string | null, token: string): Promise<TokenProvedor> {
  if (!secret) throw errors.handoverInvalid();
  let recurso: Provider;
  try {
    const audience = decodeJwt(token).aud;
    if (typeof audience !== 'string' || !(PROVIDERS as readonly string[]).includes(audience)) throw errors.handoverInvalid();
    recurso = audience as Provider;
  } catch {
    throw errors.handoverInvalid();
  }
  let payload;
  try {
    ({ payload } = await jwtVerify(token, providerKey(secret, recurso), {
      issuer: HANDOVER_ISSUER,
      audience: recurso,
      algorithms: [ALGORITHM],
      requiredClaims: ['jti', 'sub', 'exp', 'iat'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw errors.handoverInvalid();
    throw error;
  }
  const sub = payload.sub ?? '';
  const jti = payload.jti ?? '';
  if (!/^\d{1,10}$/.test(sub) || Number(sub) > INT4_MAX || jti.length > 100) throw errors.handoverInvalid();
  if (!(await redeemProviderHandover(db, jti, recurso, Number(sub)))) {
    throw (await handoverUsed(db, jti)) ? errors.handoverUsed() : errors.handoverInvalid();
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    recurso,
    sub,
    categoria: text(payload.categoria) ?? null,
    ...(text(payload.nome) !== undefined ? { nome: text(payload.nome) } : {}),
    ...('email' in payload ? { email: text(payload.email) ?? null } : {}),
    ...(text(payload.destino) !== undefined ? { destino: text(payload.destino) } : {}),
    jti,
    exp: payload.exp!,
  };
}

/** `GET /vinculos/provedores`: the configured providers by key, and for a patron whether their category may use each. */
export async function providerList(db: Db, secret: string | null, codPessoa: number | null, language: Language): Promise<Provedor[]> {
  const providers = await configuredProviders(db, secret);
  const patron = codPessoa === null ? undefined : await patronProfile(db, codPessoa);
  return [...providers.values()].map((entry) => ({
    recurso: entry.recurso,
    nome: providerName(entry.recurso, entry, language),
    entrega: entry.entrega,
    permitido: patron ? entry.categorias === null || entry.categorias.includes(patron.cod_categoria) : null,
  }));
}

/**
 * `POST /vinculos/acesso-externo/{recurso}` (spec §7 "generate the access URL for external base
 * resources"): the hand-over to a §9 resource; with `base`, at one of the patron's databases
 * (Meu Pergamum's "Bases de dados") whose address is the provider's.
 */
export async function externalAccess(
  db: Db,
  secret: string | null,
  codPessoa: number,
  recurso: ExternalResource,
  base: number | undefined,
  language: Language,
) {
  const providers = await configuredProviders(db, secret);
  if (base === undefined) return handOver(db, secret, codPessoa, recurso, {}, language, providers);
  const patron = await requirePatron(db, codPessoa);
  const database = await eResourceFor(db, base, patron.cod_categoria);
  if (!database || providerOfAddress(providers, database.url) !== recurso)
    throw errors.databaseNotFound(base, providerName(recurso, providers.get(recurso), language));
  return handOver(db, secret, codPessoa, recurso, { destino: database.url }, language, providers);
}

/** A restricted link's address (`POST /vinculos/acesso-restrito`): through its provider when it is one's, else as it is. */
export async function restrictedAddress(db: Db, secret: string | null, codPessoa: number, url: string, language: Language): Promise<string> {
  const providers = await configuredProviders(db, secret);
  const recurso = providerOfAddress(providers, url);
  if (recurso === null) return url;
  return (await handOver(db, secret, codPessoa, recurso, { destino: url, direct: true }, language, providers)).url;
}

/** `GET /vinculos/target/{id}`: a technical standard at Target GEDWeb; the template may place its `{codigo}` (245 $a) and `{id}`. */
export async function standardAccess(db: Db, secret: string | null, codPessoa: number, codAcervo: number, language: Language) {
  const title = await titleForStandard(db, codAcervo);
  if (!title || title.cod_tipo_obra !== WORK_TYPE.normaTecnica) throw errors.standardNotFound(codAcervo);
  const f245 = dataFields(title.marc as MarcRecord, '245')[0];
  const codigo = clean(f245 ? subfieldValues(f245, 'a').join(' ') : '');
  return handOver(db, secret, codPessoa, 'target', { values: { codigo, id: String(codAcervo) }, claims: { codigo } }, language);
}

/** `POST /vinculos/grupoa`: Grupo A asked (its `sessionid`) who is signing in; the address back to it names the patron. */
export function grupoaAccess(db: Db, secret: string | null, codPessoa: number, sessionid: string, language: Language) {
  return handOver(db, secret, codPessoa, 'grupoa', { values: { sessionid }, claims: { sessionid } }, language);
}

/** `POST /pessoas/postagem-trabalho/redirect`: paper posting, at the institutional repository. */
export function paperPosting(db: Db, secret: string | null, codPessoa: number, language: Language) {
  return handOver(db, secret, codPessoa, 'repositorio', {}, language);
}

/** The institution's default account area (`meu_pergamum_base` setting), else this site's. */
async function defaultAccountBase(db: Db): Promise<'interna' | 'externa'> {
  return (await institutionSettings(db)).meu_pergamum_base === 'externa' ? 'externa' : 'interna';
}

/**
 * `GET /pessoas/meu-pergamum/redirect` (spec §7 "generate the access URL … for the account area"):
 * where the patron's account area opens — their choice, else the institution's default — and its
 * address: /meupergamum, or the external one handed over with a one-time token. An external area
 * the patron may not use (not configured, or not for their category) is never the answer.
 */
export async function accountRedirect(db: Db, secret: string | null, codPessoa: number, language: Language): Promise<MeuPergamumRedirect> {
  const patron = await requirePatron(db, codPessoa);
  const providers = await configuredProviders(db, secret);
  const external = providers.get('meupergamum');
  const available = external !== undefined && (external.categorias === null || external.categorias.includes(patron.cod_categoria));
  const base = available ? ((await accountBaseOf(db, codPessoa)) ?? (await defaultAccountBase(db))) : 'interna';
  if (base === 'interna') return { base, url: ACCOUNT_AREA, externa_disponivel: available };
  const { url } = await handOver(db, secret, codPessoa, 'meupergamum', {}, language, providers);
  return { base, url, externa_disponivel: true };
}

/** `PUT /pessoas/meu-pergamum/redirect-base`: the patron's choice; the external area only when they may use it (404 / 403 otherwise). */
export async function chooseAccountBase(db: Db, secret: string | null, codPessoa: number, base: 'interna' | 'externa', language: Language) {
  const patron = await requirePatron(db, codPessoa);
  if (base === 'externa') allowedEntry(await configuredProviders(db, secret), 'meupergamum', patron, language);
  await saveAccountBase(db, codPessoa, base);
  return { base };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * `GET /pessoas/token-redireciona`: a one-time code (256 random bits; only its SHA-256 is kept)
 * that signs the patron in at /pergamum_redireciona within REDIRECT_CODE_SECONDS, then goes to
 * `destino` (a path of this site; Meu Pergamum by default).
 */
export async function redirectCode(db: Db, codPessoa: number, destino: string = ACCOUNT_AREA) {
  await requirePatron(db, codPessoa);
  const token = randomBytes(32).toString('base64url');
  const expires = await insertHandover(db, { id: sha256(token), tipo: 'sessao', recurso: null, codPessoa, destino, seconds: REDIRECT_CODE_SECONDS });
  return { token, expira_em: expires.toISOString(), url: `${REDIRECT_SCREEN}?token=${token}` };
}

/** `POST /pessoas/token-redireciona/validar`: the code's patron and destination, once (422 otherwise; 430 for a blocked patron). */
export async function tradeRedirectCode(db: Db, token: string): Promise<{ codPessoa: number; destino: string }> {
  const found = await redeemSessionCode(db, sha256(token));
  if (!found) throw errors.redirectCodeInvalid();
  const patron = await patronProfile(db, found.cod_pessoa);
  if (!patron) throw errors.redirectCodeInvalid();
  if (patron.bloqueio) throw errors.accountBlocked();
  return { codPessoa: found.cod_pessoa, destino: found.destino ?? ACCOUNT_AREA };
}

/**
 * `GET /pessoas/autenticar/app-layers`: the institution's mobile app (App Layers, `app_layers`
 * setting on) opens the account area in its web view — the absolute address of
 * /pergamum_redireciona with a one-time code leading to /meupergamum/app.
 */
export async function appLayersAddress(db: Db, codPessoa: number, origin: string) {
  if (!(await appLayers(db)).ativo) throw errors.appNotConfigured();
  const { url } = await redirectCode(db, codPessoa, ACCOUNT_APP);
  return { url: `${origin}${url}` };
}

/**
 * Staff (`npm run institution -- provider <key> <json> | off`): sets one provider's entry, checked
 * as the API reads it (a wrong entry is refused with what is wrong, never stored), or removes it.
 */
export async function setProviderEntry(db: Db, recurso: string, entry: string, actor: string): Promise<string> {
  if (!(PROVIDERS as readonly string[]).includes(recurso)) throw new Error(`unknown provider ${recurso}: one of ${PROVIDERS.join(', ')}`);
  /** Writes the entry (null removes it) and records the act, before and after, in one transaction. */
  const write = (value: unknown) =>
    db.transaction(async (tx) => {
      const stored = (await institutionSettings(tx)).provedores as Record<string, unknown> | undefined;
      const before = stored?.[recurso] ?? null;
      if (!(await writeProviderEntry(tx, recurso, value))) throw new Error('the institution is not set up yet');
      await recordStaffAct(tx, { autor: actor, acao: 'institution.provider', alvo: `provedor:${recurso}`, detalhes: { antes: before, depois: value } });
    });
  if (entry === 'off') {
    await write(null);
    return `provider ${recurso} removed`;
  }
  let value: unknown;
  try {
    value = JSON.parse(entry);
  } catch {
    throw new Error(`the entry of ${recurso} is not JSON`);
  }
  const parsed = entrySchema.safeParse(value);
  if (!parsed.success)
    throw new Error(`the entry of ${recurso} is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'}: ${i.message}`).join('; ')}`);
  await write(value);
  const e = parsed.data;
  return `provider ${recurso}: ${e.entrega === 'assinada' ? `signed hand-over (token for ${e.validade} s)` : 'plain link'} to ${e.url}; ${
    e.categorias === null ? 'every category' : `categories ${e.categorias.join(', ') || '(none)'}`
  }${e.dominios.length ? `; links at ${e.dominios.join(', ')}` : ''}${e.ativo ? '' : ' (switched off)'}`;
}

/** The providers for the administration's settings: each entry as stored, and the key to hand over when it is signed (issue 54). */
export async function providerSettings(db: Db, secret: string | null) {
  const stored = (await institutionSettings(db)).provedores as Record<string, Record<string, unknown> | undefined> | undefined;
  return PROVIDERS.map((recurso) => {
    const entrada = stored?.[recurso] ?? null;
    return { recurso, entrada, chave: entrada?.entrega === 'assinada' && secret ? describeProviderKey(secret, recurso) : null };
  });
}

/** The administration configures a provider (404 for one the catalogue does not know; 422 with what is wrong in the entry), or removes it with null; audited. */
export async function configureProvider(db: Db, secret: string | null, recurso: string, entrada: Record<string, unknown> | null, actor: string) {
  if (!(PROVIDERS as readonly string[]).includes(recurso)) throw errors.providerUnknown(recurso);
  if (entrada !== null) {
    const parsed = entrySchema.safeParse(entrada);
    if (!parsed.success) throw errors.providerEntryInvalid(parsed.error.issues.map((i) => `${i.path.join('.') || 'entrada'}: ${i.message}`).join('; '));
  }
  await setProviderEntry(db, recurso, entrada === null ? 'off' : JSON.stringify(entrada), actor);
  return providerSettings(db, secret);
}

/** `npm run institution -- provider-key <key>`: the provider's HS256 key (base64url), to give to the provider. */
export function describeProviderKey(secret: string | null, recurso: string): string {
  if (!secret) throw new Error('PROVIDER_SECRET is not set: signed hand-overs are off');
  if (!(PROVIDERS as readonly string[]).includes(recurso)) throw new Error(`unknown provider ${recurso}: one of ${PROVIDERS.join(', ')}`);
  return Buffer.from(providerKey(secret, recurso as Provider)).toString('base64url');
}
