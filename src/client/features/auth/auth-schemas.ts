// The chunk the first-visit forms load for their checks: only the schemas they use, so the
// bundler need not build a namespace object of the whole shared module.
export { loginBodySchema, registerBodySchema } from '../../../shared/schemas/auth.ts';
