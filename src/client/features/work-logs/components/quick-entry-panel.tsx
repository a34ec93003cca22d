import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useEmployers } from '@/features/employers';
import { useCurrency, userTimeZone, useSettings } from '@/features/settings';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { addDays, daysBetween } from '../../../../shared/domain/dates.ts';
import { elapsedMinutes } from '../../../../shared/domain/elapsed.ts';
import {
  formatBreak,
  formatClockRange,
  formatCurrency,
  type TimeFormat,
  todayIn,
} from '../../../../shared/domain/index.ts';
import {
  formatWeekdayDate,
  parseQuickEntry,
  type QuickEntryContext,
  type QuickEntryDraft,
  type QuickEntryResult,
} from '../../../../shared/domain/quick-entry.ts';
import type { PayPreviewBody } from '../../../../shared/schemas/work-logs.ts';
import { useCreateWorkLog } from '../api/create-work-log';
import { usePayPreview } from '../api/pay-preview';
import { manualPremiumsOf } from './pay-extras';
import { ReopenPeriodPanel } from './reopen-period-panel';
import { ShiftQuestionPanel } from './shift-question-panel';
import {
  formatLength,
  longShiftQuestion,
  overlapQuestion,
  type ShiftQuestion,
} from './shift-questions';
import { useAnnounceSave } from './use-announce-save';
import { type ClosedPeriod, closedPeriodOf } from './use-save-work-log';

type QuickEntryPanelProps = {
  text: string;
  presses: number;
  field: RefObject<HTMLInputElement | null>;
  problemsId: string;
  onInvalidChange: (invalid: boolean) => void;
  onSaved: () => void;
};

type Shown = { text: string; result: QuickEntryResult };
type Confirmed = { long?: boolean; overlap?: boolean };

