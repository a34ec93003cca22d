import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FieldError, Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { currencySymbol } from '../../../../shared/domain/format.ts';
import { formatCurrency } from '../../../../shared/domain/money.ts';
import { premiumInWords, WEEKDAYS } from '../../../../shared/domain/pay-text.ts';
import type { PremiumRule } from '../../../../shared/domain/premiums.ts';
import { MAX_PREMIUMS } from '../../../../shared/schemas/pay-extras.ts';
import { CheckboxField } from './overtime-fields';
import {
  emptyPremiumDraft,
  type PremiumDraft,
  type PremiumDraftErrors,
  premiumDraftOf,
  premiumFromDraft,
  runsPastMidnight,
} from './premium-draft';

type PremiumsEditorProps = {
  value: readonly PremiumRule[];
  onChange: (premiums: PremiumRule[]) => void;
  currency: string;
  /** Told when a premium is opened for editing or closed, so the employer waits for it. */
  onEditingChange?: (editing: boolean) => void;
  /** Said above the premium's buttons: the employer was saved with a premium still open. */
  pendingMessage?: string;
  error?: string;
};

type Editing = { draft: PremiumDraft; index: number | null; errors: PremiumDraftErrors };

const SHORT_DAYS = WEEKDAYS.map((day) => day.slice(0, 3));

