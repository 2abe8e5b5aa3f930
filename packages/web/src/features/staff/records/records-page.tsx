import { Button, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Announcer, type Said, type Say } from '../../../ui/announcer';
import { AuthorityEditor } from './authority-editor';
import { useFindAuthorities, useFindTitles } from './records.api';
import { TitleEditor } from './title-editor';

const idOf = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

/**
 * The staff area's "Registros" (/equipe/registros, role catalogação): the MARC 21 editor of a
 * title (`?titulo=<cod_acervo>`) or an authority (`?autoridade=<cod_autoridade>`), and a finder of
 * either when none is given. The outcome of each save is said in the section's live region, which
 * takes the focus.
 */
export function RecordsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [said, setSaid] = useState<Said | null>(null);
  const say: Say = (text, focus = true) => setSaid((last) => ({ id: (last?.id ?? 0) + 1, text, focus }));
  const title = idOf(params.get('titulo'));
  const authority = idOf(params.get('autoridade'));
  const open = (key: 'titulo' | 'autoridade', id: number) => {
    setSaid(null);
    setParams({ [key]: String(id) });
  };
  return (
    <Stack gap="lg">
      <Text>{t('staffRecords.intro')}</Text>
      <Announcer said={said} />
      {title !== null ? (
        <>
          <BackToFinder onBack={() => setParams({})} />
          <TitleEditor key={title} id={title} say={say} />
        </>
      ) : authority !== null ? (
        <>
          <BackToFinder onBack={() => setParams({})} />
          <AuthorityEditor key={authority} id={authority} say={say} />
        </>
      ) : (
        <Finder onOpen={open} />
      )}
    </Stack>
  );
}

function BackToFinder({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="subtle" w="fit-content" onClick={onBack}>
      {t('staffRecords.finder.back')}
    </Button>
  );
}

/** Finds a title (words of its title, or its control number) or an authority (words of its heading) to open. */
function Finder({ onOpen }: { onOpen: (key: 'titulo' | 'autoridade', id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="titulos" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="titulos">{t('staffRecords.finder.titles')}</Tabs.Tab>
        <Tabs.Tab value="autoridades">{t('staffRecords.finder.authorities')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="titulos" pt="md">
        <FindTitles onOpen={(id) => onOpen('titulo', id)} />
      </Tabs.Panel>
      <Tabs.Panel value="autoridades" pt="md">
        <FindAuthorities onOpen={(id) => onOpen('autoridade', id)} />
      </Tabs.Panel>
    </Tabs>
  );
}

function SearchForm({ label, onSearch }: { label: string; onSearch: (term: string) => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (term.trim()) onSearch(term.trim());
      }}
    >
      <Group align="flex-end">
        <TextInput label={label} value={term} maxLength={100} onChange={(e) => setTerm(e.currentTarget.value)} style={{ flex: 1, maxWidth: 480 }} />
        <Button type="submit">{t('staffRecords.finder.search')}</Button>
      </Group>
    </form>
  );
}

function Results({ count, pending, children }: { count: number | undefined; pending: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      {pending ? null : count === 0 ? <Text>{t('staffRecords.finder.none')}</Text> : children}
    </div>
  );
}

function FindTitles({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState<string | null>(null);
  const found = useFindTitles(term);
  return (
    <Stack gap="sm">
      <SearchForm label={t('staffRecords.finder.titleTerm')} onSearch={setTerm} />
      {term !== null && (
        <Results count={found.data?.length} pending={found.isPending}>
          <Stack gap={4}>
            {found.data?.map((x) => (
              <Group key={x.cod_acervo} gap="xs">
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => onOpen(x.cod_acervo)}
                  aria-label={t('staffRecords.finder.openTitle', { title: x.titulo })}
                >
                  {t('staffRecords.finder.open')}
                </Button>
                <Text size="sm">
                  {x.titulo}
                  {x.autor ? ` — ${x.autor}` : ''}
                  {x.ano_publicacao ? ` (${x.ano_publicacao})` : ''} · {x.numero_controle}
                </Text>
              </Group>
            ))}
          </Stack>
        </Results>
      )}
    </Stack>
  );
}

function FindAuthorities({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState<string | null>(null);
  const found = useFindAuthorities(term);
  return (
    <Stack gap="sm">
      <SearchForm label={t('staffRecords.finder.authorityTerm')} onSearch={setTerm} />
      {term !== null && (
        <Results count={found.data?.itens.length} pending={found.isPending}>
          <Stack gap={4}>
            {found.data?.itens.map((x) => (
              <Group key={x.cod_autoridade} gap="xs">
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => onOpen(x.cod_autoridade)}
                  aria-label={t('staffRecords.finder.openAuthority', { heading: x.cabecalho })}
                >
                  {t('staffRecords.finder.open')}
                </Button>
                <Text size="sm">{x.cabecalho}</Text>
              </Group>
            ))}
          </Stack>
        </Results>
      )}
    </Stack>
  );
}
