import type { SearchState } from '@estante/contracts/search';
import { Suspense } from 'react';
import { useHasSession } from '../../../stores/session';
import { lazyNamed } from '../../../ui/lazy-named';

// The dialog and its form (with the schema that checks it) come only to a signed-in patron.
const SaveSearchDialog = lazyNamed(() => import('./save-search-dialog'), 'SaveSearchDialog');

/**
 * "Salvar esta pesquisa" on a results page (issue 20, decision 0020): for a signed-in patron
 * only, a small dialog asks for a name (the search's words to start with) and keeps the search —
 * its query string from page 1 and the guide it is shown in — for Meu Pergamum's saved items.
 */
export function SaveSearch({ state, label }: { state: SearchState; label: string }) {
  const signedIn = useHasSession();
  return signedIn ? (
    <Suspense fallback={null}>
      <SaveSearchDialog state={state} label={label} />
    </Suspense>
  ) : null;
}
