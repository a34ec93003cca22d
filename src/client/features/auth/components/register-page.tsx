import { useRememberSignedInUser } from '../use-remember-signed-in-user';
import { RegisterView } from './register-view';

/**
 * The sign-up form as the app shows it: signing up fills the app's query cache. A first
 * visit to /register shows RegisterView on its own, without the app (src/client/app/root.tsx).
 */
export function RegisterPage() {
  return <RegisterView onSignedIn={useRememberSignedInUser()} />;
}

// React.lazy needs a default export.
export default RegisterPage;
