import { operationsEndpoints } from '@estante/contracts/jobs';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { MailPage } from './mail-page';
import { groupTemplates, type MailSettingsData, textParts } from './mail-templates';

const DEFAULT = 'Estante <nao-responda@estante.example.org>';
const LIBRARY = 'Biblioteca Central <central@biblioteca.example.org>';

const TEMPLATES: MailSettingsData['modelos'] = [
  {
    modulo: 'circulation',
    chave: 'desk.receipt.subject',
    pt: 'Seus empréstimos na biblioteca',
    en: 'Your library loans',
    es: 'Sus préstamos en la biblioteca',
  },
  {
    modulo: 'circulation',
    chave: 'notice.atraso.intro',
    pt: 'Olá, {name}.\nEstes empréstimos estão atrasados:',
    en: 'Hello, {name}.\nThese loans are overdue:',
    es: 'Hola, {name}.\nEstos préstamos están atrasados:',
  },
  {
    modulo: 'auth',
    chave: 'recovery.mail.subject',
    pt: 'Código de recuperação de senha',
    en: 'Password recovery code',
    es: 'Código de recuperación de contraseña',
  },
  { modulo: 'units', chave: 'mail.comment.subject', pt: 'Comentário sobre {library}', en: 'Comment about {library}', es: 'Comentario sobre {library}' },
];

/** The mail settings' answers, the library's sender being `remetente`; `put` answers the PUT (by default, as the server does). */
function settingsApi(remetente: string | null, put?: (body: { remetente: string | null }) => MailSettingsData | Refusal) {
  return fakeApi(
    answer(operationsEndpoints.mail, { total: 0, itens: [] }),
    answer(operationsEndpoints.mailSettings, { remetente, padrao: DEFAULT, modelos: TEMPLATES }),
    answer(operationsEndpoints.setSender, ({ body }) => {
      const sent = body as { remetente: string | null };
      return put ? put(sent) : { remetente: sent.remetente, padrao: DEFAULT, modelos: TEMPLATES };
    }),
  );
}

const puts = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.method === 'PUT' && c.path === '/api/equipe/correio/configuracao').map((c) => c.body);

/** The page, its second tab opened. */
async function openSettings() {
  const view = renderScreen(<MailPage />);
  await view.user.click(screen.getByRole('tab', { name: 'Remetente e modelos' }));
  await screen.findByRole('heading', { name: 'Remetente' });
  return view;
}

const senderForm = () => screen.getByRole('form', { name: 'Remetente' });
const senderField = () => within(senderForm()).getByRole<HTMLInputElement>('textbox', { name: /^Remetente da biblioteca/ });

