import type { ClientDirective } from 'astro';

/**
 * `client:interaction="<selector>"`: hydrates the island the first time a visitor shows they are about
 * to use it — a pointer over, a touch on, focus on or a click on an element matching the selector —
 * so a page whose island only opens on demand (the event booking dialog) loads none of its
 * JavaScript before then. Without a selector it waits for the first interaction anywhere.
 */
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin', 'click'] as const;

const interaction: ClientDirective = (load, options) => {
  const selector = typeof options.value === 'string' ? options.value.trim() : '';
  let started = false;
  const start = (event: Event) => {
    if (started) return;
    if (selector && !(event.target instanceof Element && event.target.closest(selector))) return;
    started = true;
    for (const type of INTENT_EVENTS) document.removeEventListener(type, start, true);
    void load().then((hydrate) => hydrate());
  };
  for (const type of INTENT_EVENTS) document.addEventListener(type, start, { capture: true, passive: true });
};

export default interaction;
