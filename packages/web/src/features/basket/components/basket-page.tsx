import { EMAIL_PATTERN, EXPORT_FORMATS, type ExportFormat, MAX_EMAIL_RECIPIENTS, MAX_EMAIL_TITLES, splitEmails } from '@estante/contracts';
import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../api/client';
import { useBasket } from '../../../stores/basket';
import { copyRich } from '../../../ui/clipboard';
import { Cover } from '../../../ui/cover';
import { NoticeView, useNotify } from '../../../ui/notify';
import { downloadExport, fetchReferences, useBasketTitles, useDropPermanent, useEmailBasket, useKeepPermanent, usePermanentBasket } from '../api/basket';

/** The server's message for a 4xx (already in the interface language), else the generic one. */
function useProblem() {
  const { t } = useTranslation();
  return (error: unknown) =>
    error instanceof ApiRequestError && error.status >= 400 && error.status < 500
      ? error.message
      : error instanceof ApiRequestError && error.key === 'ErroEnvioEmail'
        ? error.message
        : t('errors.unexpected');
}

/**
 * `/cesta` (spec §2, §4): the titles kept while searching, with covers and a selection (all at
 * first); export to a file, copy the references, e-mail them, save them to the permanent
 * basket; and, signed in, the permanent basket itself.
 */
export function BasketPage({ titleHref, signedIn, loginHref }: { titleHref: (id: number) => string; signedIn: boolean; loginHref: string }) {
  const { t } = useTranslation();
  const basket = useBasket();
  const titles = useBasketTitles(basket.items);
  const [unselected, setUnselected] = useState<number[]>([]);
  const chosen = basket.items.filter((id) => !unselected.includes(id));
  const [format, setFormat] = useState<ExportFormat>('abnt');
  const [emails, setEmails] = useState('');
  const [message, setMessage] = useState('');
  const notify = useNotify();
  const [confirmClear, setConfirmClear] = useState(false);
  const email = useEmailBasket();
  const keep = useKeepPermanent();
  const problem = useProblem();
  const say = (tone: 'ok' | 'problem', text: string) => (tone === 'ok' ? notify.success(text) : notify.problem(text));

  const sendEmail = (event: FormEvent) => {
    event.preventDefault();
    const list = splitEmails(emails);
    if (list.length === 0 || list.length > MAX_EMAIL_RECIPIENTS || !list.every((e) => EMAIL_PATTERN.test(e)))
      return say('problem', t('basket.badEmails', { max: MAX_EMAIL_RECIPIENTS }));
    if (chosen.length > MAX_EMAIL_TITLES) return say('problem', t('basket.tooManyForEmail', { max: MAX_EMAIL_TITLES }));
    email.mutate(
      { format, ids: chosen, emails, mensagem: message.trim() || undefined },
      { onSuccess: (r) => say('ok', t('basket.emailed', { count: r.titulos, recipients: r.destinatarios })), onError: (e) => say('problem', problem(e)) },
    );
  };

  if (basket.items.length === 0) {
    return (
      <>
        <Text mb="md">{t('basket.empty')}</Text>
        {signedIn && <PermanentBasket titleHref={titleHref} />}
      </>
    );
  }
  return (
    <Stack gap="lg">
      <section aria-labelledby="basket-titles">
        <Title order={2} size="h3" id="basket-titles" mb="xs">
          {t('basket.titles', { count: basket.items.length })}
        </Title>
        <Group gap="sm" mb="xs">
          <Checkbox
            label={t('basket.selectAll')}
            checked={unselected.length === 0}
            indeterminate={unselected.length > 0 && chosen.length > 0}
            onChange={(e) => setUnselected(e.currentTarget.checked ? [] : [...basket.items])}
          />
          <Text size="sm" c="gray.7">
            {t('basket.selectedCount', { count: chosen.length })}
          </Text>
        </Group>
        <div aria-busy={titles.isFetching}>
          {(titles.data ?? []).map((item) => (
            <Group
              key={item.cod_acervo}
              component="article"
              gap="md"
              wrap="nowrap"
              align="flex-start"
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Checkbox
                mt={4}
                aria-label={t('basket.select', { title: item.titulo })}
                checked={!unselected.includes(item.cod_acervo)}
                onChange={(e) => setUnselected(e.currentTarget.checked ? unselected.filter((x) => x !== item.cod_acervo) : [...unselected, item.cod_acervo])}
              />
              <Cover title={item.titulo} link={item.link_capa} width={48} />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Anchor component={Link} to={titleHref(item.cod_acervo)} fw={600}>
                  {item.titulo}
                </Anchor>
                <Text size="sm">{[item.autor, item.ano_publicacao, item.desc_tipo_obra].filter(Boolean).join(' · ')}</Text>
              </Stack>
              <Button
                size="compact-sm"
                variant="default"
                aria-label={t('basket.removeTitle', { title: item.titulo })}
                onClick={() => basket.remove(item.cod_acervo)}
              >
                {t('basket.remove')}
              </Button>
            </Group>
          ))}
        </div>
        {titles.isError && <Text c="red.8">{t('errors.loadFailed')}</Text>}
      </section>

      <section aria-labelledby="basket-actions">
        <Title order={2} size="h3" id="basket-actions" mb="xs">
          {t('basket.actions')}
        </Title>
        <Stack gap="md" maw={640}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label={t('basket.format')}
              value={format}
              onChange={(e) => setFormat(e.currentTarget.value as ExportFormat)}
              data={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`basket.formats.${f}`) }))}
            />
            <Button
              disabled={chosen.length === 0}
              onClick={() =>
                downloadExport(format, chosen).then(
                  (name) => say('ok', t('basket.downloaded', { name })),
                  (e: unknown) => say('problem', problem(e)),
                )
              }
            >
              {t('basket.download')}
            </Button>
            <Button
              variant="light"
              disabled={chosen.length === 0}
              onClick={() =>
                fetchReferences(format === 'apa' || format === 'vancouver' ? format : 'abnt', chosen)
                  .then((r) => copyRich(r.texto, r.html))
                  .then(
                    () => say('ok', t('basket.copied', { count: chosen.length })),
                    (e: unknown) => say('problem', problem(e)),
                  )
              }
            >
              {t('basket.copy')}
            </Button>
          </Group>
          <Paper withBorder p="md" component="form" onSubmit={sendEmail} noValidate aria-labelledby="basket-email">
            <Title order={3} size="h5" id="basket-email" mb="xs">
              {t('basket.emailHeading')}
            </Title>
            <Stack gap="sm">
              <TextInput
                label={t('basket.emails')}
                description={t('basket.emailsHelp', { max: MAX_EMAIL_RECIPIENTS })}
                value={emails}
                onChange={(e) => setEmails(e.currentTarget.value)}
                autoComplete="email"
                required
              />
              <Textarea label={t('basket.message')} rows={3} maxLength={2000} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
              <Group>
                <Button type="submit" loading={email.isPending} disabled={chosen.length === 0}>
                  {t('basket.send')}
                </Button>
              </Group>
            </Stack>
          </Paper>
          <Group gap="sm">
            {signedIn ? (
              <Button
                variant="light"
                disabled={chosen.length === 0}
                loading={keep.isPending}
                onClick={() =>
                  keep.mutate(chosen, {
                    onSuccess: (r) => say('ok', t('basket.kept', { count: r.adicionados, total: r.total })),
                    onError: (e) => say('problem', problem(e)),
                  })
                }
              >
                {t('basket.keep')}
              </Button>
            ) : (
              <Text size="sm">
                {t('basket.loginToKeep')}{' '}
                <Anchor component={Link} to={loginHref} underline="always">
                  {t('app.login')}
                </Anchor>
              </Text>
            )}
            {confirmClear ? (
              <Group gap="xs">
                <Text size="sm">{t('basket.confirmClear')}</Text>
                <Button
                  size="xs"
                  color="red.9"
                  onClick={() => {
                    basket.clear();
                    setConfirmClear(false);
                    setUnselected([]);
                  }}
                >
                  {t('basket.yesClear')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmClear(false)}>
                  {t('comments.keep')}
                </Button>
              </Group>
            ) : (
              <Button variant="default" onClick={() => setConfirmClear(true)}>
                {t('basket.clear')}
              </Button>
            )}
          </Group>
          <div aria-live="polite">
            <NoticeView notice={notify.notice} />
          </div>
        </Stack>
      </section>
      {signedIn && <PermanentBasket titleHref={titleHref} />}
    </Stack>
  );
}

