import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../../lang/analytics-core.en.json';
import it_ from '../../../../lang/analytics-core.it.json';
import { AnalyticsQueryRefusedError, AnalyticsUnavailableError } from '../analytics-client.ts';
import { AnalyticsError, type AnalyticsErrorProps } from './analytics-error.tsx';

const REASON = "'nope' not found for path 'Users.nope'";

function renderError(props: AnalyticsErrorProps, locale: 'en' | 'it' = 'en') {
  render(
    <IntlProvider locale={locale} messages={locale === 'en' ? en : it_}>
      <AnalyticsError {...props} />
    </IntlProvider>,
  );
}

describe('AnalyticsError', () => {
  it('keeps "Try later" with Retry for a passing failure, whoever reads it', () => {
    const onRetry = vi.fn();
    renderError({ error: new AnalyticsUnavailableError(new Error('502')), showReason: true, onRetry });
    expect(screen.getByTestId('analytics-unavailable').textContent).toContain('Try later');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('analytics-refused')).toBeNull();
  });

  it("shows an admin the engine's reason for a refused query, in a collapsible detail, without Retry", () => {
    renderError({
      error: new AnalyticsQueryRefusedError(REASON, 'invalid_query'),
      showReason: true,
      onRetry: vi.fn(),
    });
    const alert = screen.getByTestId('analytics-refused');
    expect(alert.textContent).toContain('refused this query');
    expect(alert.textContent).not.toContain('Try later');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    const details = alert.querySelector('details');
    expect(details).not.toBeNull();
    expect(details?.open).toBe(false);
    expect(details?.querySelector('summary')?.textContent).toBe('Reason given by the engine');
    expect(screen.getByTestId('analytics-refused-reason').textContent).toBe(REASON);
  });

  it('tells anyone else a plain sentence, never the reason', () => {
    renderError({ error: new AnalyticsQueryRefusedError(REASON, 'invalid_query'), onRetry: vi.fn() }, 'it');
    const alert = screen.getByTestId('analytics-refused');
    expect(alert.textContent).toBe(
      'Questi dati non possono essere mostrati. Chiedi a un amministratore di verificarli.',
    );
    expect(alert.textContent).not.toContain('nope');
    expect(screen.queryByTestId('analytics-refused-reason')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('in a small widget keeps one short line, the reason behind a button for an admin only', async () => {
    renderError({
      error: new AnalyticsQueryRefusedError(REASON, 'invalid_query'),
      showReason: true,
      compact: true,
    });
    const alert = screen.getByTestId('analytics-refused');
    expect(alert.textContent).toBe('Query refused: a retry will not help. Reason');
    expect(screen.queryByTestId('analytics-refused-reason')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reason' }));
    expect((await screen.findByTestId('analytics-refused-reason')).textContent).toBe(REASON);
    cleanup();
    renderError({ error: new AnalyticsQueryRefusedError(REASON, 'invalid_query'), compact: true });
    expect(screen.getByTestId('analytics-refused').textContent).toBe(
      'Cannot be shown: ask an administrator.',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
