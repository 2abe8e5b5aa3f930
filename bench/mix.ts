/**
 * The normal search mix of `bench:search` (bench/README.md): 45 % one-to-three-word keyword
 * searches, 20 % title phrases, 20 % author names, 15 % keyword searches on deep pages, a third
 * with one or two facet filters — drawn from a seeded sample of the generated titles, so a draw
 * is the same every run. Each query string comes with its kind (`bench:search-kinds` adds its
 * CPU to it).
 */
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../packages/api/src/db/client.js';

export interface MixQuery {
  kind: string;
  q: string;
}

export async function normalMix(db: Db, n: number, draw: number): Promise<MixQuery[]> {
  let seed = 42 + draw;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const sample = await queryRows<{ title: string; author: string | null; idioma: string | null; ano_publicacao: number | null; cod_tipo_obra: number }>(
    db,
    sql`select title, author, idioma, ano_publicacao, cod_tipo_obra from titles where control_number like 'GEN%' and cod_acervo % 97 = ${draw % 97} order by cod_acervo limit 2000`,
  );
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const words = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2);
  const out: MixQuery[] = [];
  for (let i = 0; i < n; i++) {
    const t = pick(sample);
    const r = rnd();
    const params = new URLSearchParams();
    let kind: string;
    if (r < 0.45) {
      const ws = words(t.title);
      const k = 1 + Math.floor(rnd() * Math.min(3, ws.length));
      params.set('termo1', Array.from({ length: k }, () => pick(ws)).join(' '));
      kind = 'keywords';
    } else if (r < 0.65) {
      const ws = words(t.title);
      const start = Math.floor(rnd() * Math.max(1, ws.length - 2));
      params.set('termo1', ws.slice(start, start + 2 + Math.floor(rnd() * 2)).join(' '));
      params.set('tipo1', 'frase');
      kind = 'phrase';
    } else if (r < 0.85 && t.author) {
      params.set('termo1', t.author.split(',')[0]!);
      params.set('campo1', 'autor');
      kind = 'author';
    } else {
      params.set('termo1', pick(words(t.title)));
      params.set('pagina', String(2 + Math.floor(rnd() * 40)));
      kind = 'deep page';
    }
    if (rnd() < 0.33) {
      params.append('filtro', `T:${t.cod_tipo_obra}`);
      if (rnd() < 0.5 && t.idioma) params.append('filtro', `I:${t.idioma}`);
      else if (t.ano_publicacao) params.append('filtro', `Y:${t.ano_publicacao}`);
      kind += ', filtered';
    }
    out.push({ kind, q: params.toString() });
  }
  return out;
}
