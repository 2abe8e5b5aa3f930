import { type MensagemEnviada, operationsEndpoints } from '@estante/contracts/jobs';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { sectionsFor, STAFF_SECTIONS } from '../sections';
import { MailPage } from './mail-page';
import { mailSearchParams, readMailSearch } from './mail-search';
import { section } from './section';

/** A message of the log; `id` also sets its minute, so each is told apart. */
function message(id: number, over: Partial<MensagemEnviada> = {}): MensagemEnviada {
  return {
    id,
    em: `2026-11-28T10:${String(id % 60).padStart(2, '0')}:00Z`,
    para: ['ana@exemplo.org'],
    assunto: `Mensagem ${id}`,
    situacao: 'enviado',
    erro: null,
    anexos: 0,
    corpo: `Texto ${id}`,
    reenvio_de: null,
    ...over,
  };
}

const LATE = message(12, {
  para: ['ana@exemplo.org', 'biblioteca@exemplo.org'],
  assunto: 'Aviso de atraso',
  situacao: 'falhou',
  erro: '421 service not available',
  corpo: 'Olá, Ana.\nO empréstimo de “Dom Casmurro” venceu ontem.',
});
const SECRET = message(11, { assunto: 'Código de recuperação de senha', corpo: null });
const SHEET = message(10, { assunto: 'Ficha catalográfica', anexos: 2, corpo: 'Segue a ficha pedida.' });
const AGAIN = message(9, { assunto: 'Aviso de atraso', reenvio_de: 5 });

/** The log's answers: 120 messages in all; page 1 the four above, page 2 one more. */
const pages = answer(operationsEndpoints.mail, ({ query }) =>
  query.get('pagina') === '2' ? { total: 120, itens: [message(51, { assunto: 'Resumo semanal' })] } : { total: 120, itens: [LATE, SECRET, SHEET, AGAIN] },
);

const lists = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.method === 'GET' && c.path === '/api/equipe/correio');
const queryOf = (call: { query: URLSearchParams }) => Object.fromEntries(call.query);
const table = (name = 'Registro de e-mails: 120 mensagens, página 1 de 3') => screen.findByRole('table', { name });
const rowOf = async (subject: string, n = 0) => {
  const cells = within(await table()).getAllByRole('cell', { name: subject });
  return cells[n]!.closest('tr')!;
};
const cell = (row: Element, label: string) => row.querySelector(`[data-label="${label}"]`)!.textContent;

