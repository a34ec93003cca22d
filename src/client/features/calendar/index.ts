// What other features and the app shell may use; everything else in this folder is internal.
export const loadCalendarPage = () => import('./components/calendar-page');
