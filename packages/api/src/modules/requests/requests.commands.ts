import { REQUEST_FILTERS, REQUEST_STATUSES, REQUEST_TYPES, type RequestStatus, type RequestType, requestsEndpoints } from '@estante/contracts/requests';
import { staffCommands } from '../../lib/staff-commands.js';
import { moveRequest, queue } from './requests.service.js';

const usage = () => staffCommands.usage('requests');

staffCommands.define({
  group: 'requests',
  verb: 'list',
  screen: 'reads',
  args: '[type] [status]',
  summary:
    "the patrons' requests (oldest first): type comutacao-bibliografica,\nlevantamento-bibliografico, ficha-catalografica,\npesquisa-especializada or emprestimo-inter-bibliotecas; status\naguardando (the default), em_transito, disponivel, retirada,\natendida, cancelada or todas",
  run: async (args, { db }) => {
    const [first, second] = args;
    const tipo = first && (REQUEST_TYPES as readonly string[]).includes(first) ? (first as RequestType) : undefined;
    const status = (tipo ? second : first) ?? 'aguardando';
    if ((first && !tipo && !(REQUEST_FILTERS as readonly string[]).includes(first)) || !(REQUEST_FILTERS as readonly string[]).includes(status))
      throw new Error(`a request type and / or a status are expected\n${usage()}`);
    const rows = await queue(db, tipo, status as RequestStatus | 'todas');
    if (rows.length === 0) return 'no requests';
    return rows
      .map(
        (r) =>
          `#${r.cod_solicitacao}  ${r.criado_em}  [${r.situacao}]  ${r.tipo}${r.subtipo ? `/${r.subtipo}` : ''}  ${r.pessoa} at ${r.biblioteca}:\n    ${r.resumo}`,
      )
      .join('\n');
  },
});

/** `status` moves a request on; `ficha` releases a reviewed catalogue sheet (status disponivel). */
for (const sheet of [false, true]) {
  staffCommands.define({
    group: 'requests',
    verb: sheet ? 'ficha' : 'status',
    screen: requestsEndpoints.change,
    args: sheet ? '<n> <classification> <author mark> [note]' : '<n> <status> [note]',
    summary: sheet ? 'release catalogue sheet n, reviewed: its PDF can be downloaded' : 'move request n on, with a note for the patron (e-mailed)',
    run: async (args, { db, mailer, actor }) => {
      const [n = '', ...rest] = args;
      const [situacao, classificacao, cutter] = sheet ? ['disponivel', rest[0], rest[1]] : [rest[0] ?? '', undefined, undefined];
      const nota = (sheet ? rest.slice(2) : rest.slice(1)).join(' ').trim().slice(0, 2000) || undefined;
      if (!/^\d{1,9}$/.test(n) || !(REQUEST_STATUSES as readonly string[]).includes(situacao) || (sheet && (!classificacao || !cutter)))
        throw new Error(`${sheet ? 'a request number, a classification and an author mark' : 'a request number and a status'} are needed\n${usage()}`);
      const moved = await moveRequest(
        db,
        mailer,
        Number(n),
        {
          situacao: situacao as RequestStatus,
          nota,
          classificacao: classificacao?.slice(0, 40),
          cutter: cutter?.slice(0, 20),
        },
        actor,
      );
      return `request ${moved.cod_solicitacao} is now ${moved.situacao}${moved.nota ? ` ("${moved.nota}")` : ''}; shown in Meu Pergamum and e-mailed to the patron`;
    },
  });
}
