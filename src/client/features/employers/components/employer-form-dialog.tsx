import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useDiscardGuard,
} from '@/components/ui/dialog';
import { isBusy, SaveButton, toastSaveFailure } from '@/components/ui/save-button';
import { toast } from '@/components/ui/use-toast';
import { useSettings } from '@/features/settings';
import { ApiError } from '@/lib/api-client';
import { errorMessage, isInputRefused } from '@/lib/error-message';
import { sameNames, showServerFieldErrors } from '@/lib/form-errors';
import { useSaveState } from '@/lib/use-save-state';
import type { TaxCalculation } from '../../../../shared/domain/earnings.ts';
import { parseMoney, parsePercent } from '../../../../shared/domain/money.ts';
import type { RoundingStep } from '../../../../shared/domain/pay-engine.ts';
import { canonical } from '../../../../shared/domain/pay-rule-versions.ts';
import type {
  CreateEmployerBody,
  Employer,
  UpdateEmployerBody,
} from '../../../../shared/schemas/employers.ts';
import { useCreateEmployer } from '../api/create-employer';
import { groupOf, useEmployerGroups } from '../api/employer-groups';
import { useUpdateEmployer } from '../api/update-employer';
import { ApplyChangeStep } from './apply-change-step';
import {
  type EmployerForm,
  EmployerFormFields,
  type EmployerFormInput,
  type EmployerFormValues,
  employerFormSchema,
} from './employer-form-fields';
import { overtimeDraftOf } from './overtime-draft';
import { premiumOf } from './premium-draft';
import { saveTimings } from './save-timings';

type EmployerFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  employer?: Employer;
  onCloseAutoFocus?: (event: Event) => void;
};

