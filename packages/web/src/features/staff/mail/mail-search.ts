import type { MensagemEnviada } from '@estante/contracts/jobs';

/** A message's status as the log records it. */
export type MailStatus = MensagemEnviada['situacao'];
export const MAIL_STATUSES: readonly MailStatus[] = ['enviado', 'falhou'];
/** The longest address (or part of one) the call takes. */
export const ADDRESS_MAX = 200;
/** The highest page the call takes. */
const PAGE_MAX = 10_000;

/** What the mail log shows: by status, by (part of) an address, and which page of 50. */
export interface MailSearch {
  situacao?: MailStatus;
  para?: string;
  pagina: number;
}

/**
 * The search in the page's address (`?situacao=falhou&para=ana&pagina=2`), so that the back button
 * and a shared link show the same messages; what does not fit the call is left out.
 */
export function readMailSearch(params: URLSearchParams): MailSearch {
  const situacao = MAIL_STATUSES.find((s) => s === params.get('situacao'));
  const para = params.get('para')?.trim().slice(0, ADDRESS_MAX) || undefined;
  const page = Number(params.get('pagina'));
  const pagina = Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1;
  return { situacao, para, pagina };
}

/** The page's address for `search`: only what is given, the first page unsaid. */
export function mailSearchParams({ situacao, para, pagina }: MailSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (situacao) params.set('situacao', situacao);
  if (para) params.set('para', para);
  if (pagina > 1) params.set('pagina', String(pagina));
  return params;
}
