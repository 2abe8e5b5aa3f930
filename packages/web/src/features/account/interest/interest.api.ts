import { type DigestFrequency, type DsiType, interestEndpoints } from '@estante/contracts/interest';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

const KEY = ['perfil-interesse'];

/** `GET …/areas-interesse/info-auxiliar`: kinds, work types, libraries, languages, the digest frequency. */
export function useProfileInfo() {
  return useQuery(queryOptions({ queryKey: [...KEY, 'info'], queryFn: ({ signal }) => api(interestEndpoints.info, {}, signal) }));
}

/** `GET …/area-autor-assunto`. */
export function useAreas() {
  return useQuery(queryOptions({ queryKey: [...KEY, 'areas'], queryFn: ({ signal }) => api(interestEndpoints.areas, {}, signal) }));
}

/** `GET …/tipo-obra`. */
export function useWorkTypes() {
  return useQuery(queryOptions({ queryKey: [...KEY, 'tipos'], queryFn: ({ signal }) => api(interestEndpoints.workTypes, {}, signal) }));
}

/** `GET …/area-autor-assunto/pesquisa` (only once a term is given). */
export function useLookup(query: { tipoPesquisa: DsiType; termoPesquisa: string } | null) {
  return useQuery(
    queryOptions({
      queryKey: [...KEY, 'pesquisa', query],
      queryFn: ({ signal }) => api(interestEndpoints.lookup, { query: query! }, signal),
      enabled: query !== null,
    }),
  );
}

/** Every change to the profile refreshes it. */
function useProfileChange<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => void client.invalidateQueries({ queryKey: KEY }) });
}

export const useAddAreas = () => useProfileChange((body: { tipoDSI: DsiType; validade: string; itens: string[] }) => api(interestEndpoints.addAreas, { body }));
export const useRemoveArea = () =>
  useProfileChange((query: { codigo: number; tipoDSI: DsiType }) =>
    api(interestEndpoints.removeArea, { query: { codigo: query.codigo, tipoDSI: query.tipoDSI } }),
  );
export const useAreaValidity = () =>
  useProfileChange((body: { codigo: number; tipoDSI: DsiType; validade: string }) => api(interestEndpoints.areaValidity, { body }));
export const useAddWorkTypes = () => useProfileChange((body: { validade: string; itens: number[] }) => api(interestEndpoints.addWorkTypes, { body }));
export const useChangeWorkType = () =>
  useProfileChange((body: { codigo: number; validade?: string; bibliotecas?: number[]; idiomas?: string[] }) =>
    api(interestEndpoints.changeWorkType, { body }),
  );
export const useRemoveWorkType = () => useProfileChange((codigo: number) => api(interestEndpoints.removeWorkType, { query: { codigo } }));
export const useFrequency = () => useProfileChange((frequencia: DigestFrequency) => api(interestEndpoints.frequency, { body: { frequencia } }));

/** `GET …/periodicos`. */
export function useSerials() {
  return useQuery(queryOptions({ queryKey: [...KEY, 'periodicos'], queryFn: ({ signal }) => api(interestEndpoints.serials, {}, signal) }));
}

/** `GET …/periodicos/pesquisa` (only once a term is given). */
export function useSerialLookup(query: { termoPesquisa: string; bibliotecas?: string } | null) {
  return useQuery(
    queryOptions({
      queryKey: [...KEY, 'pesquisa-periodicos', query],
      queryFn: ({ signal }) => api(interestEndpoints.serialLookup, { query: query! }, signal),
      enabled: query !== null,
    }),
  );
}

export const useAddSerials = () => useProfileChange((body: { validade: string; itens: number[] }) => api(interestEndpoints.addSerials, { body }));
export const useChangeSerial = () =>
  useProfileChange((body: { codigo: number; validade?: string; fasciculo?: boolean; artigo?: boolean; sumario?: boolean; bibliotecas?: number[] }) =>
    api(interestEndpoints.changeSerial, { body }),
  );
export const useRemoveSerial = () => useProfileChange((codigo: number) => api(interestEndpoints.removeSerial, { query: { codigo } }));
