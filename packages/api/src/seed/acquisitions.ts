import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';

/** [login, title, author, publisher, days ago sent, steps after pre-suggestion, copies, delivered] */
const SUGGESTIONS: [string, string, string, string, number, string[], number, number][] = [
  [
    'professor',
    'Avaliação da aprendizagem escolar',
    'Cipriano Carlos Luckesi',
    'Cortez',
    200,
    ['sugestao_compra', 'em_cotacao', 'aguardando_entrega', 'atendida'],
    4,
    4,
  ],
  ['professor', 'Didática', 'José Carlos Libâneo', 'Cortez', 120, ['sugestao_compra', 'em_cotacao', 'aguardando_entrega', 'parcialmente_atendida'], 6, 2],
  ['professor', 'Estatística básica', 'Wilton de O. Bussab', 'Saraiva', 75, ['em_cotacao', 'aguardando_entrega'], 3, 0],
  ['professor', 'Probability and statistics for engineers', 'Ronald E. Walpole', 'Pearson', 40, ['em_cotacao', 'em_negociacao'], 2, 0],
  ['professor', 'A escola e o conhecimento', 'Mario Sergio Cortella', 'Cortez', 25, ['esgotada'], 1, 0],
  ['professor', 'Psicologia da educação', 'Claudia Davis', 'Cortez', 8, [], 1, 0],
  ['aluno', 'Cálculo: volume 1', 'James Stewart', 'Cengage', 60, ['sugestao_compra', 'em_cotacao'], 5, 0],
];

/**
 * Acquisition suggestions in every part of their life for the demo (Consulta de sugestões, purchase
 * orders, statistics have something to show): the professor's and a student's, one purchase order
 * at the Central library. The attended one links to a catalogue title on its subject.
 */
export async function seedAcquisitions(db: Db): Promise<number> {
  const [library] = await queryRows<{ cod_biblioteca: number; cod_campus: number }>(
    db,
    sql`select cod_biblioteca, cod_campus from libraries order by cod_biblioteca limit 1`,
  );
  if (!library) return 0;
  const [order] = await queryRows<{ id: number }>(
    db,
    sql`insert into purchase_orders (cod_biblioteca, fornecedor, previsao_entrega, criado_em)
        values (${library.cod_biblioteca}, 'Livraria Acadêmica Ltda.', current_date + 20, now() - interval '100 days') returning cod_pedido as id`,
  );
  const [title] = await queryRows<{ cod_acervo: number }>(db, sql`select cod_acervo from titles order by cod_acervo limit 1`);
  let made = 0;
  for (const [login, titulo, autor, editor, daysAgo, steps, quantidade, entregue] of SUGGESTIONS) {
    const situacao = steps.at(-1) ?? 'pre_sugestao';
    const ordered = steps.includes('aguardando_entrega');
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into acquisition_suggestions (cod_pessoa, cod_campus, cod_biblioteca, titulo, autor, editor, situacao, enviado_em,
                                               quantidade, total_entregue, data_cotacao, obra_estrangeira, cod_pedido, cod_acervo)
          select l.cod_pessoa, ${library.cod_campus}, ${library.cod_biblioteca}, ${titulo}, ${autor}, ${editor}, ${situacao},
                 now() - ${daysAgo} * interval '1 day', ${quantidade}, ${entregue},
                 ${steps.includes('em_cotacao') ? sql`current_date - ${Math.floor(daysAgo / 2)}::int` : sql`null`},
                 ${editor === 'Pearson'}, ${ordered ? order!.id : null}, ${situacao === 'atendida' ? (title?.cod_acervo ?? null) : null}
          from logins l where l.login = ${login}
          returning id`,
    );
    if (!row) continue;
    const history = ['pre_sugestao', ...steps];
    for (const [i, step] of history.entries()) {
      const at = daysAgo - Math.round((daysAgo * i) / history.length);
      await db.execute(sql`insert into suggestion_events (cod_sugestao, situacao, em) values (${row.id}, ${step}, now() - ${at} * interval '1 day')`);
    }
    made++;
  }
  return made;
}
