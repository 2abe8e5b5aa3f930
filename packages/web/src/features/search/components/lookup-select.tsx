import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LookupKind, useLookupOption, useLookupOptions } from '../api/get-lookup';

/**
 * A searchable choice of a course, discipline or professor: the server filters the options by
 * the words typed (3 characters or more each); the chosen one stays shown.
 */
export function LookupSelect({
  kind,
  label,
  value,
  onChange,
}: {
  kind: LookupKind;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useLookupOptions(kind, search);
  const chosen = useLookupOption(kind, value);
  const data = [...(chosen.data && !found.data?.some((o) => o.value === chosen.data.value) ? [chosen.data] : []), ...(found.data ?? [])];
  return (
    <Select
      label={label}
      placeholder={t('search.teachingPlan.any')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered by the words typed.
      filter={({ options }) => options}
      nothingFoundMessage={t('search.teachingPlan.nothingFound')}
      style={{ flex: '1 1 14rem' }}
    />
  );
}
