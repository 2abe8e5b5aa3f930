import { searchEndpoints, TYPEAHEAD_FIELDS, type Typeahead } from '@estante/contracts/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiAnonymous } from '../../../api/client';

type TypeaheadField = 'livre' | (typeof TYPEAHEAD_FIELDS)[number];

/** The fields whose headings are suggested as the patron types. */
export function typeaheadField(campo: string): TypeaheadField | null {
  return campo === 'livre' || (TYPEAHEAD_FIELDS as readonly string[]).includes(campo) ? (campo as TypeaheadField) : null;
}

/** A value that follows `value` once it has stood still for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * `GET /consulta/sugestoes` for the words being typed (issue 26): nothing is asked below three
 * characters, nor before typing pauses for a moment; a request superseded by newer words is
 * cancelled (the query's signal aborts when its key is left).
 */
export function useSugestoes(termo: string, campo: TypeaheadField | null) {
  const words = useSettled(termo.trim(), 150);
  const enabled = campo !== null && words.length >= 3 && words === termo.trim();
  return useQuery({
    queryKey: ['consulta', 'sugestoes', campo, words],
    queryFn: ({ signal }) => apiAnonymous(searchEndpoints.suggestions, { query: { termo: words, ...(campo ? { campo } : {}) } }, signal),
    enabled,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    select: (data: Typeahead) => data.sugestoes,
  });
}
