/**
 * Runs `run` once the page has loaded and the browser is idle (a timer where there is no
 * requestIdleCallback), so work that can wait (a chunk fetched ahead, a first poll) takes nothing
 * from the page's first paint. Returns a cancel.
 */
export function whenIdle(run: () => void): () => void {
  let handle: number | undefined;
  let idle = false;
  const schedule = () => {
    if ('requestIdleCallback' in window) {
      idle = true;
      // At most 2 s late on a page that is never idle.
      handle = window.requestIdleCallback(run, { timeout: 2000 });
    } else {
      handle = globalThis.setTimeout(run, 200) as unknown as number;
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (handle === undefined) return;
    if (idle) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}
