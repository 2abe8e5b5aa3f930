import { type Acervo } from '@estante/contracts/catalog';
import { schemaOrgJsonLd } from '@estante/contracts/opensearch';
import { Anchor, Badge, Button, Group, List, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useBasket } from '../../../stores/basket';
import { absoluteUrl, Coins } from '../../../ui/coins';
import { Cover } from '../../../ui/cover';
import { DescriptionRow } from '../../../ui/description-row';
import { JsonLd } from '../../../ui/json-ld';
import { keepHandOver } from '../../../stores/handover';
import { countLinkAccess, fetchRestricted, type TitleLink, useLinks } from '../api/get-links';

export interface TitleLinks {
  /** A search of one field for a heading (author, subject, series). */
  search: (field: 'autor' | 'assunto' | 'serie' | 'editora', term: string) => string;
  authority: (codAutoridade: number) => string;
}

/** The title page's path from the page shown: up to the title's number (`/acervo/7/marc` → `/acervo/7`). */
function withoutTab(pathname: string, codAcervo: number): string {
  const segments = pathname.split('/');
  const at = segments.lastIndexOf(String(codAcervo));
  return at === -1 ? pathname : segments.slice(0, at + 1).join('/');
}

/** The record's description: cover, who, what, where, subjects, links, and where copies are. */
/**
 * A restricted link (spec §8 notice): a signed-in patron asks the server for the address (a
 * message asks to wait meanwhile) and it opens in a new tab; a visitor is asked to sign in.
 */
function RestrictedLink({
  codAcervo,
  link,
  signedIn,
  loginHref,
  handOverHref,
}: {
  codAcervo: number;
  link: TitleLink;
  signedIn: boolean;
  loginHref: string;
  handOverHref?: (id: string) => string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  if (!signedIn) {
    return (
      <>
        {link.descricao ?? t('title.accessOnline')} ({t('title.restricted')}):{' '}
        <Anchor component={Link} to={loginHref}>
          {t('title.loginToAccess')}
        </Anchor>
      </>
    );
  }
  const open = async () => {
    if (link.provedor && handOverHref) {
      // A provider's e-book (spec §2 /pearson): the hand-over screen fetches it in the new tab,
      // told which link through local storage. A page of this site: it keeps the opener, and so
      // the browser-session sign-in; it cuts the opener before it leaves for the provider.
      window.open(handOverHref(keepHandOver({ acervo: codAcervo, seq: link.seq })), '_blank');
      return;
    }
    // Opened before the await so that the browser does not block it as a pop-up.
    const tab = window.open('', '_blank');
    setState('busy');
    try {
      const { url } = await fetchRestricted(codAcervo, link.seq);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
      setState('idle');
    } catch {
      tab?.close();
      setState('failed');
    }
  };
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => void open()} loading={state === 'busy'}>
        {link.descricao ?? t('title.accessOnline')} ({t('title.restricted')})
      </Button>
      <Text span size="sm" ml="xs" role="status">
        {state === 'busy' ? t('title.fetchingLink') : state === 'failed' ? t('title.linkFailed') : ''}
      </Text>
    </>
  );
}

