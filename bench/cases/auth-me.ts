import type { BenchCase } from '../lib.ts';

/** The cheapest signed-in call: what the session lookup and the plugins cost per request. */
export const authMe: BenchCase = {
  name: 'auth-me',
  description: 'GET /api/auth/me with a signed-in cookie',
  aim: 0.5,
  async prepare(env) {
    const user = await env.user();
    return { path: '/api/auth/me', headers: { cookie: user.cookie } };
  },
};
