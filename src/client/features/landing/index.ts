/** The landing feature, as the app shell may use it. Only a loader: the entry chunk imports this. */

/** The landing page, for the router's lazy(): the only chunk a signed-out visit to / loads. */
export const loadLandingPage = () => import('./components/landing-page');
