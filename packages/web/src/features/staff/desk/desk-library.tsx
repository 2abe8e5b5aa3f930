import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLibraries } from '../../../api/libraries';

/** Where this browser keeps the desk's library, so that the desk keeps it across visits. */
export const DESK_LIBRARY_KEY = 'estante.balcao.biblioteca';

function stored(): number | null {
  try {
    const value = Number(localStorage.getItem(DESK_LIBRARY_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function store(codBiblioteca: number | null) {
  try {
    if (codBiblioteca === null) localStorage.removeItem(DESK_LIBRARY_KEY);
    else localStorage.setItem(DESK_LIBRARY_KEY, String(codBiblioteca));
  } catch {
    // Storage refused (private mode, full): the choice lasts for this visit.
  }
}

/** The desk's library as the check-in sends it and the transit slip names it. */
export interface DeskLibrary {
  cod_biblioteca: number;
  nome: string;
}

/**
 * The library the desk is at, chosen once and remembered in this browser: what a check-in sends
 * (a copy of another library then goes in transit here). A remembered library the list no longer
 * has is not sent; while the list is not there, the remembered one is (shown by its code).
 */
export function useDeskLibrary() {
  const { t } = useTranslation();
  const libraries = useLibraries();
  const [code, setCode] = useState<number | null>(stored);
  const listed = libraries.data?.find((library) => library.cod_biblioteca === code);
  const chosen: DeskLibrary | null =
    code === null
      ? null
      : listed
        ? { cod_biblioteca: code, nome: listed.desc_biblioteca }
        : libraries.data
          ? null
          : { cod_biblioteca: code, nome: t('staffDesk.library.unnamed', { code }) };
  const choose = (next: number | null) => {
    store(next);
    setCode(next);
  };
  return { libraries, chosen, choose };
}

/**
 * "Biblioteca do balcão": a native select, "Não informada" first. Choosing leaves the focus where
 * it is (a select that moved it would change the context while the librarian picks); the next
 * scan gives it back to the input, as every outcome does.
 */
export function DeskLibrarySelect({ desk }: { desk: ReturnType<typeof useDeskLibrary> }) {
  const { t } = useTranslation();
  const { libraries, chosen, choose } = desk;
  const options = libraries.data
    ? libraries.data.map((library) => ({ value: String(library.cod_biblioteca), label: library.desc_biblioteca }))
    : chosen
      ? [{ value: String(chosen.cod_biblioteca), label: chosen.nome }]
      : [];
  return (
    <NativeSelect
      label={t('staffDesk.library.label')}
      description={t('staffDesk.library.help')}
      error={libraries.isError ? t('staffDesk.library.fetchError') : undefined}
      value={chosen ? String(chosen.cod_biblioteca) : ''}
      onChange={(event) => choose(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
      data={[{ value: '', label: t('staffDesk.library.none') }, ...options]}
      maw="24rem"
    />
  );
}
