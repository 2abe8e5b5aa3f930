import { Button, List, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../api/client';
import { type Say, Refused } from '../../../ui/announcer';
import { Loading } from '../../../ui/loading';
import { RecordEditor } from './record-editor';
import { useAuthorityRecord, useSaveAuthority } from './records.api';

/** An authority's record in the editor, and the titles whose headings link to it (rewritten by its save). */
export function AuthorityEditor({ id, say }: { id: number; say: Say }) {
  const { t } = useTranslation();
  const authority = useAuthorityRecord(id);
  const save = useSaveAuthority();
  const [refusal, setRefusal] = useState<string | null>(null);
  const linkedId = useId();
  if (!authority.data)
    return (
      <Loading state={authority} error={messageOf(authority.error, t('staffRecords.fetchError'))}>
        {() => null}
      </Loading>
    );
  const a = authority.data;
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {t('staffRecords.authorityHeading', { heading: a.cabecalho })}
      </Title>
      <RecordEditor
        key={a.atualizado_em}
        format="authority"
        initial={a.registro}
        actions={(current, issues, focusFirstIssue) => (
          <Stack gap="sm">
            <Refused text={refusal} />
            <Button
              w="fit-content"
              loading={save.isPending}
              onClick={() => {
                if (issues.length > 0) {
                  setRefusal(t('staffRecords.blocked', { count: issues.length }));
                  focusFirstIssue();
                  return;
                }
                setRefusal(null);
                save.mutate(
                  { id, atualizado_em: a.atualizado_em, registro: current },
                  {
                    onSuccess: (saved) => say(t('staffRecords.authoritySaved', { count: saved.titulos_vinculados.filter((x) => x.atualizado).length })),
                    onError: (error) => setRefusal(messageOf(error, t('staffRecords.saveError'))),
                  },
                );
              }}
            >
              {t('staffRecords.saveAuthority')}
            </Button>
          </Stack>
        )}
      />
      <section aria-labelledby={linkedId}>
        <Title order={2} size="h3" id={linkedId} mb="xs">
          {t('staffRecords.linked.heading')}
        </Title>
        <Text size="sm" mb="xs">
          {t('staffRecords.linked.intro')}
        </Text>
        {a.titulos_vinculados.length === 0 ? (
          <Text>{t('staffRecords.linked.none')}</Text>
        ) : (
          <List>
            {a.titulos_vinculados.map((x) => (
              <List.Item key={x.cod_acervo}>
                <Link to={`?titulo=${x.cod_acervo}`}>{x.titulo}</Link> ({x.tag})
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </Stack>
  );
}
