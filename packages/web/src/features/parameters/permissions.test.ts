import { describe, expect, it } from 'vitest';
import { ACTIVITY, permissionsOf } from './permissions';

const activities = [
  { cod_modulo: 3, cod_atividade: 8, descricao: 'Meu Pergamum' },
  { cod_modulo: 3, cod_atividade: 13, descricao: 'Comentários' },
  { cod_modulo: 5, cod_atividade: 12, descricao: 'Outro módulo' },
];

describe('permissionsOf', () => {
  const p = permissionsOf(activities);
  it('has all / any / none over module 3 only', () => {
    expect(p.hasAll(ACTIVITY.accountArea, ACTIVITY.comments)).toBe(true);
    expect(p.hasAll(ACTIVITY.accountArea, ACTIVITY.acquisitionSuggestion)).toBe(false);
    expect(p.hasAny(ACTIVITY.acquisitionSuggestion, ACTIVITY.comments)).toBe(true);
    expect(p.hasAny(ACTIVITY.acquisitionSuggestion)).toBe(false);
    expect(p.hasNone(ACTIVITY.acquisitionSuggestion, ACTIVITY.icap)).toBe(true);
    expect(p.hasNone(ACTIVITY.icap, ACTIVITY.comments)).toBe(false);
  });
  it('reads an activity’s description, or the fallback when it is off', () => {
    expect(p.description(ACTIVITY.comments, 'x')).toBe('Comentários');
    expect(p.description(ACTIVITY.acquisitionSuggestion, 'Sugestão')).toBe('Sugestão');
  });
});

describe('permissionsOf with the signed-in patron’s own permissions (GET /pessoas)', () => {
  const institution = [
    { cod_modulo: 3, cod_atividade: 8, descricao: 'Meu Pergamum' },
    { cod_modulo: 3, cod_atividade: 12, descricao: 'Sugestão de aquisição' },
    { cod_modulo: 3, cod_atividade: 13, descricao: 'Comentários' },
    { cod_modulo: 3, cod_atividade: 57, descricao: 'ICAP' },
  ];
  it('turns a personal activity off when the patron’s category lacks it, though the institution has it on', () => {
    const p = permissionsOf(institution, [
      { cod_modulo: 3, cod_atividade: 8 },
      { cod_modulo: 5, cod_atividade: 13 },
    ]);
    expect(p.hasAll(ACTIVITY.accountArea)).toBe(true);
    expect(p.hasAny(ACTIVITY.comments, ACTIVITY.acquisitionSuggestion)).toBe(false);
    expect(p.hasNone(ACTIVITY.comments)).toBe(true);
    expect(p.description(ACTIVITY.comments, 'Comentar')).toBe('Comentar');
  });
  it('keeps the institution’s look (ICAP) whatever the patron’s permissions, and never grants what the institution has off', () => {
    const p = permissionsOf(institution, [{ cod_modulo: 3, cod_atividade: 1120 }]);
    expect(p.hasAll(ACTIVITY.icap)).toBe(true);
    expect(p.hasAll(ACTIVITY.accountArea)).toBe(false);
    expect(p.hasAll(ACTIVITY.captcha)).toBe(false);
  });
  it('is the institution’s alone while nobody is signed in', () => {
    expect(permissionsOf(institution).hasAll(ACTIVITY.accountArea, ACTIVITY.comments)).toBe(true);
  });
});
