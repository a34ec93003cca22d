// Lazy, with only the pieces a stacked bar needs registered (docs/decisions/012-dashboard-chart.md).
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { brandColorHex } from '@/lib/brand-colors';
import { formatDisplayDate } from '../../../../shared/domain/format.ts';
import type { DashboardSeries } from '../../../../shared/schemas/dashboard.ts';
import { useIsDark } from './use-is-dark';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

// Axis labels stay short ('Sun 22', 'Nov 22'); the tooltip gives the full date.
const weekdayTick = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayTick = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

export function chartConfig(series: DashboardSeries, dark: boolean): ChartConfiguration<'bar'> {
  const text = dark ? '#cbd5e1' : '#475569';
  const grid = dark ? 'rgba(148, 163, 184, 0.2)' : 'rgba(100, 116, 139, 0.15)';
  const short = series.period === 'week' ? weekdayTick : dayTick;
  const labels = series.days.map((day) => short.format(new Date(`${day.date}T00:00:00Z`)));
  const datasets = series.employers.map((employer) => ({
    label: employer.name,
    backgroundColor: brandColorHex[employer.brandColor] ?? brandColorHex.blue,
    borderRadius: 3,
    data: series.days.map((day) => {
      const entry = day.byEmployer.find((e) => e.employerId === employer.id);
      return entry ? Number(entry.hours) : 0;
    }),
  }));
  return {
    type: 'bar',
    data: { labels, datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        tooltip: {
          filter: (item) => Number(item.raw) > 0,
          callbacks: {
            title: (items) => formatDisplayDate(series.days[items[0]?.dataIndex ?? 0]?.date ?? ''),
            label: (item) => `${item.dataset.label}: ${item.formattedValue} h`,
          },
        },
      },
      scales: {
        x: {
          stacked: true,
          ticks: { color: text, maxRotation: 0, autoSkip: true, maxTicksLimit: 8 },
          grid: { display: false },
        },
        y: {
          stacked: true,
          beginAtZero: true,
          ticks: { color: text, precision: 0 },
          grid: { color: grid },
          title: { display: true, text: 'Hours', color: text },
        },
      },
    },
  };
}

/** The canvas itself; its text alternative is the table beside it (hours-chart-card.tsx). */
export function HoursChart({ series, label }: { series: DashboardSeries; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const dark = useIsDark();
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, chartConfig(series, dark));
    return () => chart.destroy();
  }, [series, dark]);
  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={label} data-testid="hours-chart" />
    </div>
  );
}

export default HoursChart;
