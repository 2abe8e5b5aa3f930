import { FREQUENCY_MONTHS, type Frequency, type KardexEquipe, SUBSCRIPTION_FREQUENCIES, type serialsStaffEndpoints } from '@estante/contracts/catalog';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.js';
import { audited, recordStaffAct } from '../../lib/audit.js';
import { errors } from './catalog.messages.js';
import { kardexChoices } from './serials.queries.js';
import { frequencyOf } from './serials.service.js';
import { requireTitle } from './title.service.js';

/**
 * The serials desk (the staff screen and the staff commands): a library's subscription to a
 * serial and its Kardex laid out by the frequency, an issue received (the next expected one with
 * one key press), claimed when it did not come, and an article indexed in an issue's table of
 * contents. Receiving and indexing are catalogue changes the interest profiles hear of (triggers
 * queue them; the interest.match job tells the patrons who follow the serial). Each is audited.
 */

type Slot = { ano: number; mes: number };
/** Kardex rows shown: the issues of the last years and the slots expected in them. */
const SLOTS_SHOWN = 36;

/**
 * Serialises the writes to one library's Kardex of a serial (receive, claim): a slot with no row
 * yet has nothing to lock, and its number may be null (NULLs are distinct to the unique key), so
 * twenty receives at once would each add the same issue.
 */
async function lockKardex(tx: Tx, codAcervo: number, codBiblioteca: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kardex:${codAcervo}:${codBiblioteca}`}))`);
}

const monthIndex = (s: Slot) => s.ano * 12 + (s.mes - 1);
const slotOf = (index: number): Slot => ({ ano: Math.floor(index / 12), mes: (index % 12) + 1 });
const thisMonth = (): Slot => {
  const now = new Date();
  return { ano: now.getUTCFullYear(), mes: now.getUTCMonth() + 1 };
};

async function requireLibrary(db: Db | Tx, codBiblioteca: number): Promise<string> {
  const [row] = await queryRows<{ nome: string }>(db, sql`select desc_biblioteca as nome from libraries where cod_biblioteca = ${codBiblioteca}`);
  if (!row) throw errors.lookupNotFound('BibliotecaNaoEncontrada', codBiblioteca);
  return row.nome;
}

interface IssueRecord {
  cod_fasciculo: number;
  ano: number;
  mes: number;
  volume: string | null;
  numero: string | null;
  chegada: string | null;
  reclamado_em: string | null;
  reclamacao: string | null;
  artigos: { seq: number; titulo: string; autores: string | null; paginas: string | null }[];
}

/** A library's Kardex of a serial for the staff: 404 for a title or library that does not exist. */
export async function staffKardex(db: Db, codAcervo: number, codBiblioteca: number): Promise<KardexEquipe> {
  const title = await requireTitle(db, codAcervo);
  const biblioteca = await requireLibrary(db, codBiblioteca);
  const [subscription] = await queryRows<{ periodicidade: (typeof SUBSCRIPTION_FREQUENCIES)[number] | null; inicio: string }>(
    db,
    sql`select periodicidade, to_char(inicio, 'YYYY-MM') as inicio from serial_subscriptions where cod_acervo = ${codAcervo} and cod_biblioteca = ${codBiblioteca}`,
  );
  const periodicidade: Frequency = subscription?.periodicidade ?? frequencyOf(title.marc, (await kardexChoices(db, codAcervo)).issuesPerYear);
  const issues = await queryRows<IssueRecord>(
    db,
    sql`select f.cod_fasciculo, f.ano, f.mes, f.volume, f.numero, to_char(f.data_chegada, 'YYYY-MM-DD') as chegada,
               to_char(f.reclamado_em, 'YYYY-MM-DD') as reclamado_em, f.reclamacao,
               coalesce((select json_agg(json_build_object('seq', a.seq, 'titulo', a.titulo, 'autores', a.autores, 'paginas', a.paginas) order by a.seq)
                         from issue_articles a where a.cod_fasciculo = f.cod_fasciculo), '[]'::json) as artigos
        from serial_issues f
        where f.cod_acervo = ${codAcervo} and f.cod_biblioteca = ${codBiblioteca} and f.parte = 'F'
        order by f.ano desc, f.mes desc, f.cod_fasciculo desc limit ${SLOTS_SHOWN * 2}`,
  );
  const now = monthIndex(thisMonth());
  // The grid: every slot from the subscription's first month at the frequency, up to the first one after this month.
  const expected: Slot[] = [];
  if (subscription && periodicidade !== 'u') {
    const step = FREQUENCY_MONTHS[periodicidade];
    const [year, month] = subscription.inicio.split('-').map(Number) as [number, number];
    const first = monthIndex({ ano: year, mes: month });
    const last = first + Math.max(0, Math.floor((now - first) / step) + 1) * step;
    for (let at = Math.max(first, first + Math.ceil((now - first - SLOTS_SHOWN * step) / step) * step); at <= last; at += step) expected.push(slotOf(at));
  }
  const standing = (slot: Slot, issue?: IssueRecord): KardexEquipe['fasciculos'][number]['situacao'] =>
    issue?.chegada ? 'recebido' : issue?.reclamado_em ? 'reclamado' : monthIndex(slot) < now ? 'em_atraso' : 'esperado';
  const rows: KardexEquipe['fasciculos'] = issues.map((i) => ({ ...i, situacao: standing(i, i) }));
  for (const slot of expected)
    if (!issues.some((i) => i.ano === slot.ano && i.mes === slot.mes))
      rows.push({
        ...slot,
        situacao: standing(slot),
        cod_fasciculo: null,
        volume: null,
        numero: null,
        chegada: null,
        reclamado_em: null,
        reclamacao: null,
        artigos: [],
      });
  rows.sort((a, b) => monthIndex(b) - monthIndex(a) || (b.cod_fasciculo ?? 0) - (a.cod_fasciculo ?? 0));
  const waiting = rows.filter((r) => r.situacao !== 'recebido').sort((a, b) => monthIndex(a) - monthIndex(b));
  return {
    cod_acervo: codAcervo,
    titulo: title.title,
    issn: title.issn?.[0] ?? null,
    cod_biblioteca: codBiblioteca,
    biblioteca,
    periodicidade,
    assinatura: subscription ?? null,
    proximo: waiting[0] ? { ano: waiting[0].ano, mes: waiting[0].mes } : null,
    fasciculos: rows.slice(0, SLOTS_SHOWN),
  };
}

