import { accountSectionPath } from '../../features/account/sections';
import { searchRow, searchStateToParams, newSearchState } from '@estante/contracts/search';
import { Anchor, Group, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ApiRequestError } from '../../api/client';
import { useComments, useMyComments } from '../../features/comments/api/comments';
import { ACTIVITY, usePermissions } from '../../features/parameters/use-permissions';
import { useGuiasPesquisa } from '../../features/parameters/api/get-guias-pesquisa';
import { useAcervo } from '../../features/title/api/get-acervo';
import { useExemplares } from '../../features/title/api/get-exemplares';
import { useLinks } from '../../features/title/api/get-links';
import { CopiesTab } from '../../features/title/components/copies-tab';
import { TitleSummary } from '../../features/title/components/title-summary';
import { findProvider, useProviders } from '../../features/links/api/get-provedores';
import { useHasSession } from '../../stores/session';
import { PageTitle } from '../../ui/page-title';
import { paths, TITLE_TABS, type TitleTab } from '../paths';
import { NotFoundRoute } from './not-found';
import { useSiteName } from './use-site-name';
import { lazyNamed } from '../../ui/lazy-named';
import { PageSkeleton } from '../shell/shell';
import { sitePath } from '../../api/config';

// Tabs, forms and comments: each fetched when it is first shown (the copies, the usual tab, are in the page's script).
const HoldForm = lazyNamed(() => import('../../features/circulation/components/hold-form'), 'HoldForm');
const LoanRequestForm = lazyNamed(() => import('../../features/circulation/components/loan-request-form'), 'LoanRequestForm');
const CommentsSection = lazyNamed(() => import('../../features/comments/components/comments-section'), 'CommentsSection');
const CirculationTab = lazyNamed(() => import('../../features/title/components/circulation-tab'), 'CirculationTab');
const ClosedStacksTab = lazyNamed(() => import('../../features/title/components/closed-stacks-tab'), 'ClosedStacksTab');
const ContentsTab = lazyNamed(() => import('../../features/title/components/contents-tab'), 'ContentsTab');
const KardexTab = lazyNamed(() => import('../../features/title/components/kardex-tab'), 'KardexTab');
const SerialContentsTab = lazyNamed(() => import('../../features/title/components/serial-contents-tab'), 'SerialContentsTab');
const DublinCoreTab = lazyNamed(() => import('../../features/title/components/dublin-core-tab'), 'DublinCoreTab');
const MarcTab = lazyNamed(() => import('../../features/title/components/marc-tab'), 'MarcTab');
const ReferenceTab = lazyNamed(() => import('../../features/title/components/reference-tab'), 'ReferenceTab');
const StatisticsTab = lazyNamed(() => import('../../features/title/components/statistics-tab'), 'StatisticsTab');
const SignInPanel = lazyNamed(() => import('../shell/sign-in-panel'), 'SignInPanel');
const SignInModalButton = lazyNamed(() => import('../shell/sign-in-modal-button'), 'SignInModalButton');

/** The work type of a technical standard (the target_gedweb base), opened at Target GEDWeb. */
const STANDARD = 19;

/** `/acervo/:codAcervo[/tab]`: the title record with its tabs, each a deep-linkable route. */
export function TitleRoute() {
  const { codAcervo = '', tab } = useParams();
  const current = TITLE_TABS.find((x) => x.segment === tab);
  if (!/^\d{1,9}$/.test(codAcervo) || (tab !== undefined && !current)) return <NotFoundRoute />;
  return <TitlePage id={Number(codAcervo)} tab={current?.segment} />;
}

