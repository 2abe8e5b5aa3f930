import { commentsEndpoints, type MeuComentario } from '@estante/contracts/comments';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { MyCommentsPage } from './my-comments-page';

const comment = (over: Partial<MeuComentario>): MeuComentario => ({
  cod_comentario: 1,
  cod_acervo: 10,
  titulo: 'Iracema',
  texto: 'Um clássico.',
  data_envio: '2026-11-02T10:00:00Z',
  moderado: true,
  desc_biblioteca: 'Biblioteca Central',
  ...over,
});
const titleHref = (id: number) => `/acervo/${id}`;

/** The fake API over a list of the patron's comments: the titles they are on, each title's, and delete (pending only). */
function commentsApi(initial: MeuComentario[]) {
  let mine = initial;
  const calls = fakeApi(
    answer(commentsEndpoints.myTitles, () =>
      [...new Set(mine.map((c) => c.cod_acervo))].map((id) => {
        const on = mine.filter((c) => c.cod_acervo === id);
        return { cod_acervo: id, titulo: on[0]!.titulo, total: on.length, pendentes: on.filter((c) => !c.moderado).length };
      }),
    ),
    answer(commentsEndpoints.mineOnTitle, ({ params }) => mine.filter((c) => c.cod_acervo === Number(params.id))),
    answer(commentsEndpoints.deleteMine, ({ params }) => {
      const found = mine.find((c) => c.cod_comentario === Number(params.id));
      if (!found) return new Refusal(404, `Comentário ${params.id} não encontrado entre os seus comentários.`);
      if (found.moderado) return new Refusal(409, 'Este comentário já foi aprovado pela biblioteca e não pode mais ser excluído.');
      mine = mine.filter((c) => c !== found);
      return null;
    }),
  );
  return { calls, approve: (id: number) => (mine = mine.map((c) => (c.cod_comentario === id ? { ...c, moderado: true } : c))) };
}

describe('Meu Pergamum, my comments', () => {
  it('lists every comment, newest first, with its title linked, text, date and status; only a pending one can be deleted', async () => {
    commentsApi([
      comment({}),
      comment({ cod_comentario: 2, texto: 'Releitura obrigatória.\nSegunda linha.', data_envio: '2026-11-20T10:00:00Z', moderado: false }),
      comment({ cod_comentario: 3, cod_acervo: 11, titulo: 'Dom Casmurro', texto: 'Capitu!', data_envio: '2026-11-10T10:00:00Z' }),
    ]);
    renderScreen(<MyCommentsPage titleHref={titleHref} />);
    const table = await screen.findByRole('table', { name: 'Meus comentários' });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Título', 'Comentário', 'Enviado em', 'Situação', 'Ações']);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Iracema', 'Dom Casmurro', 'Iracema']);
    expect(within(rows[1]!).getByRole('link').getAttribute('href')).toBe('/acervo/11');
    expect(rows[0]!.textContent).toContain('Releitura obrigatória.\nSegunda linha.');
    expect(rows[0]!.textContent).toContain('20/11/2026');
    expect(rows[0]!.textContent).toContain('Aguardando aprovação');
    expect(rows[1]!.textContent).toContain('Publicado');
    expect(within(rows[0]!).getByRole('button', { name: 'Excluir: Iracema, 20/11/2026' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
  });

  it('deletes a pending comment after the confirmation, and the row goes', async () => {
    const { calls } = commentsApi([comment({}), comment({ cod_comentario: 2, texto: 'Ainda na fila', data_envio: '2026-11-20T10:00:00Z', moderado: false })]);
    const { user } = renderScreen(<MyCommentsPage titleHref={titleHref} />);
    await user.click(await screen.findByRole('button', { name: 'Excluir: Iracema, 20/11/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir comentário' });
    expect(dialog.textContent).toContain('Excluir o seu comentário sobre “Iracema”? Ele ainda não foi publicado.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect((await screen.findByRole('status')).textContent).toBe('Comentário sobre “Iracema” excluído.');
    await waitFor(() => expect(screen.queryByText('Ainda na fila')).toBeNull());
    expect(screen.getByText('Um clássico.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/comentarios/usuario/2']);
  });

  it('says why when the library approved the comment meanwhile, and shows it published', async () => {
    const api = commentsApi([comment({ cod_comentario: 2, moderado: false })]);
    const { user } = renderScreen(<MyCommentsPage titleHref={titleHref} />);
    await user.click(await screen.findByRole('button', { name: 'Excluir: Iracema, 02/11/2026' }));
    api.approve(2);
    await user.click(within(await screen.findByRole('dialog', { name: 'Excluir comentário' })).getByRole('button', { name: 'Excluir' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Este comentário já foi aprovado pela biblioteca e não pode mais ser excluído.');
    const row = screen.getByText('Um clássico.').closest('tr')!;
    await waitFor(() => expect(row.textContent).toContain('Publicado'));
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('says when there are none, and when they cannot be read', async () => {
    commentsApi([]);
    const { unmount } = renderScreen(<MyCommentsPage titleHref={titleHref} />);
    expect(await screen.findByText(/^Você ainda não comentou nenhum título\./)).toBeTruthy();
    unmount();
    fakeApi(
      answer(commentsEndpoints.myTitles, [{ cod_acervo: 10, titulo: 'Iracema', total: 1, pendentes: 0 }]),
      answer(commentsEndpoints.mineOnTitle, () => new Refusal(503, 'fora do ar')),
    );
    renderScreen(<MyCommentsPage titleHref={titleHref} />);
    expect(await screen.findByText('Não foi possível carregar os seus comentários.')).toBeTruthy();
  });
});
