import { useController, useFormContext } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Switch } from '@/components/ui/switch';
import type { ExportFormat, ReportFormValues } from './report-form-values';

const formats: { value: ExportFormat; label: string }[] = [
  { value: 'pdf', label: 'PDF' },
  { value: 'csv', label: 'CSV' },
];

export function ReportFormatField() {
  const { control } = useFormContext<ReportFormValues>();
  const { field } = useController({ control, name: 'format' });
  return (
    <div className="space-y-2">
      <p id="report-format-label" className="font-medium text-sm leading-none">
        Format
      </p>
      <RadioGroup
        aria-labelledby="report-format-label"
        value={field.value}
        onValueChange={(value) => {
          const format = formats.find((f) => f.value === value);
          if (format) field.onChange(format.value);
        }}
        className="flex flex-wrap gap-3"
      >
        {formats.map(({ value, label }) => (
          <label
            key={value}
            htmlFor={`report-format-${value}`}
            className="flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
          >
            <RadioGroupItem id={`report-format-${value}`} value={value} />
            {label}
          </label>
        ))}
      </RadioGroup>
    </div>
  );
}

type SwitchRowProps = {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

function SwitchRow({ id, label, description, checked, onCheckedChange }: SwitchRowProps) {
  return (
    <Field id={id} label={label} hint={description} layout="inline">
      <Switch checked={checked} onCheckedChange={onCheckedChange} />
    </Field>
  );
}

export function IncludeNotesField() {
  const { control } = useFormContext<ReportFormValues>();
  const { field } = useController({ control, name: 'includeNotes' });
  return (
    <SwitchRow
      id="report-include-notes"
      label="Include notes"
      description="Print each shift's note in the report."
      checked={field.value}
      onCheckedChange={field.onChange}
    />
  );
}

type EmailFieldsProps = {
  /** The chosen employer's contact address, offered when the recipient is empty. */
  contactEmail: string | null | undefined;
  error: string | undefined;
};

export function EmailReportFields({ contactEmail, error }: EmailFieldsProps) {
  const { control, getValues, setValue } = useFormContext<ReportFormValues>();
  const emailReport = useController({ control, name: 'emailReport' }).field;
  const emailTo = useController({ control, name: 'emailTo' }).field;
  return (
    <div className="space-y-3">
      <SwitchRow
        id="report-email-report"
        label="Email report"
        description="After generating, send the report by email."
        checked={emailReport.value}
        onCheckedChange={(on) => {
          emailReport.onChange(on);
          if (on && !getValues('emailTo').trim() && contactEmail) {
            setValue('emailTo', contactEmail, { shouldDirty: true });
          }
        }}
      />
      {emailReport.value ? (
        <Field id="report-email-to" label="Recipient email" required error={error}>
          <Input
            type="email"
            autoComplete="email"
            ref={emailTo.ref}
            name={emailTo.name}
            value={emailTo.value}
            onChange={(event) => emailTo.onChange(event.target.value)}
            onBlur={emailTo.onBlur}
          />
        </Field>
      ) : null}
    </div>
  );
}
