import { basketEndpoints, EXPORT_FORMATS, type ExportFormat, MAX_EMAIL_RECIPIENTS, MAX_EMAIL_TITLES, exportarCestaBodySchema } from '@estante/contracts/basket';
import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../api/client';
import { useBasket } from '../../../stores/basket';
import { copyRich } from '../../../ui/clipboard';
import { Cover } from '../../../ui/cover';
import { NoticeView, useNotify } from '../../../ui/notify';
import { useContractForm } from '../../../ui/use-contract-form';
import { downloadExport, fetchReferences, useBasketTitles, useEmailBasket, useKeepPermanent } from '../api/basket';

/** Where an outcome is said: beside the part of the page that was used. */
type Place = 'list' | 'export' | 'email' | 'keep';

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
 * basket; and, signed in, the way to the permanent basket (a Meu Pergamum section).
 */
export function BasketPage({
  titleHref,
  signedIn,
  loginHref,
  permanentHref,
}: {
  titleHref: (id: number) => string;
  signedIn: boolean;
  loginHref: string;
  /** The permanent basket's Meu Pergamum section (none while the institution offers no account area). */
  permanentHref?: string;
}) {
  const { t } = useTranslation();
  const basket = useBasket();
  const titles = useBasketTitles(basket.items);
  const [unselected, setUnselected] = useState<number[]>([]);
  const chosen = basket.items.filter((id) => !unselected.includes(id));
  const [format, setFormat] = useState<ExportFormat>('abnt');
  const notify = useNotify();
  const [confirmClear, setConfirmClear] = useState(false);
  const email = useEmailBasket();
  const keep = useKeepPermanent();
  const problem = useProblem();
  // Each outcome is said beside what was used (the list, the export, the e-mail form, saving),
  // not at the page's end (issue 55).
  const [at, setAt] = useState<Place>('export');
  const say = (tone: 'ok' | 'problem', text: string, place: Place) => {
    setAt(place);
    if (tone === 'ok') notify.success(text);
    else notify.problem(text);
  };
  const noticeAt = (place: Place) => <div aria-live="polite">{at === place && <NoticeView notice={notify.notice} />}</div>;

  // The e-mail form: the export call's body (tipo email) with the chosen titles and format; the
  // schema's problems said in one notice, the addresses first, then too many titles.
  const emailForm = useContractForm(basketEndpoints.export, {
    schema: exportarCestaBodySchema,
    initialValues: { emails: '', mensagem: '' },
    toBody: (values) => ({
      tipo: 'email' as const,
      dados: format,
      acervos: chosen,
      opcoesEmail: { emails: values.emails, ...(values.mensagem.trim() ? { mensagem: values.mensagem.trim() } : {}) },
    }),
  });
  const sendEmail = emailForm.onSubmit(
    (body) =>
      email.mutate(body, {
        onSuccess: (r) => say('ok', t('basket.emailed', { count: r.titulos, recipients: t('basket.addressCount', { count: r.destinatarios }) }), 'email'),
        onError: (e) => say('problem', problem(e), 'email'),
      }),
    (errors) =>
      say(
        'problem',
        errors.opcoesEmail
          ? t('basket.badEmails', { max: MAX_EMAIL_RECIPIENTS })
          : errors.acervos
            ? t('basket.tooManyForEmail', { max: MAX_EMAIL_TITLES })
            : String(Object.values(errors)[0]),
        'email',
      ),
  );

  if (basket.items.length === 0) {
    return (
      <>
        <Text mb="md">{t('basket.empty')}</Text>
        {signedIn && permanentHref && <PermanentBasketLink href={permanentHref} />}
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
              <Cover title={item.titulo} link={item.link_capa} width={48} author={item.autor} workType={item.cod_tipo_obra} />
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
                onClick={() => {
                  basket.remove(item.cod_acervo);
                  say('ok', t('basket.removed', { title: item.titulo }), 'list');
                }}
              >
                {t('basket.remove')}
              </Button>
            </Group>
          ))}
        </div>
        {titles.isError && <Text c="red.8">{t('errors.loadFailed')}</Text>}
        {noticeAt('list')}
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
                  (name) => say('ok', t('basket.downloaded', { name }), 'export'),
                  (e: unknown) => say('problem', problem(e), 'export'),
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
                    () => say('ok', t('basket.copied', { count: chosen.length }), 'export'),
                    (e: unknown) => say('problem', problem(e), 'export'),
                  )
              }
            >
              {t('basket.copy')}
            </Button>
          </Group>
          {noticeAt('export')}
          <Paper withBorder p="md" component="form" onSubmit={sendEmail} noValidate aria-labelledby="basket-email">
            <Title order={3} size="h5" id="basket-email" mb="xs">
              {t('basket.emailHeading')}
            </Title>
            <Stack gap="sm">
              <TextInput
                label={t('basket.emails')}
                description={t('basket.emailsHelp', { max: MAX_EMAIL_RECIPIENTS })}
                value={emailForm.values.emails}
                onChange={(e) => emailForm.setFieldValue('emails', e.currentTarget.value)}
                autoComplete="email"
                required
              />
              <Textarea
                label={t('basket.message')}
                rows={3}
                maxLength={2000}
                value={emailForm.values.mensagem}
                onChange={(e) => emailForm.setFieldValue('mensagem', e.currentTarget.value)}
              />
              <Group>
                <Button type="submit" loading={email.isPending} disabled={chosen.length === 0}>
                  {t('basket.send')}
                </Button>
              </Group>
              {noticeAt('email')}
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
                    onSuccess: (r) => say('ok', t('basket.kept', { count: r.adicionados, total: r.total }), 'keep'),
                    onError: (e) => say('problem', problem(e), 'keep'),
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
          {noticeAt('keep')}
        </Stack>
      </section>
      {signedIn && permanentHref && <PermanentBasketLink href={permanentHref} />}
    </Stack>
  );
}

/** Where the signed-in patron's permanent basket is: its Meu Pergamum section. */
function PermanentBasketLink({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Text>
      {t('basket.permanentIn')}{' '}
      <Anchor component={Link} to={href} underline="always">
        {t('basket.permanentLink')}
      </Anchor>
    </Text>
  );
}
