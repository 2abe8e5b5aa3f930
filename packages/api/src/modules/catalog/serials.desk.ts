import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { audited } from '../../lib/audit.js';

/**
 * The serials desk (staff commands): an issue received into a library's Kardex, and an article
 * indexed in an issue's table of contents. Each is a catalogue change the interest profiles hear
 * of (triggers queue it; the interest.match job tells the patrons who follow the serial).
 */

/** Records an issue as received today: the expected one of that slot if there is one, else a new one. */
export async function receiveIssue(
  db: Db,
  issue: { codAcervo: number; codBiblioteca: number; ano: number; mes: number; volume: string | null; numero: string | null },
  actor: string,
): Promise<{ cod_fasciculo: number; novo: boolean }> {
  const act = (done: { cod_fasciculo: number; novo: boolean }) => ({
    autor: actor,
    acao: 'serials.receive',
    alvo: `fasciculo:${done.cod_fasciculo}`,
    detalhes: {
      cod_acervo: issue.codAcervo,
      cod_biblioteca: issue.codBiblioteca,
      ano: issue.ano,
      mes: issue.mes,
      volume: issue.volume,
      numero: issue.numero,
      novo: done.novo,
    },
  });
  return audited(db, act, async (tx) => {
    const [serial] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select exists (select 1 from titles where cod_acervo = ${issue.codAcervo}) and exists (select 1 from libraries where cod_biblioteca = ${issue.codBiblioteca}) as ok`,
    );
    if (!serial?.ok) throw new Error(`title ${issue.codAcervo} or library ${issue.codBiblioteca} does not exist`);
    const [expected] = await queryRows<{ cod_fasciculo: number; recebido: boolean }>(
      tx,
      sql`select cod_fasciculo, data_chegada is not null as recebido from serial_issues
          where cod_acervo = ${issue.codAcervo} and cod_biblioteca = ${issue.codBiblioteca} and parte = 'F'
            and ano = ${issue.ano} and mes = ${issue.mes} and numero is not distinct from ${issue.numero}
          for update`,
    );
    if (expected?.recebido) throw new Error(`issue ${expected.cod_fasciculo} was already received`);
    if (expected) {
      await tx.execute(
        sql`update serial_issues set data_chegada = current_date, volume = coalesce(${issue.volume}, volume) where cod_fasciculo = ${expected.cod_fasciculo}`,
      );
      return { cod_fasciculo: expected.cod_fasciculo, novo: false };
    }
    const [made] = await queryRows<{ cod_fasciculo: number }>(
      tx,
      sql`insert into serial_issues (cod_acervo, cod_biblioteca, ano, mes, volume, numero, data_chegada)
          values (${issue.codAcervo}, ${issue.codBiblioteca}, ${issue.ano}, ${issue.mes}, ${issue.volume}, ${issue.numero}, current_date)
          returning cod_fasciculo`,
    );
    return { cod_fasciculo: made!.cod_fasciculo, novo: true };
  });
}

/** Adds an article at the end of an issue's table of contents; answers its place. */
export async function indexArticle(
  db: Db,
  codFasciculo: number,
  article: { titulo: string; autores: string | null; paginas: string | null },
  actor: string,
): Promise<number> {
  const act = (seq: number) => ({ autor: actor, acao: 'serials.article', alvo: `fasciculo:${codFasciculo}`, detalhes: { seq, ...article } });
  return audited(db, act, async (tx) => {
    const [issue] = await queryRows<{ next: number }>(
      tx,
      sql`select coalesce((select max(seq) from issue_articles where cod_fasciculo = s.cod_fasciculo), 0) + 1 as next
          from serial_issues s where s.cod_fasciculo = ${codFasciculo} for update`,
    );
    if (!issue) throw new Error(`issue ${codFasciculo} does not exist`);
    await tx.execute(
      sql`insert into issue_articles (cod_fasciculo, seq, titulo, autores, paginas) values (${codFasciculo}, ${issue.next}, ${article.titulo}, ${article.autores}, ${article.paginas})`,
    );
    return issue.next;
  });
}
