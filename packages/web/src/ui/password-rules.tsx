import { LIVE_RULES, type LiveRule, PASSWORD_SPECIALS, type PasswordRules } from '@estante/contracts/auth';
import { List, PasswordInput, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The password rules in force, each marked met or not as the patron types (spec §5): the
 * recovery form's third step and Meu Pergamum's password screen show the same list.
 */
export function PasswordRuleList({ rules, met }: { rules: PasswordRules; met: Record<LiveRule, boolean> }) {
  const { t } = useTranslation();
  const shown = LIVE_RULES.filter((r) => r === 'length' || rules[r]);
  return (
    <List size="sm" spacing={2} aria-label={t('recovery.rules')}>
      {shown.map((rule) => (
        <List.Item key={rule}>
          {/* Dark green / dark grey: AA contrast on white for both states. */}
          <Text span size="sm" style={{ color: met[rule] ? '#1b5e20' : '#343a40' }}>
            {met[rule] ? '✓ ' : '○ '}
            {t(`recovery.rule.${rule}`, { min: rules.length.min, max: rules.length.max, specials: PASSWORD_SPECIALS.split('').join(' ') })}
          </Text>
          <VisuallyHidden>{met[rule] ? ` (${t('recovery.met')})` : ` (${t('recovery.notMet')})`}</VisuallyHidden>
        </List.Item>
      ))}
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
      <PasswordRuleList rules={rules} met={met} />
    </>
  );
}
