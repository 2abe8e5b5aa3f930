import { NativeSelect } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { useCategories } from './patrons.api';

/** "Categoria": the library's categories, with "choose one" first; the record's own while the list loads (or if it left it). */
export function CategorySelect({
  categories,
  current,
  inputProps,
}: {
  categories: ReturnType<typeof useCategories>;
  current: { codigo: string; descricao: string } | null;
  inputProps: GetInputPropsReturnType;
}) {
  const { t } = useTranslation();
  const list = categories.data ?? [];
  const kept = current && !list.some((c) => c.codigo === current.codigo) ? [{ value: current.codigo, label: current.descricao }] : [];
  return (
    <NativeSelect
      label={t('staffPatrons.fields.categoria')}
      required
      description={categories.isError ? t('staffPatrons.categoriesError') : undefined}
      data={[{ value: '', label: t('staffPatrons.pickCategory') }, ...kept, ...list.map((c) => ({ value: c.codigo, label: c.descricao }))]}
      {...inputProps}
    />
  );
}
