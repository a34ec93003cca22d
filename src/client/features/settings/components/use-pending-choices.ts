import { useCallback, useRef, useState } from 'react';

/**
 * Shows a choice at once while it is saved. Only a field's latest choice decides what shows;
 * the saves run in order (settingsSaveScope), so the latest also wins on the server.
 */
export function usePendingChoices<T extends object>(
  saved: T,
  save: (patch: Partial<T>) => Promise<unknown>,
) {
  const [pending, setPending] = useState<Partial<T>>({});
  const latest = useRef(new Map<keyof T, number>());
  const counter = useRef(0);

  const choose = useCallback(
    <K extends keyof T>(field: K, value: T[K]) => {
      counter.current += 1;
      const id = counter.current;
      latest.current.set(field, id);
      setPending((current) => ({ ...current, [field]: value }));
      const patch = { [field]: value } as unknown as Partial<T>;
      save(patch)
        .catch(() => undefined)
        .finally(() => {
          if (latest.current.get(field) !== id) return;
          latest.current.delete(field);
          setPending((current) => {
            const next = { ...current };
            delete next[field];
            return next;
          });
        });
    },
    [save],
  );

  return { values: { ...saved, ...pending } as T, choose };
}
