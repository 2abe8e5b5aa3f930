import { type Language, LANGUAGES } from '@estante/contracts/kernel';
import { Code, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiLanguage, isInterfaceLanguage, LOCALE_TAGS } from '../../../i18n/languages';
import { groupTemplates, type MailTemplate, type TemplateGroup, textParts } from './mail-templates';

/** The modules whose name is plain in words (`staffMail.templates.modules.<code>`); any other is shown by its code. */
const NAMED_MODULES = new Set(['acquisitions', 'auth', 'basket', 'catalog', 'circulation', 'comments', 'network', 'people', 'requests']);

/**
 * "Modelos de mensagem": every message the server sends, as the software writes it, grouped by
 * module — its key and its text in one language at a time (switched by a radio group, the
 * interface's at first), each `{placeholder}` set apart and the line breaks kept — with a filter
 * over the key and the text shown. Read only: the templates change with the software.
 */
export function TemplateList({ templates }: { templates: readonly MailTemplate[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const languageId = useId();
  const [language, setLanguage] = useState<Language>(() => apiLanguage(isInterfaceLanguage(i18n.language) ? i18n.language : 'pt'));
  const [filter, setFilter] = useState('');
  const groups = groupTemplates(templates, language, filter);
  const shown = groups.reduce((sum, group) => sum + group.templates.length, 0);
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffMail.templates.heading')}
      </Title>
      <Stack gap="md">
        <Text maw="48rem">{t('staffMail.templates.intro')}</Text>
        <Group align="flex-end" gap="md">
          <Stack gap={4}>
            <Text id={languageId} size="sm" fw={500}>
              {t('staffMail.templates.language')}
            </Text>
            <SegmentedControl
              aria-labelledby={languageId}
              value={language}
              onChange={(value) => setLanguage(LANGUAGES.find((one) => one === value) ?? 'pt')}
              data={LANGUAGES.map((one) => ({ value: one, label: t(`staffMail.templates.languages.${one}`) }))}
            />
          </Stack>
          <TextInput
            type="search"
            label={t('staffMail.templates.filter')}
            description={t('staffMail.templates.filterHelp')}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            w="22rem"
            maw="100%"
          />
        </Group>
        <Text role="status" size="sm">
          {shown === 0
            ? t('staffMail.templates.none')
            : filter.trim()
              ? t('staffMail.templates.shown', { count: shown, total: templates.length })
              : t('staffMail.templates.all', { count: shown })}
        </Text>
        {groups.map((group) => (
          <ModuleTemplates key={group.modulo} group={group} language={language} />
        ))}
      </Stack>
    </section>
  );
}

/** A module's templates under its name: each its key, then its text in `language`. */
function ModuleTemplates({ group, language }: { group: TemplateGroup; language: Language }) {
  const { t } = useTranslation();
  const headingId = useId();
  const name = NAMED_MODULES.has(group.modulo)
    ? t('staffMail.templates.module', { name: t(`staffMail.templates.modules.${group.modulo}`), code: group.modulo })
    : group.modulo;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {name}
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {group.templates.map((template) => (
          <Stack component="li" key={template.chave} gap={4}>
            <Text size="sm" ff="monospace" fw={600}>
              {template.chave}
            </Text>
            <Text lang={LOCALE_TAGS[language]} maw="48rem" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {textParts(template[language]).map((part, i) => (part.placeholder ? <Code key={i}>{part.text}</Code> : <span key={i}>{part.text}</span>))}
            </Text>
          </Stack>
        ))}
      </Stack>
    </section>
  );
}
