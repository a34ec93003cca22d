// From the domain, not the schemas: the app shell must not pull zod in.
import { DEFAULT_CURRENCY } from '../../../shared/domain/money.ts';
import { useSettings } from './api/get-settings';

export function useCurrency(): string {
  return useSettings().data?.currency ?? DEFAULT_CURRENCY;
}
