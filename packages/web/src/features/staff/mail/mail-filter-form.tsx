import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX, MAIL_STATUSES, type MailSearch, type MailStatus } from './mail-search';

type Filters = Omit<MailSearch, 'pagina'>;

/**
 * The mail log's filters: a status (any, sent, failed) and an address, or part of one. "Filtrar"
 * hands over those given; `current`, what the page's address holds: when it changes (the back
 * button, or the filters just sent, trimmed), the fields show it.
 */
export function MailFilterForm({ current, onSubmit }: { current: Filters; onSubmit: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<MailStatus | ''>(current.situacao ?? '');
  const [address, setAddress] = useState(current.para ?? '');
  const [shown, setShown] = useState(current);
  if (shown.situacao !== current.situacao || shown.para !== current.para) {
    setShown(current);
    setStatus(current.situacao ?? '');
    setAddress(current.para ?? '');
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ situacao: status || undefined, para: address.trim() || undefined });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('staffMail.filters.form')}>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label={t('staffMail.filters.status')}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as MailStatus | '')}
          data={[{ value: '', label: t('staffMail.filters.any') }, ...MAIL_STATUSES.map((s) => ({ value: s, label: t(`staffMail.filters.statuses.${s}`) }))]}
        />
        <TextInput
          label={t('staffMail.filters.address')}
          description={t('staffMail.filters.addressHelp')}
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={ADDRESS_MAX}
        />
        <Button type="submit">{t('staffMail.filters.submit')}</Button>
      </Group>
    </form>
  );
}
