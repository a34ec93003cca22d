import { PageHeader } from '@/components/page-header';

export function WorkLogsPage() {
  return <PageHeader title="Work Logs" subtitle="Every shift you have logged, newest first" />;
}

export default WorkLogsPage;
