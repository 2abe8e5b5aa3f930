import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comentario, MeuComentario } from '@estante/contracts/comments';
import { createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createLibraries, createPatron, enableActivities } from '../../../test/factories.js';
import { asItems } from '../../../test/marc.js';
import { callAdmin, serveAdmin } from '../../admin/channel.js';
import { runAdminCommand } from '../../admin/commands.js';
import { comments } from '../../db/schema/index.js';
import { importMarcRecords } from '../catalog/catalog.import.js';

let t: TestApp;
let anonymous: string;
let ana: string;
let bruno: string;
let library: number;
const TITLE = 1;

beforeAll(async () => {
  t = await createTestApp();
  await createInstitution(t.database.db, { parametros: { limite_comentarios: 2 } });
  await enableActivities(t.database.db, [13]);
  await importMarcRecords(t.database.db, asItems([{ id: 'c-1', title: 'Grande sertão: veredas', author: 'Rosa, João Guimarães', year: 1956 }]));
  library = (await createLibraries(t.database.db, ['Biblioteca Central']))[0]!.codBiblioteca;
  await createPatron(t.database.db, { login: 'ana', nome: 'Ana Beatriz Souza', password: 'senha-da-ana' });
  await createPatron(t.database.db, { login: 'bruno', nome: 'Bruno Lima', password: 'senha-do-bruno' });
  anonymous = await publicToken(t.app);
  ana = await patronToken(t.app, 'ana', 'senha-da-ana');
  bruno = await patronToken(t.app, 'bruno', 'senha-do-bruno');
});
afterAll(() => t.close());

const send = (token: string, payload: unknown, title = TITLE) =>
  t.app.inject({ method: 'POST', url: `/svc/comentarios/acervo/${title}`, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
const publicList = async () =>
  (await t.app.inject({ method: 'GET', url: `/svc/comentarios/acervo/${TITLE}`, headers: { authorization: `Bearer ${anonymous}` } })).json<Comentario[]>();
const mine = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/svc/comentarios/usuario/acervo/${TITLE}`, headers: { authorization: `Bearer ${token}` } })).json<
    MeuComentario[]
  >();

describe('comments on a title', () => {
  it('asks an anonymous visitor to sign in', async () => {
    const response = await send(anonymous, { biblioteca: library, texto: 'Ótimo livro' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ key: 'AcessoPessoalNecessario' });
  });

  it('keeps a new comment pending (not public) until the library approves it with the command', async () => {
    const response = await send(ana, { biblioteca: library, texto: '  Um clássico da literatura brasileira.  ' });
    expect(response.statusCode).toBe(201);
    const created = response.json<MeuComentario>();
    expect(created).toMatchObject({
      texto: 'Um clássico da literatura brasileira.',
      moderado: false,
      titulo: 'Grande sertão: veredas',
      desc_biblioteca: 'Biblioteca Central',
    });
    expect(await publicList()).toEqual([]);
    expect((await mine(ana)).map((c) => [c.texto, c.moderado])).toEqual([['Um clássico da literatura brasileira.', false]]);
    expect(await mine(bruno)).toEqual([]);

    expect(await runAdminCommand(t.database.db, { command: 'comments.list', args: [] })).toContain(`#${created.cod_comentario}`);
    expect(await runAdminCommand(t.database.db, { command: 'comments.approve', args: [String(created.cod_comentario)] })).toMatch(/approved/);
    const published = await publicList();
    expect(published).toEqual([
      {
        cod_comentario: created.cod_comentario,
        texto: 'Um clássico da literatura brasileira.',
        data_envio: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        nome: 'Ana',
        desc_biblioteca: 'Biblioteca Central',
      },
    ]);
    await expect(runAdminCommand(t.database.db, { command: 'comments.approve', args: [String(created.cod_comentario)] })).rejects.toThrow(/already published/);
  });

  it('keeps HTML as text', async () => {
    const response = await send(bruno, { biblioteca: library, texto: '<script>alert(1)</script><b>bom</b>' });
    expect(response.statusCode).toBe(201);
    expect(response.json<MeuComentario>().texto).toBe('<script>alert(1)</script><b>bom</b>');
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('refuses blank text, a missing or unknown library, an unknown title, and changes nothing', async () => {
    const before = (await t.database.db.select().from(comments)).length;
    for (const [payload, status] of [
      [{ biblioteca: library, texto: '   ' }, 400],
      [{ texto: 'sem biblioteca' }, 400],
      [{ biblioteca: library, texto: 'x'.repeat(2001) }, 400],
      [{ biblioteca: 98765, texto: 'biblioteca que não existe' }, 422],
      ['not json at all', 415],
    ] as const) {
      const response = await send(bruno, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
    }
    expect((await send(bruno, { biblioteca: library, texto: 'título inexistente' }, 4242)).statusCode).toBe(404);
    expect((await send(bruno, { biblioteca: library, texto: 'id malformado' }, 'abc' as unknown as number)).statusCode).toBe(400);
    expect((await t.database.db.select().from(comments)).length).toBe(before);
  });

  it('limits the comments a patron may have awaiting approval (422 limite_comentarios_excedido)', async () => {
    // Bruno has one pending comment (the HTML one); the institution allows two.
    expect((await send(bruno, { biblioteca: library, texto: 'segundo' })).statusCode).toBe(201);
    const refused = await send(bruno, { biblioteca: library, texto: 'terceiro' }, TITLE);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ key: 'limite_comentarios_excedido', message: expect.stringContaining('2 comentários aguardando') });
    expect((await mine(bruno)).map((c) => c.texto)).not.toContain('terceiro');
    // Sent at once, two comments cannot both slip under the limit.
    const carla = await createPatron(t.database.db, { login: 'carla', nome: 'Carla Dias', password: 'senha-da-carla' });
    const token = await patronToken(t.app, 'carla', 'senha-da-carla');
    const answers = await Promise.all([1, 2, 3, 4].map((n) => send(token, { biblioteca: library, texto: `simultâneo ${n}` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 422, 422]);
    expect((await t.database.db.select().from(comments)).filter((c) => c.codPessoa === carla.codPessoa)).toHaveLength(2);
  });

  it("lists the patron's commented titles and deletes only their own comments, only while pending", async () => {
    const titlesResponse = await t.app.inject({ method: 'GET', url: '/svc/comentarios/usuario/acervos', headers: { authorization: `Bearer ${bruno}` } });
    expect(titlesResponse.json()).toEqual([{ cod_acervo: TITLE, titulo: 'Grande sertão: veredas', total: 2, pendentes: 2 }]);
    const [pending] = await mine(bruno);
    const remove = (token: string, commentId: number | string) =>
      t.app.inject({ method: 'DELETE', url: `/svc/comentarios/usuario/${commentId}`, headers: { authorization: `Bearer ${token}` } });
    expect((await remove(ana, pending!.cod_comentario)).statusCode).toBe(404);
    expect((await remove(bruno, pending!.cod_comentario)).statusCode).toBe(204);
    expect((await mine(bruno)).map((c) => c.cod_comentario)).not.toContain(pending!.cod_comentario);
    const [approved] = await mine(ana);
    const refused = await remove(ana, approved!.cod_comentario);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ key: 'ComentarioJaModerado' });
    expect((await remove(bruno, 'x')).statusCode).toBe(400);
  });

  it('answers 404 for the comments of an unknown title and 403 when comments are switched off', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/svc/comentarios/acervo/4242', headers: { authorization: `Bearer ${anonymous}` } });
    expect(unknown.statusCode).toBe(404);
    await t.database.db.execute(sql`delete from institution_activities where cod_atividade = 13`);
    const refused = await send(ana, { biblioteca: library, texto: 'desligado' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'ComentariosDesativados' });
    await enableActivities(t.database.db, [13]);
  });
});

