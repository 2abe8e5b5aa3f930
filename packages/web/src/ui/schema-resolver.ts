import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * The patron's words for a problem the contracts' schema found: a named rule
 * (`params.rule`, `validation.<rule>`), a required field, too long, out of range, a choice
 * missing — in the interface's language; the server's 400 says the same in English.
 */
export function problemText(issue: z.core.$ZodIssue, t: TFunction): string {
  const rule = (issue as { params?: { rule?: string } }).params?.rule;
  if (rule) return t(`validation.${rule}`);
  if (issue.message === 'required' || (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null))) return t('validation.required');
  if (issue.code === 'too_big')
    return issue.origin === 'string' ? t('validation.tooLong', { max: issue.maximum }) : t('validation.tooBig', { max: issue.maximum });
  if (issue.code === 'too_small') return issue.origin === 'number' ? t('validation.tooSmall', { min: issue.minimum }) : t('validation.required');
  if (issue.code === 'invalid_value') return t('validation.choose');
  return t('validation.invalid');
}

/**
 * A @mantine/form `validate` from a contracts schema: `toBody` turns the form's values into what
 * the call sends; each field shows its first problem (an item of a list shows on the list).
 */
export function schemaResolver<V>(schema: z.ZodType, toBody: (values: V) => unknown, t: TFunction) {
  return (values: V): FormErrors => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return {};
    const errors: FormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!(field in errors)) errors[field] = problemText(issue, t);
    }
    return errors;
  };
}
