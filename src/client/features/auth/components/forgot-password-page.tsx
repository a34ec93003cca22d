import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { AuthLayout } from './auth-layout';

/** Placeholder until the server's reset flow exists; it says so instead of pretending. */
export function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Forgot Password"
      subtitle="Resetting your password by e-mail is coming soon."
    >
      <div className="space-y-5 text-sm">
        <p className="rounded-lg border bg-muted p-4 text-foreground">
          Password reset is not available yet. If you cannot sign in, ask the person who runs this
          Hourbook server to reset your password for you.
        </p>
        <Link href="/login" className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
          Back to sign in
        </Link>
      </div>
    </AuthLayout>
  );
}

export default ForgotPasswordPage;
