import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type {
  AddEmployerHolidayBody,
  EmployerHolidays,
  HolidayCountries,
  HolidayRegions,
} from '../../../../shared/schemas/holidays.ts';
import { employerKeys } from './query-keys';

async function get<T>(url: string, signal?: AbortSignal): Promise<T> {
  return (await getJson<T>(url, { on401: 'throw', signal }))!;
}

/** The countries whose public holidays the server knows; they do not change while the app runs. */
export const holidayCountriesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/holidays/countries'] as const,
    queryFn: ({ signal }) => get<HolidayCountries>('/api/holidays/countries', signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useHolidayCountries() {
  return useQuery(holidayCountriesQueryOptions());
}

export const holidayRegionsQueryOptions = (country: string) =>
  queryOptions({
    queryKey: ['/api/holidays/regions', country] as const,
    queryFn: ({ signal }) =>
      get<HolidayRegions>(`/api/holidays/regions?country=${encodeURIComponent(country)}`, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useHolidayRegions(country: string | null | undefined) {
  return useQuery({ ...holidayRegionsQueryOptions(country ?? ''), enabled: Boolean(country) });
}

/** Under the employers' key, so a save that changes the employer's country refreshes it too. */
export const employerHolidaysKey = (id: number, year: number) =>
  [...employerKeys.all, id, 'holidays', year] as const;

export const employerHolidaysQueryOptions = (id: number, year: number) =>
  queryOptions({
    queryKey: employerHolidaysKey(id, year),
    queryFn: ({ signal }) =>
      get<EmployerHolidays>(`/api/employers/${id}/holidays?year=${year}`, signal),
  });

export function useEmployerHolidays(id: number, year: number) {
  return useQuery(employerHolidaysQueryOptions(id, year));
}

/**
 * Adds a date (or puts back a removed public holiday), or removes one; each answers the year's
 * list, which replaces the cached one. Shifts' pay follows on the server, so work logs and
 * employers (their totals) are read again.
 */
export function useChangeEmployerHoliday(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { action: 'add'; body: AddEmployerHolidayBody } | { action: 'remove'; date: string },
    ) =>
      change.action === 'add'
        ? sendJson<EmployerHolidays>('POST', `/api/employers/${id}/holidays`, change.body)
        : sendJson<EmployerHolidays>(
            'DELETE',
            `/api/employers/${id}/holidays/${encodeURIComponent(change.date)}`,
          ),
    onSuccess: (list) => {
      queryClient.setQueryData(employerHolidaysKey(id, list.year), list);
      void invalidateAfterSave(queryClient);
    },
  });
}
