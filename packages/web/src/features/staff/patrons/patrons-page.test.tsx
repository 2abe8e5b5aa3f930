import { unitsEndpoints } from '@estante/contracts/parameters';
import { type DadosPessoais, type FichaLeitor, type NotaLeitor, patronRecordEndpoints, peopleEndpoints } from '@estante/contracts/people';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { sectionsFor, STAFF_SECTIONS } from '../sections';
import { PatronsPage } from './patrons-page';
import { section } from './section';

const dados = (over: Partial<DadosPessoais> = {}): DadosPessoais => ({
  nome: 'Isabela Castro Moura',
  categoria: { codigo: '10', descricao: 'Usuário especial' },
  validade: '2026-12-20',
  cpf: '11144477735',
  email: 'isabela.moura@demo.estante.local',
  telefone: '(48) 3721-5555',
  logradouro: 'Rua Lauro Linhares, 589',
  complemento: null,
  cep: '88036001',
  cidade: 'Florianópolis',
  bairro: 'Trindade',
  documento_identidade: null,
  nacionalidade: 'Brasileira',
  genero: null,
  data_nascimento: null,
  escolaridade: null,
  lotacao: null,
  profissao: null,
  estado_civil: null,
  recebe_emails: true,
  atualizado_em: null,
  ...over,
});

const ficha = (over: Partial<FichaLeitor> = {}, data: Partial<DadosPessoais> = {}): FichaLeitor => ({
  cod_pessoa: 42,
  dados: dados(data),
  logins: [
    { login: 'isa.antigo', ativo: false },
    { login: 'isabela', ativo: true },
  ],
  bloqueio: false,
  motivo_bloqueio: null,
  cadastros: [{ cod_pessoa: 43, categoria: 'Aluno de graduação', validade: null }],
  bibliotecas: [],
  notas: [],
  sessoes: 2,
  historico: [
    {
      em: '2026-11-20T14:30:00Z',
      autor: 'pessoa:7',
      autor_nome: 'Ana Souza',
      acao: 'people.registration',
      motivo: 'Mudou de curso',
      detalhes: { categoria: '10' },
    },
  ],
  ...over,
});

