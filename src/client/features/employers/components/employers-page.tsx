import { PageHeader } from '@/components/page-header';

export function EmployersPage() {
  return <PageHeader title="Employers" subtitle="Manage the people and companies you work for" />;
}

export default EmployersPage;
