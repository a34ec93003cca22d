import type { BenchCase } from '../lib.ts';
import { authMe } from './auth-me.ts';
import { workLogsAll, workLogsMonth } from './work-logs.ts';

/** Every case, in the order `npm run bench` runs them. Add new ones here. */
export const cases: BenchCase[] = [authMe, workLogsAll, workLogsMonth];
