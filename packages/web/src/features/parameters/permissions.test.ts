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
