/** The pay ledger and the payments, each under its GET route. */
export const paymentKeys = {
  ledger: ['/api/payments/ledger'] as const,
  list: ['/api/payments'] as const,
};
