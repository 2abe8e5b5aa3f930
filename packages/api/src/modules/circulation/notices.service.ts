import type { Language } from '@estante/contracts';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { institutionNumber } from '../parameters/parameters.service.js';
import { claimNotices, loansNeedingNotice, type NoticeKind, type NoticeLoan } from './notices.queries.js';

/** Days before the due date the reminder goes, unless the institution sets `dias_aviso_vencimento`. */
export const DEFAULT_REMINDER_DAYS = 2;

const TEXT: Record<Language, Record<NoticeKind, { subject: string; intro: (name: string) => string; line: (l: NoticeLoan) => string; close: string }>> = {
  pt: {
    lembrete: {
      subject: 'Lembrete: devolução próxima',
      intro: (name) => `Olá, ${name}.\n\nEstes empréstimos vencem em breve:`,
      line: (l) => `- ${l.titulo} (exemplar ${l.tombo}): devolver até ${l.devolucao}`,
      close: 'Você pode renovar pelo Meu Pergamum, se a renovação for permitida.',
    },
    atraso: {
      subject: 'Empréstimo em atraso',
      intro: (name) => `Olá, ${name}.\n\nEstes empréstimos passaram da data de devolução:`,
      line: (l) => `- ${l.titulo} (exemplar ${l.tombo}): devolução prevista em ${l.devolucao}`,
      close: 'Devolva-os na biblioteca assim que puder; o atraso pode gerar multa.',
    },
  },
  en: {
    lembrete: {
      subject: 'Reminder: items due soon',
      intro: (name) => `Hello, ${name}.\n\nThese loans are due soon:`,
      line: (l) => `- ${l.titulo} (copy ${l.tombo}): due ${l.devolucao}`,
      close: 'You can renew them in Meu Pergamum, where renewal is allowed.',
    },
    atraso: {
      subject: 'Overdue loan',
      intro: (name) => `Hello, ${name}.\n\nThese loans are past their due date:`,
      line: (l) => `- ${l.titulo} (copy ${l.tombo}): was due ${l.devolucao}`,
      close: 'Please return them to the library as soon as you can; late returns may be fined.',
    },
  },
  es: {
    lembrete: {
      subject: 'Recordatorio: devolución próxima',
      intro: (name) => `Hola, ${name}.\n\nEstos préstamos vencen pronto:`,
      line: (l) => `- ${l.titulo} (ejemplar ${l.tombo}): devolver hasta ${l.devolucao}`,
      close: 'Puede renovarlos en Meu Pergamum, si la renovación está permitida.',
    },
    atraso: {
      subject: 'Préstamo atrasado',
      intro: (name) => `Hola, ${name}.\n\nEstos préstamos pasaron la fecha de devolución:`,
      line: (l) => `- ${l.titulo} (ejemplar ${l.tombo}): devolución prevista el ${l.devolucao}`,
      close: 'Devuélvalos en la biblioteca lo antes posible; el atraso puede generar multa.',
    },
  },
};

/**
 * The loan notices job: each patron gets one e-mail listing their loans due within the
 * institution's reminder days, and one listing their overdue loans, each loan once per kind.
 * A patron's notices are claimed and sent in one transaction, so a failed send leaves them
 * unclaimed for the next run, and two runs at once (two servers) never both send one.
 */
export async function sendLoanNotices(db: Db, mailer: Mailer, language: Language = 'pt'): Promise<string> {
  const days = await institutionNumber(db, 'dias_aviso_vencimento', DEFAULT_REMINDER_DAYS);
  const sent: Record<NoticeKind, number> = { lembrete: 0, atraso: 0 };
  let failures = 0;
  for (const kind of ['lembrete', 'atraso'] as const) {
    const byPatron = new Map<number, NoticeLoan[]>();
    for (const loan of await loansNeedingNotice(db, kind, days)) byPatron.set(loan.cod_pessoa, [...(byPatron.get(loan.cod_pessoa) ?? []), loan]);
    for (const loans of byPatron.values()) {
      try {
        await db.transaction(async (tx) => {
          const claimed = new Set(await claimNotices(tx, kind, loans.map((l) => l.cod_emprestimo)));
          const mine = loans.filter((l) => claimed.has(l.cod_emprestimo));
          if (mine.length === 0) return;
          const text = TEXT[language][kind];
          await mailer.send({ to: [mine[0]!.email], subject: text.subject, text: [text.intro(mine[0]!.nome.split(' ')[0] ?? ''), ...mine.map(text.line), '', text.close].join('\n') });
          sent[kind] += mine.length;
        });
      } catch {
        failures++;
      }
    }
  }
  const outcome = `${sent.lembrete} reminder(s) and ${sent.atraso} overdue notice(s) sent`;
  // Some could not be sent: the job fails, and is retried with back-off (the sent ones stay sent).
  if (failures > 0) throw new Error(`${outcome}; ${failures} patron(s) could not be e-mailed`);
  return outcome;
}
