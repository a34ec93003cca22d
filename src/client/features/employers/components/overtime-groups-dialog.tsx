import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RetryAlert } from '@/components/ui/retry-alert';
import { isBusy, SaveButton, toastSaveFailure } from '@/components/ui/save-button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCurrency } from '@/features/settings';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { showServerFieldErrors } from '@/lib/form-errors';
import { namesInWords } from '@/lib/names-in-words';
import { useSaveState } from '@/lib/use-save-state';
import { formatCurrency } from '../../../../shared/domain/money.ts';
import {
  type CreateEmployerGroupBody,
  createEmployerGroupBodySchema,
  type EmployerGroup,
} from '../../../../shared/schemas/employer-groups.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { groupOf, useEmployerGroups } from '../api/employer-groups';
import { useEmployers } from '../api/get-employers';
import {
  type EmployerGroupRepaid,
  useDeleteEmployerGroup,
  useSaveEmployerGroup,
} from '../api/save-employer-group';
import { overtimeShort } from './employer-card';
import { type OvertimeDraft, overtimeDraftOf, overtimeDraftSchema } from './overtime-draft';
import { CheckboxField, OvertimeFields } from './overtime-fields';
import { saveTimings } from './save-timings';

type OvertimeGroupsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/** The group's body, with the overtime rule as typed (hours and multipliers as text). */
const groupFormSchema = createEmployerGroupBodySchema.extend({ overtime: overtimeDraftSchema });
type GroupFormInput = { name: string; overtime: OvertimeDraft; employerIds: number[] };
type GroupFormValues = z.output<typeof groupFormSchema>;
type GroupForm = UseFormReturn<GroupFormInput, unknown, GroupFormValues>;

// The overtime the form holds is a valid input of the schema (only its arrays are typed
// readonly), so the resolver takes it as it is.
const groupFormResolver = zodResolver(groupFormSchema) as unknown as Resolver<
  GroupFormInput,
  unknown,
  GroupFormValues
>;

/** The values the form checked, as the API's body (the arrays copied, as JSON sends them). */
function requestBody({ overtime, ...rest }: GroupFormValues): CreateEmployerGroupBody {
  const { daily, ...overtimeRest } = overtime;
  return {
    ...rest,
    employerIds: [...rest.employerIds],
    overtime: { ...overtimeRest, ...(daily ? { daily: daily.map((tier) => ({ ...tier })) } : {}) },
  };
}

/** "1 shift paid again ($200.00 → $290.00)", or "no shift's pay changed". */
export function repaidInWords(repaid: EmployerGroupRepaid, money: (cents: number) => string) {
  if (repaid.shifts === 0) return "no shift's pay changed";
  const shifts = repaid.shifts === 1 ? '1 shift' : `${repaid.shifts} shifts`;
  return `${shifts} paid again (${money(repaid.beforeCents)} → ${money(repaid.afterCents)})`;
}

const groupRules = (group: EmployerGroup) => overtimeShort(group.overtime) ?? 'No overtime';

/** Ids of the list's buttons, where focus goes back to after the form or a deletion. */
const newButtonId = 'overtime-group-new';
const editButtonId = (id: number) => `overtime-group-edit-${id}`;

type View = { kind: 'list'; focus?: string } | { kind: 'form'; group?: EmployerGroup };

/**
 * Overtime groups (decision 040): employers whose hours count together toward one set of
 * overtime rules, each keeping its own rates, premiums and holidays. The list, and a form to
 * make or change one.
 */
export function OvertimeGroupsDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: OvertimeGroupsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Overtime groups</DialogTitle>
          <DialogDescription>
            Employers in a group count their hours together toward the group's overtime rules — for
            several sites of one employer. Each keeps its own rates, premiums and holidays.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the list. */}
        <GroupsBody />
      </DialogContent>
    </Dialog>
  );
}

