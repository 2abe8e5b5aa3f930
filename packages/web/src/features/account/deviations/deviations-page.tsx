import type { Afastamento } from '@estante/contracts/account';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';
import { useDeviations } from './deviations.api';

/** Meu Pergamum, "Afastamentos": deviations with their reason and period. */
export function DeviationsPage() {
  const { t } = useTranslation();
  const deviations = useDeviations();
  const day = useShortDate();
  const columns: Column<Afastamento>[] = [
    { header: t('deviations.reason'), cell: (d) => d.motivo },
    { header: t('holds.library'), cell: (d) => d.desc_biblioteca ?? t('deviations.allLibraries') },
    { header: t('period.from'), cell: (d) => day(d.inicio) },
    { header: t('period.to'), cell: (d) => (d.fim ? day(d.fim) : t('deviations.open')) },
  ];
  return (
    <ListSection
      query={deviations}
      errorText={t('deviations.fetchError')}
      emptyText={t('deviations.none')}
      caption={t('account.deviations')}
      columns={columns}
      rowKey={(d) => d.cod_afastamento}
    />
  );
}
