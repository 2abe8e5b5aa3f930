import { type ComentarioModeracao, moderationEndpoints } from '@estante/contracts/comments';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { sectionsFor, STAFF_SECTIONS } from '../sections';
import { ModerationPage } from './moderation-page';
import { section } from './section';

/** A comment as the moderators see it: awaiting approval unless a test says otherwise. */
function comment(over: Partial<ComentarioModeracao> & Pick<ComentarioModeracao, 'cod_comentario'>): ComentarioModeracao {
  return {
    cod_acervo: 100,
    titulo: 'Dom Casmurro',
    cod_pessoa: 7,
    nome: 'Ana Souza',
    biblioteca: 'Biblioteca Central',
    texto: 'Gostei muito. A professora Marta Lima recomendou.',
    data_envio: '2026-12-01T12:00:00Z',
    publicado: false,
    data_aprovacao: null,
    ...over,
  };
}

const ANA = comment({ cod_comentario: 11 });
const BRUNO = comment({
  cod_comentario: 12,
  cod_acervo: 200,
  titulo: 'Vidas secas',
  cod_pessoa: 8,
  nome: 'Bruno Lima',
  biblioteca: 'Biblioteca Setorial',
  texto: 'Leitura obrigatória.',
  data_envio: '2026-12-02T12:00:00Z',
});
const CARLA = comment({ cod_comentario: 13, cod_pessoa: 9, nome: 'Carla Dias', texto: 'Chegou agora.', data_envio: '2026-12-03T12:00:00Z' });
const PUBLISHED = comment({
  cod_comentario: 5,
  cod_acervo: 300,
  titulo: 'Memórias póstumas de Brás Cubas',
  nome: 'Diego Reis',
  texto: 'Clássico.',
  publicado: true,
  data_aprovacao: '2026-11-20T12:00:00Z',
});

/**
 * The moderation API over two lists that the writes change (as the server would), the general
 * comments and suggestions fixed; `refuse` answers a write with a refusal instead.
 */
function moderationApi({ pending = [ANA, BRUNO], published = [PUBLISHED], arriving = [] as ComentarioModeracao[], refuse = null as Refusal | null } = {}) {
  const lists = { pendente: [...pending], publicado: [...published] };
  const take = (id: string) => {
    const found = [...lists.pendente, ...lists.publicado].find((c) => c.cod_comentario === Number(id))!;
    lists.pendente = lists.pendente.filter((c) => c !== found);
    lists.publicado = lists.publicado.filter((c) => c !== found);
    // Another patron's comment arrives meanwhile: a list read again shows it.
    lists.pendente.push(...arriving.splice(0));
    return found;
  };
  const calls = fakeApi(
    answer(moderationEndpoints.comments, ({ query }) => lists[query.get('situacao') === 'publicado' ? 'publicado' : 'pendente']),
    answer(moderationEndpoints.approve, ({ params }) => {
      if (refuse) return refuse;
      const approved = { ...take(params.id!), publicado: true, data_aprovacao: '2026-12-05T12:00:00Z' };
      lists.publicado.unshift(approved);
      return approved;
    }),
    answer(moderationEndpoints.reject, ({ params }) => refuse ?? { cod_comentario: take(params.id!).cod_comentario }),
    answer(moderationEndpoints.edit, ({ params, body }) => {
      if (refuse) return refuse;
      const edited = { ...lists.pendente.find((c) => c.cod_comentario === Number(params.id))!, texto: (body as { texto: string }).texto };
      lists.pendente = lists.pendente.map((c) => (c.cod_comentario === edited.cod_comentario ? edited : c));
      return edited;
    }),
    answer(moderationEndpoints.unpublish, ({ params }) => {
      if (refuse) return refuse;
      const back = { ...take(params.id!), publicado: false, data_aprovacao: null };
      lists.pendente.push(back);
      return back;
    }),
    answer(moderationEndpoints.generalComments, [
      { id: 1, enviado_em: '2026-11-30T12:00:00Z', nome: 'Eva Prado', biblioteca: 'Biblioteca Central', texto: 'O horário de sábado podia ser maior.' },
    ]),
    answer(moderationEndpoints.suggestions, [
      {
        id: 4,
        enviado_em: '2026-11-29T12:00:00Z',
        nome: 'Fábio Nunes',
        biblioteca: 'Biblioteca Central',
        titulo: 'Torto arado',
        autor: 'Itamar Vieira Junior',
        editor: 'Todavia',
        situacao: 'pre_sugestao',
      },
    ]),
  );
  return calls;
}

