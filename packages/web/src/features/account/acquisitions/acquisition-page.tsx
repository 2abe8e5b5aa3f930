import { Anchor, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticeView, useNotify } from '../../../ui/notify';
import type { AccountSectionProps } from '../sections';
import { SUGGESTIONS_KEY } from './acquisitions.api';

/**
 * Meu Pergamum, "Aquisição": the acquisition suggestion form (the footer's, one implementation),
 * with the way to follow what becomes of it.
 */
export function AcquisitionPage({ SuggestionForm }: Pick<AccountSectionProps, 'SuggestionForm'>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const client = useQueryClient();
  return (
    <section>
      <Text mb="sm">
        {t('acquisitions.intro')} {/* A sibling section, relative: the same in the site and in the app variant (/meupergamum/app). */}
        <Anchor component={Link} to="../consulta-sugestoes" relative="path" underline="always">
          {t('account.suggestions')}
        </Anchor>
      </Text>
      <NoticeView notice={notify.notice} mb="sm" />
      <SuggestionForm
        onSent={(message) => {
          notify.success(message);
          void client.invalidateQueries({ queryKey: SUGGESTIONS_KEY });
        }}
      />
    </section>
  );
}