describe('the staff area’s mail log', () => {
  it('lists the messages with when (UTC), to whom, the subject, how it went, the error and what it resends', async () => {
    const calls = fakeApi(pages);
    renderScreen(<MailPage />);
    const rows = (await table()).querySelectorAll('tbody tr');
    expect(rows).toHaveLength(4);
    expect(lists(calls).map(queryOf)).toEqual([{ pagina: '1' }]);
    expect(cell(rows[0]!, 'Nº')).toBe('12');
    expect(cell(rows[0]!, 'Quando (UTC)')).toBe('28/11/2026, 10:12:00 UTC');
    expect(cell(rows[0]!, 'Para')).toBe('ana@exemplo.org, biblioteca@exemplo.org');
    expect(cell(rows[0]!, 'Assunto')).toBe('Aviso de atraso');
    expect(cell(rows[0]!, 'Situação')).toBe('Falhou421 service not available');
    expect(cell(rows[1]!, 'Situação')).toBe('Enviada');
    expect(cell(rows[3]!, 'Situação')).toBe('EnviadaReenvio da nº 5');
  });

  it('opens a message to read its text, or says it carried a secret, or its attachments', async () => {
    fakeApi(pages);
    const { user } = renderScreen(<MailPage />);
    const read = within(await rowOf('Aviso de atraso')).getByRole('button', { name: 'Ler a mensagem “Aviso de atraso” de 28/11/2026, 10:12:00 UTC' });
    expect(read.getAttribute('aria-expanded')).toBe('false');
    await user.click(read);
    expect(read.getAttribute('aria-expanded')).toBe('true');
    expect(read.getAttribute('aria-label')).toBe('Ocultar a mensagem “Aviso de atraso” de 28/11/2026, 10:12:00 UTC');
    const text = document.getElementById(read.getAttribute('aria-controls')!)!;
    expect(text.textContent).toBe('Olá, Ana.\nO empréstimo de “Dom Casmurro” venceu ontem.');

    await user.click(within(await rowOf('Código de recuperação de senha')).getByRole('button', { name: /^Ler a mensagem/ }));
    expect(screen.getByText('Esta mensagem levava um código secreto: o seu texto não é guardado.')).toBeTruthy();
    await user.click(within(await rowOf('Ficha catalográfica')).getByRole('button', { name: /^Ler a mensagem/ }));
    expect(screen.getByText('Segue a ficha pedida.')).toBeTruthy();
    expect(screen.getByText('Levava 2 anexos, que não são guardados.')).toBeTruthy();

    // Closed again, by keyboard.
    read.focus();
    await user.keyboard('{Enter}');
    expect(read.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/O empréstimo de “Dom Casmurro”/)).toBeNull();
  });

  it('sends the filters as the query, then asks the next page with the same filters', async () => {
    const calls = fakeApi(pages);
    const { user } = renderScreen(<MailPage />);
    await table();
    const form = screen.getByRole('form', { name: 'Filtros do registro de e-mails' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Situação' }), 'Com falha');
    await user.type(within(form).getByRole('textbox', { name: /^Endereço/ }), '  ana@  ');
    await user.click(within(form).getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(lists(calls)).toHaveLength(2));
    expect(queryOf(lists(calls)[1]!)).toEqual({ situacao: 'falhou', para: 'ana@', pagina: '1' });

    const pager = screen.getByRole('navigation', { name: 'Páginas do registro de e-mails' });
    expect(within(pager).getByText('Página 1 de 3')).toBeTruthy();
    expect(within(pager).getByRole<HTMLButtonElement>('button', { name: 'Página anterior' }).disabled).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Próxima página' }));
    const second = await table('Registro de e-mails: 120 mensagens, página 2 de 3');
    expect(queryOf(lists(calls).at(-1)!)).toEqual({ situacao: 'falhou', para: 'ana@', pagina: '2' });
    expect(second.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(second.textContent).toContain('Resumo semanal');
    expect(within(pager).getByText('Página 2 de 3')).toBeTruthy();
    // The filters stay as sent.
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: /^Endereço/ }).value).toBe('ana@');

    await user.click(within(pager).getByRole('button', { name: 'Página anterior' }));
    await table();
    expect(queryOf(lists(calls).at(-1)!)).toEqual({ situacao: 'falhou', para: 'ana@', pagina: '1' });
  });

  it('resends a message: sends the POST, announces it with the focus there, and reads the log again', async () => {
    const calls = fakeApi(
      pages,
      answer(operationsEndpoints.resend, ({ params }) =>
        message(13, { para: LATE.para, assunto: LATE.assunto, corpo: LATE.corpo, reenvio_de: Number(params.id) }),
      ),
    );
    const { user } = renderScreen(<MailPage />);
    await user.click(within(await rowOf('Aviso de atraso')).getByRole('button', { name: 'Reenviar “Aviso de atraso” de 28/11/2026, 10:12:00 UTC' }));
    const said = await screen.findByText('Mensagem reenviada para ana@exemplo.org e biblioteca@exemplo.org.');
    expect(said.closest('[role="status"]')).toBe(document.activeElement);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/equipe/correio/12/reenvio']);
    await waitFor(() => expect(lists(calls)).toHaveLength(2));
  });

  it('says why the mail server refused a resend, in an alert', async () => {
    const refused = 'Não foi possível enviar o e-mail agora; tente mais tarde.';
    fakeApi(
      pages,
      answer(operationsEndpoints.resend, () => new Refusal(502, refused, 'ErroEnvioEmail')),
    );
    const { user } = renderScreen(<MailPage />);
    await user.click(within(await rowOf('Aviso de atraso', 1)).getByRole('button', { name: /^Reenviar “Aviso de atraso”/ }));
    expect(await within(await screen.findByRole('alert')).findByText(refused)).toBeTruthy();
  });

  it('offers no resend of a message that carried a secret or attachments, and says why', async () => {
    const calls = fakeApi(pages);
    const { user } = renderScreen(<MailPage />);
    const secret = within(await rowOf('Código de recuperação de senha')).getByRole<HTMLButtonElement>('button', {
      name: 'Reenviar “Código de recuperação de senha” de 28/11/2026, 10:11:00 UTC',
    });
    expect(secret.disabled).toBe(true);
    expect(document.getElementById(secret.getAttribute('aria-describedby')!)!.textContent).toBe('Não pode ser reenviada: levava um código secreto.');
    const sheet = within(await rowOf('Ficha catalográfica')).getByRole<HTMLButtonElement>('button', { name: /^Reenviar/ });
    expect(sheet.disabled).toBe(true);
    expect(document.getElementById(sheet.getAttribute('aria-describedby')!)!.textContent).toBe('Não pode ser reenviada: levava anexos, que não são guardados.');
    await user.click(secret);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says so when no message matches, and when the log cannot be fetched', async () => {
    fakeApi(answer(operationsEndpoints.mail, { total: 0, itens: [] }));
    const { unmount } = renderScreen(<MailPage />);
    expect(await screen.findByText('Nenhuma mensagem registrada com estes filtros.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Páginas do registro de e-mails' })).toBeNull();
    unmount();
    fakeApi(answer(operationsEndpoints.mail, () => new Refusal(500, 'boom')));
    renderScreen(<MailPage />);
    expect(await screen.findByText('Não foi possível obter o registro de e-mails.')).toBeTruthy();
  });

  it('keeps the search in the page’s address, leaving out what the call would refuse', () => {
    expect(readMailSearch(new URLSearchParams('situacao=falhou&para=%20ana%20&pagina=3'))).toEqual({ situacao: 'falhou', para: 'ana', pagina: 3 });
    expect(readMailSearch(new URLSearchParams('situacao=lido&para=%20&pagina=0'))).toEqual({ situacao: undefined, para: undefined, pagina: 1 });
    expect(readMailSearch(new URLSearchParams('pagina=2.5'))).toEqual({ situacao: undefined, para: undefined, pagina: 1 });
    expect(mailSearchParams({ situacao: 'enviado', para: 'ana', pagina: 1 }).toString()).toBe('situacao=enviado&para=ana');
    expect(mailSearchParams({ pagina: 2 }).toString()).toBe('pagina=2');
  });

  it('is a section found by its folder, offered to the administration only, right after the jobs', () => {
    expect(STAFF_SECTIONS).toContain(section);
    expect(sectionsFor(['administracao'])).toContain(section);
    expect(sectionsFor(['circulacao', 'atendimento', 'moderacao'])).not.toContain(section);
    const at = STAFF_SECTIONS.indexOf(section);
    expect(STAFF_SECTIONS[at - 1]!.segment).toBe('tarefas');
  });
});
