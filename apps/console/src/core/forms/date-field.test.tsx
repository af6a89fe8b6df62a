import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { useMessageStore } from '../locale/messages.ts';
import { DateField, type DateFieldProps } from './date-field.tsx';

type Locale = 'en' | 'it';

/** The field as a caller holds it: the ISO day in state, fed back as the value. */
function Caller({
  locale,
  initial,
  ...props
}: { locale: Locale; initial: string } & Partial<DateFieldProps>) {
  const [value, setValue] = useState(initial);
  return (
    <IntlProvider locale={locale} messages={useMessageStore.getState().catalogues[locale]}>
      <DateField
        label="Day"
        testId="day"
        {...props}
        value={value}
        onChange={(iso) => {
          setValue(iso);
          props.onChange?.(iso);
        }}
      />
    </IntlProvider>
  );
}

/** The text the field shows, section by section (day, month, year, their separators). */
function shownText(): string {
  return (
    screen.getByRole('group', { name: 'Day' }).querySelector('.MuiPickersSectionList-root')?.textContent ?? ''
  );
}

/** Types digits as a keyboard does: each one lands in the focused section, which moves on when full. */
function typeDigits(digits: string) {
  act(() => screen.getAllByRole('spinbutton')[0]?.focus());
  for (const digit of digits) {
    const section = document.activeElement as HTMLElement;
    fireEvent.input(section, { target: { textContent: digit } });
  }
}

function helperText(): string {
  return screen.getByTestId('day').querySelector('.MuiFormHelperText-root')?.textContent ?? '';
}

describe('date field', () => {
  it('writes a day the way the console language does, whatever the browser locale', () => {
    const { unmount } = render(<Caller locale="it" initial="2026-11-26" />);
    expect(shownText()).toBe('26/11/2026');
    expect(screen.getByRole('spinbutton', { name: 'Mese' }).getAttribute('aria-valuetext')).toBe('novembre');
    unmount();
    render(<Caller locale="en" initial="2026-11-26" />);
    expect(shownText()).toBe('11/26/2026');
    expect(screen.getByRole('spinbutton', { name: 'Month' }).getAttribute('aria-valuetext')).toBe('November');
  });

  it('shows the placeholder of the language when empty', () => {
    const { unmount } = render(<Caller locale="it" initial="" />);
    expect(shownText()).toBe('GG/MM/AAAA');
    unmount();
    render(<Caller locale="en" initial="" />);
    expect(shownText()).toBe('MM/DD/YYYY');
  });

  it('hands the typed day on as an ISO day, read in the order of the language', () => {
    const italian = vi.fn();
    const { unmount } = render(<Caller locale="it" initial="" onChange={italian} />);
    typeDigits('0402');
    expect(italian).not.toHaveBeenCalled();
    typeDigits('04022027');
    expect(italian).toHaveBeenLastCalledWith('2027-02-04');
    expect(shownText()).toBe('04/02/2027');
    unmount();

    const english = vi.fn();
    render(<Caller locale="en" initial="" onChange={english} />);
    typeDigits('04022027');
    expect(english).toHaveBeenLastCalledWith('2027-04-02');
  });

  it('keeps a half-typed day on screen and hands on no date for it', () => {
    const changed = vi.fn();
    render(<Caller locale="it" initial="2026-11-26" onChange={changed} />);
    act(() => screen.getByRole('spinbutton', { name: 'Giorno' }).focus());
    fireEvent.keyDown(screen.getByRole('spinbutton', { name: 'Giorno' }), { key: 'Backspace' });
    fireEvent.input(screen.getByRole('spinbutton', { name: 'Giorno' }), { target: { textContent: '' } });
    expect(changed).toHaveBeenLastCalledWith('');
    expect(shownText()).toBe('GG/11/2026');
  });

  it('tells a day outside the allowed range under the field, in the language of the console', () => {
    const { unmount } = render(<Caller locale="it" initial="2026-12-01" max="2026-11-30" />);
    expect(helperText()).toBe('La data non può essere successiva al 30/11/2026.');
    unmount();
    render(<Caller locale="en" initial="2026-01-01" min="2026-01-02" helperText="Pick a day" />);
    expect(helperText()).toBe('The date cannot be before 01/02/2026.');
  });

  it('tells a day that does not exist, in both languages, and hands on no date', () => {
    const italian = vi.fn();
    const { unmount } = render(<Caller locale="it" initial="" onChange={italian} />);
    typeDigits('31022027');
    expect(shownText()).toBe('31/02/2027');
    expect(helperText()).toBe('Inserisci una data completa ed esistente.');
    expect(italian).not.toHaveBeenCalled();
    unmount();
    render(<Caller locale="en" initial="" />);
    typeDigits('02312027');
    expect(helperText()).toBe('Enter a complete, real date.');
  });

  it("shows the caller's own help when the day is fine", () => {
    render(<Caller locale="en" initial="2026-01-05" min="2026-01-02" helperText="Pick a day" />);
    expect(helperText()).toBe('Pick a day');
  });

  it('opens a calendar in the language of the console, weeks starting on Monday in Italian', () => {
    render(<Caller locale="it" initial="2026-11-26" />);
    fireEvent.click(screen.getByRole('button', { name: /Scegli la data/ }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('novembre 2026');
    const weekDays = [...dialog.querySelectorAll('.MuiDayCalendar-weekDayLabel')].map((cell) =>
      cell.getAttribute('aria-label'),
    );
    expect(weekDays[0]).toBe('lunedì');
    fireEvent.click(screen.getByRole('gridcell', { name: '3' }));
    expect(shownText()).toBe('03/11/2026');
  });
});
