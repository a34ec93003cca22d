import { CircleAlert, CircleHelp, Clock, Mail, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { GMAIL_UNCONFIRMED } from '../../../../shared/schemas/mail-account.ts';
import { SettingsExportLink } from './gmail-option';
import type { SendPhase, SendProblem } from './use-send-report-email';

type ComposeSendNoticeProps = {
  phase: SendPhase;
  problem: SendProblem | null;
  reason?: string | null;
  to: string;
  /** Back to the choice of method, where 'Download and email manually' is. */
  onManual: () => void;
  onSendAgain?: () => void;
};

export function ComposeSendNotice({
  phase,
  problem,
  reason,
  to,
  onManual,
  onSendAgain,
}: ComposeSendNoticeProps) {
  if (phase === 'posting' || phase === 'sending') {
    return (
      <div role="status" className="flex items-center gap-2 rounded-lg border bg-muted p-3 text-sm">
        <Spinner label={null} className="size-4 shrink-0 text-primary" />
        <p className="min-w-0 [overflow-wrap:anywhere]">Sending to {to}…</p>
      </div>
    );
  }
  if (phase === 'queued') {
    return (
      <div role="status" className="flex items-start gap-2 rounded-lg border bg-muted p-3 text-sm">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <p className="min-w-0 [overflow-wrap:anywhere]">
          Gmail has not answered yet. Your email to {to} is queued and will be sent automatically
          when Gmail answers. You can close this dialog.
        </p>
      </div>
    );
  }
  if (!problem) return null;
  if (problem === 'unconfirmed') {
    // Gmail may have sent it: the user looks in their Sent folder before sending it again.
    return (
      <div className="space-y-3 rounded-lg border border-warning bg-warning/15 p-3 text-sm">
        <p className="flex items-start gap-2">
          <CircleHelp aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-foreground" />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            {GMAIL_UNCONFIRMED} It may already have reached {to}.
          </span>
        </p>
        <Button variant="outline" size="sm" onClick={onSendAgain}>
          <RotateCw aria-hidden="true" />
          Send again
        </Button>
      </div>
    );
  }
  // The toast has announced the failure; this stays on screen with the ways forward.
  return (
    <div className="space-y-3 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
      <p className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        <span className="min-w-0">
          {problem === 'failed' ? (
            <>
              The email was not sent{reason ? ` (${reason})` : ''}. Try again, or email the report
              manually.
            </>
          ) : (
            <>
              {problem === 'expired'
                ? 'Your Gmail connection has expired. Reconnect it in '
                : 'Gmail is not connected. Connect it in '}
              <SettingsExportLink />, or email the report manually.
            </>
          )}
        </span>
      </p>
      <Button variant="outline" size="sm" onClick={onManual}>
        <Mail aria-hidden="true" />
        Email manually instead
      </Button>
    </div>
  );
}
