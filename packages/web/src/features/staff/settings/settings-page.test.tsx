import { type Politicas, policiesEndpoints } from '@estante/contracts/circulation';
import { type Configuracoes, settingsEndpoints } from '@estante/contracts/parameters';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { section as networkSection } from '../network/section';
import { sectionsFor, STAFF_SECTIONS } from '../sections';
import { section } from './section';
import { SettingsPage } from './settings-page';

const SETTINGS: Configuracoes = {
  acesso: { codigo: 1, captcha: false, oidc: false, oidc_logout: null, saml_logout: null, app_layers: { ativo: false, url: null } },
  textos: { pt: { denominacao_login: 'Matrícula', msg_login: 'Bem-vindo à biblioteca' }, en: {}, es: {} },
  atividades: [
    { codigo: 8, descricao: 'Escolher o destino após a entrada', ativa: true },
    { codigo: 1120, descricao: 'Captcha na entrada', ativa: false },
  ],
  bibliotecas: [{ cod_biblioteca: 3, nome: 'Biblioteca Central', sigla: 'BC', email: null, horarios: [{ dia: 1, abre: '08:00', fecha: '22:00' }] }],
};

const POLICIES: Politicas = {
  categorias: [
    { codigo: '01', descricao: 'Aluno de graduação', limite_emprestimos: 5 },
    { codigo: '02', descricao: 'Professor', limite_emprestimos: 10 },
  ],
  tipos: [
    { codigo: 1, descricao: 'Normal', permite_emprestimo: true, permite_reserva: true },
    { codigo: 2, descricao: 'Consulta local', permite_emprestimo: false, permite_reserva: false },
  ],
  regras: [{ categoria: '02', tipo: 1, prazo_dias: 30, limite_renovacoes: 3, permite_reserva: true, multa_dia: '0.50' }],
  padrao: { prazo_dias: 14, limite_renovacoes: 2, multa_dia: '1.00' },
};

type Calls = ReturnType<typeof fakeApi>;
const sent = (calls: Calls, method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).map((c) => c.body ?? null);
const status = () => screen.getByRole('status');
/** Waits for the page's outcome to say `text`, and checks that the focus went to it. */
async function announced(text: string) {
  await waitFor(() => expect(status().textContent).toContain(text));
  expect(status().contains(document.activeElement)).toBe(true);
}

/** The page with the settings and policies answered, each write answered with the whole settings (as the API does). */
function settingsApi(...more: ReturnType<typeof answer>[]) {
  let settings = structuredClone(SETTINGS);
  let policies = structuredClone(POLICIES);
  return fakeApi(
    ...more,
    answer(settingsEndpoints.read, () => settings),
    answer(settingsEndpoints.access, ({ body }) => (settings = { ...settings, acesso: body as Configuracoes['acesso'] })),
    answer(settingsEndpoints.texts, ({ params, body }) => (settings = { ...settings, textos: { ...settings.textos, [params.idioma!]: body } })),
    answer(settingsEndpoints.activity, ({ params, body }) => {
      const { ativa } = body as { ativa: boolean };
      return (settings = { ...settings, atividades: settings.atividades.map((a) => (String(a.codigo) === params.codigo ? { ...a, ativa } : a)) });
    }),
    answer(settingsEndpoints.library, ({ params, body }) => {
      const { email, horarios } = body as Pick<Configuracoes['bibliotecas'][number], 'email' | 'horarios'>;
      return (settings = {
        ...settings,
        bibliotecas: settings.bibliotecas.map((b) => (String(b.cod_biblioteca) === params.id ? { ...b, email, horarios } : b)),
      });
    }),
    answer(policiesEndpoints.read, () => policies),
    answer(policiesEndpoints.setRule, ({ params, body }) => {
      const rule = { categoria: params.categoria!, tipo: Number(params.tipo), ...(body as Omit<Politicas['regras'][number], 'categoria' | 'tipo'>) };
      const others = policies.regras.filter((r) => !(r.categoria === rule.categoria && r.tipo === rule.tipo));
      return (policies = { ...policies, regras: [...others, rule] });
    }),
    answer(policiesEndpoints.dropRule, ({ params }) => {
      return (policies = { ...policies, regras: policies.regras.filter((r) => !(r.categoria === params.categoria && String(r.tipo) === params.tipo)) });
    }),
    answer(policiesEndpoints.setLimit, ({ params, body }) => {
      const { limite_emprestimos } = body as { limite_emprestimos: number };
      return (policies = { ...policies, categorias: policies.categorias.map((c) => (c.codigo === params.categoria ? { ...c, limite_emprestimos } : c)) });
    }),
  );
}

