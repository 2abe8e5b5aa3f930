import type { Language } from '@estante/contracts/kernel';
import type { DadosPessoais, dadosPessoaisBodySchema, Departamento, MeusDados } from '@estante/contracts/people';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { recordStaffAct } from '../../lib/audit.js';
import { checkNoDebts, lockPatron } from '../account/account.service.js';
import { valueNamer } from '../catalog/value-names.js';
import { institutionSettings } from '../parameters/parameters.service.js';
import { errors, messages } from './people.messages.js';
import {
  departmentExists,
  departments,
  emailOf,
  erasureRequestsOf,
  firstLibraryEmail,
  insertErasureRequest,
  lockRegistration,
  lockTaxNumber,
  openErasureRequest,
  personRecord,
  personStanding,
  setBlocked,
  personalRowOf,
  personTables,
  type PersonalRow,
  registrationNamed,
  replaceTaxNumber,
  rowsOfPerson,
  setEmail,
  setTaxNumber,
  taxNumberInUse,
  upsertPersonalData,
  setLanguage,
} from './people.queries.js';

type Body = z.output<typeof dadosPessoaisBodySchema>;

/** The row as the answer states it: every field named, the library's own apart; the category named by `category` (as written, by default). */
function asDadosPessoais(r: PersonalRow, category: (descricao: string) => string = (descricao) => descricao): DadosPessoais {
  return {
    nome: r.nome,
    categoria: { codigo: r.cod_categoria, descricao: category(r.categoria) },
    validade: r.validade,
    cpf: r.cpf,
    email: r.email,
    telefone: r.telefone,
    logradouro: r.logradouro,
    complemento: r.complemento,
    cep: r.cep,
    cidade: r.cidade,
    bairro: r.bairro,
    documento_identidade: r.documento_identidade,
    nacionalidade: r.nacionalidade,
    genero: r.genero as DadosPessoais['genero'],
    data_nascimento: r.data_nascimento,
    escolaridade: r.escolaridade as DadosPessoais['escolaridade'],
    lotacao: r.lotacao,
    profissao: r.profissao,
    estado_civil: r.estado_civil as DadosPessoais['estado_civil'],
    // A patron who never saved the form gets e-mails, as the column's default says.
    recebe_emails: r.recebe_emails ?? true,
    atualizado_em: r.atualizado_em,
  };
}

/** `GET /pessoas/meu-pergamum/dados-pessoais`: the signed-in registration's data. */
/** A patron signed in with the catalogue in `language`: kept, so what the library sends them later (a desk receipt) is in it. */
export function rememberLanguage(db: Db, codPessoa: number, language: Language): Promise<void> {
  return setLanguage(db, codPessoa, language);
}

export async function personalData(db: Db, codPessoa: number, language: Language = 'pt'): Promise<DadosPessoais> {
  const [row, named] = await Promise.all([personalRowOf(db, codPessoa), valueNamer(db, language, ['categoria'])]);
  if (!row) throw errors.tokenInvalid();
  // The category in the reader's language (issue 55): "Aluno de doutorado" is a "PhD student" in English.
  return asDadosPessoais(row, (descricao) => named('categoria', descricao));
}

/**
 * `PUT /pessoas/meu-pergamum/dados-pessoais`: every field the patron controls, written in one
 * transaction (the registration's row locked) — all of it or, on any refusal or failure, none.
 * The CPF (spec §5): a registration without one cannot add it (the library must: it links a
 * person's registrations, decision 0022); one that has it may correct it to a valid CPF no one
 * else has, and the correction reaches every registration sharing the old one.
 */
