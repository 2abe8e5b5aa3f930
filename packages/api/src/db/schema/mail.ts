import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every e-mail the library sends (migration 0049): to whom, the subject, sent or failed and why;
 * the text kept for a resend unless it carries a secret. Kept 90 days.
 */
export const mailLog = pgTable(
  'mail_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    para: text('para').array().notNull(),
    responder: text('responder'),
    assunto: text('assunto').notNull(),
    corpo: text('corpo'),
    anexos: smallint('anexos').notNull().default(0),
    situacao: text('situacao', { enum: ['enviado', 'falhou'] }).notNull(),
    erro: text('erro'),
    reenvioDe: bigint('reenvio_de', { mode: 'number' }),
  },
  (t) => [check('mail_log_situacao', sql`${t.situacao} in ('enviado', 'falhou')`), index('mail_log_em').on(t.em.desc())],
);
