import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { AccountMenu } from './account-menu';
import { ACCOUNT_GROUPS, ACCOUNT_SECTIONS, accountSectionPath, groupSections, sectionsFor } from './sections';

const everything = { hasAll: () => true };
const segments = (list: readonly { segment: string }[]) => list.map((s) => s.segment);

describe('Meu Pergamum’s menu (issue 55)', () => {
  it('offers the teaching plan to a professor only: an undergraduate has no plans to see', () => {
    expect(segments(sectionsFor(everything, { professor: false }))).not.toContain('plano-ensino');
    expect(segments(sectionsFor(everything, null))).not.toContain('plano-ensino');
    expect(segments(sectionsFor(everything, { professor: true }))).toContain('plano-ensino');
    // Everything else is for every patron.
    expect(sectionsFor(everything, { professor: true }).length - sectionsFor(everything, { professor: false }).length).toBe(1);
  });

  it('still leaves out what the institution (or the category’s permissions) has off', () => {
    const noComments = { hasAll: (...codes: number[]) => !codes.includes(13) };
    expect(segments(sectionsFor(noComments, { professor: true }))).not.toContain('comentarios');
    expect(segments(sectionsFor(everything, { professor: true }))).toContain('comentarios');
  });

  it('puts every section under one of the headings, in the headings’ order, none left out', () => {
    const grouped = groupSections(ACCOUNT_SECTIONS);
    expect(grouped.map((g) => g.group)).toEqual([...ACCOUNT_GROUPS]);
    expect(grouped.flatMap((g) => g.sections).length).toBe(ACCOUNT_SECTIONS.length);
    expect(grouped.find((g) => g.group === 'circulation')!.sections.map((s) => s.segment)).toEqual([
      'emprestimos',
      'debitos',
      'afastamentos',
      'nada-consta',
      'reservas',
      'solicitacoes',
      'emprestimo-entre-bibliotecas',
      'token',
    ]);
    // A heading with nothing under it is not shown.
    expect(groupSections(ACCOUNT_SECTIONS.filter((s) => s.group !== 'acquisitions')).map((g) => g.group)).not.toContain('acquisitions');
  });

  it('shows the entries under their headings, each heading naming its group, the current entry marked', () => {
    const sections = sectionsFor(everything, { professor: false }).map((s) => ({ ...s, path: accountSectionPath(s.segment) }));
    renderScreen(<AccountMenu home="/meupergamum" sections={sections} current="/meupergamum/senha" />);
    const menu = screen.getByRole('navigation', { name: 'Menu do Meu Pergamum' });
    expect(
      within(menu)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)!.textContent),
    ).toEqual(['Empréstimos e reservas', 'Pesquisa e acervo', 'Solicitações à biblioteca', 'Sugestões e compras', 'Meu cadastro']);
    const profile = within(menu).getByRole('group', { name: 'Meu cadastro' });
    expect(
      within(profile)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dados pessoais', 'Senha', 'Troca de usuário', 'Meus dados']);
    expect(within(profile).getByRole('link', { name: 'Senha' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: 'Início' }).getAttribute('aria-current')).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Plano de ensino' })).toBeNull();
  });
});
