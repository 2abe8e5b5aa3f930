import { LIVE_RULES, type LiveRule, PASSWORD_SPECIALS, type PasswordRules } from '@estante/contracts';
import { List, Text, VisuallyHidden } from '@mantine/core';
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
