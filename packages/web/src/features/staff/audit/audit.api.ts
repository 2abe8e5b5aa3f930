import { endpointUrl } from '@estante/contracts/kernel';
import { auditEndpoints } from '@estante/contracts/staff';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, downloadFile } from '../../../api/client';

/** The audit's filters as the calls take them: a person number (who), an action, a patron number (whom), days YYYY-MM-DD (inclusive). */
export interface AuditFilters {
  autor?: number;
  acao?: string;
  pessoa?: number;
  de?: string;
  ate?: string;
}

/** Acts a page of the audit holds (the server's page size). */
export const AUDIT_PAGE_SIZE = 50;

/** `GET /api/equipe/auditoria`: one page of the acts the filters keep, newest first; the page shown stays while the next loads. */
export function useAudit(filters: AuditFilters, pagina: number) {
  return useQuery(
    queryOptions({
      queryKey: ['equipe', 'auditoria', filters, pagina],
      queryFn: ({ signal }) => api(auditEndpoints.list, { query: { ...filters, pagina } }, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET /api/equipe/auditoria/csv`: every act the same filters keep, as a CSV file the browser saves; answers its name. */
export function downloadAudit(filters: AuditFilters): Promise<string> {
  return downloadFile(endpointUrl(auditEndpoints.csv, { query: filters }));
}