describe('the mail section’s sender', () => {
  it('opens on the log; the second tab, reached by keyboard, shows the sender in use: the server’s default when the library set none', async () => {
    const calls = settingsApi(null);
    const { user } = renderScreen(<MailPage />);
    expect(await screen.findByText('Nenhuma mensagem registrada com estes filtros.')).toBeTruthy();
    // The settings are asked only when their tab opens.
    expect(calls.some((c) => c.path === '/api/equipe/correio/configuracao')).toBe(false);
    screen.getByRole('tab', { name: 'Registro de e-mails' }).focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(await screen.findByText(`Em uso: o padrão do servidor: ${DEFAULT}.`)).toBeTruthy();
    expect(senderField().value).toBe('');
    expect(within(senderForm()).getByRole<HTMLButtonElement>('button', { name: 'Usar o padrão do servidor' }).disabled).toBe(true);
    expect(screen.getByText('O padrão do servidor já está em uso.')).toBeTruthy();
  });

  it('sends the typed sender with PUT, then announces it with the focus there and shows it in use', async () => {
    const calls = settingsApi(null);
    const { user } = await openSettings();
    await user.type(senderField(), `  ${LIBRARY}  `);
    await user.click(within(senderForm()).getByRole('button', { name: 'Salvar remetente' }));
    const said = await screen.findByText(`Remetente salvo: ${LIBRARY}. Vale a partir da próxima mensagem.`);
    expect(said.closest('[role="status"]')).toBe(document.activeElement);
    expect(puts(calls)).toEqual([{ remetente: LIBRARY }]);
    expect(screen.getByText(`Em uso: ${LIBRARY}, definido pela biblioteca.`)).toBeTruthy();
    expect(senderField().value).toBe(LIBRARY);
  });

  it('refuses a sender that is not one before sending, and an empty one', async () => {
    const calls = settingsApi(null);
    const { user } = await openSettings();
    const save = within(senderForm()).getByRole('button', { name: 'Salvar remetente' });
    await user.click(save);
    expect(senderField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Preencha este campo.')).toBeTruthy();
    await user.type(senderField(), 'Biblioteca Central central@biblioteca');
    await user.click(save);
    const rule =
      'Escreva um nome seguido do endereço entre < e >, como Biblioteca Central <biblioteca@exemplo.org>, ou só o endereço; no máximo 200 caracteres.';
    expect(await screen.findByText(rule)).toBeTruthy();
    expect(
      document.getElementById(
        senderField()
          .getAttribute('aria-describedby')!
          .split(' ')
          .find((id) => id.includes('error'))!,
      )?.textContent,
    ).toBe(rule);
    expect(puts(calls)).toEqual([]);
  });

  it('goes back to the server’s default by sending null, and says so', async () => {
    const calls = settingsApi(LIBRARY);
    const { user } = await openSettings();
    expect(screen.getByText(`Em uso: ${LIBRARY}, definido pela biblioteca.`)).toBeTruthy();
    expect(senderField().value).toBe(LIBRARY);
    await user.click(within(senderForm()).getByRole('button', { name: 'Usar o padrão do servidor' }));
    const said = await screen.findByText(`Os e-mails voltam a sair com o padrão do servidor: ${DEFAULT}. Vale a partir da próxima mensagem.`);
    expect(said.closest('[role="status"]')).toBe(document.activeElement);
    expect(puts(calls)).toEqual([{ remetente: null }]);
    expect(screen.getByText(`Em uso: o padrão do servidor: ${DEFAULT}.`)).toBeTruthy();
    expect(senderField().value).toBe('');
  });

  it('says why the server refused a sender, in an alert, keeping what was typed', async () => {
    const refused = 'O remetente não é válido.';
    settingsApi(null, () => new Refusal(400, refused));
    const { user } = await openSettings();
    await user.type(senderField(), 'central@biblioteca.example.org');
    await user.click(within(senderForm()).getByRole('button', { name: 'Salvar remetente' }));
    expect(await within(await screen.findByRole('alert')).findByText(refused)).toBeTruthy();
    expect(senderField().value).toBe('central@biblioteca.example.org');
  });
});

describe('the mail section’s templates', () => {
  const templates = () => screen.getByRole('region', { name: 'Modelos de mensagem' });
  const items = () => within(templates()).getAllByRole('listitem');

  it('lists them by module, named in words where plain, each key with its text, placeholders set apart and line breaks kept', async () => {
    settingsApi(null);
    await openSettings();
    const list = templates();
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Circulação (circulation)', 'Acesso e senha (auth)', 'units']);
    const circulation = within(list).getByRole('region', { name: 'Circulação (circulation)' });
    expect(within(circulation).getAllByRole('listitem')).toHaveLength(2);
    const intro = within(circulation).getByText('notice.atraso.intro').closest('li')!;
    const text = intro.querySelector('[lang]')!;
    expect(text.getAttribute('lang')).toBe('pt-BR');
    expect(text.textContent).toBe('Olá, {name}.\nEstes empréstimos estão atrasados:');
    expect(getComputedStyle(text).whiteSpace).toBe('pre-wrap');
    expect([...text.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['{name}']);
    expect(within(list).getByRole('status').textContent).toBe('4 modelos.');
    expect(within(list).getByText(/fazem parte do software: mudam com ele/)).toBeTruthy();
    // Read only: nothing in the list to type into but the filter.
    expect(within(list).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(list).getAllByRole('searchbox')).toHaveLength(1);
  });

  it('shows the English texts when English is chosen', async () => {
    settingsApi(null);
    const { user } = await openSettings();
    const languages = within(templates()).getByRole('radiogroup', { name: 'Idioma dos textos' });
    expect(within(languages).getByRole<HTMLInputElement>('radio', { name: 'Português' }).checked).toBe(true);
    await user.click(within(languages).getByRole('radio', { name: 'Inglês' }));
    expect(within(templates()).getByText('Your library loans')).toBeTruthy();
    expect(within(templates()).queryByText('Seus empréstimos na biblioteca')).toBeNull();
    const intro = within(templates()).getByText('notice.atraso.intro').closest('li')!.querySelector('[lang]')!;
    expect(intro.getAttribute('lang')).toBe('en');
    expect(intro.textContent).toBe('Hello, {name}.\nThese loans are overdue:');
  });

  it('narrows the list to the keys and texts holding the filter, and says how many', async () => {
    settingsApi(null);
    const { user } = await openSettings();
    const filter = within(templates()).getByRole('searchbox', { name: /^Filtrar modelos/ });
    await user.type(filter, 'EMPRESTIMOS');
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(within(templates()).getByRole('status').textContent).toBe('2 de 4 modelos.');
    expect(
      within(templates())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Circulação (circulation)']);
    await user.clear(filter);
    await user.type(filter, 'recovery.mail');
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]!.textContent).toContain('Código de recuperação de senha');
    await user.type(filter, 'x');
    expect(within(templates()).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(templates()).getByRole('status').textContent).toBe('Nenhum modelo com este filtro.');
  });

  it('cuts a text at its placeholders, and groups and filters in the language shown', () => {
    expect(textParts('{name}, veja {title}.')).toEqual([
      { text: '{name}', placeholder: true },
      { text: ', veja ', placeholder: false },
      { text: '{title}', placeholder: true },
      { text: '.', placeholder: false },
    ]);
    expect(textParts('Sem valores')).toEqual([{ text: 'Sem valores', placeholder: false }]);
    expect(groupTemplates(TEMPLATES, 'en', 'loans').map((g) => [g.modulo, g.templates.map((m) => m.chave)])).toEqual([
      ['circulation', ['desk.receipt.subject', 'notice.atraso.intro']],
    ]);
    // "empréstimos" is not in the English texts.
    expect(groupTemplates(TEMPLATES, 'en', 'empréstimos')).toEqual([]);
    expect(groupTemplates(TEMPLATES, 'pt', '  ').map((g) => g.modulo)).toEqual(['circulation', 'auth', 'units']);
  });

  it('says so when the settings cannot be fetched', async () => {
    fakeApi(
      answer(operationsEndpoints.mail, { total: 0, itens: [] }),
      answer(operationsEndpoints.mailSettings, () => new Refusal(500, 'boom')),
    );
    const { user } = renderScreen(<MailPage />);
    await user.click(screen.getByRole('tab', { name: 'Remetente e modelos' }));
    expect(await screen.findByText('Não foi possível obter o remetente e os modelos de mensagem.')).toBeTruthy();
  });
});