/** Every subscription, by title then library, with the last issue received and how many expected ones are late. */
export async function subscriptionList(db: Db) {
  const subs = await queryRows<{ cod_acervo: number; cod_biblioteca: number }>(
    db,
    sql`select s.cod_acervo, s.cod_biblioteca from serial_subscriptions s join titles t using (cod_acervo) join libraries b using (cod_biblioteca)
        order by t.title, b.desc_biblioteca limit 500`,
  );
  const kardexes = await Promise.all(subs.map((s) => staffKardex(db, s.cod_acervo, s.cod_biblioteca)));
  return kardexes.map((k) => ({
    cod_acervo: k.cod_acervo,
    titulo: k.titulo,
    issn: k.issn,
    cod_biblioteca: k.cod_biblioteca,
    biblioteca: k.biblioteca,
    periodicidade: k.periodicidade,
    inicio: k.assinatura!.inicio,
    ultimo_recebido: k.fasciculos.find((f) => f.chegada)?.chegada ?? null,
    em_atraso: k.fasciculos.filter((f) => f.situacao === 'em_atraso').length,
  }));
}

/** Takes a serial at a library from a month (at its own frequency, or the one given); audited with what it was. */
export async function subscribe(
  db: Db,
  codAcervo: number,
  codBiblioteca: number,
  body: z.output<(typeof serialsStaffEndpoints)['subscribe']['body']>,
  actor: string,
): Promise<KardexEquipe> {
  await requireTitle(db, codAcervo);
  await requireLibrary(db, codBiblioteca);
  await db.transaction(async (tx) => {
    const [before] = await queryRows<{ periodicidade: string | null; inicio: string }>(
      tx,
      sql`select periodicidade, to_char(inicio, 'YYYY-MM') as inicio from serial_subscriptions
          where cod_acervo = ${codAcervo} and cod_biblioteca = ${codBiblioteca} for update`,
    );
    await tx.execute(
      sql`insert into serial_subscriptions (cod_acervo, cod_biblioteca, periodicidade, inicio) values (${codAcervo}, ${codBiblioteca}, ${body.periodicidade}, ${`${body.inicio}-01`}::date)
          on conflict (cod_acervo, cod_biblioteca) do update set periodicidade = excluded.periodicidade, inicio = excluded.inicio`,
    );
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'serials.subscribe',
      alvo: `acervo:${codAcervo}`,
      detalhes: { cod_biblioteca: codBiblioteca, antes: before ?? null, depois: body },
    });
  });
  return staffKardex(db, codAcervo, codBiblioteca);
}

/**
 * Records an issue as received today (404 for a title or library that does not exist; 409 when
 * that issue was already received): the row kept for its month (expected, or claimed) if there is
 * one, else a new one. Audited; the interest profiles hear of it.
 */
