import type { Language } from '@estante/contracts/kernel';
import type { dadosPessoaisBodySchema, FichaLeitor, novoLeitorSchema } from '@estante/contracts/people';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import type { Mailer } from '../../lib/mail.js';
import { hashPassword } from '../../lib/password.js';
import { revokeAllSessions } from '../auth/auth.service.js';
import { startRecovery } from '../auth/recovery.service.js';
import { valueNamer } from '../catalog/value-names.js';
import { errors } from './people.messages.js';
import {
  actsOnPerson,
  categoryExists,
  categoryList,
  deleteNote,
  insertNote,
  insertPatron,
  libraryNamesOf,
  librarySide,
  loginTaken,
  missingLibraries,
  notesOf,
  patronHit,
  patronsNamed,
  personByCard,
  setLibraries,
  setRegistration,
} from './people.queries.js';
import { personalData, savePersonalData } from './people.service.js';

/**
 * Patrons found by what the library types or scans (issue 53): a login or card (or CPF) finds its
 * person; otherwise every word of three letters or more must be in the name. At most 20; each
 * one's category in `language` (issue 55).
 */
export async function findPatrons(db: Db, text: string, language: Language = 'pt') {
  const person = await personByCard(db, text);
  const words = text
    .normalize('NFC')
    .split(/\s+/)
    .filter((w) => w.length >= 3)
    .slice(0, 6);
  const hits = person !== undefined ? [(await patronHit(db, person))!] : words.length === 0 ? [] : await patronsNamed(db, words);
  if (hits.length === 0) return hits;
  const named = await valueNamer(db, language, ['categoria']);
  return hits.map((hit) => ({ ...hit, categoria: named('categoria', hit.categoria) }));
}

/** The person a login, card or CPF read at a desk opens, or undefined. */
export function personOfCard(db: Db, code: string): Promise<number | undefined> {
  return personByCard(db, code);
}

/** A patron's record for the staff, categories named in `language`: 404 when there is no such person. */
export async function patronRecord(db: Db, codPessoa: number, language: Language = 'pt'): Promise<FichaLeitor> {
  const side = await librarySide(db, codPessoa);
  if (!side) throw errors.personNotFound(codPessoa);
  const [dados, historico, named] = await Promise.all([
    personalData(db, codPessoa, language),
    actsOnPerson(db, codPessoa),
    valueNamer(db, language, ['categoria']),
  ]);
  const cadastros = side.cadastros.map((c) => ({ ...c, categoria: named('categoria', c.categoria) }));
  return { cod_pessoa: codPessoa, dados, ...side, cadastros, historico };
}

/** The categories a registration may have, named in `language` and in its order. */
export async function categories(db: Db, language: Language = 'pt') {
  const [rows, named] = await Promise.all([categoryList(db), valueNamer(db, language, ['categoria'])]);
  if (language === 'pt') return rows;
  const collator = new Intl.Collator(language);
  return rows.map((row) => ({ ...row, descricao: named('categoria', row.descricao) })).sort((a, b) => collator.compare(a.descricao, b.descricao));
}

/** The library corrects a patron's personal data (the patron's own rules; a missing CPF may be added); audited. */
export async function saveDataByLibrary(db: Db, codPessoa: number, body: z.output<typeof dadosPessoaisBodySchema>, language: Language, actor: string) {
  await savePersonalData(db, codPessoa, body, language, { actor });
  return patronRecord(db, codPessoa, language);
}

/** The library changes a registration's name, category, validity and libraries; audited with what it was. */
export async function saveRegistration(
  db: Db,
  codPessoa: number,
  r: { nome: string; categoria: string; validade: string | null; bibliotecas?: number[] },
  actor: string,
  language: Language = 'pt',
) {
  if (!(await categoryExists(db, r.categoria))) throw errors.categoryMissing(r.categoria);
  const [unknown] = await missingLibraries(db, r.bibliotecas ?? []);
  if (unknown !== undefined) throw errors.libraryMissing(unknown);
  const before = await patronRecord(db, codPessoa);
  const { bibliotecas, ...registration } = r;
  await db.transaction(async (tx) => {
    await setRegistration(tx, codPessoa, registration);
    if (bibliotecas) await setLibraries(tx, codPessoa, bibliotecas);
    const was = { nome: before.dados.nome, categoria: before.dados.categoria.codigo, validade: before.dados.validade };
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'people.registration',
      alvo: `pessoa:${codPessoa}`,
      detalhes: bibliotecas
        ? {
            antes: { ...was, bibliotecas: before.bibliotecas.map((b) => b.cod_biblioteca) },
            depois: { ...registration, bibliotecas: [...bibliotecas].sort((a, b) => a - b) },
          }
        : { antes: was, depois: registration },
    });
  });
  return patronRecord(db, codPessoa, language);
}

