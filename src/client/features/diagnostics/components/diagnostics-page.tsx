import { PageHeader } from '@/components/page-header';

export function DiagnosticsPage() {
  return (
    <PageHeader
      title="Diagnostics"
      subtitle="Version, database mode, mail and Notion connection state"
    />
  );
}

export default DiagnosticsPage;
