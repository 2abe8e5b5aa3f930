import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { mailLog } from '../db/schema/index.js';
import type { Mailer, MailMessage } from './mail.js';

/** What a failure says, in a line (an SMTP server's reply, a refused connection). */
function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);
}

/**
 * A mailer that writes each message it sends, or fails to send, to the mail log (issue 54): to
 * whom, the subject, the text unless it is confidential, sent or failed and why. The send's
 * outcome is the caller's as before; a log that cannot be written (the database down) never turns
 * a sent message into a failure, nor a failure into another error.
 */
export function loggedMailer(db: Db, inner: Mailer): Mailer {
  const log = async (message: MailMessage, failure: unknown) => {
    try {
      await db.insert(mailLog).values({
        para: message.to,
        responder: message.replyTo ?? null,
        assunto: message.subject,
        corpo: message.confidential ? null : message.text,
        anexos: message.attachments?.length ?? 0,
        situacao: failure === undefined ? 'enviado' : 'falhou',
        erro: failure === undefined ? null : reason(failure),
        reenvioDe: message.resendOf ?? null,
      });
    } catch {
      // The log is a record of the mail, not a condition of it.
    }
  };
  return {
    async send(message) {
      // The library's sender when it set one (read per message: a change holds from the next).
      const from = message.from ?? (await librarySender(db));
      try {
        await inner.send(from ? { ...message, from } : message);
      } catch (error) {
        await log(message, error ?? new Error('failed'));
        throw error;
      }
      await log(message, undefined);
    },
  };
}

/** The sender the library set (`parametros.remetente`), if any; none when the database cannot say. */
export async function librarySender(db: Db): Promise<string | undefined> {
  try {
    const [row] = await queryRows<{ remetente: string | null }>(db, sql`select parametros->>'remetente' as remetente from institution limit 1`);
    return row?.remetente || undefined;
  } catch {
    return undefined;
  }
}
