import type { DadosPedido } from '@estante/contracts/requests';
import { Button, Checkbox, Group, NativeSelect, NumberInput, Paper, Stack, TagsInput, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { NoticeView, useNotify } from '../../../ui/notify';
import { schemaResolver } from '../../../ui/schema-resolver';

/** One field of a request form: its name (the contracts' body field, `requestForms.fields.<name>`) and kind. */
export type FieldSpec = {
  name: string;
  required?: boolean;
  /** i18n keys of a help line, and of a label other than `requestForms.fields.<name>`. */
  help?: string;
  label?: string;
  /** The value it starts with, when not blank (the institution's name on a catalogue sheet). */
  initial?: (start: DadosPedido) => string;
} & (
  | { kind: 'text' | 'textarea' | 'email' | 'pages' | 'date' | 'check' | 'tags' | 'library' }
  | { kind: 'number'; min?: number; max?: number }
  | { kind: 'select' | 'checks'; options: readonly string[]; optionLabel: (value: string) => string }
);

type Value = string | number | boolean | string[] | null;
type Values = Record<string, Value>;

function emptyValue(field: FieldSpec, start: DadosPedido): Value {
  if (field.initial) return field.initial(start);
  switch (field.kind) {
    case 'check':
      return false;
    case 'checks':
    case 'tags':
      return [];
    case 'select':
      return null;
    case 'library':
      return start.bibliotecas.length === 1 ? String(start.bibliotecas[0]!.cod_biblioteca) : null;
    case 'email':
      return start.email ?? '';
    default:
      return '';
  }
}

/** The form's values as the call's body: blanks left out, numbers and the library as numbers. */
function bodyOf(fields: readonly FieldSpec[], values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === '' || value === null || value === undefined) continue;
    body[field.name] = field.kind === 'library' ? Number(value) : value;
  }
  return body;
}

/**
 * A request form from its fields (spec §3, §5): labelled, required ones marked, every rule of the
 * contracts' schema checked field by field in the patron's language before sending (and again by
 * the server), the server's answer said in place. `aside` shows beside the fields what the
 * current values make (the catalogue sheet's preview), or null while they are not valid.
 */
export function RequestForm<B>({
  heading,
  fields,
  schema,
  start,
  send,
  busy,
  aside,
  actions,
}: {
  heading: string;
  fields: readonly FieldSpec[];
  schema: z.ZodType;
  start: DadosPedido;
  send: (body: B) => Promise<{ mensagem: string }>;
  busy: boolean;
  aside?: (body: unknown) => ReactNode;
  actions?: (body: unknown) => ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const notify = useNotify();
  const initial = useMemo(() => Object.fromEntries(fields.map((f) => [f.name, emptyValue(f, start)])) as Values, [fields, start]);
  const form = useForm<Values>({ initialValues: initial, validate: schemaResolver<Values>(schema, (v) => bodyOf(fields, v), t) });
  const body = bodyOf(fields, form.getValues());
  const parsed = schema.safeParse(body);
  const label = (name: string) => t(`requestForms.fields.${name}`);

  const submit = form.onSubmit(
    (values) =>
      void notify.run(
        async () => {
          const answer = await send(body as B);
          form.setValues({ ...initial, email: values.email ?? initial.email, biblioteca: values.biblioteca ?? initial.biblioteca });
          return answer.mensagem;
        },
        (message) => message,
      ),
    () => notify.problem(t('requests.fix')),
  );

  const input = (field: FieldSpec) => {
    // The key goes on the element itself: React reads no key from a spread.
    const key = form.key(field.name);
    const common = {
      label: field.label ? t(field.label) : label(field.name),
      withAsterisk: field.required,
      description: field.help ? t(field.help) : undefined,
    };
    switch (field.kind) {
      case 'textarea':
        return <Textarea key={key} {...common} autosize minRows={2} maxRows={8} {...form.getInputProps(field.name)} />;
      case 'number':
        return (
          <NumberInput
            key={key}
            {...common}
            min={field.min}
            max={field.max}
            allowDecimal={false}
            allowNegative={false}
            w={200}
            {...form.getInputProps(field.name)}
          />
        );
      case 'date':
        return <TextInput key={key} {...common} type="date" w={200} {...form.getInputProps(field.name)} />;
      case 'pages':
        return <TextInput key={key} {...common} placeholder="20-30" w={200} {...form.getInputProps(field.name)} />;
      case 'email':
        return (
          <TextInput
            key={key}
            {...common}
            type="text"
            inputMode="email"
            autoComplete="email"
            description={t('requestForms.emailHelp')}
            {...form.getInputProps(field.name)}
          />
        );
      case 'check':
        return <Checkbox label={common.label} key={key} {...form.getInputProps(field.name, { type: 'checkbox' })} />;
      case 'tags':
        return <TagsInput key={key} {...common} description={t('requestForms.tagsHelp')} maxTags={5} {...form.getInputProps(field.name)} />;
      case 'library':
        return (
          <NativeSelect
            key={key}
            {...common}
            data={[
              { value: '', label: t('requestForms.chooseLibrary') },
              ...start.bibliotecas.map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca })),
            ]}
            {...form.getInputProps(field.name)}
            value={(form.getValues()[field.name] as string | null) ?? ''}
          />
        );
      case 'select':
        return (
          <NativeSelect
            key={key}
            {...common}
            data={[{ value: '', label: t('requestForms.choose') }, ...field.options.map((o) => ({ value: o, label: field.optionLabel(o) }))]}
            {...form.getInputProps(field.name)}
            value={(form.getValues()[field.name] as string | null) ?? ''}
          />
        );
      case 'checks':
        return (
          <Checkbox.Group key={key} {...common} {...form.getInputProps(field.name)}>
            <Group gap="md" mt={4}>
              {field.options.map((o) => (
                <Checkbox key={o} value={o} label={field.optionLabel(o)} />
              ))}
            </Group>
          </Checkbox.Group>
        );
      default:
        return <TextInput key={key} {...common} {...form.getInputProps(field.name)} />;
    }
  };

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {heading}
      </Title>
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Stack gap="sm" style={{ flex: '1 1 22rem', maxWidth: 560 }}>
            <Text size="sm">{t('requestForms.requiredNote')}</Text>
            {fields.map((field) => (
              <div key={field.name}>{input(field)}</div>
            ))}
            <NoticeView notice={notify.notice} />
            <Group gap="sm">
              <Button type="submit" loading={busy}>
                {t('requestForms.send')}
              </Button>
              {actions?.(parsed.success ? parsed.data : null)}
            </Group>
          </Stack>
          {aside && <div style={{ flex: '1 1 24rem' }}>{aside(parsed.success ? parsed.data : null)}</div>}
        </Group>
      </form>
    </Paper>
  );
}
