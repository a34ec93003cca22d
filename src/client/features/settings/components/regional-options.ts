import type { ComboboxOption } from '@/components/ui/combobox';

// Generic names ('Eastern Time') do not change with daylight saving; any date gives them.
const reference = new Date(Date.UTC(2026, 0, 15));

function zoneName(zone: string, style: 'long' | 'longGeneric' | 'shortGeneric'): string | null {
  try {
    return (
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: style })
        .formatToParts(reference)
        .find((part) => part.type === 'timeZoneName')?.value ?? null
    );
  } catch {
    return null;
  }
}

/** 'America/Argentina/Buenos_Aires' → 'Buenos Aires'. */
export function cityOf(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

/** 'America/New_York' → 'Eastern Time (ET) — New York'. */
export function timeZoneLabel(zone: string): string {
  let long = zoneName(zone, 'longGeneric');
  if (!long) return zone;
  // No generic name gives 'GMT+00:00'; the specific one ('Coordinated Universal Time') says more.
  if (long.startsWith('GMT')) {
    const specific = zoneName(zone, 'long');
    if (specific && !specific.startsWith('GMT')) long = specific;
  }
  const short = zoneName(zone, 'shortGeneric');
  const abbreviation = short && short !== long && /^[A-Z]{2,5}$/.test(short) ? ` (${short})` : '';
  return `${long}${abbreviation} — ${cityOf(zone)}`;
}

let timeZoneList: ComboboxOption[] | undefined;

/** Built once: a few hundred formatters. */
export function timeZoneOptions(): readonly ComboboxOption[] {
  timeZoneList ??= Intl.supportedValuesOf('timeZone')
    .map((zone) => ({ value: zone, label: timeZoneLabel(zone), keywords: zone }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return timeZoneList;
}

let names: Intl.DisplayNames | undefined;

export function currencyLabel(code: string): string {
  names ??= new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' });
  let name: string | undefined;
  try {
    name = names.of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${name} (${code})` : code;
}

let currencyList: ComboboxOption[] | undefined;

/** The server accepts the same list. */
export function currencyOptions(): readonly ComboboxOption[] {
  currencyList ??= Intl.supportedValuesOf('currency')
    .map((code) => ({ value: code, label: currencyLabel(code), keywords: code }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return currencyList;
}

/** Adds `current` when the browser does not know it, so the field never lies. */
export function withCurrent(
  options: readonly ComboboxOption[],
  current: string,
  label: (value: string) => string,
): readonly ComboboxOption[] {
  return options.some((option) => option.value === current)
    ? options
    : [{ value: current, label: label(current), keywords: current }, ...options];
}
