import type { Acervo } from '@estante/contracts/catalog';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Tabs 18 (hold) and 75 (loan request): the copies at each library, then the hold or request
 * form (`children`), which says where the title can be held or requested — the same to a visitor,
 * who signs in right there, as to a signed-in patron (issue 55).
 */
export function CirculationTab({ acervo, children }: { acervo: Acervo; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Text mb="sm" size="sm">
        {acervo.disponibilidade.map((d) => t('copies.summary', { library: d.desc_biblioteca, available: d.disponiveis, count: d.total })).join(' · ')}
      </Text>
      {children}
    </>
  );
}
