import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { FormAlert } from '@/components/ui/form-alert';
import { pageTitle } from '@/lib/use-document-title';
import { forgotPasswordBodySchema } from '../../../../shared/schemas/auth.ts';
import { takeTemporarySignIn } from '../temporary-sign-in';
import { AuthLayout, authLinkClass } from './auth-layout';
import { RequestStep } from './forgot-password-request-step';
import { ResetStep } from './forgot-password-reset-step';
import { VerifyStep } from './forgot-password-verify-step';

type Step = 'request' | 'verify' | 'reset';

const steps: Record<Step, { number: number; title: string }> = {
  request: { number: 1, title: 'Request a temporary password' },
  verify: { number: 2, title: 'Enter the temporary password' },
  reset: { number: 3, title: 'Choose a new password' },
};

type Notice = { message: string; signIn: boolean };

const HEADING_ID = 'forgot-password-step';
export const TEMPORARY_SIGN_IN =
  'You signed in with a temporary password. Choose a new password to finish signing in.';
export const TEMPORARY_PASSWORD_GONE =
  'That temporary password no longer works: it expired, was used or had too many tries. Ask for a new one.';

export const NEW_CODE_SENT =
  'If an account exists for that address, a new temporary password is on its way. Only the newest one works: the one mailed before no longer does.';

/** `?email=…&step=code`: the mail's link, or a reload at step 2. */
function codeStepEmail(search: string): string | undefined {
  const params = new URLSearchParams(search);
  if (params.get('step') !== 'code') return undefined;
  const parsed = forgotPasswordBodySchema.safeParse({ email: params.get('email') ?? '' });
  return parsed.success ? parsed.data.email : undefined;
}

const codeStepPath = (email: string) =>
  `/forgot-password?${new URLSearchParams({ email, step: 'code' })}`;

// docs/product/screens.md#forgot-password and
// docs/product/deviations.md#1-forgot-password-mails-the-temporary-password
export function ForgotPasswordPage() {
  // Sent here by a sign-in with a temporary password: straight to choosing the new one.
  const [handedOff] = useState(takeTemporarySignIn);
  const search = useSearch();
  const [, navigate] = useLocation();
  const [linkedEmail] = useState(() => codeStepEmail(search));
  const [step, setStep] = useState<Step>(handedOff ? 'reset' : linkedEmail ? 'verify' : 'request');
  const [moves, setMoves] = useState(0);
  const [email, setEmail] = useState(handedOff?.email ?? linkedEmail ?? '');
  const [temporaryPassword, setTemporaryPassword] = useState(handedOff?.temporaryPassword ?? '');
  const [notice, setNotice] = useState<Notice | null>(
    handedOff ? { message: TEMPORARY_SIGN_IN, signIn: false } : null,
  );
  const heading = useRef<HTMLHeadingElement>(null);

  // Each new step's heading takes focus, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (moves > 0) heading.current?.focus();
  }, [moves]);

  // Past step 1 the address stays in the URL, so a reload (or the mail's link) lands on step 2.
  const wanted = step !== 'request' && email ? codeStepPath(email) : '/forgot-password';
  useEffect(() => {
    const here = `/forgot-password${search ? `?${search}` : ''}`;
    if (here !== wanted) navigate(wanted, { replace: true });
  }, [wanted, search, navigate]);

  function go(next: Step, nextNotice: Notice | null = null) {
    setNotice(nextNotice);
    setStep(next);
    setMoves((n) => n + 1);
  }

  const { number, title } = steps[step];
  return (
    <AuthLayout
      documentTitle={pageTitle('Forgot password')}
      title="Forgot Password"
      subtitle="We will e-mail you a temporary password, then you choose a new one."
      footer={
        <>
          Remember your password?{' '}
          <Link href="/login" className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <div className="space-y-5">
        <h2
          id={HEADING_ID}
          ref={heading}
          tabIndex={-1}
          className="rounded-sm font-semibold text-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="block font-medium text-muted-foreground text-xs uppercase tracking-wide">
            Step {number} of 3
          </span>{' '}
          {title}
        </h2>
        {notice ? (
          <FormAlert variant="info">
            {notice.message}
            {notice.signIn ? (
              <>
                {' '}
                <Link href="/login" className={authLinkClass}>
                  Back to sign in
                </Link>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        {step === 'request' ? (
          <RequestStep
            defaultEmail={email}
            labelledBy={HEADING_ID}
            onSent={(sentTo, message) => {
              setEmail(sentTo);
              go('verify', { message, signIn: false });
            }}
          />
        ) : null}
        {step === 'verify' ? (
          <VerifyStep
            email={email}
            labelledBy={HEADING_ID}
            onVerified={(password) => {
              setTemporaryPassword(password);
              go('reset');
            }}
            onResent={() => setNotice({ message: NEW_CODE_SENT, signIn: false })}
            onBack={() => go('request')}
          />
        ) : null}
        {step === 'reset' ? (
          <ResetStep
            email={email}
            temporaryPassword={temporaryPassword}
            labelledBy={HEADING_ID}
            onReset={(message) => {
              setTemporaryPassword('');
              go('request', { message, signIn: true });
            }}
            onExpired={() => {
              setTemporaryPassword('');
              go('request', { message: TEMPORARY_PASSWORD_GONE, signIn: false });
            }}
            onBack={() => go('verify')}
          />
        ) : null}
      </div>
    </AuthLayout>
  );
}

export default ForgotPasswordPage;
