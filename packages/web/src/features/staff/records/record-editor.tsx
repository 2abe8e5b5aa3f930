import { checkRecord, type EditorRecord, type MarcFormat, type MarcIssue, type MarcPosition, marcTable, positions008 } from '@estante/contracts/catalog';
import { Button, Fieldset, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Field = EditorRecord['fields'][number];
type DataField = Extract<Field, { subfields: unknown }>;
/** A field in the editor: the record's, with a key that stays with it when fields move. */
type Row = Field & { key: number };

let nextKey = 1;
const keyed = (field: Field): Row => ({ ...field, key: nextKey++ });
const isData = (field: Field): field is DataField => 'subfields' in field;
const isControlTag = (tag: string) => /^00\d$/.test(tag);

/** The record the editor holds, as the API takes it (the keys left out). */
export function recordOf(leader: string, rows: Row[]): EditorRecord {
  return { leader, fields: rows.map(({ key: _key, ...field }) => field) };
}

/** An indicator as typed: `#`, a space or nothing is blank (MARC's own way of writing it). */
const indicatorOf = (typed: string) => {
  const last = typed.slice(-1);
  return last === '' || last === '#' ? ' ' : last;
};
const shownIndicator = (value: string) => (value === ' ' ? '#' : value);
const two = (n: number) => String(n).padStart(2, '0');
const range = (p: MarcPosition) => (p.end - p.start > 1 ? `${two(p.start)}-${two(p.end - 1)}` : two(p.start));

/** The leader's and 008's positions the system computes: shown, not edited. */
const COMPUTED_LEADER = new Set([0, 10, 12, 20]);

function PositionsEditor({
  legend,
  value,
  positions,
  onChange,
  idPrefix,
}: {
  legend: string;
  value: string;
  positions: MarcPosition[];
  onChange: (v: string) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const padded = value.padEnd(Math.max(value.length, positions.at(-1)?.end ?? 0), ' ');
  const set = (p: MarcPosition, part: string) =>
    onChange(padded.slice(0, p.start) + part.padEnd(p.end - p.start, ' ').slice(0, p.end - p.start) + padded.slice(p.end));
  return (
    <Fieldset legend={legend}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {positions.map((p) => {
          const current = padded.slice(p.start, p.end);
          const label = t('staffRecords.editor.position', { range: range(p), name: p.label });
          if (p.codes && p.end - p.start === 1) {
            const codes = Object.entries(p.codes);
            const known = codes.some(([code]) => code === current);
            const data = [
              ...(known ? [] : [{ value: current, label: `${shownIndicator(current)} — ${t('staffRecords.editor.notInTable')}` }]),
              ...codes.map(([code, name]) => ({ value: code, label: `${shownIndicator(code)} — ${name}` })),
            ];
            return <NativeSelect key={`${idPrefix}-${p.start}`} label={label} value={current} data={data} onChange={(e) => set(p, e.currentTarget.value)} />;
          }
          return (
            <TextInput
              key={`${idPrefix}-${p.start}`}
              label={label}
              value={current}
              readOnly={idPrefix === 'leader' && COMPUTED_LEADER.has(p.start)}
              maxLength={p.end - p.start}
              styles={{ input: { fontFamily: 'monospace', whiteSpace: 'pre' } }}
              onChange={(e) => set(p, e.currentTarget.value)}
            />
          );
        })}
      </SimpleGrid>
    </Fieldset>
  );
}

/** The text of an issue, for the field it belongs to. */
function useIssueText() {
  const { t } = useTranslation();
  return (issue: MarcIssue) => t(`staffRecords.issues.${issue.codigo}`, { tag: issue.tag, value: issue.valor === ' ' ? '#' : (issue.valor ?? '') });
}

interface FieldRowProps {
  row: Row;
  leader: string;
  index: number;
  count: number;
  format: MarcFormat;
  issues: MarcIssue[];
  onChange: (row: Row) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onRepeat: () => void;
}

/** One field: its tag, indicators and subfields (or a control field's value), what is wrong with it beside it, and its buttons. */
function FieldRow({ row, leader, index, count, format, issues, onChange, onMove, onRemove, onRepeat }: FieldRowProps) {
  const { t, i18n } = useTranslation();
  const issueText = useIssueText();
  const errorId = useId();
  const definition = marcTable(format).fields[row.tag];
  const name = definition ? (definition.label[(i18n.language as 'pt' | 'en' | 'es') ?? 'pt'] ?? definition.label.en) : null;
  const fieldIssues = issues.filter((i) => i.subcampo === undefined);
  const tagLabel = t('staffRecords.editor.tag', { n: index + 1 });
  const errorText = fieldIssues.map(issueText).join(' ');
  const setTag = (tag: string) => {
    const clean = tag.replace(/\D/g, '').slice(0, 3);
    if (isControlTag(clean) && isData(row)) onChange({ key: row.key, tag: clean, value: row.subfields.map((s) => s.value).join('') });
    else if (!isControlTag(clean) && clean.length === 3 && !isData(row))
      onChange({ key: row.key, tag: clean, ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: row.value }] });
    else onChange({ ...row, tag: clean });
  };
  return (
    <Paper withBorder p="xs" aria-label={t('staffRecords.editor.fieldRegion', { tag: row.tag || '—', n: index + 1 })} component="section">
      <Stack gap={6}>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={tagLabel}
            value={row.tag}
            w={110}
            maxLength={3}
            inputMode="numeric"
            error={fieldIssues.length > 0}
            aria-describedby={fieldIssues.length > 0 ? errorId : undefined}
            data-field-input={index}
            onChange={(e) => setTag(e.currentTarget.value)}
          />
          {isData(row) && (
            <>
              <TextInput
                label={t('staffRecords.editor.ind', { tag: row.tag, n: 1 })}
                value={shownIndicator(row.ind1)}
                w={110}
                error={issues.some((i) => i.codigo === 'indicador1_invalido')}
                onChange={(e) => onChange({ ...row, ind1: indicatorOf(e.currentTarget.value) })}
              />
              <TextInput
                label={t('staffRecords.editor.ind', { tag: row.tag, n: 2 })}
                value={shownIndicator(row.ind2)}
                w={110}
                error={issues.some((i) => i.codigo === 'indicador2_invalido')}
                onChange={(e) => onChange({ ...row, ind2: indicatorOf(e.currentTarget.value) })}
              />
            </>
          )}
          {!isData(row) && row.tag !== '008' && (
            <TextInput
              style={{ flex: 1 }}
              label={t('staffRecords.editor.controlValue', { tag: row.tag })}
              value={row.value}
              styles={{ input: { fontFamily: 'monospace' } }}
              onChange={(e) => onChange({ ...row, value: e.currentTarget.value })}
            />
          )}
          <Text size="sm" c="gray.7">
            {name}
          </Text>
        </Group>
        {!isData(row) && row.tag === '008' && (
          <PositionsEditor
            legend={t('staffRecords.editor.f008')}
            value={row.value}
            positions={positions008(format, leader)}
            idPrefix={`f008-${row.key}`}
            onChange={(value) => onChange({ ...row, value })}
          />
        )}
        {isData(row) && <Subfields row={row} issues={issues} onChange={onChange} />}
        {errorText && (
          <Text id={errorId} c="red.9" size="sm">
            {errorText}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={t('staffRecords.editor.moveUpField', { tag: row.tag, n: index + 1 })}
          >
            {t('staffRecords.editor.moveUp')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={t('staffRecords.editor.moveDownField', { tag: row.tag, n: index + 1 })}
          >
            {t('staffRecords.editor.moveDown')}
          </Button>
          {definition?.repeatable && (
            <Button size="compact-sm" variant="default" onClick={onRepeat} aria-label={t('staffRecords.editor.repeatField', { tag: row.tag })}>
              {t('staffRecords.editor.repeat')}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            onClick={onRemove}
            aria-label={t('staffRecords.editor.removeField', { tag: row.tag, n: index + 1 })}
          >
            {t('staffRecords.editor.remove')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A data field's subfields: code and value each, moved, removed and added. */
function Subfields({ row, issues, onChange }: { row: Row & DataField; issues: MarcIssue[]; onChange: (row: Row) => void }) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const set = (subfields: DataField['subfields']) => onChange({ ...row, subfields });
  const move = (from: number, to: number) => {
    const next = [...row.subfields];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    set(next);
  };
  return (
    <Stack gap={4} pl="md">
      {row.subfields.map((s, i) => {
        const wrong = issues.filter((issue) => issue.subcampo === i);
        const ids = { tag: row.tag, code: s.code || '?', n: i + 1 };
        return (
          <Group key={i} align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={t('staffRecords.editor.code', ids)}
              value={s.code}
              w={120}
              maxLength={1}
              error={wrong.length > 0 ? wrong.map(issueText).join(' ') : undefined}
              onChange={(e) => set(row.subfields.map((x, j) => (j === i ? { ...x, code: e.currentTarget.value.slice(-1).toLowerCase() } : x)))}
            />
            <TextInput
              style={{ flex: 1, minWidth: 200 }}
              label={t('staffRecords.editor.subfield', ids)}
              value={s.value}
              onChange={(e) => set(row.subfields.map((x, j) => (j === i ? { ...x, value: e.currentTarget.value } : x)))}
            />
            <Button
              size="compact-sm"
              variant="default"
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
              aria-label={t('staffRecords.editor.moveUpSubfield', ids)}
            >
              ↑
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              disabled={i === row.subfields.length - 1}
              onClick={() => move(i, i + 1)}
              aria-label={t('staffRecords.editor.moveDownSubfield', ids)}
            >
              ↓
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              color="red"
              onClick={() => set(row.subfields.filter((_, j) => j !== i))}
              aria-label={t('staffRecords.editor.removeSubfield', ids)}
            >
              ✕
            </Button>
          </Group>
        );
      })}
      <Group>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => set([...row.subfields, { code: '', value: '' }])}
          aria-label={t('staffRecords.editor.addSubfieldTo', { tag: row.tag })}
        >
          {t('staffRecords.editor.addSubfield')}
        </Button>
      </Group>
    </Stack>
  );
}

export interface RecordEditorProps {
  format: MarcFormat;
  initial: EditorRecord;
  /** The buttons under the record (save, preview), given the record as it is and its issues. */
  actions: (record: EditorRecord, issues: MarcIssue[], focusFirstIssue: () => void) => ReactNode;
}

/**
 * The MARC 21 editor: the leader's named positions, then each field a row (tag, indicators,
 * subfields; 008 by its named positions for the record's type of material), fields and subfields
 * added, removed, moved and repeated, the tag table checked as it is typed — each issue beside its
 * field, their count said in a live region, and the save refused while any is left.
 */
export function RecordEditor({ format, initial, actions }: RecordEditorProps) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const [leader, setLeader] = useState(initial.leader);
  const [rows, setRows] = useState<Row[]>(() => initial.fields.map(keyed));
  const [newTag, setNewTag] = useState('');
  const record = recordOf(leader, rows);
  const issues = checkRecord(record, format);
  const headingId = useId();
  const recordIssues = issues.filter((i) => i.campo === null);

  const update = (index: number, row: Row) => setRows((all) => all.map((r, i) => (i === index ? row : r)));
  const move = (index: number, by: -1 | 1) =>
    setRows((all) => {
      const next = [...all];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });
  const add = (tag: string, after?: number) => {
    const field: Field = isControlTag(tag) ? { tag, value: '' } : { tag, ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '' }] };
    setRows((all) => {
      const at = after !== undefined ? after + 1 : all.findIndex((r) => r.tag > tag);
      const next = [...all];
      next.splice(at < 0 ? next.length : at, 0, keyed(field));
      return next;
    });
  };
  const focusFirstIssue = () => {
    const first = issues.find((i) => i.campo !== null);
    const input = first ? document.querySelector<HTMLInputElement>(`[data-field-input="${first.campo}"]`) : null;
    (input ?? document.getElementById(headingId))?.focus();
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3" id={headingId} tabIndex={-1}>
        {t('staffRecords.editor.heading')}
      </Title>
      <div role="status" aria-live="polite" aria-atomic="true">
        <Text size="sm" c={issues.length > 0 ? 'red.9' : 'gray.7'}>
          {issues.length > 0 ? t('staffRecords.editor.issueCount', { count: issues.length }) : t('staffRecords.editor.noIssues')}
        </Text>
      </div>
      {recordIssues.length > 0 && (
        <Text c="red.9" size="sm">
          {recordIssues.map(issueText).join(' ')}
        </Text>
      )}
      <PositionsEditor legend={t('staffRecords.editor.leader')} value={leader} positions={marcTable(format).leader} idPrefix="leader" onChange={setLeader} />
      {rows.map((row, index) => (
        <FieldRow
          key={row.key}
          row={row}
          leader={leader}
          index={index}
          count={rows.length}
          format={format}
          issues={issues.filter((i) => i.campo === index)}
          onChange={(next) => update(index, next)}
          onMove={(by) => move(index, by)}
          onRemove={() => setRows((all) => all.filter((_, i) => i !== index))}
          onRepeat={() => add(row.tag, index)}
        />
      ))}
      <Group align="flex-end">
        <TextInput
          label={t('staffRecords.editor.newTag')}
          value={newTag}
          w={160}
          maxLength={3}
          onChange={(e) => setNewTag(e.currentTarget.value.replace(/\D/g, ''))}
        />
        <Button variant="default" disabled={newTag.length !== 3} onClick={() => (add(newTag), setNewTag(''))}>
          {t('staffRecords.editor.addField')}
        </Button>
      </Group>
      {actions(record, issues, focusFirstIssue)}
    </Stack>
  );
}
