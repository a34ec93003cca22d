import { screen } from '@testing-library/react';
import { Clock } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { isValueShown, StatCard } from './stat-card';

describe('the stat card', () => {
  it.each(['', '-', '0', ' 0 ', null, undefined])('hides the value %j', (value) => {
    expect(isValueShown(value)).toBe(false);
  });

  it.each(['12.5', '$0.50', '1', '0.5'])('shows the value %j', (value) => {
    expect(isValueShown(value)).toBe(true);
  });

  it('shows a hidden value when always-show is set', () => {
    expect(isValueShown('0', true)).toBe(true);
    renderWithProviders(<StatCard title="Active Employers" value="0" icon={Clock} alwaysShow />);
    expect(screen.getByText('0')).toBeInTheDocument();
  });

  it('shows its title, value, suffix, colour variant and link', () => {
    renderWithProviders(
      <StatCard
        title="Shifts"
        value="3"
        suffix="shifts"
        icon={Clock}
        variant="orange"
        action={{ label: 'View work logs', href: '/work-logs' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Shifts' })).toBeInTheDocument();
    expect(screen.getByText('3')).toHaveTextContent('3shifts');
    expect(document.querySelector('[data-variant="orange"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'View work logs' })).toHaveAttribute(
      'href',
      '/work-logs',
    );
  });

  it('puts a dash and "None yet" in place of a zero value', () => {
    renderWithProviders(<StatCard title="Shifts" value="0" icon={Clock} />);
    expect(screen.queryByText('0')).not.toBeInTheDocument();
    expect(screen.getByText('None yet')).toBeInTheDocument();
  });
});
