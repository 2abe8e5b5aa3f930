import type { Bibliografia, BibliografiaTitulo } from '@estante/contracts/collection';
import { Anchor, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, ListSection } from '../../../ui/list-section';

type Plan = Bibliografia['planos'][number];

/** Below or within the target, in words and a sign (never by colour alone). */
function TargetFlag({ below }: { below: boolean }) {
  const { t } = useTranslation();
  return below ? (
    <Text component="span" c="red.9" fw={700} size="sm">
      <span aria-hidden="true">⚠ </span>
      {t('teachingPlan.below')}
    </Text>
  ) : (
    <Text component="span" size="sm">
      <span aria-hidden="true">✓ </span>
      {t('teachingPlan.met')}
    </Text>
  );
}

/**
 * One plan: its heading (discipline, course, semester), its term, vacancies and loans, and its
 * bibliography's table — each title linked, its copies at each library with those on loan now,
 * its loans in the semester, copies per vacancy, vacancies per copy and the target flag.
 */
export function PlanTable({ plan, titleHref }: { plan: Plan; titleHref: (codAcervo: number) => string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const n = (v: number | null) => (v === null ? '—' : number.format(v));
  const heading = t('teachingPlan.planHeading', {
    sigla: plan.disciplina.sigla,
    disciplina: plan.disciplina.nome,
    curso: plan.departamento.nome,
    ano: plan.ano,
    semestre: plan.semestre,
  });
  const columns: Column<BibliografiaTitulo>[] = [
    {
      header: t('teachingPlan.columns.title'),
      cell: (x) => (
        <>
          <Anchor component={Link} to={titleHref(x.cod_acervo)} underline="always">
            {x.titulo}
          </Anchor>
          {(x.autor || x.ano) && <Text size="sm">{[x.autor, x.ano].filter(Boolean).join(', ')}</Text>}
        </>
      ),
    },
    { header: t('teachingPlan.columns.type'), cell: (x) => t(`teachingPlan.types.${x.tipo}`) },
    {
      header: t('teachingPlan.columns.copies'),
      cell: (x) => (
        <>
          <Text size="sm" fw={700}>
            {t('teachingPlan.copies', { count: x.exemplares })}
          </Text>
          {x.por_biblioteca.map((b) => (
            <Text size="sm" key={b.cod_biblioteca}>
              {`${b.biblioteca}: ${b.exemplares} `}
              {t('teachingPlan.onLoan', { count: b.emprestados })}
            </Text>
          ))}
        </>
      ),
    },
    { header: t('teachingPlan.columns.loans'), cell: (x) => number.format(x.emprestimos) },
    { header: t('teachingPlan.columns.copiesPerVacancy'), cell: (x) => n(x.exemplares_por_vaga) },
    { header: t('teachingPlan.columns.vacanciesPerCopy'), cell: (x) => n(x.vagas_por_exemplar) },
    { header: t('teachingPlan.columns.target'), cell: (x) => <TargetFlag below={x.abaixo_meta} /> },
  ];
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb={4}>
        {heading}
      </Title>
      <Text size="sm" mb="xs">
        {t('teachingPlan.planLine', { periodo: n(plan.periodo), vagas: n(plan.vagas), emprestimos: plan.emprestimos })}
      </Text>
      <ListSection
        query={{ isPending: false, isError: false, data: plan.titulos }}
        errorText=""
        emptyText={t('teachingPlan.noTitles')}
        caption={t('teachingPlan.caption', { plan: heading })}
        columns={columns}
        rowKey={(x) => x.cod_acervo}
        minWidth={900}
      />
    </section>
  );
}
