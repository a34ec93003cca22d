import { ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { type ChevronProps, DayPicker } from 'react-day-picker';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button';

/** docs/product/screens.md#form-rules. */
export const CALENDAR_FIRST_DAY = new Date(2020, 0, 1);

/** docs/product/deviations.md#3-year-pickers-run-to-next-year. */
export function calendarLastMonth(now: Date = new Date()): Date {
  return new Date(now.getFullYear() + 1, 11, 1);
}

function CalendarChevron({ orientation, className }: ChevronProps) {
  const Icon =
    orientation === 'left' ? ChevronLeft : orientation === 'right' ? ChevronRight : ChevronDown;
  return <Icon aria-hidden="true" className={cn('size-4', className)} />;
}

export type CalendarProps = ComponentProps<typeof DayPicker>;

export function Calendar({ className, classNames, ...props }: CalendarProps) {
  return (
    <DayPicker
      captionLayout="dropdown"
      startMonth={CALENDAR_FIRST_DAY}
      endMonth={calendarLastMonth()}
      disabled={{ before: CALENDAR_FIRST_DAY }}
      weekStartsOn={0}
      showOutsideDays
      className={cn('w-fit text-sm', className)}
      classNames={{
        months: 'relative flex flex-col gap-4',
        month: 'flex w-full flex-col gap-3',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-9 aria-disabled:opacity-40',
        ),
        button_next: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-9 aria-disabled:opacity-40',
        ),
        month_caption: 'flex h-9 items-center justify-center px-10',
        dropdowns: 'flex items-center gap-1.5 font-medium',
        dropdown_root:
          'relative rounded-md border border-input has-focus-visible:ring-2 has-focus-visible:ring-ring',
        dropdown: 'absolute inset-0 w-full cursor-pointer bg-popover opacity-0',
        caption_label: 'flex h-8 items-center gap-1 rounded-md pr-1.5 pl-2 font-medium',
        chevron: 'size-3.5 text-muted-foreground',
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-9 font-normal text-muted-foreground text-xs',
        week: 'mt-1 flex w-full',
        day: 'group/day size-9 p-0 text-center',
        day_button: cn(
          'inline-flex size-9 items-center justify-center rounded-md font-normal text-sm transition-colors',
          'hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          'group-data-[today=true]/day:font-semibold group-data-[today=true]/day:ring-1 group-data-[today=true]/day:ring-ring',
          'group-data-[outside=true]/day:text-muted-foreground',
          'group-data-[selected=true]/day:bg-primary group-data-[selected=true]/day:text-primary-foreground',
          'disabled:pointer-events-none disabled:opacity-40',
        ),
        hidden: 'invisible',
        ...classNames,
      }}
      components={{ Chevron: CalendarChevron }}
      {...props}
    />
  );
}

export default Calendar;
