import { createContext, type ReactNode, type Ref, useCallback, useContext, useState } from 'react';

/**
 * Popups open inside the landmark around their control so screen readers find them (axe
 * 'region'). None may be a containing block that clips (hence ./dialog.tsx has no transform).
 */
const AROUND = [
  '[role=dialog]',
  '[role=alertdialog]',
  'main',
  '[role=main]',
  'header',
  '[role=banner]',
  'nav',
  '[role=navigation]',
  'search',
  '[role=search]',
  'section[aria-label]',
  'section[aria-labelledby]',
  '[role=region]',
].join(', ');

type Anchor = { trigger: HTMLElement | null; setTrigger: (element: HTMLElement | null) => void };

const AnchorContext = createContext<Anchor | null>(null);

export function PopupAnchor({ children }: { children: ReactNode }) {
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  return <AnchorContext value={{ trigger, setTrigger }}>{children}</AnchorContext>;
}

export function useAnchorRef<T extends HTMLElement>(ref?: Ref<T>) {
  const setTrigger = useContext(AnchorContext)?.setTrigger;
  return useCallback(
    (element: T | null) => {
      setTrigger?.(element);
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [setTrigger, ref],
  );
}

export function usePopupContainer(): HTMLElement | undefined {
  const trigger = useContext(AnchorContext)?.trigger;
  return trigger?.closest<HTMLElement>(AROUND) ?? undefined;
}

/**
 * Radix Select aria-hides the page while its list is open yet leaves it focusable (axe
 * aria-hidden-focus); a pick-one list is not modal (WAI-ARIA APG), so this undoes that hiding.
 * Only the `aria-hidden` package's marks (data-aria-hidden) are undone, not the app's own.
 */
export function keepPageReadable(): () => void {
  const observer = new MutationObserver((records) => {
    for (const { target } of records) {
      if (
        target instanceof Element &&
        target.getAttribute('aria-hidden') === 'true' &&
        target.hasAttribute('data-aria-hidden')
      ) {
        target.removeAttribute('aria-hidden');
      }
    }
  });
  observer.observe(document.body, {
    attributes: true,
    attributeFilter: ['aria-hidden'],
    subtree: true,
  });
  return () => observer.disconnect();
}
