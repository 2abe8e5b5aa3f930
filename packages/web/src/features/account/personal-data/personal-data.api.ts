import { type DadosPessoaisBody, peopleEndpoints } from '@estante/contracts/people';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

const PERSONAL = ['dados-pessoais'];

/** `GET /pessoas/meu-pergamum/dados-pessoais`. */
export function usePersonalData() {
  return useQuery({ queryKey: PERSONAL, queryFn: ({ signal }) => api(peopleEndpoints.personalData, {}, signal) });
}

/** `GET /pessoas/departamentos`: the choices of "Lotação". */
export function useDepartments() {
  return useQuery({ queryKey: ['departamentos'], queryFn: ({ signal }) => api(peopleEndpoints.departments, {}, signal), staleTime: Infinity });
}

/** `PUT /pessoas/meu-pergamum/dados-pessoais`: the answer's data replace what the screen shows. */
export function useSavePersonalData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DadosPessoaisBody) => api(peopleEndpoints.savePersonalData, { body }),
    onSuccess: (answer) => client.setQueryData(PERSONAL, answer.dados),
  });
}
