// Other features import from here only, never from inside the folder.

export { useReopenPeriod } from './api/close-period';
export { ledgerQueryOptions, useLedger } from './api/get-ledger';
export { paymentsQueryOptions } from './api/get-payments';
export { paymentKeys } from './api/query-keys';

export const loadPayPage = () => import('./components/pay-page');
