import { useCallback, useState } from 'react';
import { type WorkLogFilter, workLogFilters } from '../../../../shared/domain/index.ts';

/** Kept here, not in lib/storage-keys.ts: only this feature reads or writes it. */
export const WORK_LOG_FILTERS_KEY = 'workLogFilters';
export const ALL = 'all';

export type WorkLogFilterState = {
  employerId: string;
  department: string;
  date: WorkLogFilter;
};

export const defaultWorkLogFilters: WorkLogFilterState = {
  employerId: ALL,
  department: ALL,
  date: 'all',
};

export function hasActiveFilters(filters: WorkLogFilterState): boolean {
  return filters.employerId !== ALL || filters.department !== ALL || filters.date !== 'all';
}

/** The stored filters, or the defaults when missing, unreadable or of an older shape. */
export function readStoredFilters(): WorkLogFilterState {
  try {
    const text = window.localStorage.getItem(WORK_LOG_FILTERS_KEY);
    if (!text) return defaultWorkLogFilters;
    const value = JSON.parse(text) as Partial<Record<keyof WorkLogFilterState, unknown>>;
    const employerId =
      typeof value.employerId === 'string' && /^(all|\d+)$/.test(value.employerId)
        ? value.employerId
        : ALL;
    const department =
      employerId !== ALL && typeof value.department === 'string' && value.department
        ? value.department
        : ALL;
    const date = workLogFilters.find((option) => option === value.date) ?? 'all';
    return { employerId, department, date };
  } catch {
    return defaultWorkLogFilters;
  }
}

function writeStoredFilters(filters: WorkLogFilterState): void {
  try {
    if (hasActiveFilters(filters)) {
      window.localStorage.setItem(WORK_LOG_FILTERS_KEY, JSON.stringify(filters));
    } else {
      window.localStorage.removeItem(WORK_LOG_FILTERS_KEY);
    }
  } catch {
    // Storage blocked: the filters last while the page stays open.
  }
}

export function clearStoredFilters(): void {
  try {
    window.localStorage.removeItem(WORK_LOG_FILTERS_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

// docs/product/screens.md#work-logs: the filters survive moving between pages, not leaving or reloading the
// app. 'pagehide' (unlike 'beforeunload') also fires on mobile and keeps the back/forward cache.
if (typeof window !== 'undefined') window.addEventListener('pagehide', clearStoredFilters);

export function useWorkLogFilters() {
  const [filters, setFilters] = useState(readStoredFilters);

  const update = useCallback((changes: Partial<WorkLogFilterState>) => {
    setFilters((current) => {
      const next = { ...current, ...changes };
      // A department belongs to one employer: changing the employer drops it.
      if (changes.employerId !== undefined && changes.employerId !== current.employerId) {
        next.department = changes.department ?? ALL;
      }
      writeStoredFilters(next);
      return next;
    });
  }, []);

  const reset = useCallback(() => {
    clearStoredFilters();
    setFilters(defaultWorkLogFilters);
  }, []);

  return { filters, update, reset };
}
