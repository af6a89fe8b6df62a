import { ResultSet } from '@cubejs-client/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../../lang/analytics-core.en.json';
import { MAX_VISIBLE_SERIES } from '../use-series-visibility.ts';
import { ChartWidget } from './chart-widget.tsx';

const MEASURES = Array.from({ length: 7 }, (_, index) => `Things.m${index + 1}`);

/** A weekly chart of seven measures, titled 'Series 1' … 'Series 7'. */
function sevenSeries(): ResultSet {
  const query = {
    measures: MEASURES,
    timeDimensions: [
      { dimension: 'Things.at', granularity: 'week', dateRange: ['2026-03-02', '2026-03-15'] },
    ],
  };
  const measures = Object.fromEntries(
    MEASURES.map((name, index) => [
      name,
      { title: `Series ${index + 1}`, shortTitle: `Series ${index + 1}`, type: 'number' },
    ]),
  );
  return new ResultSet({
    query,
    pivotQuery: query,
    data: ['2026-03-02', '2026-03-09'].map((week, row) => ({
      'Things.at.week': `${week}T00:00:00.000`,
      'Things.at': `${week}T00:00:00.000`,
      ...Object.fromEntries(MEASURES.map((name, index) => [name, String((index + 1) * 10 + row)])),
    })),
    annotation: {
      measures,
      dimensions: {},
      segments: {},
      timeDimensions: { 'Things.at.week': { title: 'At', shortTitle: 'At', type: 'time' } },
    },
    lastRefreshTime: '2026-03-16T00:00:00.000Z',
  } as never);
}

function renderChart() {
  render(
    <IntlProvider locale="en" messages={en}>
      <ChartWidget resultSet={sevenSeries()} variant="line" granularity="week" height={300} testId="chart" />
    </IntlProvider>,
  );
  const legend = screen.getByRole('group', { name: 'Series shown' });
  const button = (n: number) => within(legend).getByRole('button', { name: `Series ${n}` });
  const drawn = () =>
    Array.from(
      screen.getByTestId('chart').querySelectorAll('path.MuiLineChart-line, path[class*="MuiLineElement"]'),
    ).length;
  return { legend, button, drawn };
}

describe('the chart legend', () => {
  it('draws only the first five of seven series, and says which are on with aria-pressed', () => {
    const { button, drawn } = renderChart();
    for (let n = 1; n <= 7; n += 1) {
      expect(button(n).getAttribute('aria-pressed')).toBe(n <= MAX_VISIBLE_SERIES ? 'true' : 'false');
    }
    expect(drawn()).toBe(MAX_VISIBLE_SERIES);
  });

  it('refuses a sixth series with a short message, and lets it on once another is off', () => {
    const { button, drawn } = renderChart();
    fireEvent.click(button(6));
    expect(button(6).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('chart-legend-message').textContent).toBe(
      'At most 5 series at once: turn one off first.',
    );
    expect(screen.getByTestId('chart-legend-message').getAttribute('role')).toBe('status');

    fireEvent.click(button(2));
    expect(button(2).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('chart-legend-message').textContent).toBe('');
    expect(drawn()).toBe(4);
    fireEvent.click(button(6));
    expect(button(6).getAttribute('aria-pressed')).toBe('true');
    expect(drawn()).toBe(5);
  });

  it('toggles by keyboard: the legend entries are real buttons', () => {
    const { button } = renderChart();
    const first = button(1);
    expect(first.tagName).toBe('BUTTON');
    first.focus();
    expect(document.activeElement).toBe(first);
    // A native button turns Enter and Space into a click; jsdom does not, so the click stands for it.
    fireEvent.click(first);
    expect(first.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(first);
    expect(first.getAttribute('aria-pressed')).toBe('true');
  });
});
