import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import {
  FormProvider,
  type Resolver,
  type UseFormReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SaveButton } from '@/components/ui/save-button';
import { userTimeZone } from '@/features/settings';
import { todayIn } from '../../../../shared/domain/index.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import {
  type GenerateTimesheet,
  generateTimesheetBodySchema,
} from '../../../../shared/schemas/timesheets.ts';
import { EmailMethodDialog } from './email-method-dialog';
import type { EmailTarget } from './report-email';
import { readStoredReportForm, writeStoredReportForm } from './report-form-storage';
import { emptyReportForm, type ReportFormValues } from './report-form-values';
import { ReportGeneratedDialog } from './report-generated-dialog';
import { EmailReportFields, IncludeNotesField, ReportFormatField } from './report-option-fields';
import { QuickRangeButtons, ReportDateFields, ReportEmployerField } from './report-period-fields';
import { ReportPreview } from './report-preview';
import { type GeneratedReport, generateLabels, useGenerateReport } from './use-generate-report';

// The form always holds every field (the schema's input makes the defaulted ones optional).
const resolver = zodResolver(generateTimesheetBodySchema) as Resolver<
  ReportFormValues,
  unknown,
  GenerateTimesheet
>;

/** What an upcoming timesheet's 'Prepare' asks the form to hold; `key` tells two asks apart. */
export type PreparedReport = {
  employerId: number;
  startDate: string;
  endDate: string;
  key: number;
};

/** With "Email report" on, the report just made goes to the recipient typed in the form. */
function emailTarget(report: GeneratedReport | null): EmailTarget | null {
  if (!report?.request.emailReport) return null;
  return {
    timesheet: report.timesheet,
    downloadUrl: report.downloadUrl,
    to: report.request.emailTo,
  };
}

/** The stored form over the defaults; an employer that no longer exists is dropped. */
function initialValues(settings: Settings, employers: Employer[]): ReportFormValues {
  const values = { ...emptyReportForm(settings.defaultExportFormat), ...readStoredReportForm() };
  if (!employers.some((e) => String(e.id) === values.employerId)) values.employerId = '';
  return values;
}

/** The recipient follows the employer's contact address unless the user typed another. */
function fillRecipient(
  form: UseFormReturn<ReportFormValues, unknown, GenerateTimesheet>,
  next: Employer | undefined,
  previous: Employer | undefined,
) {
  const typed = form.getValues('emailTo').trim();
  if (typed === '' || typed === previous?.contactEmail) {
    form.setValue('emailTo', next?.contactEmail ?? '', { shouldDirty: true });
  }
}

type ReportFormProps = {
  employers: Employer[];
  settings: Settings;
  currency: string;
  senderName: string;
  prepared: PreparedReport | null;
};

export function ReportForm({
  employers,
  settings,
  currency,
  senderName,
  prepared,
}: ReportFormProps) {
  const timeZone = userTimeZone(settings);
  const today = todayIn(timeZone);
  const form = useForm<ReportFormValues, unknown, GenerateTimesheet>({
    resolver,
    defaultValues: initialValues(settings, employers),
  });
  const { errors } = form.formState;
  const [employerId, startDate, endDate, includeNotes] = useWatch({
    control: form.control,
    name: ['employerId', 'startDate', 'endDate', 'includeNotes'],
  });
  const employer = employers.find((e) => String(e.id) === employerId);
  const generate = useGenerateReport(form.setError);

  // docs/product/screens.md#timesheet-reports: the form is kept in local storage (and cleared when the app is left).
  useEffect(() => {
    const subscription = form.watch(() => writeStoredReportForm(form.getValues()));
    return () => subscription.unsubscribe();
  }, [form]);

  // 'Prepare' on an upcoming timesheet: its employer and period, then focus on the form. Each
  // ask applies once, however often the employer list refreshes afterwards.
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!prepared || applied.current === prepared.key) return;
    applied.current = prepared.key;
    const previous = employers.find((e) => String(e.id) === form.getValues('employerId'));
    const options = { shouldDirty: true } as const;
    form.setValue('employerId', String(prepared.employerId), options);
    form.setValue('startDate', prepared.startDate, options);
    form.setValue('endDate', prepared.endDate, options);
    fillRecipient(
      form,
      employers.find((e) => e.id === prepared.employerId),
      previous,
    );
    form.clearErrors();
    form.setFocus('employerId');
  }, [prepared, employers, form]);

  const onSubmit = form.handleSubmit((body) => generate.submit(body));

  return (
    <FormProvider {...form}>
      {/* The form above its preview: side by side, the preview's table would not fit. */}
      <div className="grid gap-6">
        <section aria-labelledby="report-parameters-title" className="min-w-0">
          <Card>
            <CardHeader>
              <CardTitle id="report-parameters-title">Report Parameters</CardTitle>
              <CardDescription>Choose the employer, the dates and how to send it.</CardDescription>
            </CardHeader>
            <CardContent>
              <form
                onSubmit={onSubmit}
                noValidate
                aria-labelledby="report-parameters-title"
                className="grid gap-5 md:grid-cols-2 md:gap-x-8"
              >
                <ReportEmployerField
                  employers={employers}
                  error={errors.employerId?.message}
                  onEmployerChange={(next, previous) => fillRecipient(form, next, previous)}
                />
                <ReportDateFields
                  today={today}
                  errors={{
                    startDate: errors.startDate?.message,
                    endDate: errors.endDate?.message,
                  }}
                />
                <QuickRangeButtons timeZone={timeZone} employer={employer} />
                <ReportFormatField />
                <div className="grid content-start gap-5">
                  <IncludeNotesField />
                  <EmailReportFields
                    contactEmail={employer?.contactEmail}
                    error={errors.emailTo?.message}
                  />
                </div>
                <SaveButton
                  state={generate.state}
                  labels={generateLabels}
                  className="w-full md:col-span-2 md:w-auto md:justify-self-end"
                />
              </form>
            </CardContent>
          </Card>
        </section>
        <ReportPreview
          employer={employer}
          startDate={startDate}
          endDate={endDate}
          includeNotes={includeNotes}
          settings={settings}
          currency={currency}
        />
      </div>
      <ReportGeneratedDialog report={generate.generated} onClose={generate.dismiss} />
      <EmailMethodDialog
        target={emailTarget(generate.generated)}
        senderName={senderName}
        onClose={generate.dismiss}
      />
    </FormProvider>
  );
}
