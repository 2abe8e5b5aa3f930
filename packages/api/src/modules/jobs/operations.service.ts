import type { MensagemEnviada } from '@estante/contracts/jobs';
import { messageCatalogue } from '../../lib/i18n.js';
import { librarySender, loggedAs, rememberSender } from '../../lib/mail-log.js';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import type { Mailer } from '../../lib/mail.js';
import { type JobDefinition, recentRuns, type Scheduler } from '../../lib/scheduler.js';
import { errors } from './jobs.messages.js';

/** How long the mail log keeps a message. */
export const MAIL_LOG_DAYS = 90;
const PAGE = 50;

function requireJob(defined: readonly JobDefinition[], nome: string): void {
  if (!defined.some((j) => j.name === nome)) throw errors.jobUnknown(nome);
}

/** A job's latest runs (404 for a job no module defines). */
export async function jobRuns(db: Db, defined: readonly JobDefinition[], nome: string) {
  requireJob(defined, nome);
  return recentRuns(db, nome);
}

/** "Run now": the job queued for a free worker (503 when the scheduler is not running here); audited. */
export async function runJobNow(db: Db, scheduler: Scheduler, nome: string, actor: string) {
  requireJob(scheduler.definitions, nome);
  if (!scheduler.running) throw errors.schedulerStopped();
  let id: string | null;
  try {
    id = await scheduler.runSoon(nome);
  } catch {
    // Stopped between the check and the send (the server is shutting down).
    throw errors.schedulerStopped();
  }
  await recordStaffAct(db, { autor: actor, acao: 'jobs.run', alvo: `tarefa:${nome}`, detalhes: { job: id } });
  const [queued] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pgboss.job where name = ${nome} and state in ('created', 'retry', 'active')`,
  );
  return { nome, na_fila: queued?.n ?? 1 };
}

const MAIL_COLUMNS = sql`id::int as id, to_char(em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as em, para, assunto, situacao, erro, anexos::int as anexos, corpo, reenvio_de::int as reenvio_de`;

/** The mail log, newest first, 50 a page, by status and by (part of) an address. */
export async function mailLogPage(db: Db, filter: { situacao?: 'enviado' | 'falhou'; para?: string; pagina: number }) {
  const where = sql.join(
    [
      sql`true`,
      ...(filter.situacao ? [sql`situacao = ${filter.situacao}`] : []),
      ...(filter.para ? [sql`array_to_string(para, ' ') ilike ${`%${filter.para.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`] : []),
    ],
    sql` and `,
  );
  const [itens, [count]] = await Promise.all([
    queryRows<MensagemEnviada>(
      db,
      sql`select ${MAIL_COLUMNS} from mail_log where ${where} order by em desc, id desc limit ${PAGE} offset ${(filter.pagina - 1) * PAGE}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from mail_log where ${where}`),
  ]);
  return { itens, total: count?.n ?? 0 };
}

/** Sends a logged message again (the mailer logs the new one, linked to it); audited. */
export async function resendMail(db: Db, mailer: Mailer, id: number, actor: string): Promise<MensagemEnviada> {
  const [message] = await queryRows<MensagemEnviada & { responder: string | null }>(db, sql`select ${MAIL_COLUMNS}, responder from mail_log where id = ${id}`);
  if (!message) throw errors.messageNotFound(id);
  if (message.corpo === null) throw errors.messageConfidential();
  if (message.anexos > 0) throw errors.messageWithAttachments();
  const again = { to: message.para, replyTo: message.responder ?? undefined, subject: message.assunto, text: message.corpo, resendOf: id };
  try {
    await mailer.send(again);
  } catch {
    throw errors.mailFailed();
  } finally {
    await recordStaffAct(db, { autor: actor, acao: 'jobs.resend', alvo: `mensagem:${id}`, detalhes: { para: message.para, assunto: message.assunto } });
  }
  // The log row of the resend (written by the logged mailer; outside any transaction here, so awaited).
  const logged = await loggedAs(again);
  const [sent] = await queryRows<MensagemEnviada>(
    db,
    logged === undefined
      ? sql`select ${MAIL_COLUMNS} from mail_log where reenvio_de = ${id} order by id desc limit 1`
      : sql`select ${MAIL_COLUMNS} from mail_log where id = ${logged}`,
  );
  if (!sent) throw errors.messageNotFound(id);
  return sent;
}

/** The mail log's messages older than MAIL_LOG_DAYS removed (the daily job). */
export async function pruneMailLog(db: Db): Promise<string> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from mail_log where em < now() - make_interval(days => ${MAIL_LOG_DAYS}) returning 1) select count(*)::int as n from gone`,
  );
  return `${row?.n ?? 0} message(s) older than ${MAIL_LOG_DAYS} days removed from the mail log`;
}

/** A message template's key: an e-mail's subject, body or part (`mail.*`, `*.mail.*`, the desk's receipt, the notices). */
const TEMPLATE_KEY = /(^|\.)(mail|receipt|notice|notices)(\.|$)/;

/** The e-mails' sender (the library's, else the server's) and every message template in the three languages. */
export async function mailSettings(db: Db, defaultSender: string) {
  const modelos = [...messageCatalogue()].flatMap(([modulo, texts]) =>
    Object.entries(texts)
      .filter(([chave]) => TEMPLATE_KEY.test(chave))
      .map(([chave, text]) => ({ modulo, chave, pt: text.pt, en: text.en, es: text.es })),
  );
  return { remetente: (await librarySender(db)) ?? null, padrao: defaultSender, modelos };
}

/** Sets (or, with null, clears) the library's sender; audited with what it was. */
export async function setSender(db: Db, remetente: string | null, defaultSender: string, actor: string) {
  await db.transaction(async (tx) => {
    const before = (await librarySender(tx as Db)) ?? null;
    await tx.execute(
      remetente === null
        ? sql`update institution set parametros = coalesce(parametros, '{}'::jsonb) - 'remetente'`
        : sql`update institution set parametros = coalesce(parametros, '{}'::jsonb) || jsonb_build_object('remetente', ${remetente}::text)`,
    );
    await recordStaffAct(tx, { autor: actor, acao: 'jobs.sender', alvo: 'instituicao', detalhes: { antes: before, depois: remetente } });
  });
  // This node sends from it at once; the others within 30 s (lib/mail-log.ts).
  rememberSender(db, remetente);
  return mailSettings(db, defaultSender);
}
