import { accountEndpoints } from '@estante/contracts/account';
import { endpointUrl } from '@estante/contracts/kernel';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../api/client';

/** `GET /unidade-informacao/nada-consta/verifica`. */
export function useNoDebtsCheck() {
  return useQuery(queryOptions({ queryKey: ['nada-consta'], queryFn: ({ signal }) => api(accountEndpoints.noDebtsCheck, {}, signal) }));
}

/** `POST /unidade-informacao/nada-consta`: issues the declaration; the check and the deviations are read again. */
export function useIssueNoDebts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(accountEndpoints.issueNoDebts),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['nada-consta'] });
      void client.invalidateQueries({ queryKey: ['afastamentos'] });
    },
  });
}

export const downloadDeclaration = (codigo: string) => downloadFile(endpointUrl(accountEndpoints.declarationPdf, { params: { codigo } }));
/** `POST /nada-consta/send-mail`: declaration `codigo` to the patron's e-mail address. */
export const mailDeclaration = (codigo: string) => api(accountEndpoints.mailDeclaration, { body: { codigo } });
