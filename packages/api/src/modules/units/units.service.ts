import { type Language } from '@estante/contracts/kernel';
import { type SugestaoAquisicaoBody } from '@estante/contracts/parameters';
import { suggestionFormRefusal, suggestionLibraryRefusal } from './units.policy.js';
import type { Db } from '../../db/client.js';
import { errors, messages } from './units.messages.js';
import type { Mailer } from '../../lib/mail.js';
import { throttle } from '../auth/auth.service.js';
import { campus as findCampus } from '../catalog/lookups.service.js';
import { isActivityEnabled } from '../parameters/parameters.service.js';
import {
  findLibrary,
  findPerson,
  insertGeneralComment,
  insertSuggestion,
  latestGeneralComments,
  latestSuggestions,
  listCampuses,
  listLibraries,
} from './units.queries.js';

/** Activity 12 switches acquisition suggestions on (spec §6). */
const SUGGESTION_ACTIVITY = 12;
/** General comments and suggestions a patron may send an hour (each kind counted apart). */
export const SENDS_PER_HOUR = 10;

/** `GET /campus`. */
export const campuses = (db: Db) => listCampuses(db);

/** `GET /unidade-informacao?campus=`: 404 for an unknown campus rather than an empty list. */
export async function libraries(db: Db, codCampus?: number) {
  // The look-up answers 404 CampusNaoEncontrado for an unknown campus.
  if (codCampus !== undefined) await findCampus(db, codCampus);
  return listLibraries(db, codCampus);
}

/**
 * The language of the messages sent to a library's own address: its staff's, the institution's
 * (Portuguese for the libraries this catalogue serves), whatever language the patron browses in.
 */
const LIBRARY_LANGUAGE: Language = 'pt';

/**
 * `POST /unidade-informacao/comentario`: stores the comment and, when the library has an
 * e-mail address, sends it there (reply-to the patron) in the same transaction — a message the
 * library never got is not recorded as sent (502 ErroEmailBiblioteca).
 */
export async function sendGeneralComment(db: Db, mailer: Mailer, codPessoa: number, body: { content: string; b: number }, language: Language) {
  const library = await findLibrary(db, body.b);
  if (!library) throw errors.libraryInvalid(body.b);
  const person = await findPerson(db, codPessoa);
  if (!person) throw errors.tokenInvalid();
  await throttle(db, [{ key: `comentario-geral:${codPessoa}`, limit: SENDS_PER_HOUR }], 3600);
  const codigo = await db.transaction(async (tx) => {
    const id = await insertGeneralComment(tx, { codPessoa, codBiblioteca: body.b, texto: body.content });
    if (library.email) {
      await mailOrFail(mailer, {
        to: [library.email],
        replyTo: person.email ?? undefined,
        subject: messages.t('mail.comment.subject', LIBRARY_LANGUAGE, { id, library: library.nome }),
        text: messages.t('mail.comment.body', LIBRARY_LANGUAGE, { from: sender(person), library: library.nome, content: body.content }),
      });
    }
    return id;
  });
  return { codigo, mensagem: messages.t('ComentarioGeralEnviadoSucesso', language) };
}

/**
 * `POST /unidade-informacao/sugestao-aquisicao` (activity 12): the rules of units.policy.ts
 * (`titulo` and `editor` more than blanks, 422 CampoObrigatorioNaoPreenchido with the field's
 * name; the library on the chosen campus). Stored as a pre-suggestion and sent to the library like a comment.
 */
export async function sendSuggestion(db: Db, mailer: Mailer, codPessoa: number, body: SugestaoAquisicaoBody, language: Language) {
  const form = suggestionFormRefusal(await isActivityEnabled(db, SUGGESTION_ACTIVITY), body, (field) => messages.t(`field.${field}`, language));
  if (form) throw form;
  await findCampus(db, body.campus);
  const library = await findLibrary(db, body.biblioteca);
  const where = suggestionLibraryRefusal(body, library?.codCampus ?? null);
  if (where || !library) throw where ?? errors.libraryInvalid(body.biblioteca);
  const person = await findPerson(db, codPessoa);
  if (!person) throw errors.tokenInvalid();
  await throttle(db, [{ key: `sugestao-aquisicao:${codPessoa}`, limit: SENDS_PER_HOUR }], 3600);
  const blankToNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);
  const codigo = await db.transaction(async (tx) => {
    const id = await insertSuggestion(tx, {
      codPessoa,
      codCampus: body.campus,
      codBiblioteca: body.biblioteca,
      autor: blankToNull(body.autor),
      titulo: body.titulo,
      edicao: blankToNull(body.edicao),
      editor: body.editor,
      isbnIssn: blankToNull(body.isbn_issn),
      periodico: body.periodico ?? false,
      outrasInf: blankToNull(body.outras_inf),
    });
    if (library.email) {
      const t = (key: Parameters<typeof messages.t>[0]) => messages.t(key, LIBRARY_LANGUAGE);
      const lines = [
        [t('field.titulo'), body.titulo],
        [t('field.autor'), body.autor],
        [t('field.edicao'), body.edicao],
        [t('field.editor'), body.editor],
        [body.periodico ? t('field.issn') : t('field.isbn'), body.isbn_issn],
        [t('field.periodico'), body.periodico ? t('yes') : t('no')],
        [t('field.outras_inf'), body.outras_inf],
      ].filter(([, value]) => value);
      await mailOrFail(mailer, {
        to: [library.email],
        replyTo: person.email ?? undefined,
        subject: messages.t('mail.suggestion.subject', LIBRARY_LANGUAGE, { id, title: body.titulo }),
        text: messages.t('mail.suggestion.body', LIBRARY_LANGUAGE, { from: sender(person), fields: lines.map(([k, v]) => `${k}: ${v}`).join('\n') }),
      });
    }
    return id;
  });
  return { codigo, mensagem: messages.t('SugestaoAquisicaoEnviadoSucesso', language) };
}

/** "Ana Souza <ana@example.org>": who wrote, as the library sees it. */
const sender = (person: { nome: string; email: string | null }) => `${person.nome}${person.email ? ` <${person.email}>` : ''}`;

async function mailOrFail(mailer: Mailer, message: Parameters<Mailer['send']>[0]): Promise<void> {
  try {
    await mailer.send(message);
  } catch {
    throw errors.libraryMailFailed();
  }
}

/** Staff (`npm run units -- comments|suggestions`): the latest ones, newest first. */
export const recentGeneralComments = (db: Db, limit = 20) => latestGeneralComments(db, limit);
export const recentSuggestions = (db: Db, limit = 20) => latestSuggestions(db, limit);