const FOUND = [
  { cod_pessoa: 42, nome: 'Isabela Castro Moura', categoria: 'Usuário especial', logins: ['isabela'], bloqueio: false },
  { cod_pessoa: 51, nome: 'Isabela Duarte', categoria: 'Aluno de graduação', logins: ['iduarte', 'isa.d'], bloqueio: true },
];
const CATEGORIES = [
  { codigo: '10', descricao: 'Usuário especial', limite_emprestimos: 5 },
  { codigo: '20', descricao: 'Aluno de graduação', limite_emprestimos: 3 },
];
const DEPARTMENTS = [{ codigo: 1, nome: 'Pedagogia' }];
const LIBRARIES = [
  { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', cod_campus: 1 },
  { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca de Engenharia', cod_campus: 1 },
  { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca Setorial de Araranguá', cod_campus: 2 },
];
/** A note about Isabela, written on 12 November 2026 (midday, so the date is that day in any time zone the tests run in). */
const NOTE: NotaLeitor = { id: 3, texto: 'Prefere ser avisada por telefone.', autor: 'Bruno Lima', em: '2026-11-12T12:00:00Z' };

/** The answers every test needs: the search, the record, categories, departments and libraries. */
const base = (record: FichaLeitor = ficha()) => [
  answer(patronRecordEndpoints.search, ({ query }) => (query.get('busca') === 'ninguém' ? [] : FOUND)),
  answer(patronRecordEndpoints.record, ({ params }) => (params.codPessoa === String(record.cod_pessoa) ? record : new Refusal(404, 'Leitor não encontrado.'))),
  answer(patronRecordEndpoints.categories, CATEGORIES),
  answer(peopleEndpoints.departments, DEPARTMENTS),
  answer(unitsEndpoints.libraries, LIBRARIES),
];

type Calls = ReturnType<typeof fakeApi>;
const sent = (calls: Calls, method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
/** The page's live region for outcomes (a loader is a status too, but not a live one). */
const outcome = () => screen.getAllByRole('status').find((element) => element.getAttribute('aria-live') === 'polite')!;
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

async function searchFor(user: ReturnType<typeof renderScreen>['user'], words: string) {
  const form = screen.getByRole('search', { name: 'Buscar leitores' });
  const input = within(form).getByRole('textbox', { name: /^Login, CPF ou nome/ });
  await user.clear(input);
  await user.type(input, words);
  await user.click(within(form).getByRole('button', { name: 'Buscar' }));
}

async function openIsabela(user: ReturnType<typeof renderScreen>['user']) {
  await searchFor(user, 'isabela');
  const table = await screen.findByRole('table', { name: 'Leitores encontrados para “isabela”' });
  await user.click(within(table).getByRole('button', { name: 'Abrir o registro de Isabela Castro Moura' }));
  return heading('Isabela Castro Moura');
}

describe('the staff area’s patrons', () => {
  it('searches by login, CPF or name (nothing sent without words) and lists who it found, the block in words', async () => {
    const calls = fakeApi(...base());
    const { user } = renderScreen(<PatronsPage />);
    const form = screen.getByRole('search', { name: 'Buscar leitores' });
    await user.click(within(form).getByRole('button', { name: 'Buscar' }));
    expect(await within(form).findByText('Escreva um login, um CPF ou um nome.')).toBeTruthy();
    expect(sent(calls, 'GET', '/api/equipe/leitores')).toHaveLength(0);

    await searchFor(user, '  isabela ');
    const table = await screen.findByRole('table', { name: 'Leitores encontrados para “isabela”' });
    expect(sent(calls, 'GET', '/api/equipe/leitores').map((c) => c.query.get('busca'))).toEqual(['isabela']);
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.querySelector('[data-label="Nome"]')!.textContent).toBe('Isabela Duarte');
    expect(rows[1]!.querySelector('[data-label="Categoria"]')!.textContent).toBe('Aluno de graduação');
    expect(rows[1]!.querySelector('[data-label="Logins"]')!.textContent).toBe('iduarte, isa.d');
    expect(rows[1]!.querySelector('[data-label="Bloqueio"]')!.textContent).toBe('Bloqueado');
    expect(rows[0]!.querySelector('[data-label="Bloqueio"]')!.textContent).toBe('Não bloqueado');
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Abrir o registro de Isabela Duarte' })).toBeTruthy();
    // Said politely, the focus left in the search.
    expect(outcome().textContent).toBe('2 leitores encontrados para “isabela”.');
    expect(outcome().contains(document.activeElement)).toBe(false);

    await searchFor(user, 'ninguém');
    await waitFor(() => expect(outcome().textContent).toBe('Nenhum leitor encontrado para “ninguém”.'));
    expect(await screen.findByText('Confira o login ou o CPF, ou busque por outras palavras do nome.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens a record: the name as its heading (focused), the library’s side, logins, registrations, sessions and the staff’s history', async () => {
    fakeApi(...base(ficha({ bloqueio: true, motivo_bloqueio: 'Livros atrasados' })));
    const { user } = renderScreen(<PatronsPage />);
    const title = await openIsabela(user);
    await waitFor(() => expect(document.activeElement).toBe(title));
    const record = title.closest('section')!;
    expect(record.textContent).toContain('Bloqueado: Livros atrasados');

    const registration = within(record).getByRole('form', { name: 'Cadastro (mantido pela biblioteca)' });
    expect(within(registration).getByRole<HTMLInputElement>('textbox', { name: /^Nome/ }).value).toBe('Isabela Castro Moura');
    expect(within(registration).getByLabelText<HTMLSelectElement>(/^Categoria/).value).toBe('10');
    expect(within(registration).getByLabelText<HTMLInputElement>(/^Vínculo válido até/).value).toBe('2026-12-20');

    const logins = within(record).getByRole('region', { name: 'Logins' });
    expect(
      within(logins)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['isa.antigo (inativo)', 'isabela (ativo)']);
    expect(within(record).getByRole('region', { name: 'Outros cadastros da pessoa' }).textContent).toContain(
      'Cadastro nº 43: Aluno de graduação, sem data de término',
    );
    expect(within(record).getByRole('region', { name: 'Sessões e senha' }).textContent).toContain('2 sessões abertas.');

    const history = within(record).getByRole('table', { name: 'Atos da equipe sobre Isabela Castro Moura, do mais recente ao mais antigo' });
    const act = history.querySelector('tbody tr')!;
    expect(act.querySelector('[data-label="Quando"]')!.textContent).toMatch(/^\d{2}\/11\/2026/);
    expect(act.querySelector('[data-label="Quem"]')!.textContent).toBe('Ana Souza');
    expect(act.querySelector('[data-label="Ação"]')!.textContent).toBe('people.registration');
    expect(act.querySelector('[data-label="Motivo"]')!.textContent).toBe('Mudou de curso');
    expect(act.querySelector('[data-label="Detalhes"]')!.textContent).toBe('categoria: 10');

    // The personal data as held, in the form.
    const data = within(record).getByRole('form', { name: 'Dados pessoais' });
    expect(within(data).getByLabelText<HTMLInputElement>(/^CEP/).value).toBe('88036-001');
    expect(within(data).getByLabelText<HTMLInputElement>(/^CPF/).value).toBe('11144477735');

    // Closed, the focus goes back to the search, for the next patron.
    await user.click(within(record).getByRole('button', { name: 'Fechar registro' }));
    expect(screen.queryByRole('heading', { level: 2, name: 'Isabela Castro Moura' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Login, CPF ou nome/ }));
  });

  it('saves the personal data with the patron’s own rules: a bad e-mail is refused by the form, then the body goes to PUT …/dados', async () => {
    let saved: unknown;
    const calls = fakeApi(
      ...base(),
      answer(patronRecordEndpoints.saveData, ({ params, body }) => {
        saved = body;
        return params.codPessoa === '42'
          ? ficha({}, { email: 'nova@demo.estante.local', telefone: '(48) 3333-4444', cep: '88040900', atualizado_em: '2026-11-25T10:00:00Z' })
          : new Refusal(404, 'Leitor não encontrado.');
      }),
    );
    const { user } = renderScreen(<PatronsPage />);
    const record = (await openIsabela(user)).closest('section')!;
    const data = within(record).getByRole('form', { name: 'Dados pessoais' });
    const email = within(data).getByLabelText(/^E-mail/);
    await user.clear(email);
    await user.type(email, 'nova@');
    const phone = within(data).getByLabelText(/^Telefone/);
    await user.clear(phone);
    await user.type(phone, '(48) 3333-4444');
    await user.click(within(data).getByRole('button', { name: 'Salvar dados pessoais' }));
    expect(await within(data).findByText('E-mail inválido: use endereços como nome@exemplo.org, separados por ponto e vírgula.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(within(data).getByRole('alert').textContent).toBe('Corrija os campos indicados.');
    expect(sent(calls, 'PUT', '/api/equipe/leitores/42/dados')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'Nova@demo.estante.local');
    const cep = within(data).getByLabelText(/^CEP/);
    await user.clear(cep);
    await user.type(cep, '88040-900');
    await user.click(within(data).getByRole('button', { name: 'Salvar dados pessoais' }));
    await waitFor(() => expect(outcome().textContent).toBe('Dados pessoais de Isabela Castro Moura salvos.'));
    expect(sent(calls, 'PUT', '/api/equipe/leitores/42/dados')).toHaveLength(1);
    expect(saved).toEqual({
      email: 'Nova@demo.estante.local',
      telefone: '(48) 3333-4444',
      logradouro: 'Rua Lauro Linhares, 589',
      complemento: '',
      cep: '88040-900',
      cidade: 'Florianópolis',
      bairro: 'Trindade',
      documento_identidade: '',
      cpf: '11144477735',
      nacionalidade: 'Brasileira',
      genero: null,
      data_nascimento: null,
      escolaridade: null,
      lotacao: null,
      profissao: '',
      estado_civil: null,
      recebe_emails: true,
    });
    // The form as the library now holds the data; the focus on what was said.
    expect(within(data).getByLabelText<HTMLInputElement>(/^E-mail/).value).toBe('nova@demo.estante.local');
    expect(within(data).getByText('Última alteração em 25/11/2026.')).toBeTruthy();
    expect(outcome().contains(document.activeElement)).toBe(true);
  });

  it('lets the library add a missing CPF and refuses a wrong one, sending nothing', async () => {
    let saved: Record<string, unknown> = {};
    const calls = fakeApi(
      ...base(ficha({}, { cpf: null })),
      answer(patronRecordEndpoints.saveData, ({ body }) => {
        saved = body as Record<string, unknown>;
        return ficha({}, { cpf: '11144477735' });
      }),
    );
    const { user } = renderScreen(<PatronsPage />);
    const data = within((await openIsabela(user)).closest('section')!).getByRole('form', { name: 'Dados pessoais' });
    const cpf = within(data).getByLabelText(/^CPF/);
    await user.type(cpf, '11144477736');
    await user.click(within(data).getByRole('button', { name: 'Salvar dados pessoais' }));
    expect(await within(data).findByText('CPF inválido: confira os números.')).toBeTruthy();
    expect(sent(calls, 'PUT', '/api/equipe/leitores/42/dados')).toHaveLength(0);
    await user.clear(cpf);
    await user.type(cpf, '11144477735');
    await user.click(within(data).getByRole('button', { name: 'Salvar dados pessoais' }));
    await waitFor(() => expect(saved.cpf).toBe('11144477735'));
  });

  it('saves the registration (name, category, validity) and says a refusal beside the form', async () => {
    const bodies: unknown[] = [];
    fakeApi(
      ...base(),
      answer(patronRecordEndpoints.saveRegistration, ({ body }) => {
        bodies.push(body);
        const { nome, categoria, validade } = body as { nome: string; categoria: string; validade: string | null };
        if (categoria === '20' && bodies.length === 1) return new Refusal(422, 'A categoria 20 não aceita este vínculo.');
        return ficha({}, { nome, categoria: { codigo: categoria, descricao: 'Aluno de graduação' }, validade });
      }),
    );
    const { user } = renderScreen(<PatronsPage />);
    const record = (await openIsabela(user)).closest('section')!;
    const form = within(record).getByRole('form', { name: 'Cadastro (mantido pela biblioteca)' });
    const name = within(form).getByRole('textbox', { name: /^Nome/ });
    await user.clear(name);
    await user.type(name, 'Isabela Moura');
    await user.selectOptions(within(form).getByLabelText(/^Categoria/), 'Aluno de graduação');
    await user.clear(within(form).getByLabelText(/^Vínculo válido até/));
    await user.click(within(form).getByRole('button', { name: 'Salvar cadastro' }));
    expect(await within(form).findByText('A categoria 20 não aceita este vínculo.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Salvar cadastro' }));
    await waitFor(() => expect(outcome().textContent).toBe('Cadastro de Isabela Moura salvo.'));
    expect(bodies).toEqual([
      { nome: 'Isabela Moura', categoria: '20', validade: null, bibliotecas: [] },
      { nome: 'Isabela Moura', categoria: '20', validade: null, bibliotecas: [] },
    ]);
    expect(await heading('Isabela Moura')).toBeTruthy();
  });

  it('saves the libraries the patron is registered at, chosen among all the institution’s in the registration form', async () => {
    const bodies: unknown[] = [];
    fakeApi(
      ...base(ficha({ bibliotecas: [{ cod_biblioteca: 1, nome: 'Biblioteca Central' }] })),
      answer(patronRecordEndpoints.saveRegistration, ({ body }) => {
        bodies.push(body);
        const chosen = (body as { bibliotecas: number[] }).bibliotecas;
        return ficha({
          bibliotecas: LIBRARIES.filter((l) => chosen.includes(l.cod_biblioteca)).map((l) => ({ cod_biblioteca: l.cod_biblioteca, nome: l.desc_biblioteca })),
        });
      }),
    );
    const { user } = renderScreen(<PatronsPage />);
    const record = (await openIsabela(user)).closest('section')!;
    const form = within(record).getByRole('form', { name: 'Cadastro (mantido pela biblioteca)' });
    const libraries = within(form).getByRole('group', { name: 'Bibliotecas' });
    expect(libraries.tagName).toBe('FIELDSET');
    await within(libraries).findByRole('checkbox', { name: 'Biblioteca Setorial de Araranguá' });
    const box = (name: string) => within(libraries).getByRole<HTMLInputElement>('checkbox', { name });
    expect(
      within(libraries)
        .getAllByRole<HTMLInputElement>('checkbox')
        .map((c) => [c.labels?.[0]?.textContent, c.checked]),
    ).toEqual([
      ['Biblioteca Central', true],
      ['Biblioteca de Engenharia', false],
      ['Biblioteca Setorial de Araranguá', false],
    ]);

    await user.click(box('Biblioteca Setorial de Araranguá'));
    await user.click(box('Biblioteca Central'));
    await user.click(box('Biblioteca de Engenharia'));
    await user.click(within(form).getByRole('button', { name: 'Salvar cadastro' }));
    await waitFor(() => expect(outcome().textContent).toBe('Cadastro de Isabela Castro Moura salvo.'));
    expect(bodies).toEqual([{ nome: 'Isabela Castro Moura', categoria: '10', validade: '2026-12-20', bibliotecas: [2, 3] }]);
    expect(box('Biblioteca Central').checked).toBe(false);
    expect(box('Biblioteca de Engenharia').checked).toBe(true);

    // None checked: none sent, and the patron is registered at none.
    await user.click(box('Biblioteca de Engenharia'));
    await user.click(box('Biblioteca Setorial de Araranguá'));
    await user.click(within(form).getByRole('button', { name: 'Salvar cadastro' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ bibliotecas: [] });
  });

  it('shows the staff’s notes on the record, adds one (announced, focused) and removes one with DELETE', async () => {
    let notas: NotaLeitor[] = [NOTE];
    const calls = fakeApi(
      answer(patronRecordEndpoints.search, FOUND),
      answer(patronRecordEndpoints.record, () => ficha({ notas })),
      answer(patronRecordEndpoints.categories, CATEGORIES),
      answer(peopleEndpoints.departments, DEPARTMENTS),
      answer(unitsEndpoints.libraries, LIBRARIES),
      answer(patronRecordEndpoints.addNote, ({ body }) => {
        notas = [{ id: 4, texto: (body as { texto: string }).texto, autor: 'Ana Souza', em: '2026-11-20T12:00:00Z' }, ...notas];
        return notas;
      }),
      answer(patronRecordEndpoints.removeNote, ({ params }) => {
        notas = notas.filter((n) => String(n.id) !== params.id);
        return notas;
      }),
    );
    const { user } = renderScreen(<PatronsPage />);
    const record = (await openIsabela(user)).closest('section')!;
    const notes = within(record).getByRole('region', { name: 'Notas da equipe' });
    expect(within(notes).getByRole('listitem').textContent).toMatch(/^Prefere ser avisada por telefone\.Bruno Lima, 12\/11\/2026/);

    const form = within(notes).getByRole('form', { name: 'Nova nota' });
    const text = within(form).getByRole<HTMLTextAreaElement>('textbox', { name: /^Texto da nota/ });
    await user.click(within(form).getByRole('button', { name: 'Adicionar nota' }));
    expect(await within(form).findByText('Escreva a nota, com até 1000 caracteres.')).toBeTruthy();
    expect(sent(calls, 'POST', '/api/equipe/leitores/42/notas')).toHaveLength(0);

    await user.type(text, 'Pediu a carteirinha nova.');
    await user.click(within(form).getByRole('button', { name: 'Adicionar nota' }));
    await waitFor(() => expect(outcome().textContent).toBe('Nota adicionada.'));
    expect(outcome().contains(document.activeElement)).toBe(true);
    expect(sent(calls, 'POST', '/api/equipe/leitores/42/notas').map((c) => c.body)).toEqual([{ texto: 'Pediu a carteirinha nova.' }]);
    expect(within(notes).getAllByRole('listitem')).toHaveLength(2);
    expect(within(notes).getAllByRole('listitem')[0]!.textContent).toContain('Pediu a carteirinha nova.');
    expect(text.value).toBe('');

    await user.click(within(notes).getByRole('button', { name: /^Remover nota de 12\/11\/2026/ }));
    await waitFor(() => expect(outcome().textContent).toMatch(/^Nota de 12\/11\/2026.* removida\.$/));
    expect(outcome().contains(document.activeElement)).toBe(true);
    expect(sent(calls, 'DELETE', '/api/equipe/leitores/42/notas/3')).toHaveLength(1);
    expect(within(notes).queryByText('Prefere ser avisada por telefone.')).toBeNull();
    expect(within(notes).getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends the password recovery e-mail and says where, masked; a refusal in an alert', async () => {
    let tries = 0;
    const calls = fakeApi(
      ...base(),
      answer(patronRecordEndpoints.sendRecovery, () =>
        ++tries === 1 ? new Refusal(429, 'Muitos pedidos: tente de novo em alguns minutos.') : { emails: ['isabela.moura@demo.estante.local'] },
      ),
    );
    const { user } = renderScreen(<PatronsPage />);
    const access = within((await openIsabela(user)).closest('section')!).getByRole('region', { name: 'Sessões e senha' });
    const send = within(access).getByRole('button', { name: 'Enviar e-mail de recuperação de senha' });
    await user.click(send);
    expect((await within(access).findByRole('alert')).textContent).toBe('Muitos pedidos: tente de novo em alguns minutos.');
    await user.click(send);
    await waitFor(() => expect(outcome().textContent).toBe('Código enviado para i***@d***.'));
    expect(outcome().contains(document.activeElement)).toBe(true);
    // The address itself is never said (the form's field holds it, not the page's text).
    expect(document.body.textContent).not.toContain('isabela.moura@demo.estante.local');
    expect(sent(calls, 'POST', '/api/equipe/leitores/42/recuperacao')).toHaveLength(2);
    expect(within(access).getByRole('alert').textContent).toBe('');
  });

  it('ends the open sessions after a confirmation in a modal', async () => {
    const calls = fakeApi(...base(), answer(patronRecordEndpoints.endSessions, ficha({ sessoes: 0 })));
    const { user } = renderScreen(<PatronsPage />);
    const access = within((await openIsabela(user)).closest('section')!).getByRole('region', { name: 'Sessões e senha' });
    await user.click(within(access).getByRole('button', { name: 'Encerrar sessões' }));
    let dialog = await screen.findByRole('dialog', { name: 'Encerrar as sessões de Isabela Castro Moura' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'POST', '/api/equipe/leitores/42/sessoes/encerrar')).toHaveLength(0);

    await user.click(within(access).getByRole('button', { name: 'Encerrar sessões' }));
    dialog = await screen.findByRole('dialog', { name: 'Encerrar as sessões de Isabela Castro Moura' });
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar sessões' }));
    await waitFor(() => expect(outcome().textContent).toBe('Sessões encerradas.'));
    expect(sent(calls, 'POST', '/api/equipe/leitores/42/sessoes/encerrar')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(access.textContent).toContain('Nenhuma sessão aberta.');
    expect(within(access).queryByRole('button', { name: 'Encerrar sessões' })).toBeNull();
  });

  it('registers a patron by hand: the form’s rules, a 409 said in the modal, then the new record opened', async () => {
    const bodies: unknown[] = [];
    const calls = fakeApi(
      ...base(),
      answer(patronRecordEndpoints.create, ({ body }) => {
        bodies.push(body);
        const { login } = body as { login: string };
        if (login === 'isabela') return new Refusal(409, 'O login isabela já está em uso.', 'LoginEmUso');
        return ficha({ cod_pessoa: 77, logins: [{ login, ativo: true }], sessoes: 0, cadastros: [], historico: [] }, { nome: 'Carla Dias', cpf: null });
      }),
    );
    const { user } = renderScreen(<PatronsPage />);
    await user.click(screen.getByRole('button', { name: 'Novo leitor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo leitor' });
    const form = within(dialog).getByRole('form', { name: 'Novo leitor' });
    const submit = within(form).getByRole('button', { name: 'Cadastrar leitor' });

    // Nothing is sent without a name, a login and a category.
    await user.click(submit);
    expect(await within(form).findByText('O nome tem de 3 a 200 caracteres.')).toBeTruthy();
    expect(within(form).getByText('O login tem de 3 a 60 caracteres: letras, números e . _ - @.')).toBeTruthy();
    expect(within(form).getByText('Escolha a categoria.')).toBeTruthy();
    expect(sent(calls, 'POST', '/api/equipe/leitores')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /^Nome/ }), 'Carla Dias');
    const login = within(form).getByRole('textbox', { name: /^Login/ });
    await user.type(login, 'isabela');
    await screen.findByRole('option', { name: 'Aluno de graduação' });
    await user.selectOptions(within(form).getByLabelText(/^Categoria/), 'Aluno de graduação');
    await user.type(within(form).getByLabelText(/^E-mail/), 'carla@demo.estante.local');
    await user.type(within(form).getByLabelText(/^CPF/), '11144477735');
    await user.type(within(form).getByLabelText(/^Vínculo válido até/), '2027-12-31');
    await user.click(submit);
    expect((await within(form).findByRole('alert')).textContent).toBe('O login isabela já está em uso.');
    expect(screen.getByRole('dialog', { name: 'Novo leitor' })).toBeTruthy();

    await user.clear(login);
    await user.type(login, 'carla');
    await user.click(submit);
    await waitFor(() => expect(outcome().textContent).toBe('Leitor Carla Dias cadastrado.'));
    expect(bodies).toEqual([
      { nome: 'Carla Dias', login: 'isabela', categoria: '20', email: 'carla@demo.estante.local', cpf: '11144477735', validade: '2027-12-31' },
      { nome: 'Carla Dias', login: 'carla', categoria: '20', email: 'carla@demo.estante.local', cpf: '11144477735', validade: '2027-12-31' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const record = (await heading('Carla Dias')).closest('section')!;
    expect(within(record).getByRole('region', { name: 'Logins' }).textContent).toContain('carla (ativo)');
    expect(outcome().contains(document.activeElement)).toBe(true);
    // The new record came with the answer: not asked again.
    expect(sent(calls, 'GET', '/api/equipe/leitores/77')).toHaveLength(0);
  });

  it('says so when a record cannot be fetched', async () => {
    fakeApi(...base(ficha({ cod_pessoa: 99 })));
    const { user } = renderScreen(<PatronsPage />);
    await searchFor(user, 'isabela');
    const table = await screen.findByRole('table', { name: 'Leitores encontrados para “isabela”' });
    await user.click(within(table).getByRole('button', { name: 'Abrir o registro de Isabela Duarte' }));
    expect(await screen.findByText('Leitor não encontrado.')).toBeTruthy();
  });

  it('is a section found by its folder, offered to circulation and reference staff', () => {
    expect(STAFF_SECTIONS).toContain(section);
    expect(section.segment).toBe('leitores');
    expect(sectionsFor(['circulacao'])).toContain(section);
    expect(sectionsFor(['atendimento'])).toContain(section);
    expect(sectionsFor(['catalogacao', 'administracao'])).not.toContain(section);
  });
});
