import { Accordion, Anchor, Badge, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Evento, Horario } from '@estante/contracts/parameters';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtendimento } from '../../features/parameters/api/get-atendimento';
import { type PageKey, useConteudo } from '../../features/parameters/api/get-conteudo';
import { useEventos } from '../../features/parameters/api/get-eventos';
import { useFaq } from '../../features/parameters/api/get-faq';
import { useCampuses } from '../../features/units/api/units';
import { Loading } from '../../ui/loading';
import { PageTitle } from '../../ui/page-title';
import { SafeHtml } from '../../ui/safe-html';
import { useSiteName } from './use-site-name';

/** A Monday, to name the weekdays in the interface language (1 Monday … 7 Sunday). */
const A_MONDAY = Date.UTC(2024, 0, 1, 12);

function useWeekdayNames(): string[] {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
  return [0, 1, 2, 3, 4, 5, 6].map((i) => {
    const name = format.format(new Date(A_MONDAY + i * 86_400_000));
    return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
  });
}

/** `/atendimento`: every library's opening hours, Monday to Sunday, by campus. */
export function OpeningHoursRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const campuses = useCampuses();
  const [campus, setCampus] = useState('');
  const hours = useAtendimento(campus ? Number(campus) : undefined);
  const days = useWeekdayNames();
  const shown = (h: Horario) => (h.abre && h.fecha ? t('content.fromTo', { from: h.abre, to: h.fecha }) : t('content.closed'));
  return (
    <>
      <PageTitle site={site}>{t('content.openingHours')}</PageTitle>
      <NativeSelect
        label={t('units.campus')}
        maw={320}
        mb="md"
        value={campus}
        onChange={(e) => setCampus(e.currentTarget.value)}
        data={[{ value: '', label: t('content.allCampuses') }, ...(campuses.data ?? []).map((c) => ({ value: String(c.cod_campus), label: c.nome_campus }))]}
      />
      <Loading state={hours} error={t('content.loadFailed')}>
        {() => (
          <Stack gap="lg">
            {hours.data!.map((c) => (
              <section key={c.cod_campus} aria-labelledby={`campus-${c.cod_campus}`}>
                <Title order={2} size="h3" id={`campus-${c.cod_campus}`} mb="sm">
                  {c.nome_campus}
                </Title>
                {c.bibliotecas.length === 0 && <Text>{t('content.noLibraries')}</Text>}
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                  {c.bibliotecas.map((b) => (
                    <Table key={b.cod_biblioteca} withTableBorder captionSide="top">
                      <Table.Caption>{b.desc_biblioteca}</Table.Caption>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th scope="col">{t('content.day')}</Table.Th>
                          <Table.Th scope="col">{t('content.hours')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {b.horarios.map((h) => (
                          <Table.Tr key={h.dia_semana}>
                            <Table.Th scope="row" fw={500}>
                              {days[h.dia_semana - 1]}
                            </Table.Th>
                            <Table.Td>{shown(h)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  ))}
                </SimpleGrid>
              </section>
            ))}
          </Stack>
        )}
      </Loading>
    </>
  );
}

/** `/eventos`: the institution's events and those of its event system, not yet over. */
export function EventsRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const own = useEventos('institucionais');
  const eventum = useEventos('eventum');
  return (
    <>
      <PageTitle site={site}>{t('content.events')}</PageTitle>
      <Stack gap="xl">
        <EventList heading={t('content.institutionalEvents')} query={own} />
        <EventList heading={t('content.eventumEvents')} query={eventum} />
      </Stack>
    </>
  );
}

function EventList({ heading, query }: { heading: string; query: { isPending: boolean; isError: boolean; data?: Evento[] } }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  // When the page was opened: an event that started before it is happening now.
  const [now] = useState(() => Date.now());
  return (
    <section aria-label={heading}>
      <Title order={2} size="h3" mb="sm">
        {heading}
      </Title>
      <Loading state={query} error={t('content.loadFailed')}>
        {() =>
          query.data!.length === 0 ? (
            <Text>{t('content.noEvents')}</Text>
          ) : (
            <Stack gap="sm">
              {query.data!.map((e) => (
                <Paper key={e.id} withBorder p="md" component="article">
                  <Group gap="xs" mb={4}>
                    <Title order={3} size="h4">
                      {e.titulo}
                    </Title>
                    {new Date(e.inicio).getTime() <= now && (
                      <Badge color="green.9" variant="filled">
                        {t('content.happeningNow')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">{format.formatRange(new Date(e.inicio), new Date(e.fim))}</Text>
                  {(e.local || e.nome_campus) && <Text size="sm">{[e.local, e.nome_campus].filter(Boolean).join(' · ')}</Text>}
                  {e.descricao && <Text mt="xs">{e.descricao}</Text>}
                  {e.link && (
                    <Anchor href={e.link} target="_blank" rel="noopener noreferrer" size="sm">
                      {t('content.eventLink', { title: e.titulo })}
                    </Anchor>
                  )}
                </Paper>
              ))}
            </Stack>
          )
        }
      </Loading>
    </section>
  );
}

/** `/faq`: the institution's questions and answers. */
export function FaqRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const faq = useFaq();
  return (
    <>
      <PageTitle site={site}>{t('content.faq')}</PageTitle>
      <Loading state={faq} error={t('content.loadFailed')}>
        {() =>
          faq.data!.length === 0 ? (
            <Text>{t('content.noFaq')}</Text>
          ) : (
            <Accordion variant="separated" multiple>
              {faq.data!.map((entry, i) => (
                <Accordion.Item key={i} value={String(i)}>
                  <Accordion.Control>{entry.pergunta}</Accordion.Control>
                  <Accordion.Panel>
                    <div className="rich-text">
                      <SafeHtml html={entry.resposta} rich />
                    </div>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )
        }
      </Loading>
    </>
  );
}

/** `/informacoes`: the institution's general information page. */
export function GeneralInformationRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const page = useConteudo('informacoes_gerais');
  return (
    <>
      <PageTitle site={site}>{page.data?.titulo ?? t('content.generalInformation')}</PageTitle>
      <Loading state={page} error={t('content.loadFailed')}>
        {() => (page.data ? <InstitutionPage html={page.data.html} /> : <Text>{t('content.nothingYet')}</Text>)}
      </Loading>
    </>
  );
}

function InstitutionPage({ html }: { html: string }) {
  return (
    <div className="rich-text">
      <SafeHtml html={html} rich />
    </div>
  );
}

/** One of the home page's sections (`secao_1`, `secao_2`), when the institution wrote it. */
export function HomeSection({ chave }: { chave: Extract<PageKey, 'secao_1' | 'secao_2'> }) {
  const page = useConteudo(chave);
  if (!page.data) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${chave}-heading`}>
      <Title order={2} size="h3" id={`${chave}-heading`} mb="xs">
        {page.data.titulo}
      </Title>
      <InstitutionPage html={page.data.html} />
    </Paper>
  );
}
