import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useSaveState } from '@/lib/use-save-state';
import { createEmployerBodySchema, type Employer } from '../../../../shared/schemas/employers.ts';
import { useCreateEmployer } from '../api/create-employer';
import { useUpdateEmployer } from '../api/update-employer';
import {
  type EmployerForm,
  EmployerFormFields,
  type EmployerFormInput,
} from './employer-form-fields';
import { SaveButton } from './save-button';
import { saveTimings } from './save-timings';

type EmployerFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The employer to edit; without it the dialog adds a new one. */
  employer?: Employer;
  /** Where focus goes when the dialog closes (Radix's onCloseAutoFocus). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** 'Add New Employer', or 'Edit Employer Details' when given an employer (SPEC.md §2). */
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
          <DialogDescription>
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

export function employerFormDefaults(employer?: Employer): EmployerFormInput {
  return {
    name: employer?.name ?? '',
    hourlyRate: employer?.hourlyRate ?? '',
    taxRate: employer?.taxRate ?? '0',
    contactEmail: employer?.contactEmail ?? '',
    phone: employer?.phone ?? '',
    address: employer?.address ?? '',
    employmentType: employer?.employmentType ?? 'full-time',
    timesheetSchedule: employer?.timesheetSchedule ?? 'weekly',
    departments: employer?.departments ?? [],
    isActive: employer?.isActive ?? true,
    brandColor: employer?.brandColor ?? 'blue',
  };
}

function showServerFieldErrors(form: EmployerForm, error: unknown) {
  if (!(error instanceof ApiError) || !error.errors) return;
  const fields = Object.keys(employerFormDefaults()) as (keyof EmployerFormInput)[];
  for (const [field, message] of Object.entries(error.errors)) {
    const name = fields.find((f) => f === field);
    if (name) form.setError(name, { message });
  }
}

function EmployerFormBody({ employer, onDone }: { employer?: Employer; onDone: () => void }) {
  const formId = useId();
  const mode = employer ? 'edit' : 'add';
  const save = useSaveState(saveTimings[mode]);
  const createMutation = useCreateEmployer();
  const updateMutation = useUpdateEmployer();
  const form: EmployerForm = useForm({
    resolver: zodResolver(createEmployerBodySchema),
    defaultValues: employerFormDefaults(employer),
  });

  const submit = form.handleSubmit(async (values) => {
    save.start();
    try {
      if (employer) {
        await updateMutation.mutateAsync({ id: employer.id, body: values });
        toast({ title: 'Success', description: 'Employer updated', variant: 'success' });
      } else {
        await createMutation.mutateAsync(values);
        toast({ title: 'Success', description: 'Employer added successfully', variant: 'success' });
      }
      save.succeed(onDone);
    } catch (error) {
      save.fail();
      showServerFieldErrors(form, error);
      const description = employer
        ? 'Failed to update employer. Please try again.'
        : error instanceof ApiError
          ? error.serverMessage
          : 'Failed to add employer';
      toast({ title: 'Error', description, variant: 'destructive' });
    }
  });

  const busy = save.state === 'saving' || save.state === 'saved';
  return (
    <>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          if (busy) event.preventDefault();
          else void submit(event);
        }}
      >
        <EmployerFormFields form={form} />
      </form>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <SaveButton state={save.state} form={formId} />
      </DialogFooter>
    </>
  );
}

export default EmployerFormDialog;
