/** The verify-email feature, as the app shell may use it. */

/** The e-mail confirmation page, for the router's lazy(): loaded only when it is first opened. */
export const loadVerifyEmailPage = () => import('./components/verify-email-page');
