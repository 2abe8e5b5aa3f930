import { LIVE_RULES, type LiveRule, PASSWORD_SPECIALS, type PasswordRules } from '@estante/contracts/auth';
import { List, PasswordInput, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How a rule is drawn: its mark, its colour (AA on white), and what a screen reader hears after it. */
const LOOK = {
  // Nothing typed yet: no verdict, neither met nor failed (issue 55).
  pending: { mark: '• ', color: '#343a40', status: null },
  met: { mark: '✓ ', color: '#1b5e20', status: 'recovery.met' },
  failed: { mark: '✗ ', color: '#a51d1d', status: 'recovery.notMet' },
} as const;

/**
 * The password rules in force, each marked met or not as the patron types (spec §5): the
 * recovery form's third step and Meu Pergamum's password screen show the same list. Until
 * something is `typed` the rules are only listed, none marked failed (nor met).
 */
export function PasswordRuleList({ rules, met, typed }: { rules: PasswordRules; met: Record<LiveRule, boolean>; typed: boolean }) {
  const { t } = useTranslation();
  const shown = LIVE_RULES.filter((r) => r === 'length' || rules[r]);
  return (
    <List size="sm" spacing={2} aria-label={t('recovery.rules')}>
      {shown.map((rule) => {
        const look = LOOK[!typed ? 'pending' : met[rule] ? 'met' : 'failed'];
        return (
          <List.Item key={rule} data-state={!typed ? 'pending' : met[rule] ? 'met' : 'failed'}>
            <Text span size="sm" style={{ color: look.color }}>
              {look.mark}
              {t(`recovery.rule.${rule}`, { min: rules.length.min, max: rules.length.max, specials: PASSWORD_SPECIALS.split('').join(' ') })}
            </Text>
            {look.status && <VisuallyHidden>{` (${t(look.status)})`}</VisuallyHidden>}
          </List.Item>
        );
      })}
      {rules.last_pw > 0 && (
        <List.Item>
          <Text span size="sm" style={{ color: '#343a40' }}>
            {t('recovery.rule.last_pw', { count: rules.last_pw })}
          </Text>
        </List.Item>
      )}
    </List>
  );
}

/**
 * The new password typed twice, "the passwords do not match" while both have text and differ, and
 * the rules checked live: the recovery form's last step and Meu Pergamum's password screen.
 */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  rules,
  met,
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  rules: PasswordRules;
  met: Record<LiveRule, boolean>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('recovery.newPassword')}
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        autoComplete="new-password"
        required
      />
      <PasswordInput
        label={t('recovery.confirmPassword')}
        value={confirm}
        onChange={(e) => onConfirm(e.currentTarget.value)}
        autoComplete="new-password"
        required
      />
      {password !== '' && confirm !== '' && password.trim() !== confirm.trim() && (
        <Text c="red.8" size="sm" role="alert">
          {t('recovery.mismatch')}
        </Text>
      )}
      <PasswordRuleList rules={rules} met={met} typed={password !== ''} />
    </>
  );
}
