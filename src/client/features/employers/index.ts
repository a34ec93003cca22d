/**
 * The employers feature, as other features may use it (the dashboard lists employers and
 * opens the add dialog). Other features import from here only, never from inside the folder.
 */
export {
  employerKeys,
  employersQueryOptions,
  invalidateEmployers,
  useEmployers,
} from './api/get-employers';
export { employmentTypeLabels, scheduleLabels } from './components/employer-labels';
export {
  LazyEmployerFormDialog as EmployerFormDialog,
  preloadEmployerFormDialog,
} from './components/lazy-employer-form-dialog';

/** The Employers page, for the router's lazy(): loaded only when the page is first opened. */
export const loadEmployersPage = () => import('./components/employers-page');
