import { useRememberSignedInUser } from '../use-remember-signed-in-user';
import { LoginView } from './login-view';

/** Inside the app, signing in fills its query cache; a first visit shows LoginView alone. */
export function LoginPage() {
  return <LoginView onSignedIn={useRememberSignedInUser()} />;
}

// React.lazy needs a default export.
export default LoginPage;
