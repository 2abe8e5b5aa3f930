import { commentsEndpoints, moderationEndpoints } from '@estante/contracts/comments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createLibraries, createPatron, createTitles, enableActivities, grantStaffRoles } from '../../../test/factories.js';
import { createComment } from '../../../test/factories/comments.js';
import { queryRows } from '../../db/client.js';

/** Priscila moderates; Ana comments on "Vidas secas". */
let t: TestApp;
const token: Record<string, string> = {};
let title: number;
let library: number;
let ana: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await enableActivities(db, [13]);
  ({ v: title } = (await createTitles(db, [{ id: 'v', title: 'Vidas secas', year: 1938 }])) as { v: number });
  [library] = (await createLibraries(db, ['Biblioteca Central'])).map((l) => l.codBiblioteca) as [number];
  for (const [login, nome] of [
    ['priscila', 'Priscila Araújo'],
    ['ana', 'Ana Souza'],
  ] as const) {
    const person = await createPatron(db, { login, nome, password: `senha-${login}-1` });
    if (login === 'ana') ana = person.codPessoa;
    token[login] = await patronToken(t.app, login, `senha-${login}-1`);
  }
  await grantStaffRoles(db, 'priscila', ['moderacao']);
});
afterAll(() => t.close());

const audit = () =>
  queryRows<{ acao: string; alvo: string; motivo: string | null; detalhes: Record<string, unknown> }>(
    t.database.db,
    sql`select acao, alvo, motivo, detalhes from staff_audit where acao like 'comments.%' order by id`,
  );
const published = async () => (await call(t.app, commentsEndpoints.ofTitle, { params: { id: String(title) } }, await publicToken(t.app))).body;

describe('moderation over HTTP (issue 53, role moderação)', () => {
  it('is for moderators only', async () => {
    expect((await call(t.app, moderationEndpoints.comments, { query: {} }, token.ana!)).status).toBe(403);
  });

  it('approves a comment onto its title page, edits a name out, unpublishes it, and rejects another with a reason; each act audited with the text', async () => {
    const first = await createComment(t.database.db, {
      codAcervo: title,
      codPessoa: ana,
      codBiblioteca: library,
      texto: 'Li com a professora Marta Lima: ótimo.',
    });
    const second = await createComment(t.database.db, { codAcervo: title, codPessoa: ana, codBiblioteca: library, texto: 'Propaganda: compre em loja.com' });
    const pending = await call(t.app, moderationEndpoints.comments, { query: { situacao: 'pendente' } }, token.priscila!);
    expect(pending.body.map((c) => c.cod_comentario)).toEqual([first, second]);
    expect(pending.body[0]).toMatchObject({
      titulo: 'Vidas secas',
      nome: 'Ana Souza',
      biblioteca: 'Biblioteca Central',
      publicado: false,
      data_aprovacao: null,
    });

    const edited = await call(
      t.app,
      moderationEndpoints.edit,
      { params: { id: String(first) }, body: { texto: 'Li com a professora: ótimo.', motivo: 'Nome de terceiro retirado' } },
      token.priscila!,
    );
    expect(edited.body).toMatchObject({ texto: 'Li com a professora: ótimo.', publicado: false });
    const approved = await call(t.app, moderationEndpoints.approve, { params: { id: String(first) } }, token.priscila!);
    expect(approved.body).toMatchObject({ publicado: true, data_aprovacao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect((await published()).map((c) => c.texto)).toEqual(['Li com a professora: ótimo.']);
    expect((await call(t.app, moderationEndpoints.approve, { params: { id: String(first) } }, token.priscila!)).status).toBe(409);

    expect((await call(t.app, moderationEndpoints.reject, { params: { id: String(second) }, body: { motivo: 'x' } }, token.priscila!)).status).toBe(400);
    const rejected = await call(t.app, moderationEndpoints.reject, { params: { id: String(second) }, body: { motivo: 'Propaganda' } }, token.priscila!);
    expect(rejected.body).toEqual({ cod_comentario: second });
    expect((await call(t.app, moderationEndpoints.reject, { params: { id: String(second) }, body: { motivo: 'De novo' } }, token.priscila!)).status).toBe(404);

    const shown = await call(t.app, moderationEndpoints.comments, { query: { situacao: 'publicado' } }, token.priscila!);
    expect(shown.body.map((c) => c.cod_comentario)).toEqual([first]);
    const off = await call(t.app, moderationEndpoints.unpublish, { params: { id: String(first) }, body: { motivo: 'Reclamação recebida' } }, token.priscila!);
    expect(off.body).toMatchObject({ publicado: false });
    expect(await published()).toEqual([]);
    expect((await call(t.app, moderationEndpoints.unpublish, { params: { id: String(first) }, body: { motivo: 'De novo' } }, token.priscila!)).status).toBe(
      409,
    );

    expect(await audit()).toEqual([
      {
        acao: 'comments.edit',
        alvo: `comentario:${first}`,
        motivo: 'Nome de terceiro retirado',
        detalhes: expect.objectContaining({ texto: 'Li com a professora Marta Lima: ótimo.', novo_texto: 'Li com a professora: ótimo.' }),
      },
      { acao: 'comments.approve', alvo: `comentario:${first}`, motivo: null, detalhes: expect.objectContaining({ cod_acervo: title }) },
      {
        acao: 'comments.reject',
        alvo: `comentario:${second}`,
        motivo: 'Propaganda',
        detalhes: expect.objectContaining({ texto: 'Propaganda: compre em loja.com' }),
      },
      { acao: 'comments.unpublish', alvo: `comentario:${first}`, motivo: 'Reclamação recebida', detalhes: expect.objectContaining({ cod_pessoa: ana }) },
    ]);
  });

  it('lists what the footer forms sent', async () => {
    await t.database.db.execute(sql`insert into general_comments (cod_pessoa, cod_biblioteca, texto) values (${ana}, ${library}, 'Abram aos domingos')`);
    const general = await call(t.app, moderationEndpoints.generalComments, {}, token.priscila!);
    expect(general.body).toEqual([
      { id: expect.any(Number), enviado_em: expect.stringMatching(/Z$/), nome: 'Ana Souza', biblioteca: 'Biblioteca Central', texto: 'Abram aos domingos' },
    ]);
    expect((await call(t.app, moderationEndpoints.suggestions, {}, token.priscila!)).body).toEqual([]);
  });
});
