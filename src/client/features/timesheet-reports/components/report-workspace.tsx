import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useMe } from '@/features/auth';
import { useEmployers } from '@/features/employers';
import { useCurrency, useSettings } from '@/features/settings';
import { senderNameOf } from './report-email';
import { type PreparedReport, ReportForm } from './report-form';
import { ReportWorkspaceSkeleton } from './report-workspace-skeleton';

/** Its own chunk; waits for settings and employers, since both shape the form. */
export function ReportWorkspace({ prepared }: { prepared: PreparedReport | null }) {
  const settings = useSettings();
  const employers = useEmployers();
  const user = useMe();
  const currency = useCurrency();

  if ((settings.isError && !settings.data) || (employers.isError && !employers.data)) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-card px-6 py-12 text-center"
      >
        <p className="font-medium">The report form could not be loaded.</p>
        <Button
          variant="outline"
          onClick={() => {
            if (settings.isError) void settings.refetch();
            if (employers.isError) void employers.refetch();
          }}
        >
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  }
  if (!settings.data || !employers.data) return <ReportWorkspaceSkeleton />;
  return (
    <ReportForm
      employers={employers.data}
      settings={settings.data}
      currency={currency}
      senderName={senderNameOf(user.data ?? undefined)}
      prepared={prepared}
    />
  );
}

export default ReportWorkspace;
