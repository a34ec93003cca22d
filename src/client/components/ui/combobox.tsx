import { Check, ChevronsUpDown } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { foldForSearch } from '../../../shared/domain/search.ts';
import { Field } from './field';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

export type ComboboxOption = {
  value: string;
  label: string;
  keywords?: string;
};

type ComboboxProps = {
  id: string;
  label: ReactNode;
  value: string;
  /** The trigger's text: the list itself may not be built until it first opens. */
  valueLabel: string;
  onValueChange: (value: string) => void;
  /** A function is called only when the list opens (building a long list can be slow). */
  options: readonly ComboboxOption[] | (() => readonly ComboboxOption[]);
  searchLabel: string;
  emptyText?: string;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
};

/** Caps the rendered options so typing stays quick on long lists. */
export const MAX_SHOWN_OPTIONS = 100;
const PAGE = 10;

export function Combobox({
  id,
  label,
  value,
  valueLabel,
  onValueChange,
  options,
  searchLabel,
  emptyText = 'Nothing found',
  hint,
  disabled,
  className,
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [moved, setMoved] = useState<number | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listId = `${id}-listbox`;

  const all = useMemo(() => {
    if (!open) return [];
    const list = typeof options === 'function' ? options() : options;
    return list.map((option) => ({
      ...option,
      haystack: foldForSearch(`${option.label} ${option.keywords ?? ''}`),
    }));
  }, [open, options]);
  const filtered = useMemo(() => {
    const needle = foldForSearch(query.trim());
    return needle ? all.filter((option) => option.haystack.includes(needle)) : all;
  }, [all, query]);
  const active =
    moved ??
    (query
      ? 0
      : Math.max(
          0,
          filtered.findIndex((option) => option.value === value),
        ));

  const start = Math.max(
    0,
    Math.min(active - MAX_SHOWN_OPTIONS / 2, filtered.length - MAX_SHOWN_OPTIONS),
  );
  const shown = filtered.slice(start, start + MAX_SHOWN_OPTIONS);
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeOption = filtered[active];

  useEffect(() => {
    if (open)
      document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, id]);

  function openWith(text: string) {
    setQuery(text);
    setMoved(null);
    setOpen(true);
  }

  function choose(next: string) {
    setOpen(false);
    if (next !== value) onValueChange(next);
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (open) return;
    const printable = event.key.length === 1 && event.key !== ' ';
    if (printable && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      openWith(event.key);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('');
    }
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = filtered.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      PageDown: Math.min(active + PAGE, last),
      PageUp: Math.max(active - PAGE, 0),
    };
    if (event.key in moves) {
      event.preventDefault();
      setMoved(Math.max(0, moves[event.key] ?? 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeOption) choose(activeOption.value);
    } else if (event.key === 'Tab') {
      // The list lives in a portal: Tab would leave the page order. Back to the field instead.
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <Field id={id} label={label} hint={hint} className={cn('min-w-0', className)}>
      {(control) => (
        <Popover open={open} onOpenChange={(next) => (next ? openWith('') : setOpen(false))}>
          <PopoverTrigger asChild>
            <button
              {...control}
              type="button"
              role="combobox"
              aria-haspopup="listbox"
              aria-expanded={open}
              aria-controls={open ? listId : undefined}
              disabled={disabled}
              onKeyDown={onTriggerKeyDown}
              className={cn(
                'flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-input bg-background px-3 py-2 text-left text-sm shadow-sm',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-60',
              )}
            >
              <span className="truncate">{valueLabel}</span>
              <ChevronsUpDown className="size-4 shrink-0 opacity-70" aria-hidden="true" />
            </button>
          </PopoverTrigger>
          <PopoverContent
            aria-label={searchLabel}
            className="w-[var(--radix-popover-trigger-width)] min-w-[min(18rem,calc(100vw-2rem))] max-w-[calc(100vw-2rem)] p-0"
            onOpenAutoFocus={(event) => {
              // The caret goes after a letter typed on the closed field.
              event.preventDefault();
              const input = searchRef.current;
              input?.focus();
              input?.setSelectionRange(input.value.length, input.value.length);
            }}
          >
            <input
              ref={searchRef}
              type="text"
              role="combobox"
              aria-label={searchLabel}
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeOption ? optionId(active) : undefined}
              autoComplete="off"
              spellCheck={false}
              placeholder={`${searchLabel}…`}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setMoved(null);
              }}
              onKeyDown={onSearchKeyDown}
              className="h-10 w-full rounded-t-xl border-b bg-transparent px-3 text-base outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:ring-inset sm:text-sm"
            />
            <p role="status" className="sr-only">
              {filtered.length === 1 ? '1 result' : `${filtered.length} results`}
            </p>
            {start > 0 ? <MoreNote>{start} more above: type to narrow the list</MoreNote> : null}
            <div
              id={listId}
              role="listbox"
              aria-label={searchLabel}
              className="max-h-72 overflow-y-auto p-1"
            >
              {shown.map((option, offset) => {
                const index = start + offset;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks from the search box (aria-activedescendant); options never take focus.
                  <div
                    key={option.value}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    // Selected is the saved value, so a screen reader still finds it while
                    // the user searches; the highlight is aria-activedescendant and the colour.
                    aria-selected={option.value === value}
                    aria-setsize={filtered.length}
                    aria-posinset={index + 1}
                    onPointerDown={(event) => event.preventDefault()}
                    onPointerMove={() => setMoved(index)}
                    onClick={() => choose(option.value)}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm',
                      index === active && 'bg-accent text-accent-foreground',
                    )}
                  >
                    <Check
                      aria-hidden="true"
                      className={cn('size-4 shrink-0', option.value !== value && 'invisible')}
                    />
                    <span className="min-w-0 [overflow-wrap:anywhere]">{option.label}</span>
                  </div>
                );
              })}
            </div>
            {filtered.length === 0 ? (
              <p className="px-3 pb-4 text-center text-muted-foreground text-sm">{emptyText}</p>
            ) : null}
            {start + shown.length < filtered.length ? (
              <MoreNote>
                {filtered.length - start - shown.length} more: type to narrow the list
              </MoreNote>
            ) : null}
          </PopoverContent>
        </Popover>
      )}
    </Field>
  );
}

function MoreNote({ children }: { children: ReactNode }) {
  return <p className="border-t px-3 py-2 text-muted-foreground text-xs">{children}</p>;
}
