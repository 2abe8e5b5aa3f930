import { Badge, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cataloguingEndpoints } from '@estante/contracts/catalog';
import { api, messageOf } from '../../../api/client';
import { Announcer, Refused, type Said, type Say } from '../../../ui/announcer';
import { useTitleSearch } from './cataloguing.api';
import { TitleView } from './title-view';
import { UploadPanel } from './upload-panel';

/**
 * The staff area's "Catalogação" (/equipe/catalogacao, role catalogação; issue 57): a MARC file
 * uploaded and imported with its progress and report; a title found by number, control number or
 * words, opened at `?titulo=<n>` with its copies (added, edited, moved, withdrawn), suppressed
 * from the OPAC or deleted, and a link to its record in the MARC editor. Each outcome is said in
 * the section's live region, which takes the focus.
 */
export function CataloguingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [said, setSaid] = useState<Said | null>(null);
  const say: Say = useCallback((text, focus = true) => setSaid((last) => ({ id: (last?.id ?? 0) + 1, text, focus })), []);
  const opened = /^[1-9]\d{0,8}$/.test(params.get('titulo') ?? '') ? Number(params.get('titulo')) : null;

  const open = (acervo: number | null) => {
    setSaid(null);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (acervo === null) next.delete('titulo');
        else next.set('titulo', String(acervo));
        return next;
      },
      { replace: false },
    );
  };

  return (
    <Stack gap="lg">
      <Text>{t('staffCataloguing.intro')}</Text>
      <Announcer said={said} />
      {opened !== null ? (
        <TitleView key={opened} acervo={opened} say={say} onBack={() => open(null)} onDeleted={() => open(null)} />
      ) : (
        <>
          <TitleSearch say={say} onOpen={open} />
          <UploadPanel say={say} />
        </>
      )}
    </Stack>
  );
}

/** "Títulos e exemplares": a title found by number, control number or words; each found opens its view. */
function TitleSearch({ say, onOpen }: { say: Say; onOpen: (acervo: number) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const [rule, setRule] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const found = useTitleSearch(term);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const words = typed.trim().replace(/\s+/g, ' ');
    if (!words) return setRule(t('staffCataloguing.search.rule'));
    setRule(null);
    setProblem(null);
    setPending(true);
    try {
      const hits = await client.fetchQuery({
        queryKey: ['equipe-catalogacao', 'busca', words],
        queryFn: ({ signal }) => api(cataloguingEndpoints.findTitles, { query: { termo: words } }, signal),
        staleTime: 0,
      });
      setTerm(words);
      say(t('staffCataloguing.search.found', { count: hits.length, term: words }), false);
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffCataloguing.search.heading')}
      </Title>
      <Stack gap="xs" maw={820}>
        <form onSubmit={search} noValidate role="search" aria-label={t('staffCataloguing.search.label')}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('staffCataloguing.search.term')}
              description={t('staffCataloguing.search.help')}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              maxLength={200}
              autoComplete="off"
              error={rule}
              style={{ flex: '1 1 18rem' }}
            />
            <Button type="submit" variant="outline" loading={pending}>
              {t('staffCataloguing.search.submit')}
            </Button>
          </Group>
        </form>
        <Refused text={problem} />
        {term !== null && found.data && found.data.length > 0 && (
          <List listStyleType="none" spacing={4} aria-label={t('staffCataloguing.search.results', { term })}>
            {found.data.map((title) => (
              <List.Item key={title.cod_acervo}>
                <Group gap="sm" wrap="nowrap" align="baseline">
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={t('staffCataloguing.search.openOne', { title: title.titulo, number: title.cod_acervo })}
                    onClick={() => onOpen(title.cod_acervo)}
                  >
                    {t('staffCataloguing.search.open')}
                  </Button>
                  <Text size="sm">
                    {t('staffCataloguing.search.candidate', {
                      title: title.titulo,
                      number: title.cod_acervo,
                      control: title.numero_controle,
                      count: title.exemplares,
                    })}
                  </Text>
                  {title.suprimido && (
                    <Badge color="red.9" variant="filled">
                      {t('staffCataloguing.title.suppressed')}
                    </Badge>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </section>
  );
}