export async function savePersonalData(
  db: Db,
  codPessoa: number,
  body: Body,
  language: Language,
  /** The library's staff: may add a missing CPF (linking the registrations that share it); the change is audited. */
  library?: { actor: string },
) {
  if (body.lotacao !== null && !(await departmentExists(db, body.lotacao))) throw errors.departmentMissing(body.lotacao);
  await db.transaction(async (tx) => {
    const current = await lockRegistration(tx, codPessoa);
    if (!current) throw library ? errors.personNotFound(codPessoa) : errors.tokenInvalid();
    if (library && body.cpf !== undefined && body.cpf !== '' && current.cpf === null) await setTaxNumber(tx, codPessoa, body.cpf);
    else if (body.cpf !== undefined && body.cpf !== current.cpf) {
      if (current.cpf === null) throw errors.taxNumberMissing();
      await lockTaxNumber(tx, body.cpf);
      if (await taxNumberInUse(tx, body.cpf)) throw errors.taxNumberTaken();
      await replaceTaxNumber(tx, current.cpf, body.cpf);
    }
    await setEmail(tx, codPessoa, body.email);
    await upsertPersonalData(tx, codPessoa, body);
    if (library) await recordStaffAct(tx, { autor: library.actor, acao: 'people.edit', alvo: `pessoa:${codPessoa}`, detalhes: { campos: Object.keys(body) } });
  });
  return { mensagem: messages.t('DadosPessoaisAlterados', language), dados: await personalData(db, codPessoa, language) };
}

/** `GET /pessoas/departamentos`. */
export function listDepartments(db: Db): Promise<Departamento[]> {
  return departments(db);
}

/** `GET /pessoas/email-pessoa-logada`. */
export async function signedInEmail(db: Db, codPessoa: number): Promise<{ email: string | null }> {
  const email = await emailOf(db, codPessoa);
  if (email === undefined) throw errors.tokenInvalid();
  return { email };
}

/** One of the person's own registrations named by a login or a person code; undefined for anyone else's. */
function ownRegistration(db: Db, codPessoa: number, user: string) {
  const value = user.trim();
  const code = /^\d{1,9}$/.test(value) ? Number(value) : null;
  return registrationNamed(db, codPessoa, value.toLowerCase(), code);
}

/**
 * `GET /pessoas/{user}/nome`: the name and category (in `language`) behind one of the signed-in
 * person's registrations; 404 for anyone else's.
 */
export async function registrationName(db: Db, codPessoa: number, user: string, language: Language = 'pt'): Promise<{ nome: string; categoria: string }> {
  const found = await ownRegistration(db, codPessoa, user);
  if (!found) throw errors.userNotFound(user);
  return { nome: found.nome, categoria: (await valueNamer(db, language, ['categoria']))('categoria', found.categoria) };
}

/**
 * `POST /pessoas/meu-pergamum/troca-usuario` (decision 0022): the registration to continue as —
 * another of the signed-in person's (the person, and everyone sharing their CPF), not the one in
 * use, not blocked (430). Answers its person code; the route issues the new token pair.
 */
export async function swapUser(db: Db, codPessoa: number, user: string): Promise<number> {
  const found = await ownRegistration(db, codPessoa, user);
  if (!found) throw errors.userNotLinked(user);
  if (found.cod_pessoa === codPessoa) throw errors.alreadyThatUser(user);
  if (found.bloqueio) throw errors.accountBlocked();
  return found.cod_pessoa;
}

/**
 * Columns never exported: they are credentials, not data about the person — hashes of passwords,
 * codes, tokens and feed keys, and what a single sign-on in progress trades for a session.
 */
const SECRET_COLUMN = /(^|_)hash$|^(handle|state|code_verifier|oidc_nonce)$/;

/**
 * `GET /pessoas/meu-pergamum/meus-dados` (LGPD art. 18, II): the person, their logins, personal
 * data and every row of every table keyed to them — loans, debts, holds, requests, comments,
 * sessions… — as the database holds them, without secrets.
 */
export async function myData(db: Db, codPessoa: number): Promise<MeusDados> {
  const { person, logins } = await personRecord(db, codPessoa);
  if (!person) throw errors.tokenInvalid();
  const personal = await personalRowOf(db, codPessoa);
  const secoes: MeusDados['secoes'] = {};
  for (const { table, columns } of await personTables(db)) {
    const visible = columns.filter((c) => !SECRET_COLUMN.test(c));
    const rows = await rowsOfPerson(db, table, visible, codPessoa);
    if (rows.length > 0) secoes[table] = rows;
  }
  const dados = personal ? asDadosPessoais(personal) : null;
  return {
    gerado_em: new Date().toISOString(),
    pessoa: person,
    dados_pessoais: dados,
    logins,
    secoes,
  };
}

