import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { useMessageStore } from '../../locale/messages.ts';
import type { DateRangeValue } from '../analytics-format.ts';
import { DateRangePresetSelect } from './date-range-preset-select.tsx';

function Period({ locale, onChange }: { locale: 'en' | 'it'; onChange: (value: DateRangeValue) => void }) {
  const [value, setValue] = useState<DateRangeValue>({
    preset: 'custom',
    range: ['2026-11-02', '2026-11-26'],
  });
  return (
    <IntlProvider locale={locale} messages={useMessageStore.getState().catalogues[locale]}>
      <DateRangePresetSelect
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </IntlProvider>
  );
}

const shown = (testId: string) =>
  screen.getByTestId(testId).querySelector('.MuiPickersSectionList-root')?.textContent ?? '';

function typeDay(testId: string, digits: string) {
  act(() => within(screen.getByTestId(testId)).getAllByRole('spinbutton')[0]?.focus());
  for (const digit of digits)
    fireEvent.input(document.activeElement as HTMLElement, { target: { textContent: digit } });
}

describe('date range preset select', () => {
  it("shows a custom range's days as the console's language writes them", () => {
    const { unmount } = render(<Period locale="it" onChange={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Dal' })).toBeTruthy();
    expect(shown('date-range-from')).toBe('02/11/2026');
    expect(shown('date-range-to')).toBe('26/11/2026');
    unmount();
    render(<Period locale="en" onChange={vi.fn()} />);
    expect(shown('date-range-from')).toBe('11/02/2026');
    expect(shown('date-range-to')).toBe('11/26/2026');
  });

  it('hands on a typed range, and refuses an end before the start in the language of the console', () => {
    const changed = vi.fn();
    render(<Period locale="it" onChange={changed} />);
    typeDay('date-range-from', '01102026');
    expect(changed).toHaveBeenLastCalledWith({ preset: 'custom', range: ['2026-10-01', '2026-11-26'] });

    // Typed over section by section, the end passes through 15/11 (a fine range) before 15/09.
    typeDay('date-range-to', '15092026');
    expect(shown('date-range-to')).toBe('15/09/2026');
    expect(changed).toHaveBeenLastCalledWith({ preset: 'custom', range: ['2026-10-01', '2026-11-15'] });
    expect(screen.getByText('La data di fine non può precedere quella di inizio.')).toBeTruthy();
  });
});
