import { type BaseDados, collectionEndpoints } from '@estante/contracts/collection';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { DatabasesPage } from './databases-page';

const bases: BaseDados[] = [
  {
    codigo: 1,
    nome: 'Portal de Periódicos CAPES',
    descricao: 'Textos completos de periódicos assinados pela CAPES.',
    area: 'Multidisciplinar',
    url: 'https://www.periodicos.capes.gov.br',
    acesso_remoto: true,
    recurso: null,
  },
  { codigo: 6, nome: 'Target GEDWeb', descricao: null, area: null, url: 'https://www.gedweb.com.br', acesso_remoto: false, recurso: null },
];

describe('Meu Pergamum, databases', () => {
  it('lists each database as a link that opens in a new tab, with its description, area and where it can be used', async () => {
    fakeApi(answer(collectionEndpoints.databases, bases));
    renderScreen(<DatabasesPage />);
    const list = await screen.findByRole('list', { name: 'Bases de dados disponíveis' });
    const [capes, target] = within(list).getAllByRole('listitem');
    const link = within(capes!).getByRole('link', { name: 'Portal de Periódicos CAPES (abre em nova aba)' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      'https://www.periodicos.capes.gov.br',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(within(capes!).getByRole('heading', { level: 2 }).textContent).toBe('Portal de Periódicos CAPES (abre em nova aba)');
    expect(capes!.textContent).toContain('Textos completos de periódicos assinados pela CAPES.');
    expect(within(capes!).getByText('Área: Multidisciplinar')).toBeTruthy();
    expect(within(capes!).getByText('Acesso remoto')).toBeTruthy();
    expect(within(target!).getByRole('link', { name: 'Target GEDWeb (abre em nova aba)' })).toBeTruthy();
    expect(within(target!).getByText('Somente na rede do campus')).toBeTruthy();
    expect(within(target!).queryByText(/^Área:/)).toBeNull();
  });

  it("opens a provider's database through the hand-over screen, keeping plain links for the rest", async () => {
    fakeApi(
      answer(collectionEndpoints.databases, [
        ...bases,
        {
          codigo: 5,
          nome: 'Biblioteca Virtual Pearson',
          descricao: null,
          area: null,
          url: 'https://plataforma.bvirtual.com.br',
          acesso_remoto: true,
          recurso: 'pearson',
        },
      ]),
    );
    renderScreen(<DatabasesPage externalHref={(recurso, base) => `/pearson?recurso=${recurso}&base=${base}`} />);
    const pearson = await screen.findByRole('link', { name: 'Biblioteca Virtual Pearson (abre em nova aba)' });
    expect([pearson.getAttribute('href'), pearson.getAttribute('target'), pearson.getAttribute('rel')]).toEqual([
      '/pearson?recurso=pearson&base=5',
      '_blank',
      'opener',
    ]);
    const capes = screen.getByRole('link', { name: 'Portal de Periódicos CAPES (abre em nova aba)' });
    expect([capes.getAttribute('href'), capes.getAttribute('rel')]).toEqual(['https://www.periodicos.capes.gov.br', 'noopener noreferrer']);
  });

  it('says when the category has none, and when they cannot be read', async () => {
    fakeApi(answer(collectionEndpoints.databases, []));
    const first = renderScreen(<DatabasesPage />);
    expect(await screen.findByText('Não há bases de dados disponíveis para a sua categoria de usuário.')).toBeTruthy();
    first.unmount();
    fakeApi(answer(collectionEndpoints.databases, () => new Refusal(503, 'fora do ar')));
    renderScreen(<DatabasesPage />);
    expect(await screen.findByText('Não foi possível carregar as bases de dados.')).toBeTruthy();
  });
});
