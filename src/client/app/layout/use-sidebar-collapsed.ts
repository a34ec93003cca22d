import { useCallback, useState } from 'react';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';

/** The desktop sidebar's collapsed state, kept under `sidebarCollapsed` (docs/product/screens.md#layout). */
export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(
    () => readStorage(storageKeys.sidebarCollapsed) === 'true',
  );
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      writeStorage(storageKeys.sidebarCollapsed, String(next));
      return next;
    });
  }, []);
  return [collapsed, toggle] as const;
}