function TitlePage({ id, tab }: { id: number; tab: TitleTab | undefined }) {
  const { t } = useTranslation();
  const site = useSiteName();
  const location = useLocation();
  const acervo = useAcervo(id);
  const signedIn = useHasSession();
  // What the page shows below the record starts loading with it, not after it (no waterfall).
  useLinks(id);
  useExemplares(id, null);
  useComments(id);
  useMyComments(id, signedIn);
  const permissions = usePermissions();
  // Only a technical standard asks: it may open at Target GEDWeb.
  const providers = useProviders(signedIn, acervo.data?.cod_tipo_obra === STANDARD);
  const guides = useGuiasPesquisa();
  const general = guides.find((g) => g.codigo === 'geral')?.rota ?? 'pesquisa-geral';
  const here = `${location.pathname}${location.search}`;
  const loginHref = paths.loginWithRedirect(here);
  // Spec §2: the login form embedded in the screen; signing in turns the tab into its signed-in form.
  const embeddedSignIn = <SignInPanel variant="embedded" redirect={here} onSignedIn={() => undefined} />;

  if (acervo.error instanceof ApiRequestError && acervo.error.status === 404) return <NotFoundRoute />;
  if (acervo.isError) return <Text c="red.8">{t('errors.loadFailed')}</Text>;
  if (!acervo.data) {
    return (
      <Text c="gray.7" aria-busy>
        {t('common.loading')}
      </Text>
    );
  }
  const record = acervo.data;
  const offered = TITLE_TABS.filter((x) => (record.abas as string[]).includes(x.code));
  const current = TITLE_TABS.find((x) => x.segment === tab);
  const available = current ? offered.includes(current) : true;
  const search = (field: 'autor' | 'assunto' | 'serie' | 'editora', term: string) =>
    `${paths.guide(general)}?${searchStateToParams(newSearchState({ linhas: [searchRow(term, { campo: field, tipo: 'frase' })] }))}`;

  const content = () => {
    if (!current) return offered.some((x) => x.segment === 'exemplares') ? <CopiesTab acervo={record} /> : null;
    if (!available) return <Text>{t('title.tabUnavailable')}</Text>;
    switch (current.segment) {
      case 'referencia':
        return <ReferenceTab id={id} />;
      case 'marc':
        return <MarcTab id={id} />;
      case 'exemplares':
        return <CopiesTab acervo={record} />;
      case 'dublin-core':
        return <DublinCoreTab id={id} />;
      case 'reserva':
        return (
          <CirculationTab acervo={record}>
            <HoldForm codAcervo={record.cod_acervo} holdsHref={accountSectionPath('reservas')} signedIn={signedIn} signIn={embeddedSignIn} />
          </CirculationTab>
        );
      case 'solicitacao-emprestimo':
        return (
          <CirculationTab acervo={record}>
            <LoanRequestForm codAcervo={record.cod_acervo} requestsHref={accountSectionPath('solicitacoes')} signedIn={signedIn} signIn={embeddedSignIn} />
          </CirculationTab>
        );
      case 'dados-estatisticos':
        return <StatisticsTab id={id} />;
      case 'sumarios-livros':
        return <ContentsTab id={id} />;
      case 'colecao-kardex':
        return <KardexTab id={id} />;
      case 'sumarios':
        return <SerialContentsTab id={id} />;
      case 'acervo-fechado':
        return <ClosedStacksTab id={id} signedIn={signedIn} loginHref={loginHref} />;
      default:
        return <Text>{t('title.tabUnavailable')}</Text>;
    }
  };

  return (
    <>
      <PageTitle site={site}>{record.titulo}</PageTitle>
      <TitleSummary
        acervo={record}
        links={{ search, authority: (cod) => paths.authority(cod) }}
        signedIn={signedIn}
        loginHref={loginHref}
        handOverHref={(h) => sitePath(paths.handOver({ h }))}
        standardHref={
          record.cod_tipo_obra === STANDARD && findProvider(providers.data, 'target') ? sitePath(paths.handOver({ target: record.cod_acervo })) : undefined
        }
        holdHref={offered.some((x) => x.segment === 'reserva') ? paths.title(id, 'reserva') : undefined}
      />
      <Group
        component="nav"
        aria-label={t('title.tabs')}
        gap="md"
        mb="md"
        wrap="wrap"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        {offered.map((x) => (
          <Anchor
            key={x.segment}
            component={Link}
            to={paths.title(id, x.segment)}
            aria-current={x.segment === tab ? 'page' : undefined}
            fw={x.segment === tab ? 700 : undefined}
            underline={x.segment === tab ? 'always' : 'hover'}
          >
            {t(x.label)}
          </Anchor>
        ))}
      </Group>
      <section aria-labelledby="tab-heading">
        <Title order={2} size="h3" mb="sm" id="tab-heading">
          {current ? t(current.label) : offered.some((x) => x.segment === 'exemplares') ? t('tabs.exemplares') : t('title.record')}
        </Title>
        <Suspense fallback={<PageSkeleton />}>{content()}</Suspense>
      </section>
      {permissions.hasAll(ACTIVITY.comments) && (
        <Suspense fallback={null}>
          <CommentsSection id={id} signedIn={signedIn} signIn={<SignInModalButton redirect={here} />} />
        </Suspense>
      )}
    </>
  );
}
