import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createInstitution, createLibraries, createPatron, createTitles } from '../../test/factories.js';
import { createSuggestion } from '../../test/factories/acquisitions.js';
import { marcRecord } from '../../test/marc.js';
import { type OaiPartner, startOaiPartner } from '../../test/oai-partner.js';
import { queryRows } from '../db/client.js';
import { toMarcXml } from '../marc/write.js';
import { runAdminCommand } from './commands.js';

/**
 * The staff commands of the back office (institution settings, serials, acquisitions, the partner
 * network, the catalogue import) each leave one row in the staff audit, in the command line's name,
 * with what changed; a refused command leaves none. (The desk's, the queues' and moderation's
 * acts are counted in their own tests.)
 */
let database: TestDatabase;
let partner: OaiPartner;
const dir = mkdtempSync(path.join(tmpdir(), 'estante-audit-'));
let library = 0;
let serial = 0;
const suggestion: number[] = [];

const run = (command: string, ...args: string[]) => runAdminCommand(database.db, { command, args });
const refused = async (command: string, ...args: string[]) => {
  await expect(run(command, ...args)).rejects.toThrow();
};
const rows = () =>
  queryRows<{ autor: string; acao: string; alvo: string; motivo: string | null; detalhes: Record<string, unknown> | null }>(
    database.db,
    sql`select autor, acao, alvo, motivo, detalhes from staff_audit order by id`,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await createInstitution(db, { codEmpresa: 1 });
  [library] = (await createLibraries(db, ['Biblioteca Central'])).map((l) => l.codBiblioteca) as [number];
  serial = (await createTitles(db, [{ id: 'rev', title: 'Revista de Letras', year: 2020 }])).rev!;
  const { codPessoa } = await createPatron(db, { login: 'ana', nome: 'Ana Teste', password: 'senha-ana' });
  for (const titulo of ['Dom Casmurro', 'Iracema']) suggestion.push(await createSuggestion(db, { codPessoa, codBiblioteca: library, titulo }));
  partner = await startOaiPartner({
    pageSize: 5,
    records: ['p1', 'p2'].map((id, i) => ({ id, datestamp: `2025-01-0${i + 1}`, marc: marcRecord({ id, title: `Obra ${id}` }) })),
  });
});
afterAll(async () => {
  await partner.close();
  await database.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('the staff audit of the back-office commands', () => {
  it('keeps one row for every write, with before and after, and none for a refusal', async () => {
    // Institution settings.
    await run('institution.code', '571');
    await run('institution.activity', '1120', 'on');
    await run('institution.oidc', 'on', 'https://idp.example.org/logout');
    await run('institution.text', 'msg_login', 'en', 'Welcome to the library');
    await run('institution.translate', 'colecao', 'Acervo geral', 'en', 'General collection');
    await run(
      'institution.provider',
      'cengage',
      JSON.stringify({ entrega: 'link', url: 'https://cengage.example.com/entrar', dominios: ['cengage.example.com'], categorias: null }),
    );
    await refused('institution.activity', '99999', 'on');
    await refused('institution.text', 'denominacao_login', 'pt', '');
    // Serials.
    const received = await run('serials.receive', String(serial), String(library), '2026', '11', '12', '3');
    const issue = /issue (\d+)/.exec(received)![1]!;
    await run('serials.article', issue, 'Machado e a ironia', 'Silva, A.', '10-25');
    await refused('serials.receive', String(serial), String(library), '2026', '11', '12', '3');
    // Acquisitions: accept, quote, order, deliver part, close the order.
    const [one, two] = suggestion.map(String) as [string, string];
    await run('acquisitions.accept', one);
    await run('acquisitions.quote', one, '2', 'orçamento da Livraria Sol');
    await run('acquisitions.accept', two);
    await refused('acquisitions.deliver', two, '1');
    const ordered = await run('acquisitions.order', String(library), 'Livraria Sol', `${one},${two}`);
    const order = /purchase order (\d+)/.exec(ordered)![1]!;
    await run('acquisitions.deliver', one, '1');
    await run('acquisitions.close', order);
    // The partner network.
    await run('network.add', partner.url, 'Biblioteca', 'Parceira');
    await run('network.harvest', 'Biblioteca Parceira');
    await run('network.remove', 'Biblioteca', 'Parceira');
    await refused('network.remove', 'Ninguém');
    // The catalogue import (what npm run import asks a running server).
    const file = path.join(dir, 'dois.xml');
    writeFileSync(file, toMarcXml([marcRecord({ id: 'i1', title: 'Importado um' }), marcRecord({ id: 'i2', title: 'Importado dois' })]));
    await run('catalog.import', file);

    const audit = await rows();
    expect(audit.map((r) => r.acao)).toEqual([
      'institution.code',
      'institution.activity',
      'institution.oidc',
      'institution.text',
      'institution.translate',
      'institution.provider',
      'serials.receive',
      'serials.article',
      'acquisitions.aceitar',
      'acquisitions.cotar',
      'acquisitions.aceitar',
      'acquisitions.order',
      'acquisitions.entregar',
      'acquisitions.close',
      'network.add',
      'network.harvest',
      'network.remove',
      'catalog.import',
    ]);
    expect(audit.every((r) => /^command line \(.+\)$/.test(r.autor))).toBe(true);
    const by = (acao: string) => audit.filter((r) => r.acao === acao);
    expect(by('institution.code')[0]).toMatchObject({ alvo: 'instituicao', detalhes: { antes: 1, depois: 571 } });
    expect(by('institution.activity')[0]).toMatchObject({ alvo: 'atividade:1120', detalhes: { antes: false, depois: true } });
    expect(by('institution.text')[0]).toMatchObject({ alvo: 'msg_login:en', detalhes: { antes: null, depois: 'Welcome to the library' } });
    expect(by('institution.translate')[0]).toMatchObject({ alvo: 'colecao:Acervo geral', detalhes: { antes: null, depois: 'General collection' } });
    expect(by('institution.provider')[0]).toMatchObject({
      alvo: 'provedor:cengage',
      detalhes: { antes: null, depois: { url: 'https://cengage.example.com/entrar' } },
    });
    expect(by('serials.receive')[0]).toMatchObject({ alvo: `fasciculo:${issue}`, detalhes: { cod_acervo: serial, ano: 2026, mes: 11, novo: true } });
    expect(by('serials.article')[0]).toMatchObject({ alvo: `fasciculo:${issue}`, detalhes: { seq: 1, titulo: 'Machado e a ironia' } });
    expect(by('acquisitions.cotar')[0]).toMatchObject({
      alvo: `sugestao:${one}`,
      motivo: 'orçamento da Livraria Sol',
      detalhes: { antes: { situacao: 'sugestao_compra' }, depois: { situacao: 'em_cotacao' } },
    });
    expect(by('acquisitions.entregar')[0]).toMatchObject({
      detalhes: { antes: { total_entregue: 0 }, depois: { situacao: 'parcialmente_atendida', total_entregue: 1 } },
    });
    expect(by('acquisitions.close')[0]).toMatchObject({
      alvo: `pedido:${order}`,
      detalhes: {
        sugestoes: [
          { sugestao: Number(one), antes: 'parcialmente_atendida', depois: 'finalizada_incompleta' },
          { sugestao: Number(two), antes: 'aguardando_entrega', depois: 'nao_atendida' },
        ],
      },
    });
    expect(by('network.harvest')[0]!.detalhes).toMatchObject({ resultados: [expect.objectContaining({ inserted: 2 })] });
    expect(by('network.remove')[0]).toMatchObject({ alvo: by('network.add')[0]!.alvo, detalhes: { nome: 'Biblioteca Parceira', registros: 2 } });
    expect(by('catalog.import')[0]).toMatchObject({ alvo: 'arquivo:dois.xml', detalhes: { lidos: 2, novos: 2, rejeitados: 0 } });
  });
});
