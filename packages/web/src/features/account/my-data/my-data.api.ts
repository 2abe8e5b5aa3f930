import { endpointUrl } from '@estante/contracts/kernel';
import { peopleEndpoints } from '@estante/contracts/people';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../api/client';

const ERASURE = ['exclusao-dados'];

/** `GET /pessoas/meu-pergamum/meus-dados`, saved by the browser as meus-dados.json; answers the file name. */
export const downloadMyData = () => downloadFile(endpointUrl(peopleEndpoints.myData));

/** `GET /pessoas/email-pessoa-logada`: where the library will answer. */
export function useSignedInEmail() {
  return useQuery({ queryKey: ['email-pessoa-logada'], queryFn: ({ signal }) => api(peopleEndpoints.signedInEmail, {}, signal) });
}

/** `GET /pessoas/meu-pergamum/exclusao-dados`: the patron's requests for erasure. */
export function useErasureRequests() {
  return useQuery({ queryKey: ERASURE, queryFn: ({ signal }) => api(peopleEndpoints.erasureRequests, {}, signal) });
}

/** `POST /pessoas/meu-pergamum/exclusao-dados`. */
export function useRequestErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (motivo: string) => api(peopleEndpoints.requestErasure, { body: motivo.trim() ? { motivo } : {} }),
    onSettled: () => client.invalidateQueries({ queryKey: ERASURE }),
  });
}
