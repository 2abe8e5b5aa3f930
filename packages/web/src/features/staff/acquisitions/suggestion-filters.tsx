import { filaSugestoesQuerySchema, type SuggestionStatus } from '@estante/contracts/acquisitions';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useLibraries } from '../../../api/libraries';
import { schemaResolver } from '../../../ui/schema-resolver';
import { type QueueFilter, useStatusName } from './acquisitions.api';
import { LIFE_ORDER } from './words';

/** The filter's fields as typed ('' for all). */
interface FilterValues {
  situacao: SuggestionStatus | '';
  biblioteca: string;
  categoria: string;
  dataIni: string;
  dataFim: string;
}

/** The query the fields make: only what was given (absent is "all"), so equal filters are one query. */
function toFilter(values: FilterValues): QueueFilter {
  const given = {
    situacao: values.situacao || undefined,
    biblioteca: values.biblioteca || undefined,
    categoria: values.categoria.trim() || undefined,
    dataIni: values.dataIni || undefined,
    dataFim: values.dataFim || undefined,
  };
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as QueueFilter;
}

/** The filter as the fields show it. */
const toValues = (filter: QueueFilter): FilterValues => ({
  situacao: filter.situacao ?? '',
  biblioteca: filter.biblioteca ?? '',
  categoria: filter.categoria ?? '',
  dataIni: filter.dataIni ?? '',
  dataFim: filter.dataFim ?? '',
});

/**
 * The queue's filters: status (or all), library (or all), the requester's category code, and the
 * period the suggestions were sent in; checked with the queue's own query schema, applied on
 * "Filtrar".
 */
export function SuggestionFilters({ filter, onFilter }: { filter: QueueFilter; onFilter: (filter: QueueFilter) => void }) {
  const { t } = useTranslation();
  const libraries = useLibraries();
  const statusName = useStatusName();
  const bySchema = schemaResolver<FilterValues>(filaSugestoesQuerySchema, toFilter, t);
  const form = useForm<FilterValues>({
    initialValues: toValues(filter),
    validate: (values) => ({
      ...bySchema(values),
      ...(values.dataIni && values.dataFim && values.dataIni > values.dataFim ? { dataIni: t('staffAcquisitions.filters.periodOrder') } : {}),
    }),
  });

  return (
    <form onSubmit={form.onSubmit((values) => onFilter(toFilter(values)))} noValidate aria-label={t('staffAcquisitions.filters.label')}>
      <Group align="flex-start" gap="sm">
        <NativeSelect
          label={t('staffAcquisitions.filters.status')}
          data={[{ value: '', label: t('staffAcquisitions.filters.allStatuses') }, ...LIFE_ORDER.map((s) => ({ value: s, label: statusName(s) }))]}
          {...form.getInputProps('situacao')}
        />
        <NativeSelect
          label={t('staffAcquisitions.filters.library')}
          data={[
            { value: '', label: t('staffAcquisitions.filters.allLibraries') },
            ...(libraries.data ?? []).map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca })),
          ]}
          {...form.getInputProps('biblioteca')}
        />
        <TextInput
          label={t('staffAcquisitions.filters.category')}
          description={t('staffAcquisitions.filters.categoryHelp')}
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
          w="14rem"
          {...form.getInputProps('categoria')}
        />
        <TextInput label={t('staffAcquisitions.filters.from')} type="date" {...form.getInputProps('dataIni')} />
        <TextInput label={t('staffAcquisitions.filters.to')} type="date" {...form.getInputProps('dataFim')} />
      </Group>
      <Group gap="sm" mt="sm">
        <Button type="submit">{t('staffAcquisitions.filters.submit')}</Button>
        <Button
          variant="default"
          onClick={() => {
            form.setValues(toValues({}));
            form.clearErrors();
            onFilter({});
          }}
        >
          {t('staffAcquisitions.filters.clear')}
        </Button>
      </Group>
    </form>
  );
}
