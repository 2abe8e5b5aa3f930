import type { Language } from '@estante/contracts/kernel';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import { VALUE_KINDS, type ValueKind } from '../../db/schema/index.js';

export { VALUE_KINDS, type ValueKind };

/** A value's name in the call's language: its translation, or the Portuguese it was written in. */
export type ValueNamer = (kind: ValueKind, portuguese: string) => string;

const AS_WRITTEN: ValueNamer = (_kind, portuguese) => portuguese;

/**
 * The namer for `language` over the given kinds (issue 24): one small query for English and
 * Spanish, none for Portuguese. Read per call, so a translation set by staff shows at once.
 */
export async function valueNamer(db: Pick<Db, 'execute'>, language: Language, kinds: readonly ValueKind[]): Promise<ValueNamer> {
  if (language === 'pt' || kinds.length === 0) return AS_WRITTEN;
  const column = language === 'en' ? sql`en` : sql`es`;
  const rows = await queryRows<{ kind: ValueKind; valor: string; nome: string }>(
    db,
    sql`select kind, valor, ${column} as nome from value_translations
        where kind in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )}) and ${column} is not null and ${column} <> ''`,
  );
  const names = new Map(rows.map((row) => [`${row.kind}\u0000${row.valor}`, row.nome]));
  return (kind, portuguese) => names.get(`${kind}\u0000${portuguese}`) ?? portuguese;
}

/**
 * Sets (or, with an empty text, removes) a value's name in English or Spanish; `npm run
 * institution -- translate`. The value is matched as written in Portuguese.
 */
export async function setValueTranslation(db: Db, kind: ValueKind, portuguese: string, language: 'en' | 'es', text: string, actor: string): Promise<void> {
  const value = text.trim() || null;
  const column = language === 'en' ? sql`en` : sql`es`;
  // One transaction: a row left with neither language is removed with the same write, and the act recorded.
  await db.transaction(async (tx) => {
    const [before] = await queryRows<{ text: string | null }>(
      tx,
      sql`select ${column} as text from value_translations where kind = ${kind} and valor = ${portuguese}`,
    );
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'institution.translate',
      alvo: `${kind}:${portuguese}`,
      detalhes: { idioma: language, antes: before?.text ?? null, depois: value },
    });
    await tx.execute(
      sql`insert into value_translations (kind, valor, ${column}) values (${kind}, ${portuguese}, ${value})
          on conflict (kind, valor) do update set ${column} = excluded.${column}`,
    );
    await tx.execute(sql`delete from value_translations where kind = ${kind} and valor = ${portuguese} and en is null and es is null`);
  });
}

/** Every translation, for the staff listing. */
export async function listValueTranslations(db: Pick<Db, 'execute'>) {
  return queryRows<{ kind: ValueKind; valor: string; en: string | null; es: string | null }>(
    db,
    sql`select kind, valor, en, es from value_translations order by kind, valor`,
  );
}

/** Every controlled value in use with its names in English and Spanish (the administration's translations screen). */
export function controlledValues(db: Pick<Db, 'execute'>) {
  return queryRows<{ tipo: ValueKind; valor: string; en: string | null; es: string | null }>(
    db,
    sql`with used(tipo, valor) as (
          select distinct 'area', descricao from knowledge_areas
          union select distinct 'tipo_area', desc_tipo_area_conhec from knowledge_areas
          union select 'tipo_emprestimo', descricao from loan_types
          union select distinct 'colecao', colecao from copies where colecao is not null and btrim(colecao) <> ''
          union select 'categoria', descricao from patron_categories
          union select kind, valor from value_translations)
        select u.tipo, u.valor, v.en, v.es from used u left join value_translations v on v.kind = u.tipo and v.valor = u.valor
        order by u.tipo, u.valor limit 5000`,
  );
}
