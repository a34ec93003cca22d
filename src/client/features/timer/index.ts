// What other features and the app shell may use; everything else in this folder is internal.
export { LazyTimerControl as TimerControl } from './components/lazy-timer-control';
export { toggleTimer, useTimerToggle } from './toggle';
