import { PageHeader } from '@/components/page-header';

export function VerifyEmailPage() {
  return <PageHeader title="Verify Email" subtitle="Confirm the change of your e-mail address" />;
}

export default VerifyEmailPage;
