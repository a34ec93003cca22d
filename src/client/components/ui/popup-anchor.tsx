import { createContext, type ReactNode, type Ref, useCallback, useContext, useState } from 'react';

/**
 * Where a menu or a pick-one list opens: inside the landmark or dialog around the control that
 * opens it, rather than loose at the end of the page, so it sits in the page's structure for
 * screen readers (axe 'region'). None of these is a containing block that would clip it
 * (./dialog.tsx centres its box without a transform for that reason).
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

/** Around one menu or list: remembers the control that opens it. */
export function PopupAnchor({ children }: { children: ReactNode }) {
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  return <AnchorContext value={{ trigger, setTrigger }}>{children}</AnchorContext>;
}

/** The opening control's ref: records it for the popup, and passes it on to `ref`. */
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

/** The element the popup is portalled into; undefined (the body) until the control is known. */
export function usePopupContainer(): HTMLElement | undefined {
  const trigger = useContext(AnchorContext)?.trigger;
  return trigger?.closest<HTMLElement>(AROUND) ?? undefined;
}

/**
 * Radix Select hides the rest of the page from screen readers while its list is open
 * (aria-hidden on everything else, as behind a modal dialog) yet leaves it focusable, which
 * axe reports (aria-hidden-focus), along with a page left without its main landmark and its
 * heading. A pick-one list is not modal (WAI-ARIA APG, select-only combobox), so this undoes
 * that hiding as it happens. What was hidden before (the page behind an open dialog) sets no
 * attribute again and stays hidden; the `aria-hidden` package marks what it hides with
 * data-aria-hidden, which tells its changes from the app's own.
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
