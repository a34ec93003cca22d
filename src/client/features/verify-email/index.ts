export const loadVerifyEmailPage = () => import('./components/verify-email-page');
