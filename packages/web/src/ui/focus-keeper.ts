/**
 * One rule for where the focus goes after the patron acts (issue 55, decision 0047): it is never
 * left on the page's body.
 *
 * - A form sent with mistakes: the focus goes to the first field marked invalid (`aria-invalid`),
 *   whose error its label and description read out.
 * - A button that starts a write is usually disabled while it runs (Mantine's `loading`) or removed
 *   by its outcome (a cancelled hold's row): the browser then drops the focus to the body. When that
 *   happens, the focus goes to the outcome that appeared since the button was pressed — the
 *   confirmation (`role="status"`) or the refusal (`role="alert"`), or any `[data-outcome]` region —;
 *   when none appears, back to the button once it can take it again; when the button is gone too
 *   (a dialog that closed), to what opened the dialog, else to the page's heading.
 *
 * Screens that focus their confirmation themselves (`NoticeView`, `Announcer`) keep doing so: the
 * keeper only acts when the focus has nowhere to be. Toasts are never focused (they close by
 * themselves). A move to another page ends the watch: the new page focuses its heading (PageTitle).
 */

const OUTCOME = '[role="status"], [role="alert"], [data-outcome]';
/** How long a write may take before the keeper stops waiting for its outcome. */
const WATCH_MS = 30_000;
/** How long to wait, once the button can take the focus again, for an outcome that renders a moment later. */
const SETTLE_MS = 350;
/** How long to wait for an outcome once the button is gone, before the heading takes the focus. */
const GONE_MS = 1_500;
/** How long the watch goes on after the focus was given back to the button (a dialog still closing). */
const GRACE_MS = 1_500;

interface Watch {
  control: HTMLElement;
  /** The control was in a dialog: when the dialog is gone, the focus returns to what opened it. */
  opener: HTMLElement | null;
  seen: Map<Element, string>;
  started: number;
  /** When the control was first seen able to take the focus again (or gone), while the focus was lost. */
  settledAt: number | null;
  /** When the focus was given back to the control: a dialog closing a moment later takes it away again. */
  restoredAt: number | null;
}

function isToast(element: Element): boolean {
  return element.closest('.mantine-Notifications-root, [data-toast]') !== null;
}

function visible(element: Element): boolean {
  return element.getClientRects().length > 0;
}

function outcomes(doc: Document): Map<Element, string> {
  const found = new Map<Element, string>();
  for (const element of doc.querySelectorAll(OUTCOME)) {
    if (isToast(element) || element.getAttribute('aria-busy') === 'true') continue;
    found.set(element, (element.textContent ?? '').trim());
  }
  return found;
}

function focusLost(doc: Document): boolean {
  return doc.activeElement === null || doc.activeElement === doc.body || doc.activeElement === doc.documentElement;
}

function canTakeFocus(element: HTMLElement): boolean {
  return element.isConnected && !element.matches(':disabled') && element.getAttribute('aria-disabled') !== 'true' && visible(element);
}

