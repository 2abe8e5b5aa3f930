import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { mailLog } from '../db/schema/index.js';
import type { Mailer, MailMessage } from './mail.js';
import { countMail } from './metrics.js';
import { currentWork, type WorkContext } from './request-context.js';

/** Where a line per message goes (the app's pino logger). */
export interface MailLogLine {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** What a failure says, in a line (an SMTP server's reply, a refused connection). */
function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);
}

/** How long a node trusts the sender it read before reading it again (another node may have changed it). */
const SENDER_TTL_MS = 30_000;
/** The log row being written for a message, for a caller outside any transaction that wants it (a resend answers with it). */
const written = new WeakMap<MailMessage, Promise<number | undefined>>();

/** The mail log's number for a message this node just sent (or failed to), once written; undefined when it could not be. */
export function loggedAs(message: MailMessage): Promise<number | undefined> {
  return written.get(message) ?? Promise.resolve(undefined);
}
const senders = new WeakMap<Db, { value: string | undefined; at: number; reading?: Promise<void> }>();

/** The sender the library set (`parametros.remetente`), if any; none when the database cannot say. */
export async function librarySender(db: Db): Promise<string | undefined> {
  try {
    const [row] = await queryRows<{ remetente: string | null }>(db, sql`select parametros->>'remetente' as remetente from institution limit 1`);
    return row?.remetente || undefined;
  } catch {
    return undefined;
  }
}

/** Reads the library's sender into this node's memory (at start, when stale, and after the setting changes here). */
export function refreshSender(db: Db): Promise<void> {
  const known = senders.get(db);
  if (known?.reading) return known.reading;
  const reading = librarySender(db).then((value) => {
    senders.set(db, { value, at: Date.now() });
  });
  senders.set(db, { value: known?.value, at: known?.at ?? 0, reading });
  return reading;
}

/** This node learns a sender it has just set (the next message uses it). */
export function rememberSender(db: Db, value: string | null): void {
  senders.set(db, { value: value ?? undefined, at: Date.now() });
}

/**
 * A mailer that writes each message it sends, or fails to send, to the mail log (issue 54): to
 * whom, the subject, the text unless it is confidential, sent or failed and why; and sends it from
 * the library's sender when one is set. The send's outcome is the caller's as before; a log that
 * cannot be written (the database down) never turns a sent message into a failure.
 *
 * A caller may send inside its own transaction, so nothing here waits on the database: the
 * sender is this node's copy (read at start, again when 30 s old, in the background), and the log
 * row is written without being awaited. Awaiting it would deadlock: on the embedded database the
 * caller's transaction holds the one connection until it ends; on a server twenty transactions
 * sending at once would hold every pooled connection while each log row waited for one.
 *
 * Each message is also counted in /metrics, and, given `lines` (the app's logger), written as one
 * log line once its row is: its mail log number, how many it went to, and on whose behalf it was
 * sent — the request's id (`reqId`) and the job's name, as the request and job log lines say
 * them (decision 0059). The addresses and the text stay in the mail log only.
 */
export function loggedMailer(db: Db, inner: Mailer, lines?: MailLogLine): Mailer {
  void refreshSender(db);
  const log = async (message: MailMessage, failure: unknown): Promise<number | undefined> => {
    try {
      const [row] = await db
        .insert(mailLog)
        .values({
          para: message.to,
          responder: message.replyTo ?? null,
          assunto: message.subject,
          corpo: message.confidential ? null : message.text,
          anexos: message.attachments?.length ?? 0,
          situacao: failure === undefined ? 'enviado' : 'falhou',
          erro: failure === undefined ? null : reason(failure),
          reenvioDe: message.resendOf ?? null,
        })
        .returning({ id: mailLog.id });
      return row?.id;
    } catch {
      // The log is a record of the mail, not a condition of it.
      return undefined;
    }
  };
  const record = (message: MailMessage, failure: unknown, who: WorkContext) => {
    const row = log(message, failure);
    written.set(message, row);
    countMail(failure === undefined ? 'sent' : 'failed');
    if (!lines) return;
    void row.then((mailLogId) => {
      const fields = {
        ...(who.reqId ? { reqId: who.reqId } : {}),
        ...(who.job ? { job: who.job.name, jobId: who.job.id } : {}),
        mail: { logId: mailLogId ?? null, recipients: message.to.length, ...(failure === undefined ? {} : { error: reason(failure) }) },
      };
      if (failure === undefined) lines.info(fields, 'mail sent');
      else lines.warn(fields, 'mail failed');
    });
  };
  return {
    async send(message) {
      const known = senders.get(db);
      if (!known || Date.now() - known.at > SENDER_TTL_MS) void refreshSender(db);
      const from = message.from ?? known?.value;
      // On whose behalf: the request or job this send runs in (lib/request-context.ts).
      const who = currentWork();
      try {
        await inner.send(from ? { ...message, from } : message);
      } catch (error) {
        record(message, error ?? new Error('failed'), who);
        throw error;
      }
      record(message, undefined, who);
    },
  };
}
