import { type MembroEquipe, staffEndpoints } from '@estante/contracts/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { sectionsFor, STAFF_SECTIONS } from '../sections';
import { MembersPage } from './members-page';
import { section } from './section';

const ANA: MembroEquipe = { cod_pessoa: 7, nome: 'Ana Souza', logins: ['ana'], papeis: ['administracao'] };
const BRUNO: MembroEquipe = { cod_pessoa: 8, nome: 'Bruno Lima', logins: ['balcao', 'bruno'], papeis: ['circulacao', 'atendimento'] };
const LAST_ADMIN = 'É a última pessoa com o papel de administração: conceda-o a outra antes de retirá-lo.';

const posts = (calls: ReturnType<typeof fakeApi>, path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);
const table = () => screen.findByRole('table', { name: 'Membros da equipe e os seus papéis' });
const rowOf = async (name: string) =>
  within(await table())
    .getByRole('cell', { name })
    .closest('tr')!;

describe('the staff area’s staff and roles', () => {
  it('lists each member with their logins and roles in words', async () => {
    fakeApi(answer(staffEndpoints.members, [ANA, BRUNO]));
    renderScreen(<MembersPage />);
    const rows = (await table()).querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.querySelector('[data-label="Logins"]')!.textContent).toBe('balcao, bruno');
    expect(rows[1]!.querySelector('[data-label="Papéis"]')!.textContent).toBe('Circulação e Atendimento');
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Retirar papéis de Ana Souza' })).toBeTruthy();
  });

  it('grants roles by login, shows the member as the answer has them, and announces it with the focus there', async () => {
    const calls = fakeApi(
      answer(staffEndpoints.members, [ANA]),
      answer(staffEndpoints.grant, ({ body }) => {
        const { login, papeis } = body as { login: string; papeis: MembroEquipe['papeis'] };
        return login === 'carla' ? { cod_pessoa: 9, nome: 'Carla Dias', logins: ['carla'], papeis } : new Refusal(404, `Nenhum login ativo ${login}.`);
      }),
    );
    const { user } = renderScreen(<MembersPage />);
    await table();
    const form = screen.getByRole('form', { name: 'Conceder papéis' });
    const submit = within(form).getByRole('button', { name: 'Conceder papéis' });

    // A login and at least one role: nothing is sent without them.
    await user.click(submit);
    expect(await within(form).findByText('Escreva o login da pessoa.')).toBeTruthy();
    expect(within(form).getByText('Escolha ao menos um papel.')).toBeTruthy();
    expect(posts(calls, '/api/equipe/membros')).toHaveLength(0);

    // An unknown login: the server's message in the alert region.
    await user.type(within(form).getByRole('textbox', { name: /^Login/ }), 'ninguem');
    await user.click(within(form).getByRole('checkbox', { name: 'Catalogação' }));
    await user.click(submit);
    expect(await within(screen.getByRole('alert')).findByText('Nenhum login ativo ninguem.')).toBeTruthy();

    const login = within(form).getByRole<HTMLInputElement>('textbox', { name: /^Login/ });
    await user.clear(login);
    await user.type(login, ' carla ');
    await user.click(within(form).getByRole('checkbox', { name: 'Moderação' }));
    await user.click(submit);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Papéis de Carla Dias: Catalogação e Moderação.'));
    expect(posts(calls, '/api/equipe/membros').map((c) => c.body)).toEqual([
      { login: 'ninguem', papeis: ['catalogacao'] },
      { login: 'carla', papeis: ['catalogacao', 'moderacao'] },
    ]);
    const carla = await rowOf('Carla Dias');
    expect(carla.querySelector('[data-label="Papéis"]')!.textContent).toBe('Catalogação e Moderação');
    expect(screen.getByRole('status').contains(document.activeElement)).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('');
    // The form is ready for the next grant (drawn anew).
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: /^Login/ }).value).toBe('');
    expect(within(form).getByRole<HTMLInputElement>('checkbox', { name: 'Moderação' }).checked).toBe(false);
  });

  it('takes back the roles chosen in a modal, and shows the last administrator’s refusal there', async () => {
    const calls = fakeApi(
      answer(staffEndpoints.members, [ANA, BRUNO]),
      answer(staffEndpoints.revoke, ({ params, body }) => {
        const { papeis } = body as { papeis: string[] };
        if (params.codPessoa === '7') return new Refusal(422, LAST_ADMIN, 'UltimoAdministrador');
        return { ...BRUNO, papeis: BRUNO.papeis.filter((role) => !papeis.includes(role)) };
      }),
    );
    const { user } = renderScreen(<MembersPage />);
    await user.click(within(await rowOf('Bruno Lima')).getByRole('button', { name: 'Retirar papéis de Bruno Lima' }));
    let dialog = await screen.findByRole('dialog', { name: 'Retirar papéis de Bruno Lima' });
    // The member's roles only, none chosen: at least one must be.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['circulacao', 'atendimento']);
    await user.click(within(dialog).getByRole('button', { name: 'Retirar papéis' }));
    expect(await within(dialog).findByText('Escolha ao menos um papel.')).toBeTruthy();
    expect(posts(calls, '/api/equipe/membros/8/revogar')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Circulação' }));
    await user.click(within(dialog).getByRole('button', { name: 'Retirar papéis' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Papéis de Bruno Lima: Atendimento.'));
    expect(posts(calls, '/api/equipe/membros/8/revogar').map((c) => c.body)).toEqual([{ papeis: ['circulacao'] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await rowOf('Bruno Lima')).querySelector('[data-label="Papéis"]')!.textContent).toBe('Atendimento');
    expect(screen.getByRole('status').contains(document.activeElement)).toBe(true);

    await user.click(within(await rowOf('Ana Souza')).getByRole('button', { name: 'Retirar papéis de Ana Souza' }));
    dialog = await screen.findByRole('dialog', { name: 'Retirar papéis de Ana Souza' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Administração' }));
    await user.click(within(dialog).getByRole('button', { name: 'Retirar papéis' }));
    expect((await within(dialog).findByText(LAST_ADMIN)).getAttribute('role')).toBe('alert');
    expect(posts(calls, '/api/equipe/membros/7/revogar').map((c) => c.body)).toEqual([{ papeis: ['administracao'] }]);
    expect((await rowOf('Ana Souza')).querySelector('[data-label="Papéis"]')!.textContent).toBe('Administração');
  });

  it('takes a member out of the list when no role is left', async () => {
    fakeApi(answer(staffEndpoints.members, [ANA, BRUNO]), answer(staffEndpoints.revoke, null));
    const { user } = renderScreen(<MembersPage />);
    await user.click(within(await rowOf('Bruno Lima')).getByRole('button', { name: 'Retirar papéis de Bruno Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirar papéis de Bruno Lima' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Circulação' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Atendimento' }));
    await user.click(within(dialog).getByRole('button', { name: 'Retirar papéis' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Bruno Lima não tem mais papéis de equipe.'));
    expect(within(await table()).queryByRole('cell', { name: 'Bruno Lima' })).toBeNull();
  });

  it('says so when the members cannot be fetched', async () => {
    fakeApi(answer(staffEndpoints.members, () => new Refusal(403, 'Somente a equipe da biblioteca com o papel de administração pode fazer isto.')));
    renderScreen(<MembersPage />);
    expect(await screen.findByText('Não foi possível obter os membros da equipe.')).toBeTruthy();
  });

  it('is a section found by its folder, offered to the administration only', () => {
    expect(STAFF_SECTIONS).toContain(section);
    expect(sectionsFor(['administracao'])).toContain(section);
    expect(sectionsFor(['circulacao', 'atendimento', 'catalogacao'])).not.toContain(section);
  });
});
