import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HOLIDAY_MESSAGES,
  holidayCountriesResponseSchema,
  holidayRegionsQuerySchema,
  holidayRegionsResponseSchema,
  publicHolidaysQuerySchema,
  publicHolidaysResponseSchema,
} from '../../../shared/schemas/holidays.ts';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { holidayCountries, holidayRegions, publicHolidays } from '../../lib/holidays.ts';

const errors = errorResponses(400, 401);

/** A code the library does not know: the same answer as the schema's, on that field. */
function unknown(field: 'country' | 'region'): AppError {
  const message = HOLIDAY_MESSAGES[field];
  return new AppError('validation_failed', 400, message, { [field]: message });
}

/**
 * Countries, their regions and their public holidays for the employer form (decision 038).
 * The same for every user, but signed-in only, like every other /api route.
 */
export const holidaysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/countries',
    { schema: { response: { 200: holidayCountriesResponseSchema, ...errorResponses(401) } } },
    async () => ({ countries: holidayCountries() }),
  );

  app.get(
    '/regions',
    {
      schema: {
        querystring: holidayRegionsQuerySchema,
        response: { 200: holidayRegionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const regions = holidayRegions(request.query.country);
      if (!regions) throw unknown('country');
      return { regions };
    },
  );

  app.get(
    '/',
    {
      schema: {
        querystring: publicHolidaysQuerySchema,
        response: { 200: publicHolidaysResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { country, region, year } = request.query;
      if (!holidayRegions(country)) throw unknown('country');
      const holidays = publicHolidays(country, region || null, year);
      if (!holidays) throw unknown('region');
      return { holidays };
    },
  );
};
