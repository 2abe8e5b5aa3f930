import { newSearchState, type PlanFilter, searchRow, type SearchState, searchStateToParams } from '@estante/contracts/search';
import { Alert, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LookupSelect } from './lookup-select';

/**
 * The teaching-plan guide (spec §2, §3 "Teaching plan"): the bibliography of the plans of a
 * course, discipline, professor, year and semester. At least one of them is needed (spec §5);
 * a term narrows the bibliography.
 */
export function TeachingPlanForm({ resultsPath, initial }: { resultsPath: string; initial?: SearchState | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const plan = initial?.plano;
  const text = (n: number | null | undefined) => (n ? String(n) : null);
  const [curso, setCurso] = useState(text(plan?.curso));
  const [disciplina, setDisciplina] = useState(text(plan?.disciplina));
  const [professor, setProfessor] = useState(text(plan?.professor));
  const [ano, setAno] = useState(text(plan?.ano) ?? '');
  const [semestre, setSemestre] = useState(text(plan?.semestre) ?? '');
  const [term, setTerm] = useState(initial?.linhas[0]?.termo ?? '');
  const [missing, setMissing] = useState(false);
  const thisYear = new Date().getFullYear();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = (v: string | null) => (v ? Number(v) : null);
    const plano: PlanFilter = {
      curso: number(curso),
      disciplina: number(disciplina),
      professor: number(professor),
      ano: number(ano),
      semestre: number(semestre),
    };
    if (!Object.values(plano).some(Boolean)) {
      setMissing(true);
      return;
    }
    const termo = term.trim();
    const params = searchStateToParams(newSearchState({ linhas: termo ? [searchRow(termo)] : [], plano }));
    navigate(`${resultsPath}?${params}`);
  };

  return (
    <form onSubmit={submit} role="search" aria-label={t('search.teachingPlan.formLabel')} noValidate>
      <Stack gap="sm">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <LookupSelect kind="cursos" label={t('search.teachingPlan.course')} value={curso} onChange={setCurso} />
          <LookupSelect kind="disciplinas" label={t('search.teachingPlan.discipline')} value={disciplina} onChange={setDisciplina} />
          <LookupSelect kind="professores" label={t('search.teachingPlan.professor')} value={professor} onChange={setProfessor} />
        </Group>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <NativeSelect
            label={t('search.teachingPlan.year')}
            value={ano}
            onChange={(e) => setAno(e.currentTarget.value)}
            data={[{ value: '', label: t('search.teachingPlan.any') }, ...Array.from({ length: 6 }, (_, i) => String(thisYear - i))]}
          />
          <NativeSelect
            label={t('search.teachingPlan.semester')}
            value={semestre}
            onChange={(e) => setSemestre(e.currentTarget.value)}
            data={[
              { value: '', label: t('search.teachingPlan.any') },
              { value: '1', label: t('search.teachingPlan.semesterN', { n: 1 }) },
              { value: '2', label: t('search.teachingPlan.semesterN', { n: 2 }) },
            ]}
          />
          <TextInput
            label={t('search.teachingPlan.term')}
            value={term}
            maxLength={300}
            onChange={(e) => setTerm(e.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit">{t('search.teachingPlan.submit')}</Button>
        </Group>
        {missing && (
          <Alert color="red" role="alert">
            {t('search.teachingPlan.needOneField')}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
