import type { ReservaInicial, SolicitacaoInicial } from '@estante/contracts/circulation';
import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Where a title can be held, from `GET /reserva/{id}/informacoes-iniciais`: a hold is for a copy
 * that is out, so a library with one on the shelf (the patron takes it at the desk; the server
 * refuses such a hold) is named apart from the libraries where it can be held.
 */
export function holdOutlook(info: ReservaInicial) {
  return {
    onShelf: info.bibliotecas.filter((l) => l.disponiveis > 0),
    holdable: info.bibliotecas.filter((l) => l.exemplares > 0 && l.disponiveis === 0),
  };
}

/**
 * What the hold tab says of the title, the same to a visitor and to a signed-in patron (issue
 * 55: the visitor was told it "can be held", the patron then that no hold is needed): the
 * libraries with a copy on the shelf, and where it can be held — or that it need not be, or
 * cannot be.
 */
export function HoldOutlook({ info }: { info: ReservaInicial }) {
  const { t, i18n } = useTranslation();
  const { onShelf, holdable } = holdOutlook(info);
  const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
  return (
    <>
      {onShelf.length > 0 && (
        <Alert color="green" variant="light" role="note" title={t('holds.onShelfHeading')}>
          <List size="sm">
            {onShelf.map((l) => (
              <List.Item key={l.cod_biblioteca}>{t('holds.onShelf', { library: l.desc_biblioteca, count: l.disponiveis })}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Text>
        {holdable.length > 0
          ? t('holds.holdableAt', { libraries: list.format(holdable.map((l) => l.desc_biblioteca)) })
          : onShelf.length > 0
            ? t('holds.allOnShelf')
            : t('holds.noneHere')}
      </Text>
    </>
  );
}

/**
 * What the loan request tab says of the title, the same to a visitor and to a signed-in patron:
 * the libraries a copy can be sent from (those with one on the shelf), or that none can now.
 */
export function RequestOutlook({ info }: { info: SolicitacaoInicial }) {
  const { t, i18n } = useTranslation();
  const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
  return (
    <Text>
      {info.origens.length > 0
        ? t('requests.availableFrom', {
            libraries: list.format(info.origens.map((o) => t('requests.originOption', { library: o.desc_biblioteca, count: o.disponiveis }))),
          })
        : t('requests.noneAvailable')}
    </Text>
  );
}
