import { STAFF_ROLES, type StaffRole } from '@estante/contracts/kernel';
import type { MembroEquipe } from '@estante/contracts/staff';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { type GetInputPropsReturnType, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { type Column, ListSection } from '../../../ui/list-section';
import { Announcer, type Said } from './announcer';
import { useGrantRoles, useRevokeRoles, useStaffMembers } from './members.api';

/** The longest login the grant takes (the contract's limit). */
const LOGIN_MAX = 200;

/** Roles in words, in the interface language, joined as a sentence joins them ("circulação e administração"). */
function useRoleWords(): (roles: readonly StaffRole[]) => string {
  const { t, i18n } = useTranslation();
  const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
  return (roles) => list.format(roles.map((role) => t(`staffMembers.roles.${role}`)));
}

/**
 * The staff area's "Equipe e papéis" (/equipe/membros): the staff members, their logins and
 * roles, a role taken back from one of them (at least one chosen, in a modal), and roles granted
 * to the person behind a login — what `npm run staff -- staff` does, for the administration. Each
 * outcome is announced in a live region that takes the focus; a refusal in an alert.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const members = useStaffMembers();
  const words = useRoleWords();
  const [said, setSaid] = useState<Said | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; member: MembroEquipe; open: boolean; done: boolean } | null>(null);

  const tell = (ok: boolean, text: string) => setSaid((last) => ({ id: (last?.id ?? 0) + 1, ok, text }));
  const toldRoles = (member: MembroEquipe | null, name: string) =>
    tell(true, member ? t('staffMembers.rolesOf', { name: member.nome, roles: words(member.papeis) }) : t('staffMembers.noneLeft', { name }));

  const columns: Column<MembroEquipe>[] = [
    { header: t('staffMembers.name'), cell: (m) => m.nome },
    { header: t('staffMembers.logins'), cell: (m) => m.logins.join(', ') || '—' },
    { header: t('staffMembers.roles.heading'), status: true, cell: (m) => words(m.papeis) },
    {
      header: t('staffMembers.actions'),
      cell: (m) => (
        <Button
          size="compact-sm"
          variant="default"
          aria-label={t('staffMembers.revoke.one', { name: m.nome })}
          onClick={() => setRevoking((last) => ({ id: (last?.id ?? 0) + 1, member: m, open: true, done: false }))}
        >
          {t('staffMembers.revoke.button')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Text>{t('staffMembers.intro')}</Text>
      <Announcer said={said} />
      <ListSection
        query={members}
        errorText={t('staffMembers.fetchError')}
        emptyText={t('staffMembers.none')}
        caption={t('staffMembers.caption')}
        columns={columns}
        rowKey={(m) => m.cod_pessoa}
        minWidth={640}
      />
      <GrantForm onGranted={(member) => toldRoles(member, member.nome)} onRefused={(error) => tell(false, messageOf(error, t('errors.unexpected')))} />
      <Modal
        opened={revoking?.open ?? false}
        onClose={() => setRevoking((last) => last && { ...last, open: false })}
        // Done, the focus goes to the outcome announced; cancelled, back to the button that opened the modal.
        returnFocus={!revoking?.done}
        title={revoking && t('staffMembers.revoke.title', { name: revoking.member.nome })}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        {revoking && (
          <RevokeForm
            key={revoking.id}
            member={revoking.member}
            onCancel={() => setRevoking((last) => last && { ...last, open: false })}
            onRevoked={(member) => {
              setRevoking((last) => last && { ...last, open: false, done: true });
              toldRoles(member, revoking.member.nome);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** "Conceder papéis": a login and the roles to grant its person (kept with those they hold). */
function GrantForm({ onGranted, onRefused }: { onGranted: (member: MembroEquipe) => void; onRefused: (error: unknown) => void }) {
  const { t } = useTranslation();
  const grant = useGrantRoles();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { login: '', papeis: [] as StaffRole[] },
    validate: {
      login: (value) => (value.trim() === '' ? t('staffMembers.grant.loginRule') : null),
      papeis: (value) => (value.length === 0 ? t('staffMembers.pickOne') : null),
    },
  });
  const submit = form.onSubmit(async ({ login, papeis }) => {
    try {
      const member = await grant.mutateAsync({ login: login.trim(), papeis: STAFF_ROLES.filter((role) => papeis.includes(role)) });
      form.reset();
      onGranted(member);
    } catch (error) {
      onRefused(error);
    }
  });
  return (
    <section aria-labelledby="staff-grant">
      <Title order={2} size="h3" id="staff-grant" mb="xs">
        {t('staffMembers.grant.heading')}
      </Title>
      <form onSubmit={submit} noValidate aria-labelledby="staff-grant">
        <Stack gap="sm" maw="40rem">
          <TextInput
            label={t('staffMembers.grant.login')}
            description={t('staffMembers.grant.loginHelp')}
            required
            maxLength={LOGIN_MAX}
            autoComplete="off"
            spellCheck={false}
            key={form.key('login')}
            {...form.getInputProps('login')}
          />
          <RoleChoice label={t('staffMembers.grant.roles')} roles={STAFF_ROLES} key={form.key('papeis')} inputProps={form.getInputProps('papeis')} />
          <Group>
            <Button type="submit" loading={grant.isPending}>
              {t('staffMembers.grant.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}

/** The roles to take from `member` (at least one of those they hold); a refusal (the last administrator) under them, the modal kept. */
function RevokeForm({ member, onCancel, onRevoked }: { member: MembroEquipe; onCancel: () => void; onRevoked: (now: MembroEquipe | null) => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeRoles();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { papeis: [] as StaffRole[] },
    validate: { papeis: (value) => (value.length === 0 ? t('staffMembers.pickOne') : null) },
  });
  const submit = form.onSubmit(async ({ papeis }) => {
    setProblem(null);
    try {
      onRevoked(await revoke.mutateAsync({ codPessoa: member.cod_pessoa, papeis: STAFF_ROLES.filter((role) => papeis.includes(role)) }));
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('staffMembers.revoke.title', { name: member.nome })}>
      <Stack gap="sm">
        <RoleChoice label={t('staffMembers.revoke.roles')} roles={member.papeis} autoFocus key={form.key('papeis')} inputProps={form.getInputProps('papeis')} />
        {problem && (
          <Text role="alert" c="red.9" fw={600}>
            {problem}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" color="red.9" loading={revoke.isPending}>
            {t('staffMembers.revoke.submit')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('staffMembers.revoke.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A required group of role checkboxes (a group labelled by `label`), in the order given. */
function RoleChoice({
  label,
  roles,
  autoFocus = false,
  inputProps,
}: {
  label: string;
  roles: readonly StaffRole[];
  autoFocus?: boolean;
  inputProps: GetInputPropsReturnType;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group label={label} withAsterisk {...inputProps}>
      <Stack gap={6} mt={6}>
        {roles.map((role, i) => (
          <Checkbox key={role} value={role} label={t(`staffMembers.roles.${role}`)} data-autofocus={(autoFocus && i === 0) || undefined} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
