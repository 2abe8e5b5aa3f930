import { Alert, Loader, Stack, Tabs, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessTab } from './access-tab';
import { ActivitiesTab } from './activities-tab';
import { Announcer, type Said, type Tell } from './announcer';
import { LibrariesTab } from './libraries-tab';
import { PoliciesTab } from './policies-tab';
import { ProvidersTab } from './providers-tab';
import { usePolicies, useProviders, useSettings, useTranslations } from './settings.api';
import { TextsTab } from './texts-tab';
import { TranslationsTab } from './translations-tab';

/**
 * The page's tabs, in order: as a librarian thinks of them, sign-in first, the site's words (its
 * texts, the values' names) together, the external providers last.
 */
const TABS = ['acesso', 'textos', 'traducoes', 'funcionalidades', 'bibliotecas', 'politicas', 'provedores'] as const;
type Tab = (typeof TABS)[number];
/** The tabs drawn from the settings' one read. */
type SettingsTab = Exclude<Tab, 'traducoes' | 'politicas' | 'provedores'>;

/**
 * The staff area's "Configurações" (/equipe/configuracoes, role `administracao`), in seven tabs:
 * how patrons sign in, the site's texts in three languages, the controlled values' names in
 * English and Spanish, the catalogue's activities, each library's e-mail and opening hours, the
 * loan policies (categories' limits and the rule of each category and loan type), and the
 * external providers' entries. Every change takes effect at once and is in the audit. A tab is
 * drawn when first opened and then kept, so that what was typed in one survives a visit to
 * another. Each outcome is announced in a live region that takes the focus (a switch's does not);
 * a refusal is said beside the form that was sent.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('acesso');
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(new Set(['acesso']));
  const [said, setSaid] = useState<Said | null>(null);
  const tell: Tell = (ok, text, focus = true) => setSaid((last) => ({ id: (last?.id ?? 0) + 1, ok, text, focus }));
  const open = (value: string | null) => {
    if (!value) return;
    setTab(value as Tab);
    setOpened((last) => new Set(last).add(value as Tab));
  };

  return (
    <Stack gap="lg">
      <Text>{t('staffSettings.intro')}</Text>
      <Announcer said={said} />
      <Tabs value={tab} onChange={open}>
        <Tabs.List aria-label={t('staffSettings.tabs.label')}>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`staffSettings.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {opened.has(value) && <TabContent tab={value} tell={tell} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function TabContent({ tab, tell }: { tab: Tab; tell: Tell }) {
  if (tab === 'traducoes') return <TranslationsContent tell={tell} />;
  if (tab === 'politicas') return <PoliciesContent tell={tell} />;
  if (tab === 'provedores') return <ProvidersContent tell={tell} />;
  return <SettingsContent tab={tab} tell={tell} />;
}

/** The four tabs of the settings' one read. */
function SettingsContent({ tab, tell }: { tab: SettingsTab; tell: Tell }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Loaded query={settings} errorText={t('staffSettings.fetchError')}>
      {(s) =>
        tab === 'acesso' ? (
          <AccessTab acesso={s.acesso} tell={tell} />
        ) : tab === 'textos' ? (
          <TextsTab textos={s.textos} tell={tell} />
        ) : tab === 'funcionalidades' ? (
          <ActivitiesTab atividades={s.atividades} tell={tell} />
        ) : (
          <LibrariesTab bibliotecas={s.bibliotecas} tell={tell} />
        )
      }
    </Loaded>
  );
}

function PoliciesContent({ tell }: { tell: Tell }) {
  const { t } = useTranslation();
  const policies = usePolicies();
  return (
    <Loaded query={policies} errorText={t('staffSettings.policies.fetchError')}>
      {(p) => <PoliciesTab policies={p} tell={tell} />}
    </Loaded>
  );
}

function TranslationsContent({ tell }: { tell: Tell }) {
  const { t } = useTranslation();
  const values = useTranslations();
  return (
    <Loaded query={values} errorText={t('staffSettings.translations.fetchError')}>
      {(v) => <TranslationsTab values={v} tell={tell} />}
    </Loaded>
  );
}

function ProvidersContent({ tell }: { tell: Tell }) {
  const { t } = useTranslation();
  const providers = useProviders();
  return (
    <Loaded query={providers} errorText={t('staffSettings.providers.fetchError')}>
      {(p) => <ProvidersTab providers={p} tell={tell} />}
    </Loaded>
  );
}

/** A spinner while `query` loads, its error in red, then its data drawn by `children`. */
function Loaded<T>({ query, errorText, children }: { query: UseQueryResult<T>; errorText: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (query.isError || query.data === undefined)
    return (
      <Alert color="red" variant="filled">
        {errorText}
      </Alert>
    );
  return <>{children(query.data)}</>;
}
