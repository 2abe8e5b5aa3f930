import { Anchor, Box, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useInstituicao } from '../../features/parameters/api/get-instituicao';

/** Footer: copyright, supported browsers and the privacy link (spec §2 "Footer"). */
export function Footer() {
  const { t } = useTranslation();
  const instituicao = useInstituicao();
  return (
    <Box component="footer" px="md" py="lg" mt="xl" bg="gray.1">
      <Stack gap={4}>
        <Text size="sm">{t('footer.copyright', { year: new Date().getFullYear(), name: instituicao.nome })}</Text>
        <Text size="sm">{t('footer.browsers')}</Text>
        {instituicao.link_lgpd && (
          <Anchor href={instituicao.link_lgpd} size="sm" target="_blank" rel="noopener noreferrer">
            {t('footer.privacy')}
          </Anchor>
        )}
        <Text size="xs" c="dark.4">
          {t('footer.poweredBy')}
        </Text>
      </Stack>
    </Box>
  );
}
