import { Controller, useWatch } from 'react-hook-form';
import { RetryAlert } from '@/components/ui/retry-alert';
import { SelectField } from '@/components/ui/select-field';
import { useHolidayCountries, useHolidayRegions } from '../api/holidays';
import type { EmployerForm } from './employer-form-fields';

// Radix selects take no empty value: these stand for "none" and "the whole country".
const NONE = 'none';
const WHOLE = 'whole';

/** "Public holidays from": a country, and its region when it has some (decision 039). */
export function HolidayPlaceFields({ form }: { form: EmployerForm }) {
  const countries = useHolidayCountries();
  const country = useWatch({ control: form.control, name: 'holidayCountry' }) ?? null;
  const regions = useHolidayRegions(country);
  const { errors } = form.formState;

  const countryOptions = [
    { value: NONE, label: 'None' },
    ...(countries.data?.countries ?? []).map((c) => ({ value: c.code, label: c.name })),
  ];
  // A country the list does not hold (still loading, or failed) keeps its code as its name.
  if (country && !countryOptions.some((o) => o.value === country)) {
    countryOptions.push({ value: country, label: country });
  }
  const regionList = regions.data?.regions ?? [];

  return (
    <>
      <Controller
        control={form.control}
        name="holidayCountry"
        render={({ field }) => (
          <div className="space-y-2">
            <SelectField
              id="employer-holidayCountry"
              label="Public holidays from"
              value={field.value ?? NONE}
              onValueChange={(value) => {
                field.onChange(value === NONE ? null : value);
                form.setValue('holidayRegion', null, { shouldDirty: true });
              }}
              onBlur={field.onBlur}
              options={countryOptions}
              disabled={countries.isPending}
              placeholder="Loading countries…"
              hint="Holiday premiums pay on these dates, and on dates you add."
              error={errors.holidayCountry?.message}
            />
            {countries.isError ? (
              <RetryAlert query={countries}>Could not load the countries.</RetryAlert>
            ) : null}
          </div>
        )}
      />
      {country && (regionList.length > 0 || regions.isPending || regions.isError) ? (
        <Controller
          control={form.control}
          name="holidayRegion"
          render={({ field }) => (
            <div className="space-y-2">
              <SelectField
                id="employer-holidayRegion"
                label="Region"
                value={field.value ?? WHOLE}
                onValueChange={(value) => field.onChange(value === WHOLE ? null : value)}
                onBlur={field.onBlur}
                options={[
                  { value: WHOLE, label: 'Whole country only' },
                  ...regionList.map((r) => ({ value: r.code, label: r.name })),
                  ...(field.value && !regionList.some((r) => r.code === field.value)
                    ? [{ value: field.value, label: field.value }]
                    : []),
                ]}
                disabled={regions.isPending}
                hint="A state or province adds its own holidays."
                error={errors.holidayRegion?.message}
              />
              {regions.isError ? (
                <RetryAlert query={regions}>Could not load the regions.</RetryAlert>
              ) : null}
            </div>
          )}
        />
      ) : null}
    </>
  );
}