describe('the staff terminal', () => {
  it('shows patron text without its escape sequences (a comment cannot recolour or clear the screen)', async () => {
    // Text from before the input guard, or written by other tools, may still hold them.
    await t.database.db.execute(
      sql`update comments set texto = ${'Ótimo \u001b[2J\u001b[31mlivro\u0007'} where cod_comentario = (select min(cod_comentario) from comments where not moderado)`,
    );
    const listed = await runAdminCommand(t.database.db, { command: 'comments.list', args: [] });
    // eslint-disable-next-line no-control-regex -- asserting there are none
    expect(listed).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F]/);
    expect(listed).toContain('Ótimo \uFFFD[2J\uFFFD[31mlivro\uFFFD');
  });
});

describe('the staff command over the admin socket', () => {
  it('approves and rejects through the running server, and reports bad input', async () => {
    const socket = path.join(mkdtempSync(path.join(tmpdir(), 'estante-admin-')), 'admin.sock');
    const server = await serveAdmin(socket, (request) => runAdminCommand(t.database.db, request));
    try {
      const [pending] = await mine(bruno);
      const listed = await callAdmin(socket, { command: 'comments.list', args: [] });
      expect(listed).toMatchObject({ ok: true, output: expect.stringContaining(`#${pending!.cod_comentario}`) });
      expect(await callAdmin(socket, { command: 'comments.reject', args: [String(pending!.cod_comentario)] })).toMatchObject({ ok: true });
      expect(await callAdmin(socket, { command: 'comments.approve', args: ['abc'] })).toMatchObject({
        ok: false,
        error: expect.stringContaining('comment number'),
      });
      expect(await callAdmin(socket, { command: 'drop.database', args: [] })).toMatchObject({ ok: false, error: expect.stringContaining('unknown command') });
      await expect(serveAdmin(socket, async () => '')).rejects.toThrow(/already listens/);
    } finally {
      server.close();
    }
    expect(await callAdmin(socket, { command: 'comments.list', args: [] })).toBeUndefined();
  });
});
