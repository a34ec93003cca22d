import { useRememberSignedInUser } from '../use-remember-signed-in-user';
import { RegisterView } from './register-view';

/** Inside the app, signing up fills its query cache; a first visit shows RegisterView alone. */
export function RegisterPage() {
  return <RegisterView onSignedIn={useRememberSignedInUser()} />;
}

// React.lazy needs a default export.
export default RegisterPage;
