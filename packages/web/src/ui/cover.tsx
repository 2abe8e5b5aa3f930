import { Image } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeneratedCover } from './generated-cover';

/**
 * The address a cover is loaded from. The page's Content-Security-Policy lets images come from
 * this site and from elsewhere over https only (packages/api/src/app.ts, img-src), and a browser
 * blocks an http image on an https page anyway; covers in MARC records (856 $u) are often
 * written http://. So an http cover on another host is asked for over https — most image hosts
 * answer both — and one that does not answer there fails like any broken link: Cover draws the
 * generated cover instead (issue 55). A cover on this site itself is left as written.
 */
export function coverSource(link: string, here: string = window.location.origin): string {
  if (!/^http:\/\//i.test(link)) return link;
  try {
    if (new URL(link).origin === here) return link;
  } catch {
    return link;
  }
  return `https://${link.slice('http://'.length)}`;
}

/**
 * A title's cover, lazy-loaded, with alt text naming the title: its own link, else (or when
 * that fails to load) a cover drawn from its title, author and work type (issue 24), at the
 * same size, so nothing moves when an image fails.
 */
export function Cover({
  title,
  link,
  width = 60,
  author,
  workType,
}: {
  title: string;
  link: string | null;
  width?: number;
  author?: string | null;
  /** `cod_tipo_obra`: picks the drawn cover's colour. */
  workType?: number | null;
}) {
  const { t } = useTranslation();
  // The link that failed, not a flag: a new link for the same component gets its chance.
  const [failed, setFailed] = useState<string | null>(null);
  const height = Math.round(width * 1.42);
  if (!link || link === failed) return <GeneratedCover title={title} author={author} workType={workType} width={width} height={height} />;
  return (
    <Image
      src={coverSource(link)}
      alt={t('search.cover', { title })}
      loading="lazy"
      w={width}
      h={height}
      fit="cover"
      radius="sm"
      style={{ flex: 'none' }}
      onError={() => setFailed(link)}
    />
  );
}
