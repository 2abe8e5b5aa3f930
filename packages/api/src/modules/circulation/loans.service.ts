import type { EmprestimoHistorico, EmprestimoPendente, Renovacao } from '@estante/contracts/circulation';
import type { Language } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import { verificationKey } from '../../lib/codes.js';
import { formatDay, type Params } from '../../lib/i18n.js';
import { messages } from './circulation.messages.js';
import { type RenewalRefusal, renewalRefusal, renewalWithoutEffect } from './circulation.policy.js';
import { openDayFrom } from './holds.queries.js';
import { lockLoansForRenewal, openLoans, renewLoan, returnedLoans } from './loans.queries.js';

/** `GET /api/emprestimo/titulos-pendentes`: open loans, overdue marked, renewals used against the limit. */
export function pendingLoans(db: Db, codPessoa: number): Promise<EmprestimoPendente[]> {
  return openLoans(db, codPessoa);
}

/** `GET /pessoas/renovar`: the open loans a renewal would accept now. */
export async function renewableLoans(db: Db, codPessoa: number): Promise<EmprestimoPendente[]> {
  return (await openLoans(db, codPessoa)).filter((loan) => renewalRefusal(loan) === null);
}

/** `GET /api/emprestimo/historico`: returned loans of a period, or only the fined ones. */
export function loanHistory(db: Db, codPessoa: number, from: string, to: string, onlyFined: boolean): Promise<EmprestimoHistorico[]> {
  return returnedLoans(db, codPessoa, from, to, onlyFined);
}

/**
 * `POST /api/emprestimo/renovacao` (spec §4, §8): renews each loan it can, for the policy's
 * period from today (moved past closed days), and says for each one it cannot why: not the
 * patron's open loan, or the renewal rules' refusal (renewalRefusal, renewalWithoutEffect in
 * circulation.policy.ts: a double click renews once). The loans are locked while renewed; one receipt key covers the renewals made.
 */
export async function renewLoans(db: Db, codPessoa: number, ids: number[], language: Language, person: string): Promise<Renovacao> {
  return db.transaction(async (tx) => {
    const found = await lockLoansForRenewal(tx, codPessoa, ids);
    const key = verificationKey();
    const itens: Renovacao['itens'] = [];
    for (const id of ids) {
      const loan = found.find((l) => l.cod_emprestimo === id);
      const refuse = (reason: RenewalRefusal['key'] | 'EmprestimoNaoEncontrado', params: Params = {}) =>
        itens.push({
          cod_emprestimo: id,
          titulo: loan?.titulo ?? null,
          renovado: false,
          nova_devolucao: null,
          motivo: messages.t(reason, language, params),
          chave_motivo: reason,
        });
      if (!loan) {
        refuse('EmprestimoNaoEncontrado', { id });
        continue;
      }
      const due = renewalRefusal(loan) ? null : await openDayFrom(tx, loan.cod_biblioteca, loan.prazo_dias);
      const refusal = renewalRefusal(loan) ?? renewalWithoutEffect(loan.data_devolucao_prevista, due!);
      if (refusal?.key === 'LimiteRenovacoes') refuse(refusal.key, { limit: refusal.limit });
      else if (refusal?.key === 'RenovacaoSemEfeito') refuse(refusal.key, { date: formatDay(language, refusal.due) });
      else if (refusal) refuse(refusal.key);
      else {
        await renewLoan(tx, { cod_emprestimo: id, cod_exemplar: loan.cod_exemplar, before: loan.data_devolucao_prevista, due: due!, key });
        itens.push({ cod_emprestimo: id, titulo: loan.titulo, renovado: true, nova_devolucao: due, motivo: null, chave_motivo: null });
      }
    }
    const renewed = itens.some((i) => i.renovado);
    return { itens, comprovante: renewed ? { chave: key, data: new Date().toISOString(), pessoa: person } : null };
  });
}
