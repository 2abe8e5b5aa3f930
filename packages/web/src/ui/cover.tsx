import { Image } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeneratedCover } from './generated-cover';

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
      src={link}
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
