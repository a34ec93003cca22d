// Other features import from here only, never from inside the folder.

export { groupOf, useEmployerGroups } from './api/employer-groups';
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

export const loadEmployersPage = () => import('./components/employers-page');
