import type { Acervo } from '@estante/contracts/catalog';
import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Tabs 18 (hold) and 75 (loan request): where the title can be held or requested. Placing the
 * hold or request itself comes with the circulation rules (issue 8); a visitor signs in right
 * here, in the embedded login form (`signIn`).
 */
export function CirculationTab({
  acervo,
  kind,
  signedIn,
  signIn,
  form,
}: {
  acervo: Acervo;
  kind: 'reserva' | 'solicitacao';
  signedIn: boolean;
  signIn: ReactNode;
  /** The signed-in patron's form (the hold form); without one, the desk notice. */
  form?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Text mb="sm">{t(kind === 'reserva' ? 'circulation.holdIntro' : 'circulation.requestIntro')}</Text>
      <Text mb="sm" size="sm">
        {acervo.disponibilidade.map((d) => t('copies.summary', { library: d.desc_biblioteca, available: d.disponiveis, total: d.total })).join(' · ')}
      </Text>
      {signedIn ? (
        (form ?? (
          <Alert variant="light" color="blue" role="note">
            {t('circulation.atDesk')}
          </Alert>
        ))
      ) : (
        <>
          <Alert variant="light" color="yellow" role="note" mb="sm">
            {t(kind === 'reserva' ? 'circulation.loginToHold' : 'circulation.loginToRequest')}
          </Alert>
          {signIn}
        </>
      )}
    </>
  );
}
