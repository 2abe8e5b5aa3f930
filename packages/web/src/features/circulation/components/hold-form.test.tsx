import { holdsEndpoints } from '@estante/contracts/circulation';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { HoldForm } from './hold-form';

const start = {
  cod_acervo: 7,
  titulo: 'Iracema',
  bibliotecas: [
    { cod_biblioteca: 1, desc_biblioteca: 'Central', exemplares: 2, disponiveis: 0, fila: 2 },
    { cod_biblioteca: 2, desc_biblioteca: 'Setorial', exemplares: 1, disponiveis: 1, fila: 0 },
  ],
  volumes: ['1', '2'],
  tomos: [],
  partes: [],
  materiais: ['CD'],
};

const posts = (calls: { method: string; path: string; body: unknown }[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('the hold form', () => {
  it('asks for the library, then every part the title has, checks the place in the queue, and places the hold once confirmed', async () => {
    const calls = fakeApi(
      answer(holdsEndpoints.start, start),
      answer(holdsEndpoints.validate, { posicao: 3 }),
      answer(holdsEndpoints.place, { cod_reserva: 41, posicao: 3 }),
    );
    const { user } = renderScreen(<HoldForm codAcervo={7} holdsHref="/meupergamum/reservas" />);
    // A library with a copy on the shelf is named, not offered.
    expect((await screen.findByRole('note')).textContent).toContain('Setorial: 1 exemplar na estante');

    await user.click(screen.getByRole('button', { name: 'Reservar' }));
    expect(screen.getByRole('alert').textContent).toBe('Escolha a biblioteca.');
    await user.click(screen.getByRole('textbox', { name: /^Biblioteca/ }));
    expect(screen.queryByRole('option', { name: /^Setorial/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Central (2 pessoas na fila)' }));
    await user.click(screen.getByRole('button', { name: 'Reservar' }));
    expect(screen.getByRole('alert').textContent).toBe('Selecione todas as opções para confirmar a reserva.');
    expect(posts(calls, '/reserva/validar-fila')).toHaveLength(0);
    // No field is marked: the notice says it all.
    expect(screen.getByRole('textbox', { name: /^Volume/ }).getAttribute('aria-invalid')).not.toBe('true');

    await user.click(screen.getByRole('textbox', { name: /^Volume/ }));
    await user.click(await screen.findByRole('option', { name: '2' }));
    await user.click(screen.getByRole('button', { name: 'Reservar' }));
    expect((await screen.findByText('Você será o nº 3 na fila.')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(posts(calls, '/reserva/validar-fila')[0]!.body).toEqual({
      cod_acervo: 7,
      biblioteca: 1,
      volume: '2',
      tomo: null,
      parte: null,
      material_adicional: null,
    });

    // Changing a choice asks for the check again.
    await user.click(screen.getByRole('textbox', { name: /^Material adicional/ }));
    await user.click(await screen.findByRole('option', { name: 'CD' }));
    expect(screen.queryByRole('button', { name: 'Confirmar reserva' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reservar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar reserva' }));
    expect((await screen.findByText(/^Reserva feita/)).closest('[role="status"]')!.textContent).toBe(
      'Reserva feita: você é o nº 3 na fila. Ver minhas reservas',
    );
    expect(posts(calls, '/reserva')[0]!.body).toMatchObject({ biblioteca: 1, volume: '2', material_adicional: 'CD' });
    expect(screen.getByRole('link', { name: 'Ver minhas reservas' }).getAttribute('href')).toBe('/meupergamum/reservas');
    expect(screen.getByRole('button', { name: 'Reservar' })).toBeTruthy();
  });

  it('says the server’s refusal of the check in place', async () => {
    fakeApi(
      answer(holdsEndpoints.start, { ...start, volumes: [] }),
      answer(holdsEndpoints.validate, () => new Refusal(422, 'Você já tem uma reserva deste título.', 'ReservaDuplicada')),
    );
    const { user } = renderScreen(<HoldForm codAcervo={7} holdsHref="/meupergamum/reservas" />);
    await user.click(await screen.findByRole('textbox', { name: /^Biblioteca/ }));
    await user.click(await screen.findByRole('option', { name: 'Central (2 pessoas na fila)' }));
    await user.click(screen.getByRole('button', { name: 'Reservar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Você já tem uma reserva deste título.');
    expect(screen.queryByRole('button', { name: 'Confirmar reserva' })).toBeNull();
  });

  it.each([
    [
      'every library that lends it has a copy on the shelf',
      [{ cod_biblioteca: 2, desc_biblioteca: 'Setorial', exemplares: 1, disponiveis: 1, fila: 0 }],
      'Não é preciso reservar',
    ],
    ['its copies are all out at one library', start.bibliotecas, 'Pode ser reservado em Central, onde não há exemplar na estante agora.'],
  ])('says the same to a visitor and to a signed-in patron when %s (issue 55)', async (_, bibliotecas, said) => {
    const holdable = bibliotecas.some((l) => l.disponiveis === 0);
    const read = async (signedIn: boolean) => {
      fakeApi(answer(holdsEndpoints.start, { ...start, bibliotecas }));
      const view = renderScreen(<HoldForm codAcervo={7} holdsHref="/meupergamum/reservas" signedIn={signedIn} signIn={<p>formulário de login</p>} />);
      const text = (await screen.findByText(new RegExp(`^${said}`))).textContent;
      const note = screen.queryAllByRole('note').map((n) => n.textContent);
      const offered = { login: screen.queryByText('formulário de login') !== null, form: screen.queryByRole('button', { name: 'Reservar' }) !== null };
      view.unmount();
      return { text, note, offered };
    };
    const visitor = await read(false);
    const patron = await read(true);
    expect(visitor.text).toBe(patron.text);
    // The shelf notice too, and the visitor is asked to sign in only where there is something to hold.
    expect(visitor.note.filter((n) => !n?.startsWith('Entre para reservar'))).toEqual(patron.note);
    expect(visitor.offered).toEqual({ login: holdable, form: false });
    expect(patron.offered).toEqual({ login: false, form: holdable });
  });
});