/** Opens one of the page's tabs. */
async function openTab(user: ReturnType<typeof renderScreen>['user'], name: string) {
  await user.click(screen.getByRole('tab', { name }));
}

describe('the staff area’s settings', () => {
  it('saves the sign-in as one form, checked first, and shows a refusal beside it', async () => {
    let refuse = true;
    const calls = settingsApi(
      answer(settingsEndpoints.access, ({ body }) => {
        if (refuse) {
          refuse = false;
          return new Refusal(400, 'O corpo da requisição é inválido: oidc_logout.');
        }
        return { ...SETTINGS, acesso: body as Configuracoes['acesso'] };
      }),
    );
    const { user } = renderScreen(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Acesso: a entrada dos leitores' });
    expect(screen.getByText(/Cada alteração vale na hora, sem reiniciar o servidor, e fica registrada na auditoria/)).toBeTruthy();

    const code = within(form).getByRole('textbox', { name: /^Código da instituição/ });
    expect(within(form).getByText('Com este código: o formulário de sempre.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '571');
    expect(within(form).getByText('Com este código: entrada em dois passos, com a escolha entre cadastros duplicados.')).toBeTruthy();
    await user.click(within(form).getByRole('switch', { name: /^Captcha na entrada/ }));
    await user.click(within(form).getByRole('switch', { name: /^Entrada institucional \(OIDC\)/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Endereço de saída do OIDC/ }), 'javascript:alert(1)');
    await user.click(within(form).getByRole('switch', { name: /^Visualização no aplicativo/ }));
    await user.click(within(form).getByRole('button', { name: 'Salvar o acesso' }));

    // Checked before it is sent: the bad address, the app switched on without one.
    expect(await within(form).findByText('Informe um endereço http:// ou https://, sem espaços.')).toBeTruthy();
    expect(within(form).getByText('Para ligar a visualização no aplicativo, informe o endereço.')).toBeTruthy();
    expect(sent(calls, 'PUT', '/api/equipe/configuracoes/acesso')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: /^Endereço de saída do OIDC/ })));

    const oidcLogout = within(form).getByRole('textbox', { name: /^Endereço de saída do OIDC/ });
    await user.clear(oidcLogout);
    await user.type(oidcLogout, ' https://idp.example.org/logout ');
    await user.type(within(form).getByRole('textbox', { name: /^Endereço do aplicativo/ }), 'https://app.example.org/entrar');
    await user.click(within(form).getByRole('button', { name: 'Salvar o acesso' }));
    // The server's refusal in its words, beside the form, which keeps what was typed.
    const refusal = await within(form).findByText('O corpo da requisição é inválido: oidc_logout.');
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(code).toHaveProperty('value', '571');

    await user.click(within(form).getByRole('button', { name: 'Salvar o acesso' }));
    await announced('Acesso salvo: já vale para a próxima entrada.');
    const body = {
      codigo: 571,
      captcha: true,
      oidc: true,
      oidc_logout: 'https://idp.example.org/logout',
      saml_logout: null,
      app_layers: { ativo: true, url: 'https://app.example.org/entrar' },
    };
    expect(sent(calls, 'PUT', '/api/equipe/configuracoes/acesso')).toEqual([body, body]);
    expect(within(form).queryByText('O corpo da requisição é inválido: oidc_logout.')).toBeNull();
  });

  it('saves the texts one language at a time, previewing the support message as the site shows it', async () => {
    const calls = settingsApi();
    const { user } = renderScreen(<SettingsPage />);
    await screen.findByRole('form', { name: 'Acesso: a entrada dos leitores' });
    await openTab(user, 'Textos');

    // Portuguese's sign-in word cannot be unset.
    const pt = await screen.findByRole('form', { name: 'Textos em português' });
    const word = within(pt).getByRole('textbox', { name: /^Nome do campo de usuário/ });
    expect(word).toHaveProperty('value', 'Matrícula');
    await user.clear(word);
    await user.click(within(pt).getByRole('button', { name: 'Salvar os textos em português' }));
    expect(await within(pt).findByText('Em português, o nome do campo de usuário é obrigatório.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Inglês' }));
    const en = await screen.findByRole('form', { name: 'Textos em inglês' });
    const preview = within(en).getByRole('region', { name: 'Pré-visualização da mensagem de suporte' });
    expect(within(preview).getByText('Em branco: os leitores neste idioma veem a mensagem em português.')).toBeTruthy();
    await user.type(within(en).getByRole('textbox', { name: /^Nome do campo de usuário/ }), 'Card number');
    await user.type(
      within(en).getByRole('textbox', { name: /^Mensagem de suporte/ }),
      '<p>Write to <a href="mailto:help@example.org">the help desk</a>.</p><img src="x" onerror="alert(1)">',
    );
    // Drawn as the footer's "Support" draws it: formatting and safe links kept, the rest dropped.
    const link = within(preview).getByRole('link', { name: 'the help desk' });
    expect(link.getAttribute('href')).toBe('mailto:help@example.org');
    expect(preview.querySelector('img')).toBeNull();
    expect(preview.querySelector('p')!.textContent).toBe('Write to the help desk.');

    await user.click(within(en).getByRole('button', { name: 'Salvar os textos em inglês' }));
    await announced('Textos em inglês salvos: já aparecem no site.');
    // Only the English texts, the blank welcome left out (unset).
    expect(sent(calls, 'PUT', '/api/equipe/configuracoes/textos/en')).toEqual([
      {
        denominacao_login: 'Card number',
        msg_suporte_consulta: '<p>Write to <a href="mailto:help@example.org">the help desk</a>.</p><img src="x" onerror="alert(1)">',
      },
    ]);
    expect(sent(calls, 'PUT', '/api/equipe/configuracoes/textos/pt')).toHaveLength(0);
  });

  it('switches an activity on at once, announcing it without taking the focus from the switch', async () => {
    const calls = settingsApi();
    const { user } = renderScreen(<SettingsPage />);
    await screen.findByRole('form', { name: 'Acesso: a entrada dos leitores' });
    await openTab(user, 'Funcionalidades');
    const captcha = await screen.findByRole('switch', { name: /^Captcha na entrada Código 1120/ });
    expect(captcha).toHaveProperty('checked', false);
    expect(screen.getByRole('switch', { name: /^Escolher o destino após a entrada/ })).toHaveProperty('checked', true);

    await user.click(captcha);
    await waitFor(() => expect(status().textContent).toContain('Captcha na entrada (código 1120) ligada.'));
    expect(sent(calls, 'PUT', '/api/equipe/configuracoes/atividades/1120')).toEqual([{ ativa: true }]);
    expect(captcha).toHaveProperty('checked', true);
    expect(document.activeElement).toBe(captcha);

    // The filter finds by description, without accents, or by code.
    await user.type(screen.getByRole('searchbox', { name: /^Filtrar funcionalidades/ }), 'apos');
    expect(screen.queryByRole('switch', { name: /^Captcha na entrada/ })).toBeNull();
    expect(screen.getByRole('switch', { name: /^Escolher o destino após a entrada/ })).toBeTruthy();
  });

  it('shows an activity’s refusal and keeps the switch as the server has it', async () => {
    fakeApi(
      answer(settingsEndpoints.read, SETTINGS),
      answer(settingsEndpoints.activity, () => new Refusal(404, 'Atividade 1120 não encontrada.', 'AtividadeNaoEncontrada')),
    );
    const { user } = renderScreen(<SettingsPage />);
    await screen.findByRole('form', { name: 'Acesso: a entrada dos leitores' });
    await openTab(user, 'Funcionalidades');
    const captcha = await screen.findByRole('switch', { name: /^Captcha na entrada Código 1120/ });
    await user.click(captcha);
    const alert = await screen.findByText('Atividade 1120 não encontrada.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(captcha).toHaveProperty('checked', false));
  });

  it('checks a library’s hours (closing after opening) and sends the week’s open days', async () => {
    const calls = settingsApi();
    const { user } = renderScreen(<SettingsPage />);
    await screen.findByRole('form', { name: 'Acesso: a entrada dos leitores' });
    await openTab(user, 'Bibliotecas');
    const form = await screen.findByRole('form', { name: 'Biblioteca Central (BC)' });
    expect(within(form).getByRole('checkbox', { name: 'Segunda-feira: aberta' })).toHaveProperty('checked', true);
    expect(within(form).getByLabelText('Segunda-feira: abertura')).toHaveProperty('value', '08:00');
    const saturdayOpens = within(form).getByLabelText('Sábado: abertura');
    expect(saturdayOpens).toHaveProperty('disabled', true);

    await user.type(within(form).getByRole('textbox', { name: /^E-mail da biblioteca/ }), 'central@biblioteca.example.org');
    await user.click(within(form).getByRole('checkbox', { name: 'Sábado: aberta' }));
    await user.type(saturdayOpens, '13:00');
    await user.type(within(form).getByLabelText('Sábado: fechamento'), '09:00');
    await user.click(within(form).getByRole('button', { name: 'Salvar Biblioteca Central' }));
    expect(await within(form).findByText('O fechamento precisa ser depois da abertura (13:00).')).toBeTruthy();
    expect(sent(calls, 'PUT', '/api/equipe/configuracoes/bibliotecas/3')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Sábado: fechamento')));

    const saturdayCloses = within(form).getByLabelText('Sábado: fechamento');
    await user.clear(saturdayCloses);
    await user.type(saturdayCloses, '17:30');
    await user.click(within(form).getByRole('button', { name: 'Salvar Biblioteca Central' }));
    await announced('E-mail e horário de Biblioteca Central salvos: já aparecem no site.');
    expect(sent(calls, 'PUT', '/api/equipe/configuracoes/bibliotecas/3')).toEqual([
      {
        email: 'central@biblioteca.example.org',
        horarios: [
          { dia: 1, abre: '08:00', fecha: '22:00' },
          { dia: 6, abre: '13:00', fecha: '17:30' },
        ],
      },
    ]);
  });

  it('shows each category and loan type’s rule, or the default, and edits one in a dialog (a fine with a comma)', async () => {
    const calls = settingsApi();
    const { user } = renderScreen(<SettingsPage />);
    await screen.findByRole('form', { name: 'Acesso: a entrada dos leitores' });
    await openTab(user, 'Políticas de empréstimo');
    const matrix = await screen.findByRole('table', { name: /^Regras de empréstimo/ });
    const cell = (category: string, type: string) =>
      within(matrix)
        .getByRole('button', { name: `Alterar a regra: ${category}, ${type}` })
        .closest('td')!;
    expect(cell('Aluno de graduação', 'Normal').textContent).toContain('Padrão: 14 dias, 2 renovações, R$ 1,00/dia');
    expect(cell('Professor', 'Normal').textContent).toContain('30 dias, 3 renovações, R$ 0,50/dia, com reserva');

    await user.click(within(matrix).getByRole('button', { name: 'Alterar a regra: Aluno de graduação, Normal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regra de empréstimo: Aluno de graduação, Normal' });
    // Starts from the default; a pair without a rule has nothing to remove.
    expect(within(dialog).getByRole('textbox', { name: /^Multa por dia de atraso/ })).toHaveProperty('value', '1,00');
    expect(within(dialog).queryByRole('button', { name: 'Usar o padrão' })).toBeNull();
    const days = within(dialog).getByRole('textbox', { name: /^Prazo \(dias\)/ });
    await user.clear(days);
    await user.type(days, '400');
    const fine = within(dialog).getByRole('textbox', { name: /^Multa por dia de atraso/ });
    await user.clear(fine);
    await user.type(fine, '2,505');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar a regra' }));
    expect(await within(dialog).findByText('Informe um número inteiro de 1 a 365.')).toBeTruthy();
    expect(within(dialog).getByText('Informe um valor como 1,50 (até 999,99).')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '7');
    const renewals = within(dialog).getByRole('textbox', { name: /^Renovações/ });
    await user.clear(renewals);
    await user.type(renewals, '1');
    await user.clear(fine);
    await user.type(fine, '2,50');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar a regra' }));
    await announced('Regra salva para Aluno de graduação, Normal: 7 dias, 1 renovação, R$ 2,50/dia, com reserva.');
    expect(sent(calls, 'PUT', '/api/equipe/politicas/01/1')).toEqual([{ prazo_dias: 7, limite_renovacoes: 1, permite_reserva: true, multa_dia: '2.50' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cell('Aluno de graduação', 'Normal').textContent).toContain('7 dias, 1 renovação, R$ 2,50/dia, com reserva');
  });

  it('removes a rule with “Usar o padrão”', async () => {
    const calls = settingsApi();
    const { user } = renderScreen(<SettingsPage />);
    await screen.findByRole('form', { name: 'Acesso: a entrada dos leitores' });
    await openTab(user, 'Políticas de empréstimo');
    const matrix = await screen.findByRole('table', { name: /^Regras de empréstimo/ });
    await user.click(within(matrix).getByRole('button', { name: 'Alterar a regra: Professor, Normal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regra de empréstimo: Professor, Normal' });
    expect(within(dialog).getByRole('textbox', { name: /^Prazo \(dias\)/ })).toHaveProperty('value', '30');
    await user.click(within(dialog).getByRole('button', { name: 'Usar o padrão' }));
    await announced('Regra removida para Professor, Normal: vale o padrão (14 dias, 2 renovações, R$ 1,00/dia).');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/equipe/politicas/02/1']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const cell = within(matrix).getByRole('button', { name: 'Alterar a regra: Professor, Normal' }).closest('td')!;
    expect(cell.textContent).toContain('Padrão: 14 dias, 2 renovações, R$ 1,00/dia');
  });

  it('sets a category’s loan limit in its row, a whole number from 0 to 999', async () => {
    const calls = settingsApi();
    const { user } = renderScreen(<SettingsPage />);
    await screen.findByRole('form', { name: 'Acesso: a entrada dos leitores' });
    await openTab(user, 'Políticas de empréstimo');
    const form = await screen.findByRole('form', { name: 'Limite de empréstimos de Aluno de graduação' });
    const limit = within(form).getByRole('textbox', { name: 'Limite de empréstimos de Aluno de graduação' });
    expect(limit).toHaveProperty('value', '5');
    await user.clear(limit);
    await user.type(limit, '1000');
    await user.click(within(form).getByRole('button', { name: 'Salvar o limite de Aluno de graduação' }));
    expect(await within(form).findByText('Informe um número inteiro de 0 a 999.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(limit);
    await user.type(limit, '3');
    await user.click(within(form).getByRole('button', { name: 'Salvar o limite de Aluno de graduação' }));
    await announced('Limite de Aluno de graduação salvo: 3 empréstimos ao mesmo tempo.');
    expect(sent(calls, 'PUT', '/api/equipe/categorias/01/limite')).toEqual([{ limite_emprestimos: 3 }]);
    expect(limit).toHaveProperty('value', '3');
  });

  it('is a section found by its folder, for the administration only, after the partner network in the menu', () => {
    expect(section.segment).toBe('configuracoes');
    expect(STAFF_SECTIONS).toContain(section);
    expect(sectionsFor(['administracao'])).toContain(section);
    expect(sectionsFor(['circulacao', 'atendimento', 'catalogacao', 'moderacao', 'aquisicao'])).not.toContain(section);
    const menu = sectionsFor(['administracao']);
    expect(menu.indexOf(section)).toBe(menu.indexOf(networkSection) + 1);
  });
});
