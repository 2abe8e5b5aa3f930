import { type Acesso, acessoSchema, settingsEndpoints } from '@estante/contracts/parameters';
import { Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../ui/use-contract-form';
import { Refused, type Tell } from './announcer';
import { useSaveAccess } from './settings.api';
import { focusFirstInvalid, useFollowServer, useRefusal } from './words';

/** The form's fields: the code as typed, the app's web view flattened (its problems are the body's `app_layers`). */
type Values = {
  codigo: string;
  captcha: boolean;
  oidc: boolean;
  oidc_logout: string;
  saml_logout: string;
  app_ativo: boolean;
  app_url: string;
};

/** The longest address the call takes, and the highest code (the contract's limits). */
const LINK_MAX = 500;
const CODE_MAX = 999_999;
/** The contract's own check of an address, to say in our words when it fails. */
const linkRule = acessoSchema.shape.oidc_logout;

function valuesOf(a: Acesso): Values {
  return {
    codigo: String(a.codigo),
    captcha: a.captcha,
    oidc: a.oidc,
    oidc_logout: a.oidc_logout ?? '',
    saml_logout: a.saml_logout ?? '',
    app_ativo: a.app_layers.ativo,
    app_url: a.app_layers.url ?? '',
  };
}

/** An address left blank is none (null). */
const link = (value: string) => (value.trim() === '' ? null : value.trim());

function bodyOf(v: Values): Acesso {
  return {
    codigo: /^\d+$/.test(v.codigo.trim()) ? Number(v.codigo.trim()) : Number.NaN,
    captcha: v.captcha,
    oidc: v.oidc,
    oidc_logout: link(v.oidc_logout),
    saml_logout: link(v.saml_logout),
    app_layers: { ativo: v.app_ativo, url: link(v.app_url) },
  };
}

/** The sign-in a code gives (app/shell/sign-in-panel.tsx): 571 two steps, 87 the category, any other the usual form. */
const flowOf = (codigo: string) => (codigo.trim() === '571' ? 'twoStep' : codigo.trim() === '87' ? 'category' : 'standard');

/**
 * "Acesso": how patrons sign in — the institution's code (571: two steps with the chooser of
 * duplicate records; 87: the category selector; any other: the usual form), the captcha, the
 * institutional sign-in (OIDC) and its logout address, SAML's logout address, and the mobile
 * app's web view (App Layers) with its address. One form, checked with the call's own schema;
 * saved, the outcome is announced and takes the focus; refused, the server's words beside it.
 */
export function AccessTab({ acesso, tell }: { acesso: Acesso; tell: Tell }) {
  const { t } = useTranslation();
  const headingId = useId();
  const save = useSaveAccess();
  const refusal = useRefusal();
  const form = useContractForm(settingsEndpoints.access, {
    schema: acessoSchema,
    initialValues: valuesOf(acesso),
    toBody: bodyOf,
    rules: (v) => {
      const badLink = (value: string) => (value.trim() !== '' && !linkRule.safeParse(value).success ? t('staffSettings.access.linkRule') : null);
      const code = Number(v.codigo.trim());
      return {
        codigo: /^\d+$/.test(v.codigo.trim()) && code >= 1 && code <= CODE_MAX ? null : t('staffSettings.access.codeRule', { max: CODE_MAX }),
        oidc_logout: badLink(v.oidc_logout),
        saml_logout: badLink(v.saml_logout),
        app_layers: v.app_ativo && v.app_url.trim() === '' ? t('staffSettings.access.appUrlNeeded') : badLink(v.app_url),
      };
    },
  });
  useFollowServer(form, valuesOf(acesso));

  const submit = form.onSubmit(async (body) => {
    refusal.clear();
    try {
      const now = await save.mutateAsync(body);
      form.setValues(valuesOf(now.acesso));
      form.resetDirty(valuesOf(now.acesso));
      tell(true, t('staffSettings.access.done'));
    } catch (error) {
      refusal.refuse(error);
    }
  }, focusFirstInvalid);
  const appUrl = form.getInputProps('app_url');

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffSettings.access.heading')}
      </Title>
      <Text mb="sm">{t('staffSettings.access.intro')}</Text>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} aria-busy={save.isPending}>
        <Stack gap="md" maw="44rem">
          <TextInput
            label={t('staffSettings.access.code')}
            description={
              <>
                {t('staffSettings.access.codeHelp')} <strong>{t(`staffSettings.access.flow.${flowOf(form.getValues().codigo)}`)}</strong>
              </>
            }
            required
            inputMode="numeric"
            autoComplete="off"
            w="100%"
            {...form.getInputProps('codigo')}
          />
          <Switch
            label={t('staffSettings.access.captcha')}
            description={t('staffSettings.access.captchaHelp')}
            {...form.getInputProps('captcha', { type: 'checkbox' })}
          />
          <Switch
            label={t('staffSettings.access.oidc')}
            description={t('staffSettings.access.oidcHelp')}
            {...form.getInputProps('oidc', { type: 'checkbox' })}
          />
          <TextInput
            label={t('staffSettings.access.oidcLogout')}
            description={t('staffSettings.access.oidcLogoutHelp')}
            type="url"
            maxLength={LINK_MAX}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('oidc_logout')}
          />
          <TextInput
            label={t('staffSettings.access.samlLogout')}
            description={t('staffSettings.access.samlLogoutHelp')}
            type="url"
            maxLength={LINK_MAX}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('saml_logout')}
          />
          <Switch
            label={t('staffSettings.access.app')}
            description={t('staffSettings.access.appHelp')}
            {...form.getInputProps('app_ativo', { type: 'checkbox' })}
          />
          <TextInput
            label={t('staffSettings.access.appUrl')}
            description={t('staffSettings.access.appUrlHelp')}
            type="url"
            maxLength={LINK_MAX}
            autoComplete="off"
            spellCheck={false}
            {...appUrl}
            // The contract finds the address's problems at `app_layers` (the address needed to switch it on).
            error={form.errors.app_layers}
            onChange={(event) => {
              form.clearFieldError('app_layers');
              appUrl.onChange(event);
            }}
          />
          <Refused said={refusal.said} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('staffSettings.access.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
