import type { NotaLeitor } from '@estante/contracts/people';
import { Button, Group, List, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { Refused } from './announcer';
import { type KeepNotes, useAddNote, useRemoveNote } from './patrons.api';
import { dateFormat } from '../../../ui/dates';

/** A note as the call takes it (the contract's `texto`: 1 to 1000 characters, trimmed). */
const NOTE_MAX = 1000;

/**
 * The staff's notes about a patron, newest first (never shown to the patron): each with its author
 * and when it was written (in the interface's language), and a button to remove it; then the form
 * to add one. Used by the patron's record and by the desk. `say` tells what was done (each screen
 * its own way: the record focuses its outcome, the desk gives the focus back to its input); a
 * refusal is said beside what was used, the focus left there. `keep` is where the screen keeps
 * the notes the calls answer. Key it by patron, so that a note being typed stays with its patron.
 */
export function PatronNotes({ codPessoa, notes, say, keep }: { codPessoa: number; notes: NotaLeitor[]; say: (text: string) => void; keep?: KeepNotes }) {
  const { t, i18n } = useTranslation();
  const remove = useRemoveNote(keep);
  const [problem, setProblem] = useState<string | null>(null);
  const format = dateFormat(i18n.language, 'short');
  const when = (note: NotaLeitor) => format.format(new Date(note.em));

  const removeOne = async (note: NotaLeitor) => {
    setProblem(null);
    try {
      await remove.mutateAsync({ codPessoa, id: note.id });
      say(t('staffPatrons.notes.removed', { date: when(note) }));
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  };

  return (
    <Stack gap="sm">
      {notes.length === 0 ? (
        <Text>{t('staffPatrons.notes.none')}</Text>
      ) : (
        <List listStyleType="none" spacing="xs" maw={720}>
          {notes.map((note) => (
            <List.Item key={note.id}>
              <Paper withBorder p="sm">
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.texto}</Text>
                <Group justify="space-between" gap="xs" mt={4}>
                  <Text size="sm">{t('staffPatrons.notes.byline', { author: note.autor ?? t('staffPatrons.notes.noAuthor'), date: when(note) })}</Text>
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={t('staffPatrons.notes.removeOne', { date: when(note) })}
                    loading={remove.isPending && remove.variables?.id === note.id}
                    onClick={() => void removeOne(note)}
                  >
                    {t('staffPatrons.notes.remove')}
                  </Button>
                </Group>
              </Paper>
            </List.Item>
          ))}
        </List>
      )}
      <Refused text={problem} />
      <NoteForm codPessoa={codPessoa} say={say} keep={keep} />
    </Stack>
  );
}

/** "Nova nota": the text (required, up to 1000 characters) and its button; emptied once saved. */
function NoteForm({ codPessoa, say, keep }: { codPessoa: number; say: (text: string) => void; keep?: KeepNotes }) {
  const { t } = useTranslation();
  const add = useAddNote(keep);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: { texto: '' },
    validate: { texto: (value) => (value.trim().length === 0 || value.trim().length > NOTE_MAX ? t('staffPatrons.notes.rule', { max: NOTE_MAX }) : null) },
  });
  const submit = form.onSubmit(async ({ texto }) => {
    setProblem(null);
    try {
      await add.mutateAsync({ codPessoa, texto: texto.trim() });
      form.reset();
      say(t('staffPatrons.notes.added'));
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('staffPatrons.notes.form')} aria-busy={add.isPending}>
      <Stack gap="xs" maw={720}>
        <Textarea
          label={t('staffPatrons.notes.label')}
          description={t('staffPatrons.notes.help', { max: NOTE_MAX })}
          required
          maxLength={NOTE_MAX}
          rows={3}
          {...form.getInputProps('texto')}
        />
        <Refused text={problem} />
        <Group>
          <Button type="submit" loading={add.isPending}>
            {t('staffPatrons.notes.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
