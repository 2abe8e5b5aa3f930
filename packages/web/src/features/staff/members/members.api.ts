import type { StaffRole } from '@estante/contracts/kernel';
import { type MembroEquipe, staffEndpoints } from '@estante/contracts/staff';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /api/equipe/membros`: the staff members and their roles. */
const membersQuery = queryOptions({
  queryKey: ['equipe', 'membros'],
  queryFn: ({ signal }) => api(staffEndpoints.members, {}, signal),
});

export function useStaffMembers() {
  return useQuery(membersQuery);
}

/** The list with `member` as the answer has them now (in their place, or added and kept by name); null takes them out. */
function withMember(list: readonly MembroEquipe[], codPessoa: number, member: MembroEquipe | null): MembroEquipe[] {
  const others = list.filter((m) => m.cod_pessoa !== codPessoa);
  if (!member) return others;
  const at = list.findIndex((m) => m.cod_pessoa === codPessoa);
  if (at >= 0) return list.map((m) => (m.cod_pessoa === codPessoa ? member : m));
  return [...others, member].sort((a, b) => a.nome.localeCompare(b.nome));
}

/** A write on the staff: the member it answers is put in the list at once (null: no role left, out of it). */
function useStaffWrite<I, O extends MembroEquipe | null>(write: (input: I) => Promise<O>, whom: (input: I, answer: O) => number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (member, input) => {
      client.setQueryData(membersQuery.queryKey, (list) => (list ? withMember(list, whom(input, member), member) : list));
    },
  });
}

/** `POST /api/equipe/membros`: grants roles to the person behind a login (kept with those they hold); answers the member. */
export function useGrantRoles() {
  return useStaffWrite(
    (body: { login: string; papeis: StaffRole[] }) => api(staffEndpoints.grant, { body }),
    (_, member) => member.cod_pessoa,
  );
}

/** `POST /api/equipe/membros/:codPessoa/revogar`: takes roles from a member; answers them as they are now, null when none is left. */
export function useRevokeRoles() {
  return useStaffWrite(
    ({ codPessoa, papeis }: { codPessoa: number; papeis: StaffRole[] }) => api(staffEndpoints.revoke, { params: { codPessoa }, body: { papeis } }),
    ({ codPessoa }) => codPessoa,
  );
}
