import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';

/** A message as the app writes it. */
export interface MailMessage {
  to: string[];
  /** Where replies go (the patron who wrote), when not the sender. */
  replyTo?: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer | string; contentType: string }[];
  /** The text carries a secret (a recovery code): the mail log keeps only to whom and the subject, and it is never resent. */
  confidential?: boolean;
  /** A resend of the mail log's message `resendOf` (the log links the two). */
  resendOf?: number;
  /** The sender, when not the server's MAIL_FROM (the library's setting, issue 54). */
  from?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends over SMTP (nodemailer) to `url`, from `from`. */
export function createMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({
        from: message.from ?? from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments,
      });
    },
  };
}

/**
 * The local mail sink of development and tests: a real SMTP server on 127.0.0.1 (any free
 * port) that accepts every message and keeps it, as sent, in `dir` as an .eml file (open it in
 * any mail client). Messages over 10 MB are refused.
 */
/** Without SMTP_URL and outside main.ts (which starts the local sink), sending fails (a 502 to a caller). */
const unconfigured: Mailer = {
  send: () => Promise.reject(new Error('no SMTP server configured')),
};

/** The mailer of a configuration: SMTP_URL's server, or one that refuses to send. */
export function configuredMailer(smtpUrl: string | null, from: string): Mailer {
  return smtpUrl ? createMailer(smtpUrl, from) : unconfigured;
}

export async function startMailSink(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: 10 * 1024 * 1024,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++n}.eml`;
        writeFileSync(path.join(dir, name), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
