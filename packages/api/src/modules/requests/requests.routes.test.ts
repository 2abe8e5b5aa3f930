import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Endpoint, type EndpointInput, endpointUrl } from '@estante/contracts/kernel';
import { type FichaBody, requestsEndpoints } from '@estante/contracts/requests';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createLibraries, createPatron, grantStaffRoles } from '../../../test/factories.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';
import { type Database, openDatabase, queryRows } from '../../db/client.js';
import { runAdminCommand } from '../../admin/commands.js';
import { createMailer } from '../../lib/mail.js';

/**
 * The patron's requests (issue 19): each type from the form to the library's answer — stored,
 * e-mailed to the library, moved on by the staff (command or API) with a note the patron sees
 * and is e-mailed; the catalogue sheet as a PDF read back by pdftotext. Bad input and another
 * patron's requests change nothing; the per-type limit holds.
 */
let t: TestApp;
let mail: TestMailSink;
const token: Record<string, string> = {};
let central = 0;
let branch = 0;

beforeAll(async () => {
  mail = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: mail.url });
  const db = t.database.db;
  [central, branch] = (await createLibraries(db, ['Biblioteca Central', 'Biblioteca Setorial'])).map((l) => l.codBiblioteca) as [number, number];
  await db.execute(sql`update libraries set email = 'central@example.org' where cod_biblioteca = ${central}`);
  for (const login of ['ana', 'bruno', 'fernanda']) {
    await createPatron(db, { login, nome: `${login[0]!.toUpperCase()}${login.slice(1)} Teste`, password: `senha-${login}`, email: `${login}@example.org` });
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  await grantStaffRoles(db, 'fernanda', ['atendimento']);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** A login's token. */
const as = (login: string) => token[login]!;
/**
 * A call answered with a file (the catalogue sheet's PDF), which call() does not read: the request
 * built from the endpoint's declaration as call() builds it, the answer's bytes.
 */
async function file<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, who: string) {
  const { body } = input as { body?: object };
  const response = await t.app.inject({
    method: endpoint.method,
    url: `/svc${endpointUrl(endpoint, input)}`,
    headers: { authorization: `Bearer ${as(who)}` },
    ...(body === undefined ? {} : { payload: body }),
  });
  return { status: response.statusCode, body: response.rawPayload };
}
const stored = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from patron_requests`))[0]!.n;
const mailer = () => createMailer(mail.url, 'Biblioteca <biblioteca@example.org>');
const staff = (...args: string[]) => runAdminCommand(t.database.db, { command: `requests.${args[0]}`, args: args.slice(1) }, undefined, mailer());

/** The text of a PDF as `pdftotext -layout` (poppler) reads it. */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'estante-ficha-')), 'ficha.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
/** Asserts each piece is in `text`, in this order. */
function inOrder(text: string, pieces: string[]) {
  const flat = text.replace(/\s+/g, ' ');
  let at = -1;
  for (const piece of pieces) {
    const found = flat.indexOf(piece, at + 1);
    expect(found, `"${piece}" after position ${at} in:\n${text}`).toBeGreaterThan(at);
    at = found;
  }
}

const article = () => ({
  biblioteca: central,
  email: 'ana@example.org; ana.pesquisa@example.org',
  titulo_artigo: 'Leitura na universidade',
  titulo_periodico: 'Revista Brasileira de Educação',
  ano: 2025,
  numero: '3',
  pagina_inicial: 20,
  pagina_final: 30,
});

describe('requests: from the form to the library', () => {
  it('stores a switching request, e-mails the library, and lists it for the patron only', async () => {
    const before = (await mail.messages()).length;
    const made = await call(t.app, requestsEndpoints.switching, { params: { tipo: 'artigo' }, body: article() }, as('ana'));
    expect(made.status).toBe(201);
    expect(made.body.mensagem).toBe(`Solicitação ${made.body.codigo} enviada à biblioteca. Você receberá um e-mail a cada andamento.`);
    const sent = (await mail.messages()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toMatchObject({ value: [{ address: 'central@example.org' }] });
    expect(sent[0]!.subject).toBe(`Comutação bibliográfica (artigo) nº ${made.body.codigo}: Leitura na universidade (Revista Brasileira de Educação, 2025)`);
    expect(sent[0]!.text).toContain('Página inicial: 20\nPágina final: 30');
    const mine = await call(t.app, requestsEndpoints.list, { params: { tipo: 'comutacao-bibliografica' }, query: {} }, as('ana'));
    expect(mine.body).toEqual([
      expect.objectContaining({ cod_solicitacao: made.body.codigo, subtipo: 'artigo', situacao: 'aguardando', biblioteca: 'Biblioteca Central', nota: null }),
    ]);
    expect((await call(t.app, requestsEndpoints.list, { params: { tipo: 'comutacao-bibliografica' }, query: {} }, as('bruno'))).body).toEqual([]);
    expect((await call(t.app, requestsEndpoints.list, { params: { tipo: 'comutacao-bibliografica' }, query: { status: 'atendida' } }, as('ana'))).body).toEqual(
      [],
    );
  });

  it('refuses bad input with a 4xx, storing and sending nothing', async () => {
    const before = [await stored(), (await mail.messages()).length];
    const artigo = { params: { tipo: 'artigo' } };
    const parte = { params: { tipo: 'parte' } };
    const bad: [Endpoint, { params?: object; body: object }, number][] = [
      [requestsEndpoints.switching, { ...artigo, body: { ...article(), pagina_inicial: 40 } }, 400],
      [requestsEndpoints.switching, { ...artigo, body: { ...article(), titulo_artigo: '   ' } }, 400],
      [requestsEndpoints.switching, { ...artigo, body: { ...article(), titulo_artigo: 'x'.repeat(1_000_000) } }, 400],
      [requestsEndpoints.switching, { ...artigo, body: { ...article(), email: 'ana@example.org; não é e-mail' } }, 400],
      [requestsEndpoints.switching, { ...artigo, body: { ...article(), biblioteca: 99999 } }, 422],
      [requestsEndpoints.switching, { params: { tipo: 'livro' }, body: article() }, 400],
      [
        requestsEndpoints.switching,
        { ...parte, body: { biblioteca: central, email: 'a@b.org', titulo_parte: 'Cap. 2', titulo_obra: 'Obra', paginas: '30-20' } },
        400,
      ],
      [
        requestsEndpoints.switching,
        { ...parte, body: { biblioteca: central, email: 'a@b.org', titulo_parte: 'Cap. 2', titulo_obra: 'Obra', paginas: 'vinte' } },
        400,
      ],
      [requestsEndpoints.survey, { body: { biblioteca: central, email: 'a@b.org', assunto: 'Educação', tipos_publicacao: [] } }, 400],
      [
        requestsEndpoints.survey,
        { body: { biblioteca: central, email: 'a@b.org', assunto: 'Educação', tipos_publicacao: ['online'], ano_inicio: 2020, ano_fim: 2010 } },
        400,
      ],
      [requestsEndpoints.interLibrary, { body: { biblioteca: central, email: 'a@b.org', titulo: 'Obra' } }, 400],
      // A lone UTF-16 surrogate is no character: refused as control characters are (issue 52: jsonb refused it with a 500).
      [requestsEndpoints.switching, { ...artigo, body: { ...article(), titulo_artigo: 'Metade \ud800 de um par' } }, 400],
      [requestsEndpoints.specialised, { body: { biblioteca: central, email: 'a@b.org', assunto: '\udc00', objetivo: 'Tese' } }, 400],
      [requestsEndpoints.interLibrary, { body: { biblioteca: central, email: 'a@b.org', instituicao: 'USP', titulo: 'Obra \ud83d' } }, 400],
    ];
    for (const [endpoint, input, status] of bad) {
      const url = endpointUrl(endpoint, input);
      expect([url, (await call(t.app, endpoint, input as never, as('ana'))).status]).toEqual([url, status]);
    }
    const wrong = await call(
      t.app,
      requestsEndpoints.switching,
      { params: { tipo: 'parte' }, body: { biblioteca: central, email: 'a@b.org', titulo_parte: 'Cap.', titulo_obra: 'Obra', paginas: '30-20' } },
      as('ana'),
    );
    expect(wrong.body.message).toContain('the start page cannot be after the end page');
    expect([await stored(), (await mail.messages()).length]).toEqual(before);
  });

  it('takes every type: a part, a thesis, a survey, a specialised search, an inter-library loan', async () => {
    const made = await Promise.all([
      call(
        t.app,
        requestsEndpoints.switching,
        { params: { tipo: 'parte' }, body: { biblioteca: central, email: 'a@b.org', titulo_parte: 'Cap. 2', titulo_obra: 'Obra', paginas: '20-30' } },
        as('ana'),
      ),
      call(
        t.app,
        requestsEndpoints.switching,
        { params: { tipo: 'tese' }, body: { biblioteca: central, email: 'a@b.org', titulo: 'Uma tese', autor: 'Souza, M.', grau: 'doutorado', ano: 2020 } },
        as('ana'),
      ),
      call(
        t.app,
        requestsEndpoints.survey,
        {
          body: {
            biblioteca: central,
            email: 'a@b.org',
            assunto: 'Educação inclusiva',
            tipos_publicacao: ['impresso', 'online'],
            ano_inicio: 2010,
            ano_fim: 2025,
          },
        },
        as('ana'),
      ),
      call(t.app, requestsEndpoints.specialised, { body: { biblioteca: central, email: 'a@b.org', assunto: 'Avaliação', objetivo: 'Tese' } }, as('ana')),
      call(
        t.app,
        requestsEndpoints.interLibrary,
        { body: { biblioteca: central, email: 'a@b.org', instituicao: 'USP, Biblioteca da FE', titulo: 'Obra rara' } },
        as('ana'),
      ),
    ]);
    expect(made.map((m) => m.status)).toEqual([201, 201, 201, 201, 201]);
    const survey = await call(t.app, requestsEndpoints.list, { params: { tipo: 'levantamento-bibliografico' }, query: {} }, as('ana'));
    expect(survey.body.map((r) => r.resumo)).toEqual(['Educação inclusiva']);
    const ill = await call(t.app, requestsEndpoints.list, { params: { tipo: 'emprestimo-inter-bibliotecas' }, query: {} }, as('ana'));
    expect(ill.body.map((r) => r.resumo)).toEqual(['Obra rara (USP, Biblioteca da FE)']);
  });

  it('the library moves a request on with a note: the patron sees it and is e-mailed; only staff may, only existing ones', async () => {
    const [request] = (
      await call(t.app, requestsEndpoints.list, { params: { tipo: 'comutacao-bibliografica' }, query: { status: 'aguardando' } }, as('ana'))
    ).body.filter((r) => r.subtipo === 'artigo');
    const id = request!.cod_solicitacao;
    expect(await staff('list', 'comutacao-bibliografica')).toContain(`#${id}`);
    const before = (await mail.messages()).length;
    expect(await staff('status', String(id), 'disponivel', 'Cópia', 'no', 'balcão')).toBe(
      `request ${id} is now disponivel ("Cópia no balcão"); shown in Meu Pergamum and e-mailed to the patron`,
    );
    const told = (await mail.messages()).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]!.to).toMatchObject({ value: [{ address: 'ana@example.org' }] });
    expect(told[0]!.text).toContain('agora está: Disponível.\n\nNota da biblioteca: Cópia no balcão');
    const seen = (await call(t.app, requestsEndpoints.list, { params: { tipo: 'comutacao-bibliografica' }, query: { status: 'disponivel' } }, as('ana'))).body;
    expect(seen[0]).toMatchObject({ cod_solicitacao: id, situacao: 'disponivel', nota: 'Cópia no balcão' });
    expect(seen[0]!.historico.map((h) => [h.situacao, h.nota])).toEqual([
      ['aguardando', null],
      ['disponivel', 'Cópia no balcão'],
    ]);
    // The staff API: refused to a patron, allowed to the desk's staff.
    expect((await call(t.app, requestsEndpoints.change, { params: { id: String(id) }, body: { situacao: 'atendida' } }, as('bruno'))).status).toBe(403);
    expect((await call(t.app, requestsEndpoints.change, { params: { id: '99999' }, body: { situacao: 'atendida' } }, as('fernanda'))).status).toBe(404);
    expect((await call(t.app, requestsEndpoints.change, { params: { id: String(id) }, body: { situacao: 'perdida' as never } }, as('fernanda'))).status).toBe(
      400,
    );
    const done = await call(
      t.app,
      requestsEndpoints.change,
      { params: { id: String(id) }, body: { situacao: 'atendida', nota: 'Retirada pela aluna' } },
      as('fernanda'),
    );
    expect(done.body).toMatchObject({ situacao: 'atendida', nota: 'Retirada pela aluna' });
    const fila = await call(t.app, requestsEndpoints.queue, { query: { tipo: 'comutacao-bibliografica', status: 'atendida' } }, as('fernanda'));
    expect(fila.body.map((r) => [r.cod_solicitacao, r.pessoa])).toEqual([[id, 'Ana Teste']]);
    await expect(staff('status', '99999', 'atendida')).rejects.toThrow(/não encontrada/);
  });

  it('holds the per-type limit of open requests, also when twenty arrive at once', async () => {
    await t.database.db.execute(sql`update institution set parametros = coalesce(parametros, '{}'::jsonb) || '{"limite_solicitacoes": 3}'::jsonb`);
    const open = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from patron_requests where tipo = 'pesquisa-especializada' and cod_pessoa = (select cod_pessoa from logins where login = 'bruno') and situacao in ('aguardando','em_transito','disponivel')`,
        )
      )[0]!.n;
    const body = (i: number) => ({ biblioteca: central, email: 'bruno@example.org', assunto: `Assunto ${i}`, objetivo: 'Dissertação' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(t.app, requestsEndpoints.specialised, { body: body(i) }, as('bruno'))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(17);
    expect(answers.find((a) => a.status === 422)!.body.message).toMatch(/^Você já tem 3 solicitações deste tipo em aberto/);
    expect(await open()).toBe(3);
  });

  it('on PostgreSQL, two servers at once still hold the limit', async () => {
    if (!t.database.url) return expect(t.database.kind).toBe('pglite');
    const other: Database = await openDatabase({ kind: 'postgres', url: t.database.url });
    try {
      const { createRequest } = await import('./requests.service.js');
      const [person] = await queryRows<{ cod_pessoa: number }>(t.database.db, sql`select cod_pessoa from logins where login = 'bruno'`);
      const body = (i: number) => ({ biblioteca: central, email: 'bruno@example.org', instituicao: 'UFRJ', titulo: `Obra ${i}` });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          createRequest(i % 2 ? other.db : t.database.db, mailer(), person!.cod_pessoa, 'emprestimo-inter-bibliotecas', null, body(i), 'pt'),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    } finally {
      await other.close();
    }
  });
});

/** Three theses, as their authors would fill the form. */
const THESES: { ficha: FichaBody; expected: string[] }[] = [
  {
    ficha: {
      biblioteca: 0,
      email: 'ana@example.org',
      autor_sobrenome: 'Souza',
      autor_nome: 'Maria da Silva',
      titulo: 'Educação e cidadania',
      subtitulo: 'um estudo de caso',
      orientador: 'João Pereira',
      programa: 'Educação',
      grau: 'doutorado',
      instituicao: 'Universidade Estadual do Vale do Sabiá',
      local: 'Sabiá',
      ano: 2026,
      folhas_preliminares: 12,
      pagina_folha_rosto: 1,
      pagina_resumo: 5,
      pagina_introducao: 13,
      bibliografia_inicio: 140,
      bibliografia_fim: 150,
      total_paginas: 160,
      ilustracoes: true,
      palavras_chave: ['Educação', 'Cidadania', 'Escola pública'],
    },
    expected: [
      'Souza, Maria da Silva.',
      'Educação e cidadania : um estudo de caso / Maria da Silva Souza. — Sabiá, 2026.',
      'xii, 160 f. : il.',
      'Orientador: João Pereira.',
      'Tese (Doutorado em Educação) — Universidade Estadual do Vale do Sabiá, 2026.',
      'Bibliografia: f. 140-150.',
      '1. Educação. 2. Cidadania. 3. Escola pública. I. Pereira, João. II. Universidade Estadual do Vale do Sabiá. III. Título.',
      'CDD 370.1',
    ],
  },
  {
    ficha: {
      biblioteca: 0,
      email: 'ana@example.org',
      autor_sobrenome: 'Oliveira Neto',
      autor_nome: 'Carlos',
      titulo: 'Redes neurais para a previsão de cheias',
      orientador: 'Ana Paula dos Santos',
      coorientador: 'Pedro Almeida Filho',
      programa: 'Engenharia Civil',
      grau: 'mestrado',
      instituicao: 'Universidade Federal do Rio Grande do Sul',
      local: 'Porto Alegre',
      ano: 2025,
      pagina_folha_rosto: 1,
      pagina_resumo: 4,
      pagina_introducao: 10,
      bibliografia_inicio: 88,
      bibliografia_fim: 95,
      total_paginas: 102,
      ilustracoes: false,
      palavras_chave: ['Redes neurais (Computação)', 'Enchentes'],
    },
    expected: [
      'Oliveira Neto, Carlos.',
      'Redes neurais para a previsão de cheias / Carlos Oliveira Neto. — Porto Alegre, 2025.',
      '102 f.',
      'Orientador: Ana Paula dos Santos.',
      'Coorientador: Pedro Almeida Filho.',
      'Dissertação (Mestrado em Engenharia Civil) — Universidade Federal do Rio Grande do Sul, 2025.',
      'Bibliografia: f. 88-95.',
      '1. Redes neurais (Computação). 2. Enchentes. I. Santos, Ana Paula dos. II. Almeida Filho, Pedro. III. Universidade Federal do Rio Grande do Sul. IV. Título.',
      'CDD 006.32',
    ],
  },
  {
    ficha: {
      biblioteca: 0,
      email: 'ana@example.org',
      autor_sobrenome: 'Lima',
      autor_nome: 'Beatriz',
      titulo: 'Gestão de bibliotecas escolares',
      orientador: 'Ramos, Helena',
      programa: 'Gestão da Informação',
      grau: 'especializacao',
      instituicao: 'Universidade Estadual de Londrina',
      local: 'Londrina',
      ano: 2024,
      folhas_preliminares: 4,
      pagina_folha_rosto: 1,
      pagina_resumo: 3,
      pagina_introducao: 5,
      bibliografia_inicio: 50,
      bibliografia_fim: 50,
      total_paginas: 52,
      ilustracoes: true,
      palavras_chave: ['Bibliotecas escolares'],
    },
    expected: [
      'Lima, Beatriz.',
      'Gestão de bibliotecas escolares / Beatriz Lima. — Londrina, 2024.',
      'iv, 52 f. : il.',
      'Orientador: Ramos, Helena.',
      'Monografia (Especialização em Gestão da Informação) — Universidade Estadual de Londrina, 2024.',
      'Bibliografia: f. 50-50.',
      '1. Bibliotecas escolares. I. Ramos, Helena. II. Universidade Estadual de Londrina. III. Título.',
      'CDD 027.8',
    ],
  },
];

describe('the catalogue sheet', () => {
  it('previews a draft as the patron types: the sheet, marked as a draft, the classification to be assigned', async () => {
    const draft = await file(requestsEndpoints.sheetDraft, { body: { ...THESES[0]!.ficha, biblioteca: central } }, 'ana');
    expect(draft.status).toBe(200);
    const text = pdfText(draft.body);
    inOrder(text, [...THESES[0]!.expected.slice(0, -1), 'CDD (a definir pela biblioteca)']);
    expect(text).toContain('RASCUNHO');
    expect(
      (await call(t.app, requestsEndpoints.sheetDraft, { body: { ...THESES[0]!.ficha, biblioteca: central, bibliografia_fim: 170 } }, as('ana'))).status,
    ).toBe(400);
  });

  it('is downloaded once the library reviewed it, in the standard order, for three theses; never by another patron', async () => {
    const classification = ['370.1', '006.32', '027.8'];
    const marks = ['S729e', 'O48r', 'L732g'];
    await t.database.db.execute(sql`update institution set parametros = coalesce(parametros, '{}'::jsonb) || '{"limite_solicitacoes": 5}'::jsonb`);
    for (const [i, thesis] of THESES.entries()) {
      const made = await call(t.app, requestsEndpoints.sheet, { body: { ...thesis.ficha, biblioteca: central } }, as('ana'));
      expect(made.status).toBe(201);
      const id = made.body.codigo;
      expect((await call(t.app, requestsEndpoints.sheetPdf, { params: { id: String(id) } }, as('ana'))).status).toBe(409);
      await expect(staff('status', String(id), 'disponivel')).rejects.toThrow(/classificação e a notação de autor/);
      await staff('ficha', String(id), classification[i]!, marks[i]!, 'Ficha', 'revisada');
      const pdf = await file(requestsEndpoints.sheetPdf, { params: { id: String(id) } }, 'ana');
      expect(pdf.status).toBe(200);
      const text = pdfText(pdf.body);
      inOrder(text, [marks[i]!, ...thesis.expected]);
      expect(text).not.toContain('RASCUNHO');
      expect((await call(t.app, requestsEndpoints.sheetPdf, { params: { id: String(id) } }, as('bruno'))).status).toBe(404);
      const listed = (await call(t.app, requestsEndpoints.list, { params: { tipo: 'ficha-catalografica' }, query: {} }, as('ana'))).body.find(
        (r) => r.cod_solicitacao === id,
      );
      expect(listed).toMatchObject({ ficha_pronta: true, situacao: 'disponivel', nota: 'Ficha revisada' });
    }
  });
});

describe("the library's queue over HTTP (issue 53, role atendimento)", () => {
  it('counts open requests by type, filters by library, assigns to a colleague with the role, previews and releases a sheet; each act audited', async () => {
    await t.database.db.execute(sql`update institution set parametros = coalesce(parametros, '{}'::jsonb) || '{"limite_solicitacoes": 9}'::jsonb`);
    const made = await call(t.app, requestsEndpoints.sheet, { body: { ...THESES[1]!.ficha, biblioteca: branch } }, as('bruno'));
    const id = made.body.codigo;
    const counts = await call(t.app, requestsEndpoints.queueCounts, {}, as('fernanda'));
    const open = await queryRows<{ tipo: string; n: number }>(
      t.database.db,
      sql`select tipo, count(*)::int as n from patron_requests where situacao in ('aguardando', 'em_transito', 'disponivel') group by tipo`,
    );
    expect(counts.body).toEqual({
      'comutacao-bibliografica': 0,
      'levantamento-bibliografico': 0,
      'ficha-catalografica': 0,
      'pesquisa-especializada': 0,
      'emprestimo-inter-bibliotecas': 0,
      ...Object.fromEntries(open.map((r) => [r.tipo, r.n])),
    });
    expect(counts.body['ficha-catalografica']).toBeGreaterThanOrEqual(1);
    const atBranch = await call(t.app, requestsEndpoints.queue, { query: { tipo: 'ficha-catalografica', biblioteca: branch } }, as('fernanda'));
    expect(atBranch.body.map((r) => r.cod_solicitacao)).toEqual([id]);
    expect(atBranch.body[0]).toMatchObject({
      pessoa: 'Bruno Teste',
      cod_biblioteca: branch,
      responsavel: null,
      dados: expect.objectContaining({ titulo: THESES[1]!.ficha.titulo }),
    });

    // Only colleagues with the atendimento role: Fernanda, not Ana.
    const colleagues = await call(t.app, requestsEndpoints.colleagues, {}, as('fernanda'));
    expect(colleagues.body.map((c) => c.nome)).toEqual(['Fernanda Teste']);
    const [{ cod_pessoa: ana }] = (await queryRows<{ cod_pessoa: number }>(t.database.db, sql`select cod_pessoa from logins where login = 'ana'`)) as [
      { cod_pessoa: number },
    ];
    expect((await call(t.app, requestsEndpoints.assign, { params: { id: String(id) }, body: { cod_pessoa: ana } }, as('fernanda'))).body.key).toBe(
      'ResponsavelSemPapel',
    );
    const assigned = await call(
      t.app,
      requestsEndpoints.assign,
      { params: { id: String(id) }, body: { cod_pessoa: colleagues.body[0]!.cod_pessoa } },
      as('fernanda'),
    );
    expect(assigned.body.responsavel).toEqual({ cod_pessoa: colleagues.body[0]!.cod_pessoa, nome: 'Fernanda Teste' });
    // Patrons never see whose it is.
    const mine = (await call(t.app, requestsEndpoints.list, { params: { tipo: 'ficha-catalografica' }, query: {} }, as('bruno'))).body.find(
      (r) => r.cod_solicitacao === id,
    );
    expect(mine).not.toHaveProperty('responsavel');

    const preview = await file(requestsEndpoints.sheetPreview, { params: { id: String(id) }, body: { classificacao: '006.32', cutter: 'O48r' } }, 'fernanda');
    expect(preview.status).toBe(200);
    inOrder(pdfText(preview.body), ['O48r', ...THESES[1]!.expected]);
    expect((await call(t.app, requestsEndpoints.sheetPdf, { params: { id: String(id) } }, as('bruno'))).status).toBe(409);
    const released = await call(
      t.app,
      requestsEndpoints.change,
      { params: { id: String(id) }, body: { situacao: 'disponivel', classificacao: '006.32', cutter: 'O48r', nota: 'Pronta' } },
      as('fernanda'),
    );
    expect(released.body).toMatchObject({ situacao: 'disponivel', ficha_pronta: true, classificacao: '006.32', cutter: 'O48r' });
    expect((await call(t.app, requestsEndpoints.sheetPdf, { params: { id: String(id) } }, as('bruno'))).status).toBe(200);
    const acts = await queryRows<{ acao: string; autor: string; detalhes: Record<string, unknown> }>(
      t.database.db,
      sql`select acao, autor, detalhes from staff_audit where alvo = ${`solicitacao:${id}`} order by id`,
    );
    expect(acts.map((a) => a.acao)).toEqual(['requests.assign', 'requests.move']);
    expect(acts[1]!.detalhes).toMatchObject({ antes: 'aguardando', situacao: 'disponivel', classificacao: '006.32', cutter: 'O48r', nota: 'Pronta' });
    expect((await call(t.app, requestsEndpoints.queueCounts, {}, as('ana'))).status).toBe(403);
  });
});
