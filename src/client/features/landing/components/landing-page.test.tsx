import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { LandingPage } from './landing-page';

function renderLanding() {
  render(
    <Router>
      <LandingPage />
    </Router>,
  );
}

function cardTitles(sectionName: RegExp) {
  const section = screen.getByRole('region', { name: sectionName });
  return within(section)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

describe('LandingPage', () => {
  afterEach(cleanup);

  it('renders the eight feature cards', () => {
    renderLanding();
    expect(cardTitles(/everything you need/i)).toEqual([
      'Time Tracking',
      'Earnings Calculation',
      'Multiple Employers',
      'Professional Timesheets',
      'Analytics',
      'Mail-Provider Integration',
      'Flexible Scheduling',
      'Custom Settings',
    ]);
  });

  it('renders the three audience cards', () => {
    renderLanding();
    expect(cardTitles(/made for the way you work/i)).toEqual([
      'Freelancers',
      'Contract Workers',
      'Multi-Job Workers',
    ]);
  });

  it('renders exactly one h1 and the three numbered steps', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(cardTitles(/three steps/i)).toEqual([
      'Create your account',
      'Add your employers',
      'Start tracking',
    ]);
  });

  it('links Get Started to /register', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  });

  it('links Sign In and Launch App to /login', () => {
    renderLanding();
    const signInLinks = screen.getAllByRole('link', { name: 'Sign In' });
    expect(signInLinks).toHaveLength(2);
    for (const link of signInLinks) expect(link).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Launch App' })).toHaveAttribute('href', '/login');
  });

  it('shows the current year in the footer', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Hourbook`);
  });
});