/** Focuses an outcome: the focusable element it holds (the Announcer's panel), else itself. */
function focusOutcome(element: Element): void {
  const inner = element.querySelector<HTMLElement>('[tabindex="-1"]');
  const target = inner ?? (element as HTMLElement);
  if (!inner && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

function focusHeading(doc: Document): void {
  const heading = doc.querySelector<HTMLElement>('main h1, h1') ?? doc.querySelector<HTMLElement>('main');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/** A form's first field marked invalid (Mantine: `aria-invalid`, or `data-invalid` on a PasswordInput's wrapper). */
function firstInvalid(form: HTMLFormElement): HTMLElement | null {
  for (const marked of form.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-invalid="true"], [data-invalid=""]')) {
    const field = marked.matches('input, select, textarea') ? marked : marked.querySelector<HTMLElement>('input, select, textarea');
    if (field && field.getAttribute('type') !== 'hidden' && !field.matches(':disabled') && visible(field)) return field;
  }
  return null;
}

/** The outcome that appeared or changed since the watch began, the last in the page's order. */
function newOutcome(doc: Document, seen: Map<Element, string>): Element | null {
  let latest: Element | null = null;
  for (const [element, text] of outcomes(doc)) {
    if (text === '' || !visible(element)) continue;
    if (seen.get(element) === text) continue;
    // An outcome inside another new one (an Alert inside a live region): the outer one is focused.
    if (latest && latest.contains(element)) continue;
    latest = element;
  }
  return latest;
}

export interface FocusKeeper {
  /** The page changed: stop watching (the new page takes its own focus). */
  navigated(): void;
  stop(): void;
}

/** Installs the rule on a document (main.tsx, once). */
export function keepFocus(doc: Document = document): FocusKeeper {
  const win = doc.defaultView!;
  let watch: Watch | null = null;
  let pending: number | undefined;
  /** The last element focused outside any dialog: the one a dialog's closing returns to. */
  let outside: HTMLElement | null = null;

  const end = () => {
    watch = null;
    observer.disconnect();
    if (pending !== undefined) win.clearTimeout(pending);
    pending = undefined;
  };

  const check = () => {
    pending = undefined;
    const w = watch;
    if (!w) return;
    const now = Date.now();
    if (now - w.started > WATCH_MS) {
      if (focusLost(doc)) focusHeading(doc);
      end();
      return;
    }
    if (!focusLost(doc)) {
      // The focus is somewhere: nothing to do (the next change of the page checks again). Given
      // back to the button a while ago and still there: the act is over.
      w.settledAt = null;
      if (w.restoredAt !== null) {
        if (now - w.restoredAt >= GRACE_MS) end();
        else schedule(GRACE_MS - (now - w.restoredAt));
      }
      return;
    }
    // Lost again after it was given back (the button's dialog closed): on with the rule.
    w.restoredAt = null;
    const outcome = newOutcome(doc, w.seen);
    if (outcome) {
      focusOutcome(outcome);
      end();
      return;
    }
    const back = canTakeFocus(w.control);
    const gone = !w.control.isConnected;
    if (back || gone) {
      w.settledAt ??= now;
      const wait = back ? SETTLE_MS : GONE_MS;
      if (now - w.settledAt >= wait) {
        if (back) {
          // Back to the button; watched a moment longer, in case its dialog is closing.
          w.control.focus();
          w.restoredAt = now;
          w.settledAt = null;
          schedule(GRACE_MS);
          return;
        }
        if (w.opener && canTakeFocus(w.opener)) w.opener.focus();
        else focusHeading(doc);
        end();
        return;
      }
      schedule(wait - (now - w.settledAt));
      return;
    }
    // Still busy (disabled while the write runs): the next change of the page calls again.
    schedule(500);
  };

  const schedule = (ms = 30) => {
    if (pending !== undefined) win.clearTimeout(pending);
    pending = win.setTimeout(check, ms);
  };

  const observer = new win.MutationObserver(() => schedule());

  const begin = (control: HTMLElement) => {
    end();
    const opener = control.closest('[role="dialog"]') && outside?.isConnected ? outside : null;
    watch = { control, opener, seen: outcomes(doc), started: Date.now(), settledAt: null, restoredAt: null };
    observer.observe(doc.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['disabled', 'data-loading', 'aria-disabled', 'role'],
    });
    schedule();
  };

  // Any press elsewhere means the patron has moved on: the watch of the last act ends (a press
  // on a button begins the next one).
  const onPointerDown = () => end();

  const onClick = (event: Event) => {
    const control = (event.target as Element | null)?.closest?.<HTMLElement>('button, [role="button"], input[type="submit"], input[type="button"]');
    if (control && !isToast(control)) begin(control);
  };

  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    const submitter = (event as SubmitEvent).submitter ?? (doc.activeElement instanceof win.HTMLElement ? doc.activeElement : null);
    // Before the form's own handler (this listener captures): what the page already said.
    const seen = outcomes(doc);
    // After the handler has validated and drawn its errors.
    win.setTimeout(() => {
      const invalid = form.isConnected ? firstInvalid(form) : null;
      if (invalid) {
        end();
        invalid.focus();
        return;
      }
      // A form that tells its mistakes in one notice (an error summary): the focus goes to it.
      const said = form.isConnected && !focusLost(doc) ? newOutcome(doc, seen) : null;
      if (said && said.getAttribute('role') === 'alert' && form.contains(said)) {
        end();
        focusOutcome(said);
        return;
      }
      if (submitter && (!watch || watch.control !== submitter)) begin(submitter);
    }, 0);
  };

  const onFocusIn = (event: Event) => {
    const target = event.target as HTMLElement;
    if (target !== doc.body && !target.closest?.('[role="dialog"]')) outside = target;
  };

  doc.addEventListener('focusin', onFocusIn, true);
  doc.addEventListener('pointerdown', onPointerDown, true);
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  return {
    navigated: end,
    stop: () => {
      end();
      doc.removeEventListener('focusin', onFocusIn, true);
      doc.removeEventListener('pointerdown', onPointerDown, true);
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('submit', onSubmit, true);
    },
  };
}
