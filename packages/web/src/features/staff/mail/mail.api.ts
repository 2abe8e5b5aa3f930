import { operationsEndpoints } from '@estante/contracts/jobs';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { MailSearch } from './mail-search';

/** Messages a page of the mail log holds (the server's page size). */
export const MAIL_PAGE_SIZE = 50;

const mailKey = ['equipe', 'correio'] as const;
const logKey = [...mailKey, 'registro'] as const;
const settingsQuery = queryOptions({
  queryKey: [...mailKey, 'configuracao'],
  queryFn: ({ signal }) => api(operationsEndpoints.mailSettings, {}, signal),
});

/** `GET /api/equipe/correio`: one page of the messages the search keeps, newest first; the page shown stays while the next loads. */
export function useMailLog(search: MailSearch) {
  return useQuery(
    queryOptions({
      queryKey: [...logKey, search],
      queryFn: ({ signal }) => api(operationsEndpoints.mail, { query: search }, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `POST /api/equipe/correio/:id/reenvio`: sends a logged message again; answers the new message, and the log is read again (it has one more). */
export function useResendMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(operationsEndpoints.resend, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: logKey }),
  });
}

/** `GET /api/equipe/correio/configuracao`: the sender in use (the library's, or none and the server's default) and every message template in pt, en and es. */
export function useMailSettings() {
  return useQuery(settingsQuery);
}

/** `PUT /api/equipe/correio/configuracao`: sets the library's sender (null: back to the server's); answers the settings, which the screen then shows. */
export function useSetSender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (remetente: string | null) => api(operationsEndpoints.setSender, { body: { remetente } }),
    onSuccess: (settings) => client.setQueryData(settingsQuery.queryKey, settings),
  });
}
