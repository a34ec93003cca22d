import { errorBodySchema } from '../../shared/errors.ts';

type ErrorResponses<S extends readonly number[]> = { [K in S[number]]: typeof errorBodySchema };

export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): ErrorResponses<S> {
  return Object.fromEntries(
    statuses.map((status) => [status, errorBodySchema]),
  ) as ErrorResponses<S>;
}
