import type { AcervoRede } from '@estante/contracts/network';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Cover } from '../../../ui/cover';
import { DescriptionRow } from '../../../ui/description-row';

/**
 * A partner network record (spec §3 "Network record"): what it is, who holds it, the record on
 * the holding institution's own catalogue, and how to ask for it here — an inter-library loan
 * (`interLibraryHref`, Meu Pergamum's request started from this record).
 */
export function NetworkRecord({ record, interLibraryHref }: { record: AcervoRede; interLibraryHref: string }) {
  const { t } = useTranslation();
  const published = [record.local, record.editora, record.ano_publicacao].filter((x) => x !== null && x !== '').join(', ');
  return (
    <Stack gap="md">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Cover title={record.titulo} link={record.link_capa} author={record.autor} workType={record.tipo_obra.cod_tipo_obra} />
        <Stack gap="xs" style={{ flex: '1 1 18rem', minWidth: 0 }}>
          {record.responsabilidade && <Text>{record.responsabilidade}</Text>}
          <Group gap="xs">
            <Badge variant="light" c="dark.9">
              {record.tipo_obra.desc_tipo_obra}
            </Badge>
          </Group>
          <Text fw={600}>{t('network.heldBy', { institution: record.instituicao.desc_empresa })}</Text>
          <Group gap="sm" wrap="wrap">
            <Button component={Link} to={interLibraryHref}>
              {t('network.askInterLibrary')}
            </Button>
            {record.link && (
              <Button component="a" variant="default" href={record.link} target="_blank" rel="noopener noreferrer">
                {t('network.partnerRecord', { institution: record.instituicao.desc_empresa })}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
      <section aria-labelledby="network-record-heading">
        <Title order={2} size="h3" mb="sm" id="network-record-heading">
          {t('network.recordHeading')}
        </Title>
        <dl style={{ margin: 0 }}>
          {record.autor && <DescriptionRow label={t('title.author')}>{record.autor}</DescriptionRow>}
          {record.autores_secundarios.length > 0 && <DescriptionRow label={t('title.addedAuthors')}>{record.autores_secundarios.join('; ')}</DescriptionRow>}
          {record.edicao && <DescriptionRow label={t('title.edition')}>{record.edicao}</DescriptionRow>}
          {published && <DescriptionRow label={t('title.publication')}>{published}</DescriptionRow>}
          {record.descricao_fisica && <DescriptionRow label={t('title.physical')}>{record.descricao_fisica}</DescriptionRow>}
          {record.serie && <DescriptionRow label={t('title.series')}>{record.serie}</DescriptionRow>}
          {record.idioma_desc && <DescriptionRow label={t('title.language')}>{record.idioma_desc}</DescriptionRow>}
          {record.isbn.length > 0 && <DescriptionRow label="ISBN">{record.isbn.join(', ')}</DescriptionRow>}
          {record.issn.length > 0 && <DescriptionRow label="ISSN">{record.issn.join(', ')}</DescriptionRow>}
          {record.assuntos.length > 0 && <DescriptionRow label={t('title.subjects')}>{record.assuntos.join('; ')}</DescriptionRow>}
          {record.notas && <DescriptionRow label={t('title.notes')}>{record.notas}</DescriptionRow>}
          <DescriptionRow label={t('network.institution')}>{record.instituicao.desc_empresa}</DescriptionRow>
          <DescriptionRow label={t('network.identifier')}>
            {record.link ? (
              <Anchor href={record.link} target="_blank" rel="noopener noreferrer">
                {record.identificador}
              </Anchor>
            ) : (
              record.identificador
            )}
          </DescriptionRow>
        </dl>
      </section>
    </Stack>
  );
}