/** A staff member notes something about a patron (404 without the patron); audited; answers the notes now. */
export async function addNote(db: Db, codPessoa: number, texto: string, author: number) {
  await db.transaction(async (tx) => {
    const id = await insertNote(tx, codPessoa, texto, author);
    if (id === undefined) throw errors.personNotFound(codPessoa);
    await recordStaffAct(tx, { autor: `pessoa:${author}`, acao: 'people.note', alvo: `pessoa:${codPessoa}`, detalhes: { nota: id, texto } });
  });
  return notesOf(db, codPessoa);
}

/** A staff member removes a note about a patron (404 when the patron has no such note); the audit keeps its text. */
export async function removeNote(db: Db, codPessoa: number, id: number, actor: string) {
  await db.transaction(async (tx) => {
    const texto = await deleteNote(tx, codPessoa, id);
    if (texto === undefined) throw errors.noteNotFound(id);
    await recordStaffAct(tx, { autor: actor, acao: 'people.unnote', alvo: `pessoa:${codPessoa}`, detalhes: { nota: id, texto } });
  });
  return notesOf(db, codPessoa);
}

/** What the desk shows of a patron beside their loans: the libraries they are registered at, and the staff's notes. */
export async function deskSideOf(db: Db, codPessoa: number) {
  const [bibliotecas, notas] = await Promise.all([libraryNamesOf(db, codPessoa), notesOf(db, codPessoa)]);
  return { bibliotecas, notas };
}

/** E-mails the patron a recovery code for their first active login (the patron's own step 1, its limits included); audited. */
export async function sendRecoveryFor(db: Db, mailer: Mailer, codPessoa: number, language: Language, actor: string) {
  const record = await patronRecord(db, codPessoa);
  const login = record.logins.find((l) => l.ativo)?.login;
  if (!login) throw errors.noLoginToRecover();
  const started = await startRecovery(db, mailer, login, language);
  await recordStaffAct(db, { autor: actor, acao: 'people.recovery', alvo: `pessoa:${codPessoa}`, detalhes: { login } });
  return { emails: started.emails };
}

/** Ends every open session of the patron; audited. */
export async function endSessions(db: Db, codPessoa: number, actor: string, language: Language = 'pt') {
  const before = await patronRecord(db, codPessoa);
  await db.transaction(async (tx) => {
    await revokeAllSessions(tx, codPessoa);
    await recordStaffAct(tx, { autor: actor, acao: 'people.sessions', alvo: `pessoa:${codPessoa}`, detalhes: { encerradas: before.sessoes } });
  });
  return patronRecord(db, codPessoa, language);
}

/**
 * Registers a patron by hand: the person and a login with an unusable random password (they
 * choose theirs through recovery, by e-mail); 409 when the login is taken (two desks typing the
 * same one at once: one wins). Audited.
 */
export async function createPatron(db: Db, p: z.output<typeof novoLeitorSchema>, actor: string, language: Language = 'pt'): Promise<FichaLeitor> {
  if (!(await categoryExists(db, p.categoria))) throw errors.categoryMissing(p.categoria);
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const codPessoa = await db.transaction(async (tx) => {
    if (await loginTaken(tx, p.login)) throw errors.loginTaken(p.login);
    const made = await insertPatron(tx, {
      nome: p.nome,
      login: p.login,
      categoria: p.categoria,
      email: p.email,
      cpf: p.cpf ?? null,
      validade: p.validade,
      passwordHash,
    });
    await recordStaffAct(tx, { autor: actor, acao: 'people.create', alvo: `pessoa:${made}`, detalhes: { login: p.login, categoria: p.categoria } });
    return made;
  });
  return patronRecord(db, codPessoa, language);
}
