import { feedsEndpoints } from '@estante/contracts/feeds';
import { MAX_PAGE_SIZE, type SearchState, searchStateToParams } from '@estante/contracts/search';
import { Alert, Anchor, Button, Drawer, Grid, Group, Loader, NativeSelect, Pagination, Stack, Text, Title } from '@mantine/core';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType } from 'react-router';
import { ApiRequestError, messageOf, openAddress } from '../../../api/client';
import { useBasket } from '../../../stores/basket';
import { useConsulta } from '../api/get-consulta';
import { useOrdenacao } from '../api/get-ordenacao';
import { useLookupOption } from '../api/get-lookup';
import { followedFrom, rememberFollowed } from '../followed-link';
import { historyKey, useSearchHistory } from '../search-history';
import { type Display, useSearchState } from '../search-state';
import { FacetPanel } from './facet-panel';
import { PlainCheckbox } from './plain-checkbox';
import { FilterChips, selectedFilterText } from './filter-chips';
import { SkipLink } from '../../../ui/skip-link';
import { hasNavigated } from '../../../ui/navigation';
import { useAcervosIndexados } from '../api/get-acervos-indexados';
import { ResultItem } from './result-item';
import { SaveSearch } from './save-search';
import { DidYouMean, suggestedRows } from './did-you-mean';

const PAGE_SIZES = [10, 20, 50, MAX_PAGE_SIZE];

/** Puts a title in the basket, or takes it out, as the basket is now. */
function toggleInBasket(cod: number) {
  const basket = useBasket.getState();
  if (basket.items.includes(cod)) basket.remove(cod);
  else basket.addMany([cod]);
}

/** The results of the search in the URL: count, sort, page size, display, filters, facets, pages. */
/** A teaching-plan search in words: "Plano de ensino: Pedagogia · 2026 · 1º semestre". */
function usePlanLabel(plano: SearchState['plano']): string {
  const { t } = useTranslation();
  const text = (n: number | null | undefined) => (n ? String(n) : null);
  const curso = useLookupOption('cursos', text(plano?.curso));
  const disciplina = useLookupOption('disciplinas', text(plano?.disciplina));
  const professor = useLookupOption('professores', text(plano?.professor));
  if (!plano) return '';
  const parts = [
    curso.data?.label,
    disciplina.data?.label,
    professor.data?.label,
    plano.ano ? String(plano.ano) : null,
    plano.semestre ? t('search.teachingPlan.semesterN', { n: plano.semestre }) : null,
  ];
  return `${t('guides.plano_ensino')}: ${parts.filter(Boolean).join(' · ')}`;
}

/**
 * "Follow this search": the address of the public Atom feed of the search's newest titles (its
 * rows, filters and base; not its page, size or sort), in the interface's language when the
 * server speaks it.
 */
function followAddress(state: SearchState, language: string): string {
  const query = searchStateToParams({ ...state, pagina: 1, ordenacao: 'C' });
  query.delete('quantPag');
  if (language === 'en' || language === 'es') query.set('idioma', language);
  return openAddress(feedsEndpoints.search, { query });
}

/**
 * What a failed search says (spec §8's handler rules): no answer at all is "could not reach the
 * server"; the partner network failing is "network unavailable"; another 5xx is the unexpected
 * error; a refusal (4xx, a 5xx the patron should read) is the server's own message.
 */
export function failureText(error: unknown, network: boolean, t: TFunction): string {
  if (error instanceof ApiRequestError && error.status === 0) return t('errors.unreachable');
  if (network && error instanceof ApiRequestError && error.status >= 500) return t('network.unavailable');
  return messageOf(error, t('errors.unexpected'));
}

