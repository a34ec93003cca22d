import type { CreateEmployerBody, Employer } from '../../shared/schemas/employers.ts';
import type { CreateWorkLogBody, WorkLog } from '../../shared/schemas/work-logs.ts';
import type { App } from '../app.ts';
import { callApi, type Session } from './app.ts';

/** Creates an employer through the API; fails the test with the answer if it is refused. */
export async function addEmployer(
  app: App,
  who: Session,
  body: CreateEmployerBody,
): Promise<Employer> {
  const res = await callApi(app, 'POST', '/api/employers', who, body);
  if (res.statusCode !== 201) throw new Error(`employer refused: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Creates a work log through the API; fails the test with the answer if it is refused.
 * Arranged logs may overlap on purpose, so it confirms overlaps unless the body says otherwise
 * (the overlap question itself is tested in work-logs.overlaps.test.ts).
 */
export async function addWorkLog(
  app: App,
  who: Session,
  body: CreateWorkLogBody,
): Promise<WorkLog> {
  const res = await callApi(app, 'POST', '/api/work-logs', who, { allowOverlap: true, ...body });
  if (res.statusCode !== 201) throw new Error(`work log refused: ${res.statusCode} ${res.body}`);
  return res.json();
}
