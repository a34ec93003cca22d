/** docs/product/screens.md#talking-to-the-server; apart from query-client.ts so importing them loads no client. */
export const FIVE_MINUTES = 5 * 60 * 1000;
export const TEN_MINUTES = 10 * 60 * 1000;