/** The patron's permanent basket: titles kept across sessions, with remove and "back to the basket". */
function PermanentBasket({ titleHref }: { titleHref: (id: number) => string }) {
  const { t, i18n } = useTranslation();
  const permanent = usePermanentBasket(true);
  const drop = useDropPermanent();
  const addMany = useBasket((b) => b.addMany);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' });
  return (
    <section aria-labelledby="permanent-basket">
      <Title order={2} size="h3" id="permanent-basket" mb="xs">
        {t('basket.permanent', { count: permanent.data?.total ?? 0 })}
      </Title>
      {permanent.isError && <Text c="red.8">{t('errors.loadFailed')}</Text>}
      {permanent.data?.total === 0 && <Text c="gray.7">{t('basket.permanentEmpty')}</Text>}
      {(permanent.data?.itens.length ?? 0) > 0 && (
        <Button size="compact-sm" variant="default" mb="xs" onClick={() => addMany(permanent.data!.itens.map((i) => i.cod_acervo))}>
          {t('basket.bringAll')}
        </Button>
      )}
      {permanent.data?.itens.map((item) => (
        <Group key={item.cod_acervo} component="article" gap="md" wrap="nowrap" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Anchor component={Link} to={titleHref(item.cod_acervo)}>
              {item.titulo}
            </Anchor>
            <Text size="sm" c="gray.7">
              {[item.autor, item.ano_publicacao].filter(Boolean).join(' · ')} — {t('basket.keptOn', { date: date.format(new Date(item.adicionado_em)) })}
            </Text>
          </Stack>
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('basket.dropPermanent', { title: item.titulo })}
            onClick={() => drop.mutate(item.cod_acervo)}
          >
            {t('basket.remove')}
          </Button>
        </Group>
      ))}
    </section>
  );
}
