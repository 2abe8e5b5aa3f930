import type { TYPEAHEAD_FIELDS } from '@estante/contracts/search';
import { TextInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typeaheadField, useSugestoes } from '../api/get-sugestoes';

export interface TypeaheadPick {
  texto: string;
  campo: (typeof TYPEAHEAD_FIELDS)[number];
}

/**
 * The search box's term with suggestions as you type (issue 26): an editable combobox with a
 * list popup, as WAI-ARIA's authoring practices describe it. Down and Up move through the
 * headings (the input keeps focus; aria-activedescendant names the one highlighted), Enter
 * chooses it, Escape closes the list; a click chooses too. Typing on never waits for the list.
 * Written here rather than Mantine's Combobox: this input is on every results page, whose
 * JavaScript budget (issue 24) has no room for a positioning engine.
 */
export function SearchTermInput({
  label,
  value,
  campo,
  onChange,
  onPick,
  error,
  suggest = true,
}: {
  label: string;
  value: string;
  /** The row's field: suggestions come from its headings (titles, authors, subjects, or all three). */
  campo: string;
  onChange: (value: string) => void;
  onPick: (pick: TypeaheadPick) => void;
  error?: string;
  /** False where our catalogue's headings do not apply (the partner network's search). */
  suggest?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const listId = `${id}-sugestoes`;
  const field = suggest ? typeaheadField(campo) : null;
  const [open, setOpen] = useState(false);
  const { data, isPlaceholderData } = useSugestoes(value, open ? field : null);
  const options = open && value.trim().length >= 3 ? (data ?? []) : [];
  const expanded = options.length > 0;
  // The option highlighted, of the list it was highlighted in: a new list (other words typed)
  // starts with nothing highlighted, so an Enter meant for it never chooses an option of the last.
  const [highlight, setHighlight] = useState<{ of: unknown; i: number }>({ of: null, i: -1 });
  const active = highlight.of === data ? highlight.i : -1;
  const setActive = (next: number | ((i: number) => number)) => setHighlight({ of: data, i: typeof next === 'function' ? next(active) : next });
  // The highlighted option stays in view when the list scrolls.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const choose = (i: number) => {
    const option = options[i];
    if (!option) return;
    setOpen(false);
    setActive(-1);
    onPick({ texto: option.texto, campo: option.campo });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!field) return;
      event.preventDefault();
      if (!open) return setOpen(true);
      if (!expanded) return;
      // From the last option Down wraps to the first, from the first (or none) Up to the last.
      if (event.key === 'ArrowDown') setActive((i) => (i + 1) % options.length);
      else setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded && !isPlaceholderData && active >= 0 && active < options.length) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const kind = (c: TypeaheadPick['campo']) => t(`search.fields.${c}`);
  return (
    <div className="typeahead" style={{ flex: '1 1 16rem' }}>
      <TextInput
        label={label}
        value={value}
        onChange={(e) => {
          onChange(e.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        maxLength={300}
        autoComplete="off"
        error={error}
        {...(field
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': expanded,
              'aria-controls': listId,
              'aria-activedescendant': expanded && active >= 0 && active < options.length ? `${listId}-${active}` : undefined,
            }
          : {})}
      />
      {field && (
        <>
          <ul
            id={listId}
            role="listbox"
            aria-label={t('search.typeahead.label')}
            className="typeahead-list"
            hidden={!expanded}
            // A press on the list (its scroll bar too) leaves focus in the input, and the list open.
            onMouseDown={(e) => e.preventDefault()}
          >
            {options.map((o, i) => (
              <li
                key={`${o.campo}:${o.texto}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className="typeahead-option"
                onClick={() => choose(i)}
              >
                <span>{o.texto}</span>
                <span className="typeahead-kind">
                  {kind(o.campo)} · {t('search.typeahead.titles', { count: o.total, formatted: o.total.toLocaleString(i18n.language) })}
                </span>
              </li>
            ))}
          </ul>
          <span className="visually-hidden" role="status">
            {expanded ? t('search.typeahead.available', { count: options.length, words: value.trim() }) : ''}
          </span>
        </>
      )}
    </div>
  );
}