/** `GET /pessoas/meu-pergamum/exclusao-dados`. */
export function erasureRequests(db: Db, codPessoa: number) {
  return erasureRequestsOf(db, codPessoa);
}

/** The library reads its requests in the institution's language. */
const LIBRARY_LANGUAGE: Language = 'pt';

/**
 * `POST /pessoas/meu-pergamum/exclusao-dados` (LGPD art. 18, VI): refused while loans or debts are
 * open (409, with what is pending) or while another request is open (409); stored and e-mailed to
 * the library's data officer (`email_encarregado_dados`, else the first library) in one
 * transaction under the patron's lock — a request the library never got is not stored (502).
 */
export async function requestErasure(db: Db, mailer: Mailer, codPessoa: number, motivo: string | undefined, language: Language) {
  const settings = await institutionSettings(db);
  const officer = typeof settings.email_encarregado_dados === 'string' && settings.email_encarregado_dados.trim() ? settings.email_encarregado_dados : null;
  const to = officer ?? (await firstLibraryEmail(db));
  const id = await db.transaction(async (tx) => {
    await lockPatron(tx, codPessoa);
    const open = await openErasureRequest(tx, codPessoa);
    if (open !== undefined) throw errors.erasureOpen(open);
    const pending = await checkNoDebts(tx, codPessoa, language);
    if (!pending.pode_emitir) throw errors.erasurePending(pending.motivos.join(' '));
    if (!to) throw errors.erasureNowhere();
    const made = await insertErasureRequest(tx, codPessoa, motivo || null);
    const { person, logins } = await personRecord(tx, codPessoa);
    const none = messages.t('mail.none', LIBRARY_LANGUAGE);
    const name = String(person?.nome_pessoa ?? codPessoa);
    const email = typeof person?.email === 'string' ? person.email : null;
    try {
      await mailer.send({
        to: [to],
        replyTo: email ?? undefined,
        subject: messages.t('mail.erasure.subject', LIBRARY_LANGUAGE, { id: made, name }),
        text: messages.t('mail.erasure.body', LIBRARY_LANGUAGE, {
          id: made,
          name,
          person: codPessoa,
          category: String(person?.categoria ?? ''),
          logins: logins.map((l) => String(l.login)).join(', ') || none,
          email: email ?? none,
          reason: motivo || none,
        }),
      });
    } catch {
      throw errors.libraryMailFailed();
    }
    return made;
  });
  return { codigo: id, mensagem: messages.t('ExclusaoEnviada', language, { id }) };
}

/** What a block or an unblock did: the person, and whether their standing changed. */
export interface StandingChange {
  codPessoa: number;
  nome: string;
  changed: boolean;
}

/**
 * The library blocks (or unblocks) a patron, with its reason (issue 52): the person loses access
 * at once (every private call and the session's renewal answer 430, spec §6), and the act is kept
 * in the staff audit with who did it, in the same transaction. Undefined when no login has that name.
 */
export async function changeStanding(db: Db, login: string, blocked: boolean, reason: string, actor: string): Promise<StandingChange | undefined> {
  const person = await personStanding(db, login);
  if (!person) return undefined;
  const changed = await changeStandingOf(db, person.cod_pessoa, blocked, reason, actor, { login });
  return { codPessoa: person.cod_pessoa, nome: person.nome, changed };
}

/** changeStanding of a person by number (the desk's block and unblock); true when it changed anything. */
export function changeStandingOf(
  db: Db,
  codPessoa: number,
  blocked: boolean,
  reason: string,
  actor: string,
  detalhes: Record<string, unknown> | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const did = await setBlocked(tx, codPessoa, blocked, reason);
    if (did)
      await recordStaffAct(tx, { autor: actor, acao: blocked ? 'people.block' : 'people.unblock', alvo: `pessoa:${codPessoa}`, motivo: reason, detalhes });
    return did;
  });
}
