import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDashboardSeries, makeSettings } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { HoursChartCard } from './hours-chart-card';

// The chart stands in as its accessible name; what is tested is when it is asked for.
const drawn = vi.fn();
vi.mock('./hours-chart', () => ({
  default: ({ label }: { label: string }) => {
    drawn();
    return <div role="img" aria-label={label} />;
  },
}));

describe('the hours chart card', () => {
  beforeEach(() => {
    drawn.mockClear();
    mockApi({
      'GET /api/dashboard/weekly-hours': makeDashboardSeries(),
      'GET /api/settings': makeSettings(),
    });
  });

  it('draws the chart only once its card comes near the screen; the totals are there at once', async () => {
    renderWithProviders(
      <div>
        <div style={{ height: '4000px' }} />
        <HoursChartCard period="week" />
      </div>,
    );
    const totals = await screen.findByRole('table', { name: 'Hours and earnings per employer' });
    // Far below the fold: a placeholder of the chart's height, and no chart code asked for.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('img', { name: /^Hours per day/ })).not.toBeInTheDocument();
    expect(drawn).not.toHaveBeenCalled();
    totals.scrollIntoView();
    expect(await screen.findByRole('img', { name: /^Hours per day/ })).toBeInTheDocument();
    expect(drawn).toHaveBeenCalled();
  });

  it('draws it with the page when the card is in view', async () => {
    renderWithProviders(<HoursChartCard period="week" />);
    expect(await screen.findByRole('img', { name: /^Hours per day/ })).toBeInTheDocument();
  });
});
