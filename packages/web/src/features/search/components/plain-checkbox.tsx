import type { ChangeEvent } from 'react';

/**
 * A checkbox as the browser draws it (styles.css `.plain-checkbox`): 24 px square, so it is a
 * large enough target on its own (WCAG 2.5.8), with the label beside it clickable too. The results
 * page shows a hundred or more (facet values, a box per result): Mantine's Checkbox renders a
 * dozen components for each, which made the page's first draw one long task (issue 55).
 */
export function PlainCheckbox({
  label,
  checked,
  onChange,
  indeterminate = false,
  hideLabel = false,
}: {
  label: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  indeterminate?: boolean;
  /** The label for assistive technology only (a result's box, whose title is beside it). */
  hideLabel?: boolean;
}) {
  return (
    <label className="plain-checkbox">
      <input
        type="checkbox"
        checked={checked}
        onChange={onChange}
        ref={(input) => {
          if (input) input.indeterminate = indeterminate;
        }}
      />
      <span className={hideLabel ? 'visually-hidden' : undefined}>{label}</span>
    </label>
  );
}
