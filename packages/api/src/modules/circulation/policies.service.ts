import type { Politicas } from '@estante/contracts/circulation';
import type { Language } from '@estante/contracts/kernel';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import { valueNamer } from '../catalog/value-names.js';
import { errors } from './circulation.messages.js';
import { DEFAULT_POLICY } from './desk.queries.js';

/**
 * The loan policies for the administration (issue 54): the rule of each category and loan type
 * (circulation_policies), and each category's loan limit. The desk and the patron's renewals read
 * them on every loan, so a change holds from the next one. Categories and loan types are named in
 * `language` (issue 55), the categories in that language's order.
 */
export async function policies(db: Db | Tx, language: Language = 'pt'): Promise<Politicas> {
  const [categorias, tipos, regras] = await Promise.all([
    queryRows<Politicas['categorias'][number]>(
      db,
      sql`select cod_categoria as codigo, descricao, limite_emprestimos::int as limite_emprestimos from patron_categories order by descricao`,
    ),
    queryRows<Politicas['tipos'][number]>(
      db,
      sql`select cod_tipo_emprestimo::int as codigo, descricao, permite_emprestimo, permite_reserva from loan_types order by cod_tipo_emprestimo`,
    ),
    queryRows<Politicas['regras'][number]>(
      db,
      sql`select cod_categoria as categoria, cod_tipo_emprestimo::int as tipo, prazo_dias::int as prazo_dias, limite_renovacoes::int as limite_renovacoes,
                 permite_reserva, multa_dia::text as multa_dia
          from circulation_policies order by cod_categoria, cod_tipo_emprestimo`,
    ),
  ]);
  if (language === 'pt') return { categorias, tipos, regras, padrao: DEFAULT_POLICY };
  const named = await valueNamer(db, language, ['categoria', 'tipo_emprestimo']);
  const collator = new Intl.Collator(language);
  return {
    categorias: categorias.map((c) => ({ ...c, descricao: named('categoria', c.descricao) })).sort((a, b) => collator.compare(a.descricao, b.descricao)),
    tipos: tipos.map((t) => ({ ...t, descricao: named('tipo_emprestimo', t.descricao) })),
    regras,
    padrao: DEFAULT_POLICY,
  };
}

async function requirePair(db: Db | Tx, categoria: string, tipo: number) {
  const [found] = await queryRows<{ categoria: boolean; tipo: boolean }>(
    db,
    sql`select exists (select 1 from patron_categories where cod_categoria = ${categoria}) as categoria,
               exists (select 1 from loan_types where cod_tipo_emprestimo = ${tipo}) as tipo`,
  );
  if (!found?.categoria) throw errors.policyCategoryMissing(categoria);
  if (!found.tipo) throw errors.policyLoanTypeMissing(tipo);
}

const ruleOf = (p: Politicas, categoria: string, tipo: number) => {
  const rule = p.regras.find((r) => r.categoria === categoria && r.tipo === tipo);
  if (!rule) return null;
  const { categoria: _c, tipo: _t, ...rest } = rule;
  return rest;
};

/** Sets the rule of a category and a loan type; audited with what it was. */
export async function setRule(
  db: Db,
  categoria: string,
  tipo: number,
  rule: { prazo_dias: number; limite_renovacoes: number; permite_reserva: boolean; multa_dia: string },
  actor: string,
  language: Language = 'pt',
): Promise<Politicas> {
  await db.transaction(async (tx) => {
    await requirePair(tx, categoria, tipo);
    const before = ruleOf(await policies(tx), categoria, tipo);
    await tx.execute(
      sql`insert into circulation_policies (cod_categoria, cod_tipo_emprestimo, prazo_dias, limite_renovacoes, permite_reserva, multa_dia)
          values (${categoria}, ${tipo}, ${rule.prazo_dias}, ${rule.limite_renovacoes}, ${rule.permite_reserva}, ${rule.multa_dia}::numeric)
          on conflict (cod_tipo_emprestimo, cod_categoria) do update set prazo_dias = excluded.prazo_dias, limite_renovacoes = excluded.limite_renovacoes,
            permite_reserva = excluded.permite_reserva, multa_dia = excluded.multa_dia`,
    );
    await recordStaffAct(tx, { autor: actor, acao: 'circulation.policy', alvo: `politica:${categoria}:${tipo}`, detalhes: { antes: before, depois: rule } });
  });
  return policies(db, language);
}

/** Removes the rule of a category and a loan type (the default applies; 404 when there was none); audited. */
export async function dropRule(db: Db, categoria: string, tipo: number, actor: string, language: Language = 'pt'): Promise<Politicas> {
  await db.transaction(async (tx) => {
    const before = ruleOf(await policies(tx), categoria, tipo);
    if (!before) throw errors.policyMissing(categoria, tipo);
    await tx.execute(sql`delete from circulation_policies where cod_categoria = ${categoria} and cod_tipo_emprestimo = ${tipo}`);
    await recordStaffAct(tx, { autor: actor, acao: 'circulation.policy', alvo: `politica:${categoria}:${tipo}`, detalhes: { antes: before, depois: null } });
  });
  return policies(db, language);
}

/** Sets a category's loan limit (404 for a category that does not exist); audited with what it was. */
export async function setLoanLimit(db: Db, categoria: string, limite: number, actor: string, language: Language = 'pt'): Promise<Politicas> {
  await db.transaction(async (tx) => {
    const [before] = await queryRows<{ n: number }>(
      tx,
      sql`select limite_emprestimos::int as n from patron_categories where cod_categoria = ${categoria} for update`,
    );
    if (!before) throw errors.policyCategoryMissing(categoria);
    await tx.execute(sql`update patron_categories set limite_emprestimos = ${limite} where cod_categoria = ${categoria}`);
    await recordStaffAct(tx, { autor: actor, acao: 'circulation.limit', alvo: `categoria:${categoria}`, detalhes: { antes: before.n, depois: limite } });
  });
  return policies(db, language);
}
