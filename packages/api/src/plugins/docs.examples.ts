import { authEndpoints } from '@estante/contracts/auth';
import { holdsEndpoints, loansEndpoints } from '@estante/contracts/circulation';
import type { Endpoint } from '@estante/contracts/kernel';
import { searchEndpoints } from '@estante/contracts/search';

/**
 * Examples of the calls a client starts with (issue 56 item 11): signing in, searching, placing a
 * hold, renewing. The docs test parses each with its declaration's schemas, so an example that
 * no longer fits its call fails there. Kept on the API's side, out of the web build.
 */
export interface Example {
  /** A request body, for each media type the call takes. */
  readonly body?: unknown;
  /** Query parameters' examples, by name. */
  readonly query?: Readonly<Record<string, string>>;
  /** The success answer (JSON). */
  readonly response?: unknown;
}

export const EXAMPLES: ReadonlyMap<Endpoint, Example> = new Map<Endpoint, Example>([
  [
    authEndpoints.token,
    {
      body: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'aluno', password: 'her-password' },
      response: {
        access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMDQyIn0.c2lnbmF0dXJl',
        token_type: 'bearer',
        expires_in: 900,
        refresh_token: 'r8Yl0m3kQ2xv7bN1sW4tZ9aC6dE5fG0h',
      },
    },
  ],
  [
    searchEndpoints.search,
    {
      query: { termo1: 'educação', campo1: 'livre', tipo1: 'palavras', quantPag: '20', ordenacao: 'C' },
      response: {
        total: 1,
        pagina: 1,
        quantPag: 20,
        acervos: [
          {
            cod_acervo: 1,
            titulo: 'Pedagogia do oprimido',
            autor: 'Freire, Paulo',
            ano_publicacao: 1987,
            cod_tipo_obra: 1,
            desc_tipo_obra: 'Livros',
            idioma: 'Português',
            link_capa: null,
            acesso_remoto: false,
            possui_acessibilidade: false,
            disponibilidade: [{ cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', total: 3, disponiveis: 2 }],
          },
        ],
        facetas: [
          {
            codigo: 'T',
            descricao: 'Tipo de obra',
            itens: [{ codigo: '1', descricao: 'Livros', total: 1, totalSemFiltro: 1, mostrarQtdOriginal: false }],
          },
        ],
        filtros: [],
      },
    },
  ],
  [
    holdsEndpoints.place,
    {
      body: { cod_acervo: 1, biblioteca: 1 },
      response: { cod_reserva: 57, posicao: 2 },
    },
  ],
  [
    loansEndpoints.renew,
    {
      body: { emprestimos: [311, 312] },
      response: {
        itens: [
          { cod_emprestimo: 311, titulo: 'Pedagogia do oprimido', renovado: true, nova_devolucao: '2025-06-20', motivo: null, chave_motivo: null },
          {
            cod_emprestimo: 312,
            titulo: 'Vidas secas',
            renovado: false,
            nova_devolucao: null,
            motivo: 'Cannot renew: another patron has placed a hold on this title.',
            chave_motivo: 'TituloReservado',
          },
        ],
        comprovante: { chave: '7F3A-19C2-B04E', data: '2025-06-13T14:02:11.000Z', pessoa: 'Ana Beatriz Souza' },
      },
    },
  ],
]);
