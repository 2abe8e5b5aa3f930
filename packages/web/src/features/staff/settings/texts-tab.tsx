import { type InstitutionTexts, institutionTextsSchema, settingsEndpoints } from '@estante/contracts/parameters';
import { Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../ui/safe-html';
import { useContractForm } from '../../../ui/use-contract-form';
import { Refused, type Tell } from './announcer';
import { type TextLanguage, useSaveTexts } from './settings.api';
import { focusFirstInvalid, useFollowServer, useRefusal } from './words';

/** The languages the texts are written in, Portuguese first (the others fall back to it). */
const LANGUAGES = ['pt', 'en', 'es'] as const satisfies readonly TextLanguage[];
/** The longest of each text the call takes (the contract's limits). */
const MAX = { denominacao_login: 60, msg_login: 2000, msg_suporte_consulta: 4000 } as const;

type Values = { denominacao_login: string; msg_login: string; msg_suporte_consulta: string };

const valuesOf = (texts: InstitutionTexts): Values => ({
  denominacao_login: texts.denominacao_login ?? '',
  msg_login: texts.msg_login ?? '',
  msg_suporte_consulta: texts.msg_suporte_consulta ?? '',
});

/** What the call sends: the texts written, each trimmed; one left blank is left out, which unsets it. */
function bodyOf(v: Values): InstitutionTexts {
  const kept = Object.entries(v)
    .map(([field, text]) => [field, text.trim()] as const)
    .filter(([, text]) => text !== '');
  return Object.fromEntries(kept) as InstitutionTexts;
}

/**
 * "Textos": the site's words in Portuguese, English and Spanish, one tab and one save for each —
 * the name of the sign-in's username field, the welcome above the sign-in form (plain text) and
 * the support message (HTML, shown sanitised as the footer's "Support" shows it, previewed beside
 * its field). English and Spanish left blank fall back to Portuguese.
 */
export function TextsTab({ textos, tell }: { textos: Record<TextLanguage, InstitutionTexts>; tell: Tell }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffSettings.texts.heading')}
      </Title>
      <Text mb="sm">{t('staffSettings.texts.intro')}</Text>
      <Tabs defaultValue="pt">
        <Tabs.List aria-label={t('staffSettings.texts.languages')}>
          {LANGUAGES.map((language) => (
            <Tabs.Tab key={language} value={language}>
              {t(`staffSettings.texts.tab.${language}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {LANGUAGES.map((language) => (
          <Tabs.Panel key={language} value={language} pt="md">
            <TextsForm language={language} texts={textos[language]} tell={tell} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </section>
  );
}

/** One language's three texts, checked with the call's own schema, sent together; the support message's preview beside it. */
function TextsForm({ language, texts, tell }: { language: TextLanguage; texts: InstitutionTexts; tell: Tell }) {
  const { t } = useTranslation();
  const previewId = useId();
  const save = useSaveTexts();
  const refusal = useRefusal();
  const name = t(`staffSettings.texts.languageName.${language}`);
  // English and Spanish left blank fall back to Portuguese: their help says so.
  const help = (field: string) => t(`staffSettings.texts.${field}${language === 'pt' ? '' : 'Other'}`, { default: t('login.username') });
  const form = useContractForm(settingsEndpoints.texts, {
    schema: institutionTextsSchema,
    initialValues: valuesOf(texts),
    toBody: bodyOf,
    // Portuguese's word cannot be unset (the server's 422 says so too): the others fall back to it.
    rules: (v) => ({ denominacao_login: language === 'pt' && v.denominacao_login.trim() === '' ? t('staffSettings.texts.loginWordRequired') : null }),
  });
  useFollowServer(form, valuesOf(texts));
  const submit = form.onSubmit(async (body) => {
    refusal.clear();
    try {
      const now = await save.mutateAsync({ idioma: language, body });
      form.setValues(valuesOf(now.textos[language]));
      form.resetDirty(valuesOf(now.textos[language]));
      tell(true, t('staffSettings.texts.done', { language: name }));
    } catch (error) {
      refusal.refuse(error);
    }
  }, focusFirstInvalid);
  const support = form.getValues().msg_suporte_consulta;

  return (
    <form onSubmit={submit} noValidate aria-label={t('staffSettings.texts.form', { language: name })} aria-busy={save.isPending}>
      <Stack gap="md">
        <TextInput
          label={t('staffSettings.texts.loginWord')}
          description={help('loginWordHelp')}
          required={language === 'pt'}
          maxLength={MAX.denominacao_login}
          autoComplete="off"
          lang={language}
          maw="24rem"
          {...form.getInputProps('denominacao_login')}
        />
        <Textarea
          label={t('staffSettings.texts.welcome')}
          description={help('welcomeHelp')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MAX.msg_login}
          lang={language}
          maw="44rem"
          {...form.getInputProps('msg_login')}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Textarea
            label={t('staffSettings.texts.support')}
            description={help('supportHelp')}
            autosize
            minRows={6}
            maxRows={16}
            maxLength={MAX.msg_suporte_consulta}
            spellCheck={false}
            lang={language}
            {...form.getInputProps('msg_suporte_consulta')}
          />
          <Paper withBorder p="sm" component="section" aria-labelledby={previewId}>
            <Title order={3} size="h5" id={previewId} mb="xs">
              {t('staffSettings.texts.preview')}
            </Title>
            {support.trim() === '' ? (
              <Text size="sm">{t(language === 'pt' ? 'staffSettings.texts.previewNone' : 'staffSettings.texts.previewFallback')}</Text>
            ) : (
              <div className="rich-text" lang={language}>
                <SafeHtml html={support} rich />
              </div>
            )}
          </Paper>
        </SimpleGrid>
        <Refused said={refusal.said} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('staffSettings.texts.submit', { language: name })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
