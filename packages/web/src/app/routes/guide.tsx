import { NETWORK_BASE, type SearchFilter, searchStateToParams } from '@estante/contracts/search';
import { Skeleton, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useGuiasPesquisa } from '../../features/parameters/api/get-guias-pesquisa';
import { BASE_OPTIONS_ENDPOINTS } from '@estante/contracts/search';
import type { OptionsBase } from '../../features/search/api/get-opcoes-base';
import { ResultsView } from '../../features/search/components/results-view';
import { SearchForm } from '../../features/search/components/search-form';
import { SearchHistoryList } from '../../features/search/components/search-history-list';
import { NoResultsSteps } from './no-results-steps';
import { readSearchState } from '../../features/search/search-state';
import { PageTitle } from '../../ui/page-title';
import { useInstituicoesRede } from '../../api/network';
import { paths } from '../paths';
import { NotFoundRoute } from './not-found';
import { useSiteName } from './use-site-name';
import { lazyNamed } from '../../ui/lazy-named';

// The other guides' forms come with their guide: the general guide's page (the results) carries none.
// While one arrives, a block of about its height keeps the page from jumping.
const FORM_HEIGHT = 120;
const TeachingPlanForm = lazyNamed(() => import('../../features/search/components/teaching-plan-form'), 'TeachingPlanForm');
const NewAcquisitionsForm = lazyNamed(() => import('../../features/search/components/new-acquisitions-form'), 'NewAcquisitionsForm');
const IndexBrowser = lazyNamed(() => import('../../features/search/components/index-browser'), 'IndexBrowser');
const BaseSearchForm = lazyNamed(() => import('../../features/search/components/base-search-form'), 'BaseSearchForm');
const AuthoritySearch = lazyNamed(() => import('../../features/search/components/authority-search'), 'AuthoritySearch');

/**
 * Guides whose form is built: the general (one row) and advanced (three rows) search, and the
 * guides that are a search limited by a facet (e-books: online access; accessibility), new
 * acquisitions, the teaching-plan bibliography, the authorities guide (headings, not titles), and
 * the archive, normative-acts and jurisprudence bases.
 */
const SEARCH_GUIDES: Record<string, { advanced: boolean; filtros?: SearchFilter[]; base?: string }> = {
  geral: { advanced: false },
  avancada: { advanced: true },
  ebooks: { advanced: false, filtros: [{ tipo: 'X', codigo: 'O' }] },
  acessibilidade: { advanced: false, filtros: [{ tipo: 'X', codigo: 'A' }] },
  novas_aquisicoes: { advanced: false },
  plano_ensino: { advanced: false },
  autoridades: { advanced: false },
  // Bases of one kind of record: their own form (base-search-form).
  arquivo: { advanced: false },
  atos_normativos: { advanced: false },
  jurisprudencia: { advanced: false },
  // The partner network (issue 22): the same form over the records harvested from partners.
  rede: { advanced: false, base: NETWORK_BASE },
};

const isOptionsBase = (codigo: string): codigo is OptionsBase => codigo in BASE_OPTIONS_ENDPOINTS;

/** `/:guia`: one search guide per path segment, its form, and the results of the search in the URL. */
export function GuideRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const { guia } = useParams();
  const [params] = useSearchParams();
  const guias = useGuiasPesquisa();
  const guide = guias.find((g) => g.rota === guia);
  if (!guide) return <NotFoundRoute />;
  const form = SEARCH_GUIDES[guide.codigo];
  const state = readSearchState(params);
  const path = paths.guide(guide.rota);
  return (
    <Stack gap="lg">
      <PageTitle site={site}>{t(`guides.${guide.codigo}`)}</PageTitle>
      {guide.codigo === 'autoridades' ? (
        <Suspense fallback={<Skeleton h={FORM_HEIGHT} />}>
          <AuthoritySearch
            titlesHref={(search) => `${paths.guide(guias.find((g) => g.codigo === 'geral')?.rota ?? guide.rota)}?${searchStateToParams(search)}`}
            recordHref={(cod) => paths.authority(cod)}
          />
        </Suspense>
      ) : form ? (
        <>
          {/* Keyed by the URL so the form shows the search being viewed after back/forward. */}
          <Suspense fallback={<Skeleton h={FORM_HEIGHT} />}>
            {guide.codigo === 'novas_aquisicoes' ? (
              <NewAcquisitionsForm key={params.toString()} resultsPath={path} initial={state} />
            ) : guide.codigo === 'plano_ensino' ? (
              <TeachingPlanForm key={params.toString()} resultsPath={path} initial={state} />
            ) : isOptionsBase(guide.codigo) ? (
              <BaseSearchForm key={params.toString()} base={guide.codigo} resultsPath={path} initial={state} />
            ) : (
              <SearchForm key={params.toString()} resultsPath={path} advanced={form.advanced} initial={state} filtros={form.filtros} base={form.base} />
            )}
          </Suspense>
          {state && form.base === NETWORK_BASE ? (
            <ResultsView
              state={{ ...state, base: NETWORK_BASE }}
              titleHref={(cod) => paths.networkTitle(cod)}
              contentsHref={(cod) => paths.networkTitle(cod)}
              network
            />
          ) : state ? (
            <ResultsView
              state={state}
              titleHref={(cod) => paths.title(cod)}
              contentsHref={(cod) => paths.title(cod, 'sumarios')}
              noResults={(searched) => <NoResultsSteps state={searched} />}
            />
          ) : form.base === NETWORK_BASE ? (
            <NetworkIntro />
          ) : (
            <>
              <SearchHistoryList />
              {guide.codigo === 'geral' && (
                <Suspense fallback={null}>
                  <IndexBrowser resultsPath={path} />
                </Suspense>
              )}
            </>
          )}
        </>
      ) : (
        <Text c="gray.7">{t('screens.comingSoon')}</Text>
      )}
    </Stack>
  );
}

/** The network guide before a search: what it searches, and which institutions are in it. */
function NetworkIntro() {
  const { t } = useTranslation();
  const partners = useInstituicoesRede();
  return (
    <Stack gap="xs">
      <Text>{t('network.intro')}</Text>
      {partners.data && (
        <Text c="gray.7">
          {partners.data.length === 0 ? t('network.noPartners') : t('network.partners', { names: partners.data.map((p) => p.desc_empresa).join(', ') })}
        </Text>
      )}
      {partners.isError && (
        <Text c="red.8" role="alert">
          {t('network.unavailable')}
        </Text>
      )}
    </Stack>
  );
}