export function TitleSummary({
  acervo,
  links,
  signedIn,
  loginHref,
  handOverHref,
  standardHref,
  href,
  holdHref,
}: {
  acervo: Acervo;
  links: TitleLinks;
  signedIn: boolean;
  loginHref: string;
  /** The provider hand-over screen for a restricted link kept under an id (decision 0023). */
  handOverHref?: (id: string) => string;
  /** A technical standard's access at Target GEDWeb (the hand-over screen), when the institution offers it. */
  standardHref?: string;
  /** The title's own page, for its citation metadata; the page shown, without its tab, when not given. */
  href?: string;
  /** The title's hold tab, when it has one: offered beside the availability when no copy is on the shelf. */
  holdHref?: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ownPage = href ?? withoutTab(pathname, acervo.cod_acervo);
  const online = useLinks(acervo.cod_acervo).data?.filter((l) => l.tipo !== 'capa') ?? [];
  const imprint = [acervo.local, acervo.editora].filter(Boolean).join(': ');
  const publication = [imprint, acervo.ano_publicacao].filter(Boolean).join(', ');
  const basket = useBasket();
  const inBasket = basket.items.includes(acervo.cod_acervo);
  const available = acervo.disponibilidade.reduce((n, d) => n + d.disponiveis, 0);
  const total = acervo.disponibilidade.reduce((n, d) => n + d.total, 0);
  return (
    <Group align="flex-start" wrap="wrap" gap="lg" mb="md">
      {/* Citation metadata (decision 0027): COinS for reference managers, schema.org for search engines. */}
      <Coins source={acervo} href={ownPage} />
      <JsonLd data={schemaOrgJsonLd(acervo, absoluteUrl(ownPage))} />
      <Cover title={acervo.titulo} link={acervo.link_capa} width={120} author={acervo.autor} workType={acervo.cod_tipo_obra} />
      <Stack gap="xs" style={{ flex: 1, minWidth: 260 }}>
        <Group gap="xs">
          <Badge variant="filled" color="gray.7">
            {acervo.desc_tipo_obra}
          </Badge>
          {acervo.acesso_remoto && (
            <Badge variant="filled" color="teal.9">
              {t('search.online')}
            </Badge>
          )}
          {acervo.possui_acessibilidade && (
            <Badge variant="filled" color="violet.9">
              {t('search.accessible')}
            </Badge>
          )}
          <Button
            size="compact-sm"
            variant={inBasket ? 'light' : 'default'}
            aria-pressed={inBasket}
            onClick={() => (inBasket ? basket.remove(acervo.cod_acervo) : basket.addMany([acervo.cod_acervo]))}
          >
            {inBasket ? t('basket.inBasket') : t('basket.add')}
          </Button>
        </Group>
        <dl style={{ margin: 0 }}>
          {/* Whether a copy is on the shelf first, before the long description (issue 55): what most readers came for. */}
          <DescriptionRow label={t('title.availability')}>
            {total === 0
              ? acervo.acesso_remoto
                ? t('search.onlineOnly')
                : t('search.noCopies')
              : t('title.availableSummary', { available, count: total, libraries: t('title.libraryCount', { count: acervo.disponibilidade.length }) })}
            {holdHref && total > 0 && available === 0 && (
              <>
                {' '}
                <Anchor component={Link} to={holdHref} underline="always">
                  {t('title.holdIt')}
                </Anchor>
              </>
            )}
          </DescriptionRow>
          {acervo.autor && (
            <DescriptionRow label={t('title.author')}>
              <Anchor component={Link} to={links.search('autor', acervo.autor)}>
                {acervo.autor}
              </Anchor>
            </DescriptionRow>
          )}
          {acervo.autores_secundarios.length > 0 && (
            <DescriptionRow label={t('title.addedAuthors')}>
              {acervo.autores_secundarios.map((name, i) => (
                <span key={name}>
                  {i > 0 && '; '}
                  <Anchor component={Link} to={links.search('autor', name)}>
                    {name}
                  </Anchor>
                </span>
              ))}
            </DescriptionRow>
          )}
          {acervo.responsabilidade && <DescriptionRow label={t('title.responsibility')}>{acervo.responsabilidade}</DescriptionRow>}
          {acervo.edicao && <DescriptionRow label={t('title.edition')}>{acervo.edicao}</DescriptionRow>}
          {publication && <DescriptionRow label={t('title.publication')}>{publication}</DescriptionRow>}
          {acervo.descricao_fisica && <DescriptionRow label={t('title.physical')}>{acervo.descricao_fisica}</DescriptionRow>}
          {acervo.serie && (
            <DescriptionRow label={t('title.series')}>
              <Anchor component={Link} to={links.search('serie', acervo.serie)}>
                {acervo.serie}
              </Anchor>
            </DescriptionRow>
          )}
          {acervo.idioma_desc && <DescriptionRow label={t('title.language')}>{acervo.idioma_desc}</DescriptionRow>}
          {acervo.isbn.length > 0 && <DescriptionRow label="ISBN">{acervo.isbn.join(', ')}</DescriptionRow>}
          {acervo.issn.length > 0 && <DescriptionRow label="ISSN">{acervo.issn.join(', ')}</DescriptionRow>}
          {acervo.numero_chamada && <DescriptionRow label={t('title.callNumber')}>{acervo.numero_chamada}</DescriptionRow>}
          {acervo.notas && <DescriptionRow label={t('title.notes')}>{acervo.notas}</DescriptionRow>}
          {acervo.assuntos.length > 0 && (
            <DescriptionRow label={t('title.subjects')}>
              <List size="sm" listStyleType="none" spacing={2}>
                {acervo.assuntos.map((s) => (
                  <List.Item key={s}>
                    <Anchor component={Link} to={links.search('assunto', s)}>
                      {s}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </DescriptionRow>
          )}
          {acervo.areas_conhecimento.length > 0 && (
            <DescriptionRow label={t('title.area')}>{acervo.areas_conhecimento.map((a) => a.descricao).join(', ')}</DescriptionRow>
          )}
          {acervo.cursos_disc.length > 0 && <DescriptionRow label={t('title.courses')}>{acervo.cursos_disc.map((c) => c.descricao).join(', ')}</DescriptionRow>}
          {acervo.autoridades.length > 0 && (
            <DescriptionRow label={t('title.authorities')}>
              {acervo.autoridades.map((a, i) => (
                <span key={a.cod_autoridade}>
                  {i > 0 && '; '}
                  <Anchor component={Link} to={links.authority(a.cod_autoridade)}>
                    {a.cabecalho}
                  </Anchor>
                </span>
              ))}
            </DescriptionRow>
          )}
          {online.length > 0 && (
            <DescriptionRow label={t('title.online')}>
              <List size="sm" listStyleType="none" spacing={2}>
                {online.map((l) => (
                  <List.Item key={`${l.seq}-${l.url ?? ''}`}>
                    {l.url === null ? (
                      <RestrictedLink codAcervo={acervo.cod_acervo} link={l} signedIn={signedIn} loginHref={loginHref} handOverHref={handOverHref} />
                    ) : (
                      <Anchor href={l.url} target="_blank" rel="noopener noreferrer" onClick={() => countLinkAccess(acervo.cod_acervo, l.url!)}>
                        {l.descricao ?? t('title.accessOnline')}
                      </Anchor>
                    )}
                  </List.Item>
                ))}
              </List>
            </DescriptionRow>
          )}
          {standardHref && (
            <DescriptionRow label={t('title.standard')}>
              {signedIn ? (
                <Anchor href={standardHref} target="_blank" rel="opener">
                  {t('title.openStandard')}
                  <VisuallyHidden> ({t('title.newTab')})</VisuallyHidden>
                </Anchor>
              ) : (
                <Anchor component={Link} to={loginHref}>
                  {t('title.loginToAccess')}
                </Anchor>
              )}
            </DescriptionRow>
          )}
        </dl>
      </Stack>
    </Group>
  );
}
