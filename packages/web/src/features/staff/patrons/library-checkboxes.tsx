import type { FichaLeitor } from '@estante/contracts/people';
import { Checkbox, Fieldset, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLibraries } from '../../../api/libraries';

/**
 * "Bibliotecas": a fieldset of checkboxes, one per library of the institution, checked for those
 * the patron is registered at (`value`, their codes as text). The record's own stay listed while
 * the list loads, when it cannot be fetched, or when one left it, so that saving keeps them.
 */
export function LibraryCheckboxes({ current, value, onChange }: { current: FichaLeitor['bibliotecas']; value: string[]; onChange: (value: string[]) => void }) {
  const { t } = useTranslation();
  const libraries = useLibraries();
  const listed = (libraries.data ?? []).map((l) => ({ code: String(l.cod_biblioteca), name: l.desc_biblioteca }));
  const kept = current.filter((c) => !listed.some((l) => l.code === String(c.cod_biblioteca))).map((c) => ({ code: String(c.cod_biblioteca), name: c.nome }));
  const options = [...listed, ...kept];
  const toggle = (code: string, checked: boolean) => onChange(checked ? [...value, code] : value.filter((v) => v !== code));

  return (
    <Fieldset legend={t('staffPatrons.libraries.legend')}>
      <Text size="sm" mb="xs">
        {t('staffPatrons.libraries.help')}
      </Text>
      {libraries.isError && (
        <Text size="sm" c="red.9" mb="xs">
          {t('staffPatrons.libraries.fetchError')}
        </Text>
      )}
      {libraries.isPending && options.length === 0 && <Text size="sm">{t('staffPatrons.libraries.loading')}</Text>}
      {libraries.isSuccess && options.length === 0 && <Text size="sm">{t('staffPatrons.libraries.none')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
        {options.map((o) => (
          <Checkbox key={o.code} label={o.name} checked={value.includes(o.code)} onChange={(event) => toggle(o.code, event.currentTarget.checked)} />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
