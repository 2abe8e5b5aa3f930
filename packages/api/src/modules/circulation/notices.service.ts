import type { Language } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import { formatDay, type Params } from '../../lib/i18n.js';
import type { Mailer } from '../../lib/mail.js';
import { messages } from './circulation.messages.js';
import { institutionNumber } from '../parameters/parameters.service.js';
import { claimNotices, loansNeedingNotice, type NoticeKind, type NoticeLoan, patronsNeedingNotice, releaseNotices } from './notices.queries.js';

/** Days before the due date the reminder goes, unless the institution sets `dias_aviso_vencimento`. */
export const DEFAULT_REMINDER_DAYS = 2;

/** Patrons whose loans are read at a time (patronsNeedingNotice). */
export const PATRONS_PER_BATCH = 500;

/**
 * The loan notices job: each patron gets one e-mail listing their loans due within the
 * institution's reminder days, and one listing their overdue loans, each loan once per kind.
 * A patron's notices are claimed (committed: two runs at once, on two servers, never both send
 * one), then sent outside any transaction, so a slow mail server holds no connection and no lock
 * (issue 52); a failed send gives the claim back for the next run. Patrons are taken
 * `patronsPerBatch` at a time, by number.
 */
export async function sendLoanNotices(db: Db, mailer: Mailer, language: Language = 'pt', patronsPerBatch = PATRONS_PER_BATCH): Promise<string> {
  const days = await institutionNumber(db, 'dias_aviso_vencimento', DEFAULT_REMINDER_DAYS);
  const sent: Record<NoticeKind, number> = { lembrete: 0, atraso: 0 };
  let failures = 0;
  for (const kind of ['lembrete', 'atraso'] as const) {
    for (let after: number | null = null; ;) {
      const patrons = await patronsNeedingNotice(db, kind, days, after, patronsPerBatch);
      if (patrons.length === 0) break;
      after = patrons[patrons.length - 1]!;
      failures += await sendBatch(db, mailer, language, kind, await loansNeedingNotice(db, kind, days, patrons), sent);
    }
  }
  const outcome = `${sent.lembrete} reminder(s) and ${sent.atraso} overdue notice(s) sent`;
  // Some could not be sent: the job fails, and is retried with back-off (the sent ones stay sent).
  if (failures > 0) throw new Error(`${outcome}; ${failures} patron(s) could not be e-mailed`);
  return outcome;
}

/** Claims and e-mails one batch's notices, a patron at a time; counts what went in `sent` and answers how many patrons could not be e-mailed. */
async function sendBatch(db: Db, mailer: Mailer, language: Language, kind: NoticeKind, due: NoticeLoan[], sent: Record<NoticeKind, number>): Promise<number> {
  let failures = 0;
  const byPatron = new Map<number, NoticeLoan[]>();
  for (const loan of due) {
    const loans = byPatron.get(loan.cod_pessoa);
    // Pushed, not copied: a patron with many loans due (an institution's account) was quadratic.
    if (loans) loans.push(loan);
    else byPatron.set(loan.cod_pessoa, [loan]);
  }
  for (const loans of byPatron.values()) {
    const claimed = new Set(
      await claimNotices(
        db,
        kind,
        loans.map((l) => l.cod_emprestimo),
      ),
    );
    const mine = loans.filter((l) => claimed.has(l.cod_emprestimo));
    if (mine.length === 0) continue;
    // In the language the patron last signed in with, its dates as that language writes them (never ISO).
    const own = mine[0]!.idioma ?? language;
    const t = (part: 'subject' | 'intro' | 'line' | 'close', params?: Params) => messages.t(`notice.${kind}.${part}`, own, params);
    const lines = mine.map((l) => t('line', { title: l.titulo, copy: l.tombo, due: formatDay(own, l.devolucao) }));
    try {
      await mailer.send({
        to: [mine[0]!.email],
        subject: t('subject'),
        text: [t('intro', { name: mine[0]!.nome.split(' ')[0] ?? '' }), ...lines, '', t('close')].join('\n'),
      });
      sent[kind] += mine.length;
    } catch {
      await releaseNotices(
        db,
        kind,
        mine.map((l) => l.cod_emprestimo),
      );
      failures++;
    }
  }
  return failures;
}
