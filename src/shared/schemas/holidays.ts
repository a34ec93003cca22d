import { z } from 'zod';
import { isValidDate } from '../domain/dates.ts';
import { idField, wholeNumber } from './common.ts';

/** Public holidays by country and region (decision 038): the server knows which exist. */
export const HOLIDAY_MESSAGES = {
  country: 'Choose a country from the list',
  region: 'Choose a region of that country from the list',
  year: 'Year must be between 2000 and 2100',
} as const;

export const HOLIDAY_YEARS = { min: 2000, max: 2100 } as const;

/** ISO 3166-1 alpha-2, any case: 'us' is 'US'. */
export const holidayCountryField = z
  .string({ error: HOLIDAY_MESSAGES.country })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, HOLIDAY_MESSAGES.country);

/** The library's code of a state or province ('CA', 'BY', 'ENG', '57', 'Rarotonga'); empty: none. */
export const holidayRegionField = z
  .string({ error: HOLIDAY_MESSAGES.region })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{0,20}$/, HOLIDAY_MESSAGES.region);

export const holidayYearField = wholeNumber(
  HOLIDAY_MESSAGES.year,
  HOLIDAY_YEARS.min,
  HOLIDAY_YEARS.max,
);

export const holidayRegionsQuerySchema = z.object({ country: holidayCountryField });
export type HolidayRegionsQuery = z.input<typeof holidayRegionsQuerySchema>;

export const publicHolidaysQuerySchema = z.object({
  country: holidayCountryField,
  region: holidayRegionField.optional(),
  year: holidayYearField,
});
export type PublicHolidaysQuery = z.input<typeof publicHolidaysQuerySchema>;

export const holidayPlaceSchema = z.object({ code: z.string(), name: z.string() });
export type HolidayPlace = z.infer<typeof holidayPlaceSchema>;

export const holidayCountriesResponseSchema = z.object({ countries: z.array(holidayPlaceSchema) });
export type HolidayCountries = z.infer<typeof holidayCountriesResponseSchema>;

export const holidayRegionsResponseSchema = z.object({ regions: z.array(holidayPlaceSchema) });
export type HolidayRegions = z.infer<typeof holidayRegionsResponseSchema>;

/** A public holiday: its calendar date and its English name (two on one date: "A / B"). */
export const publicHolidaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  name: z.string(),
});
export type PublicHoliday = z.infer<typeof publicHolidaySchema>;

export const publicHolidaysResponseSchema = z.object({ holidays: z.array(publicHolidaySchema) });
export type PublicHolidays = z.infer<typeof publicHolidaysResponseSchema>;

/** An employer's holiday dates for holiday premiums (decision 039). */
export const employerHolidaySchema = z.object({
  date: z.string(),
  name: z.string(),
  /** `library`: a public holiday of the employer's country; `added`: by hand. */
  source: z.enum(['library', 'added']),
  /** A public holiday the user took off the list: no holiday premium that day. */
  removed: z.boolean(),
});
export type EmployerHoliday = z.infer<typeof employerHolidaySchema>;

export const employerHolidaysQuerySchema = z.object({ year: holidayYearField });

export const employerHolidaysResponseSchema = z.object({
  country: z.string().nullable(),
  region: z.string().nullable(),
  year: z.number().int(),
  holidays: z.array(employerHolidaySchema),
});
export type EmployerHolidays = z.infer<typeof employerHolidaysResponseSchema>;

const holidayDateField = z
  .string({ error: 'Choose a date' })
  .refine(
    (d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isValidDate(d),
    'Please choose a real date (YYYY-MM-DD)',
  )
  .refine((d) => {
    const year = Number(d.slice(0, 4));
    return year >= HOLIDAY_YEARS.min && year <= HOLIDAY_YEARS.max;
  }, HOLIDAY_MESSAGES.year);

export const addEmployerHolidayBodySchema = z.object({
  date: holidayDateField,
  name: z
    .string({ error: 'Holiday name is required' })
    .trim()
    .min(1, 'Holiday name is required')
    .max(100, 'Holiday name must be at most 100 characters')
    .refine((t) => !/[\r\n]/.test(t), 'Holiday name must be on one line'),
});
export type AddEmployerHolidayBody = z.input<typeof addEmployerHolidayBodySchema>;

export const employerHolidayParamsSchema = z.object({
  id: idField('Invalid employer id'),
  date: holidayDateField,
});
