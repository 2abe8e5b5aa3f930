import { Image } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImagemPadrao } from '../api/imagem-padrao';

/**
 * A title's cover, lazy-loaded, with alt text naming the title: its own link, else (or when
 * that fails to load) the catalogue's default cover from /consulta/imagem-padrao.
 */
export function Cover({ title, link, width = 60 }: { title: string; link: string | null; width?: number }) {
  const { t } = useTranslation();
  const fallback = useImagemPadrao();
  const [failed, setFailed] = useState(false);
  const height = Math.round(width * 1.42);
  const src = link && !failed ? link : fallback;
  if (!src) return <div style={{ width, height, flex: 'none' }} />;
  return (
    <Image
      src={src}
      alt={t('search.cover', { title })}
      loading="lazy"
      w={width}
      h={height}
      fit="cover"
      radius="sm"
      style={{ flex: 'none' }}
      onError={() => setFailed(true)}
    />
  );
}
