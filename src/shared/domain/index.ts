export {
  addDays,
  canonicalTimeZone,
  compareDates,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  isLeapYear,
  isValidDate,
  isValidTimeZone,
  todayIn,
} from './dates.ts';
export {
  applyTax,
  type TaxAmounts,
  type TaxCalculation,
  type Totals,
  totals,
} from './earnings.ts';
export {
  endsNextDay,
  formatBreak,
  formatClock,
  formatClockRange,
  formatDisplayDate,
  formatDuration,
  formatHourlyRate,
  formatIsoDate,
  formatMoney,
  formatPercentage,
  formatTimeRange,
  parseIsoDate,
} from './format.ts';
export {
  formatCurrency,
  formatMoneyString,
  formatPercent,
  mulDivRound,
  parseMoney,
  parsePercent,
} from './money.ts';
export {
  type DashboardPeriod,
  type DateRange,
  dashboardPeriod,
  dashboardPeriods,
  type Trend,
  trend,
  type WorkLogFilter,
  weekOf,
  workLogFilters,
  workLogPeriod,
} from './periods.ts';
export { formatHours, type RoundTime } from './rounding.ts';
export { foldForSearch, matchesSearch } from './search.ts';
export {
  type Shift,
  type ShiftResult,
  type ShiftTimes,
  shiftEndDate,
  shiftEndsNextDay,
  shiftMessages,
  shiftMinutes,
} from './shift.ts';
export {
  formatTime,
  formatTime24,
  fromTwentyFourHour,
  type Meridiem,
  parseTime,
  type TimeFormat,
  type TwelveHourTime,
} from './time.ts';
