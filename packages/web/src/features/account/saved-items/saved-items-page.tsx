import { type PesquisaSalva, SAVED_SEARCH_LIMIT, savedSearchState } from '@estante/contracts/saved';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmButton } from '../../../ui/confirm';
import { type Column, ListSection } from '../../../ui/list-section';
import { NoticeView, useNotify } from '../../../ui/notify';
import { useDeleteSavedSearch, useSavedSearches } from './saved-items.api';
import { dateFormat } from '../../../ui/dates';

/** What a saved search looks for, in words: its terms, or its period, plan or base; and how many filters. */
function useSearchWords() {
  const { t } = useTranslation();
  return (consulta: string) => {
    const state = savedSearchState(consulta);
    if (!state) return '';
    const words = state.linhas.map((l) => l.termo).join(' · ');
    const scope = state.novas
      ? t('savedItems.lastDays', { count: state.novas })
      : state.plano
        ? t('guides.plano_ensino')
        : state.base && !words
          ? t(`guides.${state.base}`, { defaultValue: state.base })
          : '';
    const filters = state.filtros.length ? t('savedItems.filters', { count: state.filtros.length }) : '';
    return [words, scope, filters].filter(Boolean).join(' — ');
  };
}

/**
 * Meu Pergamum, "Itens salvos" (issue 20, decision 0020): the searches the patron saved from a
 * results page — name, what it looks for, when it was saved — each a link that runs it again
 * (the same results page), and delete after a confirmation.
 */
export function SavedItemsPage({ searchHref }: { searchHref: (guia: string, consulta: string) => string }) {
  const { t, i18n } = useTranslation();
  const saved = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const notify = useNotify();
  const wordsOf = useSearchWords();
  const date = dateFormat(i18n.language);
  const columns: Column<PesquisaSalva>[] = [
    {
      header: t('savedItems.name'),
      cell: (s) =>
        s.guia ? (
          <Anchor component={Link} to={searchHref(s.guia, s.consulta)} underline="always">
            {s.nome}
          </Anchor>
        ) : (
          s.nome
        ),
    },
    { header: t('savedItems.words'), cell: (s) => wordsOf(s.consulta) },
    { header: t('savedItems.savedOn'), cell: (s) => date.format(new Date(s.criado_em)) },
    {
      header: t('savedItems.actions'),
      cell: (s) => (
        <ConfirmButton
          label={t('savedItems.delete')}
          item={s.nome}
          title={t('savedItems.deleteTitle')}
          text={t('savedItems.deleteText', { name: s.nome })}
          keepLabel={t('savedItems.keep')}
          onConfirm={() => void notify.run(() => remove.mutateAsync(s.id), t('savedItems.deleted', { name: s.nome }))}
        />
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Text>{t('savedItems.intro', { max: SAVED_SEARCH_LIMIT })}</Text>
      <NoticeView notice={notify.notice} />
      <ListSection
        query={saved}
        errorText={t('savedItems.fetchError')}
        emptyText={t('savedItems.none')}
        caption={t('account.savedItems')}
        columns={columns}
        rowKey={(s) => s.id}
        minWidth={640}
      />
    </Stack>
  );
}