export async function receiveIssue(
  db: Db,
  issue: { codAcervo: number; codBiblioteca: number; ano: number; mes: number; volume: string | null; numero: string | null },
  actor: string,
): Promise<{ cod_fasciculo: number; novo: boolean }> {
  await requireTitle(db, issue.codAcervo);
  await requireLibrary(db, issue.codBiblioteca);
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
    await lockKardex(tx, issue.codAcervo, issue.codBiblioteca);
    const slot = await queryRows<{ cod_fasciculo: number; numero: string | null; recebido: boolean }>(
      tx,
      sql`select cod_fasciculo, numero, data_chegada is not null as recebido from serial_issues
          where cod_acervo = ${issue.codAcervo} and cod_biblioteca = ${issue.codBiblioteca} and parte = 'F' and ano = ${issue.ano} and mes = ${issue.mes}
          order by cod_fasciculo for update`,
    );
    if (slot.some((r) => r.recebido && r.numero === issue.numero)) throw errors.issueReceived(issue.ano, issue.mes);
    const kept = slot.find((r) => !r.recebido && r.numero === issue.numero) ?? slot.find((r) => !r.recebido && r.numero === null);
    if (kept) {
      await tx.execute(
        sql`update serial_issues set data_chegada = current_date, volume = coalesce(${issue.volume}, volume), numero = coalesce(${issue.numero}, numero)
            where cod_fasciculo = ${kept.cod_fasciculo}`,
      );
      return { cod_fasciculo: kept.cod_fasciculo, novo: false };
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

/** The number after the last one received, when it is a number (`12` → `13`); else none. */
function nextNumber(last: string | null): string | null {
  return last && /^\d{1,9}$/.test(last) ? String(Number(last) + 1) : null;
}

/**
 * The staff screen's "receive": the issue of the month given, or the next expected one (409 when
 * none is), numbered after the last received when the screen gives no number. Answers the Kardex.
 */
export async function receiveAtDesk(
  db: Db,
  codAcervo: number,
  codBiblioteca: number,
  body: { ano?: number; mes?: number; volume?: string; numero?: string },
  actor: string,
): Promise<KardexEquipe> {
  const kardex = await staffKardex(db, codAcervo, codBiblioteca);
  const slot = body.ano !== undefined && body.mes !== undefined ? { ano: body.ano, mes: body.mes } : kardex.proximo;
  if (!slot) throw errors.noIssueExpected();
  const last = kardex.fasciculos.find((f) => f.chegada);
  const guessed = body.ano === undefined && body.numero === undefined;
  await receiveIssue(
    db,
    {
      codAcervo,
      codBiblioteca,
      ...slot,
      volume: body.volume ?? (guessed ? (last?.volume ?? null) : null),
      numero: body.numero ?? (guessed ? nextNumber(last?.numero ?? null) : null),
    },
    actor,
  );
  return staffKardex(db, codAcervo, codBiblioteca);
}

/** Claims an issue that did not come (409 when it was received): recorded on its row, with the date and the note; audited. */
export async function claimIssue(db: Db, codAcervo: number, codBiblioteca: number, body: { ano: number; mes: number; nota?: string }, actor: string) {
  await requireTitle(db, codAcervo);
  await requireLibrary(db, codBiblioteca);
  await db.transaction(async (tx) => {
    await lockKardex(tx, codAcervo, codBiblioteca);
    const slot = await queryRows<{ cod_fasciculo: number; recebido: boolean }>(
      tx,
      sql`select cod_fasciculo, data_chegada is not null as recebido from serial_issues
          where cod_acervo = ${codAcervo} and cod_biblioteca = ${codBiblioteca} and parte = 'F' and ano = ${body.ano} and mes = ${body.mes}
          order by cod_fasciculo for update`,
    );
    const open = slot.find((r) => !r.recebido);
    if (!open && slot.length > 0) throw errors.issueReceived(body.ano, body.mes);
    let id = open?.cod_fasciculo;
    if (id !== undefined) {
      await tx.execute(sql`update serial_issues set reclamado_em = current_date, reclamacao = ${body.nota ?? null} where cod_fasciculo = ${id}`);
    } else {
      const [made] = await queryRows<{ cod_fasciculo: number }>(
        tx,
        sql`insert into serial_issues (cod_acervo, cod_biblioteca, ano, mes, reclamado_em, reclamacao)
            values (${codAcervo}, ${codBiblioteca}, ${body.ano}, ${body.mes}, current_date, ${body.nota ?? null}) returning cod_fasciculo`,
      );
      id = made!.cod_fasciculo;
    }
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'serials.claim',
      alvo: `fasciculo:${id}`,
      motivo: body.nota ?? null,
      detalhes: { cod_acervo: codAcervo, ...body },
    });
  });
  return staffKardex(db, codAcervo, codBiblioteca);
}

/** Adds an article at the end of an issue's table of contents (404 for an issue that does not exist); answers its place. */
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
    if (!issue) throw errors.issueMissing(codFasciculo);
    await tx.execute(
      sql`insert into issue_articles (cod_fasciculo, seq, titulo, autores, paginas) values (${codFasciculo}, ${issue.next}, ${article.titulo}, ${article.autores}, ${article.paginas})`,
    );
    return issue.next;
  });
}

/** The staff screen's article: indexed, then the Kardex of the issue's serial and library. */
export async function indexArticleAtDesk(db: Db, codFasciculo: number, article: { titulo: string; autores?: string; paginas?: string }, actor: string) {
  const [issue] = await queryRows<{ cod_acervo: number; cod_biblioteca: number }>(
    db,
    sql`select cod_acervo, cod_biblioteca from serial_issues where cod_fasciculo = ${codFasciculo}`,
  );
  if (!issue) throw errors.issueMissing(codFasciculo);
  await indexArticle(db, codFasciculo, { titulo: article.titulo, autores: article.autores ?? null, paginas: article.paginas ?? null }, actor);
  return staffKardex(db, issue.cod_acervo, issue.cod_biblioteca);
}
