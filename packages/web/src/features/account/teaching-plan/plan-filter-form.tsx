import { type BibliografiaQuery, bibliografiaQuerySchema, type DisciplinasBibliotecas } from '@estante/contracts/collection';
import { Alert, Button, Group, NativeSelect, Paper, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaResolver } from '../../../ui/schema-resolver';

// A type (not an interface) so that it is a Record the form accepts.
type Values = { ano: string; semestre: string; periodo: string; disciplina: string; departamento: string; biblioteca: string };
const EMPTY: Values = { ano: '', semestre: '', periodo: '', disciplina: '', departamento: '', biblioteca: '' };

/** The form's values as the call's query: blanks left out. */
function queryOf(values: Values): BibliografiaQuery {
  return Object.fromEntries(
    Object.entries(values)
      .map(([key, value]) => [key, value.trim()])
      .filter(([, value]) => value !== ''),
  ) as BibliografiaQuery;
}

/** One of each, by code, in the order `order` gives. */
function distinct<T>(items: T[], code: (item: T) => number, order: (a: T, b: T) => number): T[] {
  return [...new Map(items.map((item) => [code(item), item])).values()].sort(order);
}

/**
 * Which of the professor's plans to show (spec §5: at least one field): year, semester, period,
 * discipline and course among the professor's own plans, and the library whose copies count —
 * checked with the call's own schema, its problems said in the patron's language.
 */
export function PlanFilterForm({ offers, onSubmit }: { offers: DisciplinasBibliotecas; onSubmit: (query: BibliografiaQuery) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const form = useForm<Values>({ initialValues: EMPTY, validate: schemaResolver<Values>(bibliografiaQuerySchema, queryOf, t) });
  const choices = useMemo(() => {
    const plans = offers.planos;
    return {
      years: [...new Set(plans.map((p) => p.ano))].sort((a, b) => b - a).map(String),
      disciplines: distinct(
        plans.map((p) => p.disciplina),
        (d) => d.codigo,
        (a, b) => a.sigla.localeCompare(b.sigla),
      ).map((d) => ({ value: String(d.codigo), label: `${d.sigla} — ${d.nome}` })),
      courses: distinct(
        plans.map((p) => p.departamento),
        (c) => c.codigo,
        (a, b) => a.nome.localeCompare(b.nome),
      ).map((c) => ({ value: String(c.codigo), label: c.nome })),
    };
  }, [offers]);
  const any = { value: '', label: t('teachingPlan.any') };
  // The "at least one field" rule belongs to no field: shown under them while all are blank.
  const general = form.errors[''];
  const blank = Object.values(form.values).every((v) => v.trim() === '');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('teachingPlan.formHeading')}
      </Title>
      <Text size="sm" mb="sm">
        {t('teachingPlan.formHelp')}
      </Text>
      <form onSubmit={form.onSubmit((values) => onSubmit(queryOf(values)))} noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect label={t('teachingPlan.fields.ano')} data={[any, ...choices.years]} {...form.getInputProps('ano')} />
          <NativeSelect
            label={t('teachingPlan.fields.semestre')}
            data={[any, { value: '1', label: t('teachingPlan.semesterN', { n: 1 }) }, { value: '2', label: t('teachingPlan.semesterN', { n: 2 }) }]}
            {...form.getInputProps('semestre')}
          />
          <TextInput
            label={t('teachingPlan.fields.periodo')}
            description={t('teachingPlan.periodHelp')}
            inputMode="numeric"
            w={150}
            {...form.getInputProps('periodo')}
          />
          <NativeSelect label={t('teachingPlan.fields.disciplina')} data={[any, ...choices.disciplines]} {...form.getInputProps('disciplina')} />
          <NativeSelect label={t('teachingPlan.fields.departamento')} data={[any, ...choices.courses]} {...form.getInputProps('departamento')} />
          <NativeSelect
            label={t('teachingPlan.fields.biblioteca')}
            data={[
              { value: '', label: t('teachingPlan.allLibraries') },
              ...offers.bibliotecas.map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca })),
            ]}
            {...form.getInputProps('biblioteca')}
          />
        </Group>
        {general && blank && (
          <Alert color="yellow" variant="light" role="alert" mt="sm">
            {general}
          </Alert>
        )}
        <Button type="submit" mt="sm">
          {t('teachingPlan.show')}
        </Button>
      </form>
    </Paper>
  );
}
