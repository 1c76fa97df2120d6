import type { ClientDirective } from 'astro';

/**
 * `client:afterload`: hydrates once the page has loaded (its load event, then the browser's next idle
 * moment), so the island's JavaScript never competes with the first paint: what the server rendered
 * is the first screen. A visitor who reaches for the island before then (a pointer over it, a touch,
 * focus in it) hydrates it at once, so what they do next is the island's to handle.
 */
const afterLoad: ClientDirective = (load, _options, island) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void load().then((hydrate) => hydrate());
  };
  // Pointer events cover touch too.
  for (const type of ['pointerover', 'focusin']) island.addEventListener(type, start);
  // Safari has no requestIdleCallback: the next task then.
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(start) : setTimeout(start));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle);
};

export default afterLoad;