export function ResultsView({
  state,
  titleHref,
  contentsHref,
  network = false,
  noResults,
}: {
  state: SearchState;
  /** What a search that found nothing offers next (the page composes it: next-steps.tsx), rendered only then. */
  noResults?: (state: SearchState) => ReactNode;
  titleHref: (cod: number) => string;
  /**
   * Results of the partner network (issue 22): their numbers are the network's, so no basket
   * and no indexed articles; a failure is the network-unavailable warning (spec §8).
   */
  network?: boolean;
  /** A serial's tables of contents, where its indexed articles are. */
  contentsHref: (cod: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const { display, update, toggleFilter, setDisplay } = useSearchState();
  const { data, error, isFetching, isPending, isPlaceholderData } = useConsulta(state);
  const indexed = useAcervosIndexados(network ? [] : (data?.acervos.map((a) => a.cod_acervo) ?? []));
  const indexedOf = (cod: number) => {
    const found = indexed.data?.find((i) => i.cod_acervo === cod);
    return found && { artigos: found.artigos, fasciculos: found.fasciculos, href: contentsHref(cod) };
  };
  const sorts = useOrdenacao();
  const location = useLocation();
  const remember = useSearchHistory((s) => s.remember);
  const terms = state.linhas.map((l) => l.termo).join(' · ');
  const period = state.novas ? `${t('search.newAcquisitions.formLabel')}, ${t('search.newAcquisitions.lastDays', { count: state.novas })}` : '';
  const plan = usePlanLabel(state.plano);
  const basket = useBasket();
  const [selected, setSelected] = useState<number[]>([]);
  const [added, setAdded] = useState<number | null>(null);
  const [facetsOpen, setFacetsOpen] = useState(false);
  const label = [terms, period, plan].filter(Boolean).join(' — ');

  // Each search once in the history (its last page seen), with what sets it apart from another of the same words.
  const sortName = state.ordenacao === 'C' ? null : sorts.data?.find((s) => s.codigo === state.ordenacao)?.descricao;
  const key = historyKey(location.pathname, state);
  const { base, exato } = state;
  useEffect(() => {
    // The last search's answer, shown while this one's comes, is not this search's.
    if (!data || isPlaceholderData) return;
    const facetName = (tipo: string) => data.facetas.find((f) => f.codigo === tipo)?.descricao ?? tipo;
    const details = [
      ...data.filtros.map((f) => selectedFilterText(f, facetName, t)),
      ...(sortName ? [t('search.historySorted', { sort: sortName })] : []),
      ...(base ? [t(`guides.${base}`, { defaultValue: base })] : []),
      ...(exato ? [t('search.historyExact')] : []),
    ];
    remember({ label, href: `${location.pathname}${location.search}`, total: data.total, key, details });
  }, [base, data, exato, isPlaceholderData, key, label, location.pathname, location.search, remember, sortName, t]);

  // A new search or page (not a facet, sort or page size, where the patron's hand is on the
  // control) opens at the top with focus on the count (issue 24); so does removing a chip, whose
  // button is gone. On arrival, focus moves only if nothing else holds it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusedKey = useRef<string | null>(null);
  const pendingFocus = useRef(false);
  const params = new URLSearchParams(location.search);
  ['filtro', 'ordenacao', 'quantPag'].forEach((name) => params.delete(name));
  const searchKey = `${location.pathname}?${params.toString()}`;
  // Back (or forward) to this page: the list where the patron left it (the shell's scroll
  // restoration) and the focus on the link they followed from it (issue 55).
  const navigationType = useNavigationType();
  const listRef = useRef<HTMLDivElement>(null);
  const entry = location.key;
  useEffect(() => {
    if (!data || isFetching || !headingRef.current) return;
    if (focusedKey.current === searchKey && !pendingFocus.current) return;
    const active = document.activeElement;
    const arrival = focusedKey.current === null;
    focusedKey.current = searchKey;
    pendingFocus.current = false;
    // On the document's first screen the browser's focus stays (the skip links come first).
    if (arrival && (!hasNavigated() || (active !== document.body && active !== null && !active.classList.contains('page-heading')))) return;
    if (arrival && navigationType === 'POP') {
      const href = followedFrom(entry);
      const link = href ? [...(listRef.current?.querySelectorAll('a') ?? [])].find((a) => a.getAttribute('href') === href) : undefined;
      if (link) {
        link.focus({ preventScroll: true });
        // Where the restored scroll left it, unless it could not be restored (the list was shorter then).
        const box = link.getBoundingClientRect();
        if (box.bottom < 0 || box.top > window.innerHeight) link.scrollIntoView({ block: 'center' });
      }
      // Without a link to return to, the page stays where the browser put it.
      return;
    }
    window.scrollTo({ top: 0 });
    headingRef.current.focus();
  }, [data, entry, isFetching, navigationType, searchKey]);
  /** The link a patron follows from the list (a title, its articles), remembered for the way back. */
  const onListClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (href) rememberFollowed(entry, href);
  };

  if (isPending) return <Loader aria-label={t('search.loading')} />;
  if (error || !data) {
    const message = failureText(error, network, t);
    return (
      <Alert color="red" role="alert">
        {message}
      </Alert>
    );
  }
  const pages = Math.max(1, Math.ceil(Math.min(data.total, 10_000) / state.quantPag));
  // Titles shown for a suggestion (the words typed found nothing) are followed under its words.
  const followed = data.sugestao?.aplicada ? { ...state, linhas: suggestedRows(data.sugestao) } : state;
  // Right after the count, which takes focus, so it is read next; a status region always there,
  // so a change is announced.
  const didYouMean = <div role="status">{data.sugestao && <DidYouMean state={state} sugestao={data.sugestao} />}</div>;
  // Right above the list: after focus lands here, the first result is the next Tab.
  const heading = (
    <Title order={2} size="h3" aria-live="polite" ref={headingRef} tabIndex={-1} className="results-heading" id="resultados">
      {t('search.resultsCount', { count: data.total, formatted: data.total.toLocaleString(i18n.language) })}
    </Title>
  );
  return (
    <Grid gutter="xl">
      <SkipLink target="resultados" label={t('search.skipToResults')} />
      <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
        <FacetPanel facetas={data.facetas} selected={state.filtros} onToggle={toggleFilter} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {/* Below md the facets wait in a drawer, so the results come first on a phone. */}
        <Drawer
          opened={facetsOpen}
          onClose={() => setFacetsOpen(false)}
          title={t('search.filtersDrawer')}
          closeButtonProps={{ 'aria-label': t('app.close') }}
          hiddenFrom="md"
        >
          <FacetPanel facetas={data.facetas} selected={state.filtros} onToggle={toggleFilter} />
        </Drawer>
        <Stack gap="sm">
          <Button hiddenFrom="md" variant="outline" color="blue.9" onClick={() => setFacetsOpen(true)} style={{ alignSelf: 'flex-start' }}>
            {t('search.filtersButton', { count: state.filtros.length })}
          </Button>
          <FilterChips
            filtros={data.filtros}
            facetas={data.facetas}
            onRemove={(f) => {
              pendingFocus.current = true;
              toggleFilter(f);
            }}
            onClear={() => {
              pendingFocus.current = true;
              update({ filtros: [] });
            }}
          />
          <SaveSearch state={state} label={label} />
          {data.total > 0 && (
            <>
              <link rel="alternate" type="application/atom+xml" title={t('feeds.follow')} href={followAddress(followed, i18n.language)} />
              <Text size="sm">
                <Anchor href={followAddress(followed, i18n.language)} type="application/atom+xml" underline="always">
                  {t('feeds.follow')}
                </Anchor>{' '}
                — {t('feeds.followHint')}
              </Text>
            </>
          )}
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('search.sort')}
              value={state.ordenacao}
              data={(sorts.data ?? []).map((s) => ({ value: s.codigo, label: s.descricao }))}
              onChange={(e) => update({ ordenacao: e.currentTarget.value as SearchState['ordenacao'] })}
            />
            <NativeSelect
              label={t('search.pageSize')}
              value={String(state.quantPag)}
              data={PAGE_SIZES.map((n) => String(n))}
              onChange={(e) => update({ quantPag: Number(e.currentTarget.value) })}
            />
            {/* A select like its neighbours (and ~2 KB lighter than a segmented control on this page). */}
            <NativeSelect
              label={t('search.display')}
              value={display}
              onChange={(e) => setDisplay(e.currentTarget.value as Display)}
              data={[
                { value: 'D', label: t('search.detailed') },
                { value: 'C', label: t('search.compact') },
              ]}
            />
            {isFetching && <Loader size="sm" aria-label={t('search.loading')} />}
          </Group>
          {data.acervos.length === 0 ? (
            <>
              {heading}
              {didYouMean}
              <Text>{t('search.noResults')}</Text>
              {noResults?.(state)}
            </>
          ) : (
            <>
              {!network && (
                <>
                  <Group gap="sm" wrap="wrap">
                    <PlainCheckbox
                      label={t('basket.selectPage')}
                      checked={data.acervos.every((a) => selected.includes(a.cod_acervo))}
                      indeterminate={selected.length > 0 && !data.acervos.every((a) => selected.includes(a.cod_acervo))}
                      onChange={(e) => setSelected(e.currentTarget.checked ? data.acervos.map((a) => a.cod_acervo) : [])}
                    />
                    <Button
                      size="compact-sm"
                      variant="default"
                      disabled={selected.length === 0}
                      onClick={() => {
                        setAdded(basket.addMany(selected));
                        setSelected([]);
                      }}
                    >
                      {t('basket.addSelected', { count: selected.length })}
                    </Button>
                    <Text size="sm" role="status">
                      {added === null ? '' : t('basket.added', { count: added })}
                    </Text>
                  </Group>
                </>
              )}
              {heading}
              {didYouMean}
              {/* A link followed from the list is remembered (onListClick): a click, or Enter, which clicks too. */}
              <div aria-busy={isFetching} ref={listRef} onClick={onListClick}>
                {data.acervos.map((item) => (
                  <ResultItem
                    key={item.cod_acervo}
                    item={item}
                    display={display}
                    href={titleHref(item.cod_acervo)}
                    indexed={indexedOf(item.cod_acervo)}
                    basket={
                      network
                        ? undefined
                        : {
                            inBasket: basket.items.includes(item.cod_acervo),
                            // Read at the click, not at the render: a line is not redrawn for others' changes (result-item.tsx).
                            onToggleBasket: () => toggleInBasket(item.cod_acervo),
                            selected: selected.includes(item.cod_acervo),
                            onSelect: (on) => setSelected((all) => (on ? [...all, item.cod_acervo] : all.filter((x) => x !== item.cod_acervo))),
                          }
                    }
                  />
                ))}
              </div>
            </>
          )}
          {pages > 1 && (
            <nav aria-label={t('search.pagination')}>
              <Pagination
                total={pages}
                value={state.pagina}
                onChange={(pagina) => update({ pagina })}
                getControlProps={(control) => ({ 'aria-label': t(`search.pages.${control}`) })}
                getItemProps={(page) => ({ 'aria-label': t('search.pages.page', { page }) })}
              />
            </nav>
          )}
          {data.total > 10_000 && <Text size="sm">{t('search.refine')}</Text>}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