type Calls = ReturnType<typeof fakeApi>;
const sent = (calls: Calls, method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
const reads = (calls: Calls, situacao: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/moderacao/comentarios' && c.query.get('situacao') === situacao).length;
const statusRegion = () => screen.getByRole('status');
const alertRegion = () => screen.getAllByRole('alert').find((region) => region.getAttribute('aria-live') === 'assertive')!;
const card = (title: string, name: string) =>
  screen.getAllByRole('article', { name: title }).find((article) => article.textContent!.includes(name)) ??
  (() => {
    throw new Error(`no comment of ${name} on ${title}`);
  })();

describe('the staff area’s moderation', () => {
  it('approves a comment awaiting approval, announces it, reads the list again and moves the focus to the next comment', async () => {
    const calls = moderationApi({ arriving: [CARLA] });
    const { user } = renderScreen(<ModerationPage />);
    expect(await screen.findByRole('tab', { name: 'Aguardando aprovação (2)', selected: true })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Publicados (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Aguardando aprovação' })).toBeTruthy();

    const ana = card('Dom Casmurro', 'Ana Souza');
    expect(within(ana).getByRole('heading', { level: 3, name: 'Dom Casmurro' })).toBeTruthy();
    expect(within(ana).getByRole('link', { name: 'Dom Casmurro' }).getAttribute('href')).toBe('/acervo/100');
    expect(ana.textContent).toContain('De Ana Souza (Biblioteca Central), enviado em 01/12/2026');
    expect(ana.textContent).toContain('Gostei muito. A professora Marta Lima recomendou.');
    const before = reads(calls, 'pendente');

    await user.click(within(ana).getByRole('button', { name: 'Aprovar: comentário de Ana Souza sobre Dom Casmurro' }));
    await waitFor(() => expect(statusRegion().textContent).toContain('Comentário aprovado: publicado na página do título.'));
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/')).map((c) => c.path)).toEqual(['/api/moderacao/comentarios/11/aprovar']);
    // The list read again: Ana's comment gone, Carla's, sent meanwhile, there; the count with them.
    await waitFor(() => expect(reads(calls, 'pendente')).toBeGreaterThan(before));
    expect(await screen.findByRole('button', { name: 'Aprovar: comentário de Carla Dias sobre Dom Casmurro' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aprovar: comentário de Ana Souza sobre Dom Casmurro' })).toBeNull();
    expect(await screen.findByRole('tab', { name: 'Publicados (2)' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Aprovar: comentário de Bruno Lima sobre Vidas secas' }));
  });

  it('rejects a comment with the reason asked in a modal, sent as {motivo}', async () => {
    const calls = moderationApi();
    const { user } = renderScreen(<ModerationPage />);
    const rejectAna = await screen.findByRole('button', { name: 'Rejeitar: comentário de Ana Souza sobre Dom Casmurro' });
    await user.click(rejectAna);
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar o comentário de Ana Souza' });
    expect(dialog.textContent).toContain('Gostei muito. A professora Marta Lima recomendou.');
    const reason = within(dialog).getByRole('textbox', { name: /^Motivo/ });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    // A reason is required: nothing is sent without one.
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    expect(await within(dialog).findByText('Escreva o motivo, de 3 a 500 caracteres.')).toBeTruthy();
    expect(sent(calls, 'POST', '/api/moderacao/comentarios/11/rejeitar')).toEqual([]);

    await user.type(reason, 'Ofende outro leitor');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    await waitFor(() => expect(statusRegion().textContent).toContain('Comentário rejeitado: não será publicado.'));
    expect(sent(calls, 'POST', '/api/moderacao/comentarios/11/rejeitar')).toEqual([{ motivo: 'Ofende outro leitor' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('article', { name: 'Dom Casmurro' })).toBeNull();
    expect(await screen.findByRole('tab', { name: 'Aguardando aprovação (1)' })).toBeTruthy();
    // The focus is not lost with the modal: it is on the next comment.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Aprovar: comentário de Bruno Lima sobre Vidas secas' })));
  });

  it('gives the focus back to the button that opened the modal when it is cancelled, sending nothing', async () => {
    const calls = moderationApi();
    const { user } = renderScreen(<ModerationPage />);
    const rejectAna = await screen.findByRole('button', { name: 'Rejeitar: comentário de Ana Souza sobre Dom Casmurro' });
    await user.click(rejectAna);
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar o comentário de Ana Souza' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(rejectAna));
    expect(calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/api/'))).toEqual([]);
  });

  it('edits out a name with the text and a reason, sent as {texto, motivo}, leaving the comment to approve', async () => {
    const calls = moderationApi();
    const { user } = renderScreen(<ModerationPage />);
    await user.click(await screen.findByRole('button', { name: 'Editar: comentário de Ana Souza sobre Dom Casmurro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar o comentário de Ana Souza' });
    const text = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: /^Texto do comentário/ });
    expect(text.value).toBe('Gostei muito. A professora Marta Lima recomendou.');
    await user.clear(text);
    await user.type(text, 'Gostei muito. Uma professora recomendou.');
    await user.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Nome de terceiro retirado');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alteração' }));

    await waitFor(() => expect(statusRegion().textContent).toContain('Comentário alterado: continua aguardando aprovação.'));
    expect(sent(calls, 'PUT', '/api/moderacao/comentarios/11')).toEqual([
      { texto: 'Gostei muito. Uma professora recomendou.', motivo: 'Nome de terceiro retirado' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const ana = card('Dom Casmurro', 'Ana Souza');
    expect(ana.textContent).toContain('Gostei muito. Uma professora recomendou.');
    expect(ana.textContent).not.toContain('Marta Lima');
    // Approving is what comes next: the focus is on its button.
    await waitFor(() => expect(document.activeElement).toBe(within(ana).getByRole('button', { name: /^Aprovar/ })));
  });

  it('unpublishes a comment from the Publicados tab, with a reason', async () => {
    const calls = moderationApi();
    const { user } = renderScreen(<ModerationPage />);
    await user.click(await screen.findByRole('tab', { name: 'Publicados (1)' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Publicados' })).toBeTruthy();
    const published = card('Memórias póstumas de Brás Cubas', 'Diego Reis');
    expect(published.textContent).toContain('Publicado em 20/11/2026');
    await user.click(within(published).getByRole('button', { name: 'Despublicar: comentário de Diego Reis sobre Memórias póstumas de Brás Cubas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Despublicar o comentário de Diego Reis' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Publicado por engano');
    await user.click(within(dialog).getByRole('button', { name: 'Despublicar' }));

    await waitFor(() => expect(statusRegion().textContent).toContain('Comentário despublicado: voltou a aguardar aprovação.'));
    expect(sent(calls, 'POST', '/api/moderacao/comentarios/5/despublicar')).toEqual([{ motivo: 'Publicado por engano' }]);
    expect(await screen.findByText('Nenhum comentário publicado.')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Aguardando aprovação (3)' })).toBeTruthy();
    // No comment left in the list: the announcement takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(statusRegion()));
  });

  it('announces a refusal in the alert region, the focus staying on the comment still there', async () => {
    const refused = 'Somente a equipe da biblioteca com o papel de moderação pode fazer isto.';
    moderationApi({ refuse: new Refusal(403, refused) });
    const { user } = renderScreen(<ModerationPage />);
    const approveAna = await screen.findByRole('button', { name: 'Aprovar: comentário de Ana Souza sobre Dom Casmurro' });
    await user.click(approveAna);
    await waitFor(() => expect(alertRegion().textContent).toContain(refused));
    expect(statusRegion().textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Aprovar: comentário de Ana Souza sobre Dom Casmurro' })).toBe(approveAna);
    expect(document.activeElement).toBe(approveAna);
  });

  it('closes the modal and announces it when the comment was answered meanwhile by another moderator', async () => {
    const taken = 'Este comentário não está mais aguardando aprovação.';
    moderationApi({ refuse: new Refusal(409, taken) });
    const { user } = renderScreen(<ModerationPage />);
    await user.click(await screen.findByRole('button', { name: 'Rejeitar: comentário de Ana Souza sobre Dom Casmurro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar o comentário de Ana Souza' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Ofende outro leitor');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    await waitFor(() => expect(alertRegion().textContent).toContain(taken));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Aprovar: comentário de Bruno Lima sobre Vidas secas' })));
  });

  it('shows the general comments and the acquisition suggestions in captioned tables', async () => {
    moderationApi();
    const { user } = renderScreen(<ModerationPage />);
    await user.click(await screen.findByRole('tab', { name: 'Comentários gerais (1)' }));
    const general = await screen.findByRole('table', { name: 'Comentários gerais recebidos' });
    const row = general.querySelector('tbody tr')!;
    expect(row.querySelector('[data-label="Enviado em"]')!.textContent).toBe('30/11/2026');
    expect(row.querySelector('[data-label="Nome"]')!.textContent).toBe('Eva Prado');
    expect(row.querySelector('[data-label="Comentário"]')!.textContent).toBe('O horário de sábado podia ser maior.');
    expect(within(general).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Sugestões de aquisição (1)' }));
    const suggestions = await screen.findByRole('table', { name: 'Sugestões de aquisição recebidas' });
    const suggestion = suggestions.querySelector('tbody tr')!;
    expect(suggestion.querySelector('[data-label="Título"]')!.textContent).toBe('Torto arado');
    expect(suggestion.querySelector('[data-label="Autor"]')!.textContent).toBe('Itamar Vieira Junior');
    expect(suggestion.querySelector('[data-label="Situação"]')!.textContent).toBe('Pré-sugestão');
  });

  it('is a section found by its folder, offered to the moderators only', () => {
    expect(STAFF_SECTIONS).toContain(section);
    expect(section.segment).toBe('moderacao');
    expect(sectionsFor(['moderacao'])).toContain(section);
    expect(sectionsFor(['circulacao', 'administracao'])).not.toContain(section);
  });
});
