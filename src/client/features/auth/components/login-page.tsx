import { useRememberSignedInUser } from '../use-remember-signed-in-user';
import { LoginView } from './login-view';

/**
 * The sign-in form as the app shows it (on /login after signing out, and on a signed-in page
 * opened without a session): signing in fills the app's query cache. A first visit to /login
 * shows LoginView on its own, without the app (src/client/app/root.tsx).
 */
export function LoginPage() {
  return <LoginView onSignedIn={useRememberSignedInUser()} />;
}

// React.lazy needs a default export.
export default LoginPage;
