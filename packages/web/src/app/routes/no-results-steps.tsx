import { NETWORK_BASE, newSearchState, type SearchState, searchStateToParams } from '@estante/contracts/search';
import { useInstituicoesRede } from '../../api/network';
import { useGuiasPesquisa } from '../../features/parameters/api/get-guias-pesquisa';
import { ACTIVITY, usePermissions } from '../../features/parameters/use-permissions';
import { type NextStepLinks, NextSteps } from '../../features/search/components/next-steps';
import { paths } from '../paths';

/**
 * What a search of our catalogue that found nothing offers next (issue 55): an inter-library loan
 * request and an acquisition suggestion (Meu Pergamum's, where the institution offers them), and
 * the same words in the partner network's guide, only while the network has a partner.
 */
export function NoResultsSteps({ state }: { state: SearchState }) {
  const permissions = usePermissions();
  const networkGuide = useGuiasPesquisa().find((g) => g.codigo === 'rede');
  const account = permissions.hasAll(ACTIVITY.accountArea);
  const links: NextStepLinks = {
    ...(account ? { interLibrary: `${paths.account}/emprestimo-entre-bibliotecas` } : {}),
    ...(account && permissions.hasAll(ACTIVITY.acquisitionSuggestion) ? { suggestion: `${paths.account}/aquisicao` } : {}),
  };
  const terms = state.linhas.map((l) => l.termo).join(' · ');
  // The partners are asked for only here, on a page that found nothing, and only if the guide exists.
  return networkGuide && state.linhas.length > 0 ? (
    <WithNetworkStep
      links={links}
      terms={terms}
      href={`${paths.guide(networkGuide.rota)}?${searchStateToParams(newSearchState({ linhas: state.linhas, base: NETWORK_BASE }))}`}
    />
  ) : (
    <NextSteps links={links} terms={terms} />
  );
}

/** The next steps with the partner network's search, offered once the network is known to have a partner. */
function WithNetworkStep({ links, terms, href }: { links: NextStepLinks; terms: string; href: string }) {
  const partners = useInstituicoesRede();
  return <NextSteps links={partners.data && partners.data.length > 0 ? { ...links, network: href } : links} terms={terms} />;
}
