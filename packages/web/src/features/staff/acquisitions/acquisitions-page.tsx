import { Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueFilter } from './acquisitions.api';
import { Announcer, type Said, type Say } from '../../../ui/announcer';
import { BudgetTab } from './budget-tab';
import { OrdersTab } from './orders-tab';
import { SuggestionsTab, type View } from './suggestions-tab';

/** The page's tabs, in order. */
const TABS = ['sugestoes', 'pedidos', 'orcamento'] as const;
type Tab = (typeof TABS)[number];

/**
 * The staff area's "Aquisição" (/equipe/aquisicao, role `aquisicao`), in three tabs: the patrons'
 * purchase suggestions, filtered, as a list or a board by stage, each opened with its history and
 * the acts its status allows (take up, quote, negotiate, refuse, receive); the purchase orders,
 * made of a library's quoted suggestions and closed when done; and each library's budget for a
 * year, with what orders commit and deliveries spent. The requester is e-mailed at every step (by
 * the server). Each outcome is announced in a live region that takes the focus; a refusal is said
 * beside the form that was sent.
 */
export function AcquisitionsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('sugestoes');
  // Kept here, so that going to another tab and back finds the suggestions as they were.
  const [filter, setFilter] = useState<QueueFilter>({});
  const [view, setView] = useState<View>('lista');
  const [said, setSaid] = useState<Said | null>(null);
  const say: Say = (text, focus = true) => setSaid((last) => ({ id: (last?.id ?? 0) + 1, text, focus }));

  return (
    <Stack gap="lg">
      <Text>{t('staffAcquisitions.intro')}</Text>
      <Announcer said={said} />
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List aria-label={t('staffAcquisitions.tabs.label')}>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`staffAcquisitions.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="sugestoes" pt="md">
          <SuggestionsTab filter={filter} onFilter={setFilter} view={view} onView={setView} say={say} />
        </Tabs.Panel>
        <Tabs.Panel value="pedidos" pt="md">
          <OrdersTab say={say} />
        </Tabs.Panel>
        <Tabs.Panel value="orcamento" pt="md">
          <BudgetTab say={say} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