function GroupsBody() {
  const [view, setView] = useState<View>({ kind: 'list' });
  if (view.kind === 'form') {
    return (
      <GroupFormView
        group={view.group}
        onDone={(focus) => setView({ kind: 'list', focus })}
        onCancel={() =>
          setView({
            kind: 'list',
            focus: view.group ? editButtonId(view.group.id) : newButtonId,
          })
        }
      />
    );
  }
  return <GroupList focus={view.focus} onOpenForm={(group) => setView({ kind: 'form', group })} />;
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading the overtime groups" className="space-y-2">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

function GroupList({
  focus,
  onOpenForm,
}: {
  focus?: string;
  onOpenForm: (group?: EmployerGroup) => void;
}) {
  const groups = useEmployerGroups();
  const employers = useEmployers();
  const currency = useCurrency();
  const remove = useDeleteEmployerGroup();
  const [deleting, setDeleting] = useState<EmployerGroup | null>(null);
  const deleted = useRef(false);
  const listTitle = useId();

  // Back from the form: focus goes to the button that opened it (or to New group).
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus]);

  const names = useMemo(
    () => new Map((employers.data ?? []).map((e) => [e.id, e.name])),
    [employers.data],
  );
  const membersOf = (group: EmployerGroup) =>
    namesInWords(group.employerIds.map((id) => names.get(id) ?? 'an employer removed'));

  function confirmDelete() {
    const group = deleting;
    if (!group) return;
    deleted.current = false;
    remove.mutate(group.id, {
      onSuccess: (repaid) => {
        toast({
          title: 'Group deleted',
          description: `${group.name} deleted: ${repaidInWords(repaid, (cents) => formatCurrency(cents, currency))}`,
          variant: 'success',
        });
        deleted.current = true;
        setDeleting(null);
      },
      onError: (error) =>
        toastSaveFailure(error, errorMessage(error, 'Could not delete the group')),
    });
  }

  const loading = groups.isPending || employers.isPending;
  const failed = groups.isError ? groups : employers.isError ? employers : null;
  const list = groups.data?.groups ?? [];
  const tooFew = (employers.data?.length ?? 0) < 2;

  return (
    <>
      {loading ? (
        <ListSkeleton />
      ) : failed ? (
        <RetryAlert query={failed}>Could not load the overtime groups.</RetryAlert>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center">
          <h3 className="font-semibold">No overtime groups yet</h3>
          <p className="max-w-sm text-muted-foreground text-sm">
            {tooFew
              ? 'Add at least two employers first: a group counts two or more together.'
              : 'Make one when several of your employers count overtime as one.'}
          </p>
          {tooFew ? null : (
            <Button id={newButtonId} onClick={() => onOpenForm()}>
              <Plus aria-hidden="true" />
              New group
            </Button>
          )}
        </div>
      ) : (
        <>
          <h3 id={listTitle} className="sr-only">
            Your overtime groups
          </h3>
          <ul aria-labelledby={listTitle} className="divide-y rounded-lg border text-sm">
            {list.map((group) => (
              <li key={group.id} className="flex flex-wrap items-start gap-x-3 gap-y-2 p-3">
                {/* At least 12rem of text: on a phone the buttons go under it, not beside. */}
                <div className="min-w-48 flex-1 space-y-0.5">
                  <p className="font-medium [overflow-wrap:anywhere]">{group.name}</p>
                  <p className="text-muted-foreground">{groupRules(group)}</p>
                  <p className="text-muted-foreground [overflow-wrap:anywhere]">
                    {membersOf(group)} together
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    id={editButtonId(group.id)}
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${group.name}`}
                    onClick={() => onOpenForm(group)}
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${group.name}`}
                    onClick={() => setDeleting(group)}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
        {list.length > 0 ? (
          <Button id={newButtonId} onClick={() => onOpenForm()}>
            <Plus aria-hidden="true" />
            New group
          </Button>
        ) : null}
      </DialogFooter>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.name ?? 'group'}?`}
        description={
          deleting
            ? `${membersOf(deleting)} go back to their own overtime rules, and their shifts are paid again under them.`
            : ''
        }
        confirmLabel="Delete group"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => {
          // Cancelled, focus goes back to the group's Delete button; deleted, that button is
          // gone, and New group takes it.
          const back = deleted.current ? document.getElementById(newButtonId) : null;
          if (back) {
            event.preventDefault();
            back.focus();
          }
        }}
      />
    </>
  );
}

function GroupFormView({
  group,
  onDone,
  onCancel,
}: {
  group?: EmployerGroup;
  onDone: (focus: string) => void;
  onCancel: () => void;
}) {
  const formId = useId();
  const headingId = useId();
  const groups = useEmployerGroups();
  const employers = useEmployers();
  const currency = useCurrency();
  const mutation = useSaveEmployerGroup();
  const save = useSaveState(saveTimings[group ? 'edit' : 'add']);
  // Once saved, the groups read again hold this one: its employers are not "in another group".
  const [savedId, setSavedId] = useState(group?.id);
  const form: GroupForm = useForm({
    resolver: groupFormResolver,
    defaultValues: {
      name: group?.name ?? '',
      overtime: overtimeDraftOf(group?.overtime),
      employerIds: group?.employerIds ?? [],
    },
  });
  useDiscardGuard(form.formState.isDirty);
  const nameInput = useRef<HTMLInputElement | null>(null);
  useEffect(() => nameInput.current?.focus(), []);

  const submit = form.handleSubmit(async (values) => {
    save.start();
    try {
      const body = requestBody(values);
      const saved = await mutation.mutateAsync(group ? { id: group.id, body } : { body });
      setSavedId(saved.id);
      toast({
        title: 'Success',
        description: `${saved.name} saved: ${repaidInWords(saved.repaid, (cents) => formatCurrency(cents, currency))}`,
        variant: 'success',
      });
      save.succeed(() => onDone(editButtonId(saved.id)));
    } catch (error) {
      save.fail();
      // A name taken or an employer already in another group shows under its field.
      showServerFieldErrors(form.setError, error, { name: 'name', employerIds: 'employerIds' });
      toastSaveFailure(error, errorMessage(error, 'Could not save the group'));
      // The group or an employer was removed meanwhile: the lists show what is there now.
      if (error instanceof ApiError && error.status === 404) {
        void groups.refetch();
        void employers.refetch();
      }
    }
  });

  const { ref: nameRef, ...nameField } = form.register('name');
  const membersError = form.formState.errors.employerIds?.message;
  const choices = [...(employers.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <>
      <form
        id={formId}
        noValidate
        aria-labelledby={headingId}
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          if (isBusy(save.state)) event.preventDefault();
          else void submit(event);
        }}
      >
        <h3 id={headingId} className="font-semibold [overflow-wrap:anywhere] sm:col-span-2">
          {group ? `Edit ${group.name}` : 'New group'}
        </h3>
        <Field
          id="overtime-group-name"
          label="Name"
          required
          error={form.formState.errors.name?.message}
          className="sm:col-span-2"
        >
          <Input
            autoComplete="off"
            {...nameField}
            ref={(element) => {
              nameRef(element);
              nameInput.current = element;
            }}
          />
        </Field>
        <OvertimeFields form={form} idPrefix="overtime-group" />
        <MembersField
          form={form}
          employers={choices}
          groups={groups.data?.groups}
          groupId={savedId}
          error={membersError}
        />
        <p className="text-muted-foreground text-sm sm:col-span-2">
          Saving pays every shift of these employers again under the group's overtime rules.
        </p>
      </form>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SaveButton
          state={save.state}
          labels={{ idle: 'Save group', saving: 'Saving...' }}
          form={formId}
        />
      </DialogFooter>
    </>
  );
}

/** A checkbox per employer; one in another group shows which, and cannot be chosen. */
function MembersField({
  form,
  employers,
  groups,
  groupId,
  error,
}: {
  form: GroupForm;
  employers: Employer[];
  groups: EmployerGroup[] | undefined;
  /** The group the form edits, once it has an id. */
  groupId?: number;
  error?: string;
}) {
  const elsewhere = (employer: Employer) => {
    const group = groupOf(groups, employer.id);
    return group && group.id !== groupId ? group : undefined;
  };
  const firstFree = employers.find((employer) => !elsewhere(employer));
  return (
    <fieldset
      className="space-y-3 sm:col-span-2"
      aria-describedby={error ? 'overtime-group-employers-error' : undefined}
    >
      <legend className="mb-3 font-medium text-sm">Employers (at least two)</legend>
      <Controller
        control={form.control}
        name="employerIds"
        render={({ field }) => (
          <ul className="grid gap-3 sm:grid-cols-2">
            {employers.map((employer) => {
              const other = elsewhere(employer);
              const checked = field.value.includes(employer.id);
              return (
                <li key={employer.id} className="min-w-0 [overflow-wrap:anywhere]">
                  <CheckboxField
                    id={`overtime-group-employer-${employer.id}`}
                    label={employer.name}
                    hint={other ? `In ${other.name}` : undefined}
                    disabled={other !== undefined}
                    checked={checked}
                    ref={employer === firstFree ? field.ref : undefined}
                    onBlur={field.onBlur}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...field.value, employer.id]
                          : field.value.filter((id) => id !== employer.id),
                      )
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      />
      <FieldError id="overtime-group-employers-error">{error}</FieldError>
    </fieldset>
  );
}

export default OvertimeGroupsDialog;