/** The preview of what the box reads, its problems, and the save. */
export function QuickEntryPanel({
  text,
  presses,
  field,
  problemsId,
  onInvalidChange,
  onSaved,
}: QuickEntryPanelProps) {
  const settings = useSettings();
  const employers = useEmployers();
  const create = useCreateWorkLog();
  const announceSave = useAnnounceSave();
  const timeZone = userTimeZone(settings.data);
  const timeFormat: TimeFormat = settings.data?.timeFormat ?? '12-hour';
  const [shown, setShown] = useState<Shown | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<(ShiftQuestion & { confirmed: Confirmed }) | null>(null);
  const [closed, setClosed] = useState<(ClosedPeriod & { confirmed: Confirmed }) | null>(null);
  const answered = useRef(0);

  const context = useMemo((): QuickEntryContext | null => {
    if (!employers.data || settings.isPending) return null;
    return {
      today: todayIn(timeZone),
      employers: employers.data
        .filter((e) => e.isActive)
        .map((e) => ({
          id: e.id,
          name: e.name,
          departments: e.departments,
          premiums: manualPremiumsOf(e),
        })),
    };
  }, [employers.data, settings.isPending, timeZone]);

  const draft = shown?.result.ok ? shown.result.draft : null;
  const stale = shown !== null && shown.text !== text;
  const real = draft ? elapsedMinutes({ ...draft, timeZone }) : null;
  const clockProblem = real && !real.ok ? real.message : null;
  const problems = shown && !shown.result.ok ? shown.result.problems : [];
  const busy = create.isPending || asking !== null || closed !== null;
  const canSave = draft !== null && !stale && clockProblem === null && !busy;

  useEffect(() => {
    onInvalidChange(!stale && (problems.length > 0 || clockProblem !== null));
  }, [onInvalidChange, stale, problems.length, clockProblem]);

  const save = async (body: QuickEntryDraft, confirmed: Confirmed) => {
    const long = confirmed.long ? null : longShiftQuestion(body, timeFormat, timeZone);
    if (long) {
      setAsking({ ...long, confirmed });
      return;
    }
    setFailure(null);
    setAnnouncement('');
    try {
      // The draft the preview shows is the body sent, as it is.
      const saved = await create.mutateAsync(
        confirmed.overlap ? { ...body, allowOverlap: true } : body,
      );
      announceSave(saved, 'added');
      setShown(null);
      setAnnouncement('Shift added');
      onSaved();
      field.current?.focus();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'work_log_overlap') {
        setAsking({ ...overlapQuestion(error.serverMessage), confirmed });
        return;
      }
      const period = closedPeriodOf(error);
      if (period) {
        setClosed({ ...period, confirmed });
        return;
      }
      setFailure(
        error instanceof ApiError
          ? `This shift was not saved: ${error.serverMessage}`
          : 'This shift was not saved: the server could not be reached. Check your connection and press Enter again.',
      );
    }
  };

  // Each Enter once: the first shows what the line reads, the next (line unchanged) saves it.
  useEffect(() => {
    if (presses === answered.current || context === null) return;
    answered.current = presses;
    if (busy) return;
    if (shown && shown.text === text && draft && clockProblem === null) {
      void save(draft, {});
      return;
    }
    setFailure(null);
    if (text.trim() === '') {
      setShown(null);
      setAnnouncement('Type a shift first, e.g. ER tomorrow 22-6:30 b30');
      return;
    }
    const result = parseQuickEntry(text, context);
    setShown({ text, result });
    setAnnouncement(
      result.ok
        ? 'Shift read. Check it, then press Enter again to save it.'
        : `Not saved: ${result.problems.map((p) => p.message).join('. ')}`,
    );
  });

  const goBack = () => {
    setAsking(null);
    setClosed(null);
    field.current?.focus();
  };

  return (
    <div className="grid gap-3">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {context === null && presses > 0 ? (
        employers.isError ? (
          <FormAlert>
            Your employers could not be loaded, so the line cannot be read. Reload the page to try
            again.
          </FormAlert>
        ) : (
          <p className="text-muted-foreground text-sm">Loading your employers…</p>
        )
      ) : null}
      {problems.length > 0 ? (
        <div
          id={problemsId}
          className={cn(
            'grid gap-1 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm',
            stale && 'opacity-60',
          )}
        >
          <p className="font-medium">Not saved: nothing is added until every word is read</p>
          <ul className="list-disc pl-5" data-testid="quick-entry-problems">
            {problems.map((p) => (
              <li key={`${p.word}-${p.message}`}>{p.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {draft && context ? (
        <DraftPreview
          draft={draft}
          context={context}
          timeFormat={timeFormat}
          workedMinutes={real?.ok ? real.minutes - draft.breakDuration : null}
          clockProblem={clockProblem}
          problemsId={problemsId}
          stale={stale}
        />
      ) : null}
      {stale ? (
        <p className="text-muted-foreground text-sm">
          Changed since: press Enter to read it again.
        </p>
      ) : null}
      <FormAlert>{failure}</FormAlert>
      {closed ? (
        <ReopenPeriodPanel
          closed={closed}
          onReopened={() => {
            const { confirmed } = closed;
            setClosed(null);
            if (draft) void save(draft, confirmed);
          }}
          onGoBack={goBack}
        />
      ) : asking ? (
        <ShiftQuestionPanel
          question={asking}
          onSaveAnyway={() => {
            const confirmed = { ...asking.confirmed, [asking.kind]: true };
            setAsking(null);
            if (draft) void save(draft, confirmed);
          }}
          onGoBack={goBack}
        />
      ) : draft ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" disabled={!canSave} onClick={() => void save(draft, {})}>
            {create.isPending ? 'Saving…' : 'Save shift'}
          </Button>
          <span className="text-muted-foreground text-xs">or press Enter again</span>
        </div>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">How to write a shift</summary>
        <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted-foreground">
          <li>
            <strong className="text-foreground">Who:</strong> an employer or one of its departments,
            by its name, the start of a word of it, or its initials (“ER”, “diner”, “ED”). Put a
            name in quotes when it is also a date word (“"Sunday Cafe"”).
          </li>
          <li>
            <strong className="text-foreground">When:</strong> today (when none is written),
            tomorrow, yesterday; a weekday (“fri”) is the most recent one, today included; “next
            fri” is the one after today, “last fri” the one before; “Mar 3” is the Mar 3 nearest to
            today; or 2026-03-03.
          </li>
          <li>
            <strong className="text-foreground">Times:</strong> 22-6:30 ends the next day. Hours
            without am or pm are on the 24-hour clock when one of them says so (22, 06, 17:30);
            “9-5” is asked about: write 9am-5pm or 09:00-17:00.
          </li>
          <li>
            <strong className="text-foreground">Break:</strong> b30, b1h, b1h30 or “break 45”.
          </li>
          <li>
            <strong className="text-foreground">Premiums:</strong> the name of one of the employer’s
            by-hand premiums, or the start of it (“charge” for Charge nurse).
          </li>
        </ul>
      </details>
    </div>
  );
}

type DraftPreviewProps = {
  draft: QuickEntryDraft;
  context: QuickEntryContext;
  timeFormat: TimeFormat;
  workedMinutes: number | null;
  clockProblem: string | null;
  problemsId: string;
  stale: boolean;
};

/** Every field of the draft, and the pay as the server works it out. */
function DraftPreview({
  draft,
  context,
  timeFormat,
  workedMinutes,
  clockProblem,
  problemsId,
  stale,
}: DraftPreviewProps) {
  const currency = useCurrency();
  const employer = context.employers.find((e) => e.id === draft.employerId);
  const premiums = draft.manualPremiumIds.map(
    (id) => employer?.premiums.find((p) => p.id === id)?.name ?? id,
  );
  const body = useMemo(
    (): PayPreviewBody => ({
      employerId: draft.employerId,
      date: draft.date,
      startTime: draft.startTime,
      endTime: draft.endTime,
      breakDuration: draft.breakDuration,
      manualPremiumIds: [...draft.manualPremiumIds].sort(),
    }),
    [draft],
  );
  const pay = usePayPreview(stale ? null : body);
  const nextDay = draft.endTime <= draft.startTime;
  const payText = pay.isError
    ? 'Not worked out just now (the server works it out on saving)'
    : pay.data && !pay.isPlaceholderData
      ? formatCurrency(pay.data.totalCents, currency)
      : 'Working it out…';

  return (
    <div
      data-testid="quick-entry-preview"
      className={cn('grid gap-2 rounded-lg bg-muted p-3 text-sm', stale && 'opacity-60')}
    >
      <dl aria-label="The shift to add" className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <Row term="Employer" value={employer?.name ?? ''} />
        {draft.department !== null ? <Row term="Department" value={draft.department} /> : null}
        <Row
          term="Date"
          value={`${formatWeekdayDate(draft.date)}${relativeDay(draft.date, context.today)}`}
        />
        <Row
          term="Times"
          value={`${formatClockRange(draft.startTime, draft.endTime, timeFormat)}${nextDay ? ' (ends next day)' : ''}`}
        />
        <Row
          term="Break"
          value={draft.breakDuration > 0 ? formatBreak(draft.breakDuration) : 'None'}
        />
        {premiums.length > 0 ? <Row term="Premiums" value={premiums.join(', ')} /> : null}
        <Row term="Hours" value={workedMinutes === null ? '—' : formatLength(workedMinutes)} />
        <Row term="Pay" value={payText} />
      </dl>
      {clockProblem ? (
        <p id={problemsId} className="font-medium text-destructive">
          {clockProblem}
        </p>
      ) : null}
    </div>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex gap-2 sm:contents">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

function relativeDay(date: string, today: string): string {
  if (date === today) return ' (today)';
  if (date === addDays(today, 1)) return ' (tomorrow)';
  if (date === addDays(today, -1)) return ' (yesterday)';
  const days = daysBetween(today, date);
  return days > 0 ? ` (in ${days} days)` : ` (${-days} days ago)`;
}

export default QuickEntryPanel;
