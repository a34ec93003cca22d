/**
 * The sign-in and sign-up pages on their own, for a first visit to /login or /register
 * (src/client/app/root.tsx): they load neither TanStack Query nor the app. Only loaders: the
 * entry chunk imports this file.
 */
export const loadLoginView = () => import('./components/login-view');
export const loadRegisterView = () => import('./components/register-view');
