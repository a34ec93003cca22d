import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MAX_DEPARTMENT_LENGTH, MAX_DEPARTMENTS } from '../../../../shared/schemas/employers.ts';
import { hasNoLineBreak } from '../../../../shared/schemas/line-breaks.ts';

type DepartmentsInputProps = {
  id: string;
  label: string;
  value: string[];
  onChange: (departments: string[]) => void;
  error?: string;
};

/** Why `name` cannot join `list`, or null when it can (the rules of the shared schema). */
export function departmentProblem(list: string[], name: string): string | null {
  if (list.some((d) => d.toLowerCase() === name.toLowerCase()))
    return 'Each department can be added only once';
  if (name.length > MAX_DEPARTMENT_LENGTH)
    return `Department names must be at most ${MAX_DEPARTMENT_LENGTH} characters`;
  if (!hasNoLineBreak(name)) return 'Department names must be on one line';
  if (list.length >= MAX_DEPARTMENTS) return `At most ${MAX_DEPARTMENTS} departments`;
  return null;
}

/** docs/product/screens.md#form-rules: departments are added by Enter or a plus button, trimmed, unique, removable. */
export function DepartmentsInput({ id, label, value, onChange, error }: DepartmentsInputProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const message = problem ?? error;

  function add() {
    const name = draft.trim();
    if (!name) return;
    const refusal = departmentProblem(value, name);
    setProblem(refusal);
    if (refusal) return;
    onChange([...value, name]);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter adds the department; it must not submit the form.
    add();
  }

  function remove(name: string) {
    onChange(value.filter((d) => d !== name));
    setProblem(null);
    inputRef.current?.focus();
  }

  return (
    <div className="space-y-2">
      <Field
        id={id}
        label={label}
        hint="Press Enter or + to add a department."
        error={message ?? undefined}
        announceError
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              ref={inputRef}
              {...control}
              value={draft}
              placeholder="e.g. Kitchen"
              autoComplete="off"
              onChange={(event) => {
                setDraft(event.target.value);
                setProblem(null);
              }}
              onKeyDown={onKeyDown}
            />
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label="Add department"
              onClick={add}
            >
              <Plus aria-hidden="true" />
            </Button>
          </div>
        )}
      </Field>
      {value.length > 0 ? (
        <ul aria-label="Added departments" className="flex flex-wrap gap-2">
          {value.map((name) => (
            <li key={name}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-3 font-medium text-sm">
                {name}
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  onClick={() => remove(name)}
                  className="rounded-full p-0.5 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
