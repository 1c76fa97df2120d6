const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements inside a container that Tab can reach, in order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden], [inert]'));
}

/** Keeps Tab and Shift+Tab cycling inside the container. Call from its keydown handler. */
export function trapTab(event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void }, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const focusable = focusableIn(container);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