/** "Premiums": the saved ones in words, each with Edit and Remove, and one open editor at a time. */
export function PremiumsEditor({
  value,
  onChange,
  currency,
  onEditingChange,
  pendingMessage,
  error,
}: PremiumsEditorProps) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const money = (cents: number) => formatCurrency(cents, currency);
  const headingId = useId();

  const open = (next: Editing | null) => {
    setEditing(next);
    onEditingChange?.(next !== null);
  };

  function commit() {
    if (!editing) return;
    const others = value.filter((_, i) => i !== editing.index).map((p) => p.name);
    const result = premiumFromDraft(editing.draft, others);
    if ('errors' in result) {
      setEditing({ ...editing, errors: result.errors });
      return;
    }
    const next = [...value];
    if (editing.index === null) next.push(result.rule);
    else next[editing.index] = result.rule;
    onChange(next);
    open(null);
    requestAnimationFrame(() => addButton.current?.focus());
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3 sm:col-span-2">
      <div>
        <h4 id={headingId} className="font-medium text-sm">
          Premiums
        </h4>
        <p className="text-muted-foreground text-xs">
          Extra pay for some hours: nights, weekends, holidays, or a role you switch on per shift.
        </p>
      </div>
      {value.length === 0 ? (
        <p className="text-muted-foreground text-sm">No premiums.</p>
      ) : (
        <ul aria-label="Premiums" className="divide-y rounded-lg border">
          {value.map((premium, index) => (
            <li key={premium.id} className="flex items-start gap-2 p-2 pl-3 text-sm">
              <span className="min-w-0 flex-1 py-2 [overflow-wrap:anywhere]">
                {premiumInWords(premium, money)}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Edit ${premium.name}`}
                disabled={editing !== null}
                onClick={() => open({ draft: premiumDraftOf(premium), index, errors: {} })}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${premium.name}`}
                disabled={editing !== null}
                onClick={() => {
                  onChange(value.filter((_, i) => i !== index));
                  requestAnimationFrame(() => addButton.current?.focus());
                }}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FieldError id="employer-premiums-error">{error}</FieldError>
      {editing ? (
        <PremiumEditor
          editing={editing}
          currency={currency}
          onDraft={(draft) => setEditing({ ...editing, draft })}
          onCommit={commit}
          onCancel={() => {
            open(null);
            requestAnimationFrame(() => addButton.current?.focus());
          }}
          pendingMessage={pendingMessage}
        />
      ) : (
        <Button
          ref={addButton}
          type="button"
          variant="outline"
          size="sm"
          disabled={value.length >= MAX_PREMIUMS}
          onClick={() => open({ draft: emptyPremiumDraft(), index: null, errors: {} })}
        >
          <Plus aria-hidden="true" />
          Add premium
        </Button>
      )}
    </section>
  );
}

type PremiumEditorProps = {
  editing: Editing;
  currency: string;
  onDraft: (draft: PremiumDraft) => void;
  onCommit: () => void;
  onCancel: () => void;
  pendingMessage?: string;
};

function PremiumEditor({
  editing,
  currency,
  onDraft,
  onCommit,
  onCancel,
  pendingMessage,
}: PremiumEditorProps) {
  const { draft, errors, index } = editing;
  const nameInput = useRef<HTMLInputElement>(null);
  const symbol = currencySymbol(currency);
  const set = <K extends keyof PremiumDraft>(key: K, v: PremiumDraft[K]) =>
    onDraft({ ...draft, [key]: v });
  const id = (name: string) => `premium-${name}`;
  const pastMidnight = runsPastMidnight(draft.windowStart, draft.windowEnd);

  useEffect(() => {
    nameInput.current?.focus();
  }, []);

  // Enter in a field adds the premium, not the employer (this group sits inside the form).
  // Escape belongs to the dialog, which asks before throwing away an open premium.
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'checkbox') {
      event.preventDefault();
      onCommit();
    }
  };

  return (
    <fieldset
      onKeyDown={onKeyDown}
      className="grid gap-4 rounded-lg border bg-muted/30 p-3 sm:grid-cols-2"
    >
      <legend className="px-1 font-medium text-sm">
        {index === null ? 'New premium' : 'Edit premium'}
      </legend>
      <Field
        id={id('name')}
        label="Premium name"
        required
        error={errors.name}
        className="sm:col-span-2"
      >
        <Input
          ref={nameInput}
          value={draft.name}
          placeholder="Nights"
          autoComplete="off"
          onChange={(e) => set('name', e.target.value)}
        />
      </Field>
      <fieldset className="space-y-2 sm:col-span-2">
        <legend className="mb-2 font-medium text-sm">Premium pays</legend>
        <RadioGroup
          value={draft.kind}
          onValueChange={(kind) => set('kind', kind as PremiumDraft['kind'])}
          className="gap-2 sm:grid-cols-2"
        >
          <div className="flex items-center gap-2">
            <RadioGroupItem id={id('kind-percent')} value="percent" />
            <Label htmlFor={id('kind-percent')}>Percentage of the rate</Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem id={id('kind-fixed')} value="fixed" />
            <Label htmlFor={id('kind-fixed')}>Amount per hour</Label>
          </div>
        </RadioGroup>
      </fieldset>
      {draft.kind === 'percent' ? (
        <>
          <Field id={id('percent')} label="Percentage (%)" required error={errors.percent}>
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder="10"
              value={draft.percent}
              onChange={(e) => set('percent', e.target.value)}
            />
          </Field>
          <Field
            id={id('cap')}
            label={`At most (${symbol}/h)`}
            hint="Optional: the premium never pays more an hour."
            error={errors.cap}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={draft.cap}
              onChange={(e) => set('cap', e.target.value)}
            />
          </Field>
        </>
      ) : (
        <Field
          id={id('amount')}
          label={`Amount per hour (${symbol})`}
          required
          error={errors.amount}
          className="sm:col-span-2"
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder="2.00"
            value={draft.amount}
            onChange={(e) => set('amount', e.target.value)}
          />
        </Field>
      )}
      <fieldset className="sm:col-span-2" aria-describedby={id('days-hint')}>
        <legend className="mb-1 font-medium text-sm">Days</legend>
        <p id={id('days-hint')} className="mb-2 text-muted-foreground text-xs">
          None ticked: every day.
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {SHORT_DAYS.map((short, day) => (
            <div key={short} className="flex items-center gap-1.5">
              <input
                id={id(`day-${day}`)}
                type="checkbox"
                className="size-4 accent-primary"
                aria-label={WEEKDAYS[day]}
                checked={draft.days.includes(day)}
                onChange={(e) =>
                  set(
                    'days',
                    e.target.checked ? [...draft.days, day] : draft.days.filter((d) => d !== day),
                  )
                }
              />
              <label htmlFor={id(`day-${day}`)} aria-hidden="true" className="text-sm">
                {short}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <Field id={id('windowStart')} label="From" error={errors.windowStart}>
        <Input
          type="time"
          value={draft.windowStart}
          onChange={(e) => set('windowStart', e.target.value)}
        />
      </Field>
      <Field
        id={id('windowEnd')}
        label="To"
        error={errors.windowEnd}
        hint={pastMidnight ? 'Runs past midnight, into the next day.' : undefined}
      >
        <Input
          type="time"
          value={draft.windowEnd}
          onChange={(e) => set('windowEnd', e.target.value)}
        />
      </Field>
      <p className="-mt-2 text-muted-foreground text-xs sm:col-span-2">
        Leave both times empty for the whole day.
      </p>
      <CheckboxField
        id={id('holidays')}
        label="On holidays"
        hint="Only on the employer's holidays (its country's public holidays and dates you add)."
        checked={draft.holidays}
        onChange={(e) => set('holidays', e.target.checked)}
        className="sm:col-span-2"
      />
      <CheckboxField
        id={id('manualOnly')}
        label="Only on shifts where I switch it on"
        hint="For a role or a call-out: you tick it on the shift."
        checked={draft.manualOnly}
        onChange={(e) => set('manualOnly', e.target.checked)}
        className="sm:col-span-2"
      />
      {pendingMessage ? (
        <p role="alert" className="font-medium text-destructive text-sm sm:col-span-2">
          {pendingMessage}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" size="sm" onClick={onCommit}>
          {index === null ? 'Add this premium' : 'Save premium'}
        </Button>
      </div>
    </fieldset>
  );
}
