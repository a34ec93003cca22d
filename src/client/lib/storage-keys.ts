/** Every key this app keeps in localStorage, in one place so none collide. */
export const storageKeys = {
  theme: 'theme',
  sidebarCollapsed: 'sidebarCollapsed',
  dashboardPeriod: 'dashboardPeriod',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** localStorage can throw (private mode, blocked storage). */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}
