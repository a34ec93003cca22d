// A first visit's sign-in and sign-up, without TanStack Query or the app. Only loaders: the entry
// chunk imports this file.
export const loadLoginView = () => import('./components/login-view');
export const loadRegisterView = () => import('./components/register-view');
