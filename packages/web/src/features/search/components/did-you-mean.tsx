import { type ConsultaQuery, type ConsultaResponse, parseSearchState, type SearchState, searchStateToParams } from '@estante/contracts/search';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** The rows of a suggested search (its row parameters read as the address's are). */
export function suggestedRows(sugestao: NonNullable<ConsultaResponse['sugestao']>): SearchState['linhas'] {
  const { total: _total, aplicada: _applied, ...rows } = sugestao;
  return parseSearchState(rows as ConsultaQuery).linhas;
}

/** A search's words as the results page names it: its rows' terms. */
const wordsOf = (state: Pick<SearchState, 'linhas'>) => state.linhas.map((l) => l.termo).join(' · ');

/**
 * "Did you mean" (issue 26). When the search found few titles and a near spelling finds many:
 * "Você quis dizer: …?" with how many it finds, a link to that search. When the search found
 * nothing, the server already answered the suggestion's titles: say so, with a link back to the
 * words exactly as typed.
 */
export function DidYouMean({ state, sugestao }: { state: SearchState; sugestao: NonNullable<ConsultaResponse['sugestao']> }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { total, aplicada } = sugestao;
  const corrected = { linhas: suggestedRows(sugestao) };
  const href = (next: SearchState) => {
    const params = searchStateToParams(next);
    const display = new URLSearchParams(location.search).get('exibicao');
    if (display) params.set('exibicao', display);
    return `${location.pathname}?${params}`;
  };
  const suggested = wordsOf(corrected);
  const typed = wordsOf(state);
  if (aplicada)
    return (
      <Text>
        {t('search.didYouMean.showing', { typed, suggested })}{' '}
        <Anchor component={Link} to={href({ ...state, pagina: 1, exato: true })} underline="always">
          {t('search.didYouMean.exact', { typed })}
        </Anchor>
      </Text>
    );
  return (
    <Text>
      {t('search.didYouMean.question')}{' '}
      <Anchor component={Link} to={href({ ...state, linhas: corrected.linhas, pagina: 1, exato: undefined })} underline="always" fw={600}>
        {suggested}
      </Anchor>
      {t('search.didYouMean.after', { count: total, formatted: total.toLocaleString(i18n.language) })}
    </Text>
  );
}
