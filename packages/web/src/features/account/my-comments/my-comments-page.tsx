import type { MeuComentario } from '@estante/contracts/comments';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmButton } from '../../../ui/confirm';
import { type Column, ListSection } from '../../../ui/list-section';
import { NoticeView, useNotify } from '../../../ui/notify';
import { useAllMyComments, useDeleteComment } from './my-comments.api';
import { dateFormat } from '../../../ui/dates';

/**
 * Meu Pergamum, "Meus comentários" (issue 20): the patron's own comments on titles — the title,
 * the text, when it was sent and whether the library published it yet; one still awaiting
 * approval may be deleted, after a confirmation (a published one stays: the API refuses).
 */
export function MyCommentsPage({ titleHref }: { titleHref: (id: number) => string }) {
  const { t, i18n } = useTranslation();
  const comments = useAllMyComments();
  const remove = useDeleteComment();
  const notify = useNotify();
  const date = dateFormat(i18n.language);
  const columns: Column<MeuComentario>[] = [
    {
      header: t('myComments.title'),
      cell: (c) => (
        <Anchor component={Link} to={titleHref(c.cod_acervo)} underline="always">
          {c.titulo}
        </Anchor>
      ),
    },
    {
      header: t('myComments.comment'),
      cell: (c) => (
        <>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{c.texto}</Text>
          <Text size="sm">{c.desc_biblioteca}</Text>
        </>
      ),
    },
    { header: t('myComments.date'), cell: (c) => date.format(new Date(c.data_envio)) },
    {
      header: t('myComments.status'),
      cell: (c) =>
        c.moderado ? (
          <Badge variant="filled" color="green.9">
            {t('myComments.published')}
          </Badge>
        ) : (
          <Badge variant="filled" color="grape.9">
            {t('myComments.awaiting')}
          </Badge>
        ),
    },
    {
      header: t('myComments.actions'),
      cell: (c) =>
        c.moderado ? null : (
          <ConfirmButton
            label={t('myComments.delete')}
            item={`${c.titulo}, ${date.format(new Date(c.data_envio))}`}
            title={t('myComments.deleteTitle')}
            text={t('myComments.deleteText', { title: c.titulo })}
            keepLabel={t('myComments.keep')}
            onConfirm={() => void notify.run(() => remove.mutateAsync(c.cod_comentario), t('myComments.deleted', { title: c.titulo }))}
          />
        ),
    },
  ];
  return (
    <Stack gap="sm">
      <Text>{t('myComments.intro')}</Text>
      <NoticeView notice={notify.notice} />
      <ListSection
        query={comments}
        errorText={t('myComments.fetchError')}
        emptyText={t('myComments.none')}
        caption={t('account.myComments')}
        columns={columns}
        rowKey={(c) => c.cod_comentario}
        minWidth={720}
      />
    </Stack>
  );
}
