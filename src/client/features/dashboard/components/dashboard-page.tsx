import { PageHeader } from '@/components/page-header';

export function DashboardPage() {
  return <PageHeader title="Dashboard" subtitle="Track your working hours and manage employers" />;
}

export default DashboardPage;
