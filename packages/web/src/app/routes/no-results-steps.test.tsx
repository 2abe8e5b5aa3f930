import { networkEndpoints } from '@estante/contracts/network';
import { parametersEndpoints } from '@estante/contracts/parameters';
import { newSearchState, searchRow } from '@estante/contracts/search';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, renderScreen } from '../../test/render';
import { NoResultsSteps } from './no-results-steps';

const state = newSearchState({ linhas: [searchRow('machado de assis')] });
const guides = (withNetwork: boolean) =>
  answer(parametersEndpoints.guides, [
    { codigo: 'geral', rota: 'pesquisa-geral', ordem: 1 },
    ...(withNetwork ? [{ codigo: 'rede', rota: 'rede-pergamum', ordem: 9 }] : []),
  ]);
const features = (...codes: number[]) =>
  answer(
    parametersEndpoints.features,
    codes.map((cod_atividade) => ({ cod_atividade, cod_modulo: 3, descricao: `Atividade ${cod_atividade}` })),
  );
const partners = (n: number) =>
  answer(
    networkEndpoints.institutions,
    Array.from({ length: n }, (_, i) => ({ cod_empresa: i + 1, desc_empresa: `Parceira ${i + 1}`, total: 10, ultima_coleta: null })),
  );

const show = () =>
  renderScreen(
    <Suspense fallback={null}>
      <NoResultsSteps state={state} />
    </Suspense>,
  );
const linkNames = () => screen.queryAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('a search that found nothing offers next steps (issue 55)', () => {
  it('offers an inter-library loan, an acquisition suggestion and the partner network’s search with the same words', async () => {
    fakeApi(guides(true), features(8, 12), partners(2));
    show();
    expect(await screen.findByRole('link', { name: /bibliotecas parceiras/ })).toBeTruthy();
    expect(linkNames()).toEqual([
      ['Pesquisar “machado de assis” nas bibliotecas parceiras (Rede Pergamum)', '/rede-pergamum?termo1=machado+de+assis&base=rede'],
      ['Pedir a outra biblioteca (empréstimo entre bibliotecas)', '/meupergamum/emprestimo-entre-bibliotecas'],
      ['Sugerir a compra à biblioteca', '/meupergamum/aquisicao'],
    ]);
  });

  it('does not offer the partner network while it has no partner', async () => {
    fakeApi(guides(true), features(8, 12), partners(0));
    show();
    expect(await screen.findByRole('link', { name: /empréstimo entre bibliotecas/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /parceiras/ })).toBeNull();
  });

  it('offers only what the institution offers', async () => {
    fakeApi(guides(false), features(8));
    show();
    expect(await screen.findByRole('link', { name: /empréstimo entre bibliotecas/ })).toBeTruthy();
    expect(linkNames()).toHaveLength(1);
  });
});