/** 'Add New Employer', or 'Edit Employer Details' when given an employer (docs/product/screens.md#employers). */
export function EmployerFormDialog({
  open,
  onOpenChange,
  employer,
  onCloseAutoFocus,
}: EmployerFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{employer ? 'Edit Employer Details' : 'Add New Employer'}</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            {employer
              ? `Change the details of ${employer.name}.`
              : 'Only the name and the hourly rate are required.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from a fresh form. */}
        <EmployerFormBody employer={employer} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** `newRules`: the user's defaults for a new employer (Settings). */
export function employerFormDefaults(
  employer?: Employer,
  newRules: { taxMethod?: TaxCalculation; roundingStep?: RoundingStep } = {},
): EmployerFormInput {
  return {
    name: employer?.name ?? '',
    hourlyRate: employer?.hourlyRate ?? '',
    taxRate: employer?.taxRate ?? '0',
    taxMethod: employer?.taxMethod ?? newRules.taxMethod,
    roundingStep: employer?.roundingStep ?? newRules.roundingStep,
    roundingDirection: employer?.roundingDirection ?? 'nearest',
    payPrecision: employer?.payPrecision ?? 'minutes',
    contactEmail: employer?.contactEmail ?? '',
    phone: employer?.phone ?? '',
    address: employer?.address ?? '',
    employmentType: employer?.employmentType ?? 'full-time',
    timesheetSchedule: employer?.timesheetSchedule ?? 'weekly',
    departments: employer?.departments ?? [],
    isActive: employer?.isActive ?? true,
    brandColor: employer?.brandColor ?? 'blue',
    overtime: overtimeDraftOf(employer?.overtime),
    premiums: (employer?.premiums ?? []).map(premiumOf),
    holidayCountry: employer?.holidayCountry ?? null,
    holidayRegion: employer?.holidayRegion ?? null,
    payAnchorDate: employer?.payAnchorDate ?? null,
    payStartDays: employer?.payStartDays ?? [],
    paydayDays: employer?.paydayDays ?? 7,
    paydayWeekday: employer?.paydayWeekday ?? null,
    mileageRate: employer?.mileageRate ?? null,
    distanceUnit: employer?.distanceUnit ?? 'km',
  };
}

// The premiums the form holds are the engine's rules, a valid input of the schema (only its
// arrays are typed readonly), so the resolver takes them as they are.
const employerFormResolver = zodResolver(employerFormSchema) as unknown as Resolver<
  EmployerFormInput,
  unknown,
  EmployerFormValues
>;

/** The values the form checked, as the API's body (its arrays copied, as JSON sends them). */
export function requestBody(values: EmployerFormValues): CreateEmployerBody {
  const { overtime, premiums, payStartDays, ...rest } = values;
  const { daily, ...overtimeRest } = overtime;
  // Days of the month belong to semi-monthly (two) and monthly (one) schedules only: days left
  // from another schedule are dropped, so the schedule's default applies.
  const wanted = { semimonthly: 2, monthly: 1 }[rest.timesheetSchedule as string] ?? 0;
  return {
    ...rest,
    payStartDays: payStartDays.length === wanted ? [...payStartDays] : [],
    overtime: { ...overtimeRest, ...(daily ? { daily: daily.map((tier) => ({ ...tier })) } : {}) },
    premiums: premiums.map(({ days, ...premium }) => ({
      ...premium,
      ...(days ? { days: [...days] } : {}),
    })),
  };
}

const formFields = sameNames(
  (Object.keys(employerFormDefaults()) as (keyof EmployerFormInput)[]).filter(
    (name) => name !== 'overtime',
  ),
);

/** docs/product/screens.md#messages: an add shows the server's message; an edit its own, unless the input was refused. */
function failureMessage(error: unknown, editing: boolean): string {
  if (!editing) return errorMessage(error, 'Failed to add employer');
  return isInputRefused(error)
    ? error.serverMessage
    : 'Failed to update employer. Please try again.';
}

/** The server asks how a rate or rule change reaches the shifts already logged (decision 036). */
const asksHowItApplies = (error: unknown) =>
  error instanceof ApiError && error.errors?.applyChange !== undefined;

/**
 * Whether the values change a rule that pays or taxes the employer's shifts (rate, rounding,
 * precision, tax, overtime, premiums), so the form asks how it applies before sending anything.
 * The server asks too (a 400 the form answers the same way), for shifts logged since the list
 * was read.
 */
export function changesPayRules(employer: Employer, values: UpdateEmployerBody): boolean {
  return payRuleKeys.some(
    (key) => values[key] !== undefined && !samePayRule(employer, values, key),
  );
}

const payRuleKeys = [
  'hourlyRate',
  'taxRate',
  'taxMethod',
  'roundingStep',
  'roundingDirection',
  'payPrecision',
  'overtime',
  'premiums',
] as const;

function samePayRule(
  employer: Employer,
  values: UpdateEmployerBody,
  key: (typeof payRuleKeys)[number],
): boolean {
  const money = (v: unknown) =>
    typeof v === 'string' || typeof v === 'number' ? parseMoney(v) : null;
  const percent = (v: unknown) =>
    v === null || v === ''
      ? 0
      : typeof v === 'string' || typeof v === 'number'
        ? parsePercent(v)
        : null;
  if (key === 'hourlyRate') return money(values.hourlyRate) === money(employer.hourlyRate);
  if (key === 'taxRate') return percent(values.taxRate) === percent(employer.taxRate);
  // Overtime and premiums compare by content, however their keys were written.
  if (key === 'overtime' || key === 'premiums')
    return canonical(values[key]) === canonical(employer[key]);
  return values[key] === employer[key];
}

/**
 * The body of a change that asks how it applies: only the pay rules the user edited, so a
 * change from a date sets those and leaves the other rules of earlier versions as they were.
 */
export function changedRulesOnly(employer: Employer, values: UpdateEmployerBody) {
  const body: UpdateEmployerBody = { ...values };
  for (const key of payRuleKeys) {
    if (samePayRule(employer, values, key)) delete body[key];
  }
  return body;
}

/**
 * An edit's body without the overtime and premiums when they were not edited: they are dated
 * rules, and sending them unchanged must not look like a change of them.
 */
export function unchangedExtrasLeftOut(employer: Employer, values: UpdateEmployerBody) {
  const body: UpdateEmployerBody = { ...values };
  if (samePayRule(employer, values, 'overtime')) delete body.overtime;
  if (samePayRule(employer, values, 'premiums')) delete body.premiums;
  return body;
}

function EmployerFormBody({ employer, onDone }: { employer?: Employer; onDone: () => void }) {
  const formId = useId();
  const settings = useSettings().data;
  const newTaxMethod = settings?.taxCalculation;
  const newRoundingStep = settings?.roundTime;
  const [asking, setAsking] = useState<UpdateEmployerBody | null>(null);
  const save = useSaveState(saveTimings[employer ? 'edit' : 'add']);
  const createMutation = useCreateEmployer();
  const updateMutation = useUpdateEmployer();
  const [premiumOpen, setPremiumOpen] = useState(false);
  const [premiumPending, setPremiumPending] = useState<string | undefined>();
  // Only an employer already saved can be in a group.
  const groups = useEmployerGroups({ enabled: employer !== undefined });
  const group = employer ? groupOf(groups.data?.groups, employer.id) : undefined;
  const form: EmployerForm = useForm({
    resolver: employerFormResolver,
    defaultValues: employerFormDefaults(employer, {
      taxMethod: newTaxMethod,
      roundingStep: newRoundingStep,
    }),
  });
  // A premium open in its editor is typed input too.
  useDiscardGuard(form.formState.isDirty || premiumOpen);
  // Settings that arrive after the form opened still give a new employer its default method.
  useEffect(() => {
    if (!employer && newTaxMethod && form.getValues('taxMethod') === undefined) {
      form.resetField('taxMethod', { defaultValue: newTaxMethod });
    }
    if (!employer && newRoundingStep && form.getValues('roundingStep') === undefined) {
      form.resetField('roundingStep', { defaultValue: newRoundingStep });
    }
  }, [employer, newTaxMethod, newRoundingStep, form]);

  const submit = form.handleSubmit(async (checked) => {
    if (premiumOpen) {
      setPremiumPending('Add this premium, or cancel it, before saving the employer.');
      return;
    }
    const values = requestBody(checked);
    if (employer && employer.shiftCount > 0 && changesPayRules(employer, values)) {
      setAsking(changedRulesOnly(employer, values));
      return;
    }
    save.start();
    try {
      if (employer) {
        await updateMutation.mutateAsync({
          id: employer.id,
          body: unchangedExtrasLeftOut(employer, values),
        });
        toast({ title: 'Success', description: 'Employer updated', variant: 'success' });
      } else {
        await createMutation.mutateAsync(values);
        toast({ title: 'Success', description: 'Employer added successfully', variant: 'success' });
      }
      save.succeed(onDone);
    } catch (error) {
      if (employer && asksHowItApplies(error)) {
        save.reset();
        setAsking(changedRulesOnly(employer, values));
        return;
      }
      save.fail();
      // A duplicate name (409) or a refused field shows under its field; the input stays.
      showServerFieldErrors(form.setError, error, formFields);
      toastSaveFailure(error, failureMessage(error, employer !== undefined));
    }
  });

  if (employer && asking) {
    return (
      <ApplyChangeStep
        employer={employer}
        body={asking}
        onBack={() => setAsking(null)}
        onDone={onDone}
      />
    );
  }

  return (
    <>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          if (isBusy(save.state)) event.preventDefault();
          else void submit(event);
        }}
      >
        <EmployerFormFields
          form={form}
          overtimeGroup={group?.name}
          premiumEditing={{
            onEditingChange: (editing) => {
              setPremiumOpen(editing);
              setPremiumPending(undefined);
            },
            pendingMessage: premiumPending,
          }}
        />
      </form>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <SaveButton
          state={save.state}
          labels={{ idle: 'Save Employer', saving: 'Saving...' }}
          form={formId}
        />
      </DialogFooter>
    </>
  );
}

export default EmployerFormDialog;
