import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateFieldView, type DateFieldFormat, type DateFieldProps } from './DateField';

const ISO_FORMAT: DateFieldFormat = {
  dateFormat: 'Y-m-d',
  weekStartDay: 1,
  offDays: [0, 6],
  calendarLocale: 'en',
  language: 'en',
};
const US_FORMAT: DateFieldFormat = {
  dateFormat: 'm/d/Y',
  weekStartDay: 0,
  offDays: [0, 6],
  calendarLocale: 'en',
  language: 'en',
};
const GERMAN_FORMAT: DateFieldFormat = {
  dateFormat: 'd.m.Y',
  weekStartDay: 1,
  offDays: [5, 6],
  calendarLocale: 'en',
  language: 'en',
};

type Extra = Partial<Omit<DateFieldProps, 'value' | 'onChange'>>;

/** A field whose value lives in a parent, as on the pages; every value passed on is kept. */
function renderField(format: DateFieldFormat, initial: string, extra: Extra = {}) {
  const changes: string[] = [];
  function Parent() {
    const [value, setValue] = useState(initial);
    return (
      <DateFieldView
        label="From"
        {...extra}
        {...format}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <MantineProvider>
      <Parent />
    </MantineProvider>,
  );
  const input = screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement;
  return { input, changes };
}

/** Types text as a person does: into the focused field, then leaves it. */
function typeAndLeave(input: HTMLInputElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

/** The weekday names heading the month of a day button (Mantine hides them from assistive technology). */
function weekdayHeads(day: HTMLElement): (string | null)[] {
  return [...day.closest('table')!.querySelectorAll('th')].map((th) => th.textContent);
}

describe('date field', { timeout: 20_000 }, () => {
  it('shows the date in the user’s format: ISO, US and German style', () => {
    expect(renderField(ISO_FORMAT, '2026-03-05').input.value).toBe('2026-03-05');
    cleanup();
    expect(renderField(US_FORMAT, '2026-03-05').input.value).toBe('03/05/2026');
    cleanup();
    expect(renderField(GERMAN_FORMAT, '2026-03-05').input.value).toBe('05.03.2026');
  });

  it('reads a date typed in the user’s format and passes it on as YYYY-MM-DD', () => {
    const german = renderField(GERMAN_FORMAT, '2026-03-05');
    typeAndLeave(german.input, '15.4.2026');
    expect(german.changes).toEqual(['2026-04-15']);
    expect(german.input.value).toBe('15.04.2026');
  });

  it('reads US dates month first', () => {
    const us = renderField(US_FORMAT, '2026-03-05');
    typeAndLeave(us.input, '4/15/2026');
    expect(us.changes).toEqual(['2026-04-15']);
    expect(us.input.value).toBe('04/15/2026');
  });

  it('passes nothing on while a date is half typed', () => {
    const iso = renderField(ISO_FORMAT, '2026-03-05');
    fireEvent.focus(iso.input);
    for (const text of ['2', '2026', '2026-04', '2026-04-1']) fireEvent.change(iso.input, { target: { value: text } });
    expect(iso.changes).toEqual([]);
    fireEvent.change(iso.input, { target: { value: '2026-04-15' } });
    expect(iso.changes).toEqual(['2026-04-15']);
  });

  it('says why text that is no date was not used, and puts the last date back', () => {
    const german = renderField(GERMAN_FORMAT, '2026-03-05');
    typeAndLeave(german.input, '31.02.2026');
    expect(german.changes).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(
      '“31.02.2026” is not a date, so it was not used. Type the date as DD.MM.YYYY.',
    );
    expect(german.input.value).toBe('05.03.2026');
    expect(german.input.getAttribute('aria-invalid')).toBe('true');
    // Typing again takes the message away; a good date is taken.
    typeAndLeave(german.input, '06.03.2026');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(german.changes).toEqual(['2026-03-06']);
  });

  it('refuses a typed date outside the allowed days, saying which days are allowed', () => {
    const us = renderField(US_FORMAT, '2026-03-05', { min: '2026-03-01', max: '2026-03-31' });
    typeAndLeave(us.input, '04/01/2026');
    expect(us.changes).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(
      '“04/01/2026” was not used: the latest date here is 03/31/2026.',
    );
    typeAndLeave(us.input, '02/28/2026');
    expect(screen.getByRole('alert').textContent).toBe(
      '“02/28/2026” was not used: the earliest date here is 03/01/2026.',
    );
    expect(us.input.value).toBe('03/05/2026');
  });

  it('does not submit its form with text that is no date', () => {
    const submit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <MantineProvider>
        <form onSubmit={submit}>
          <DateFieldView label="To" {...ISO_FORMAT} value="2026-03-05" onChange={() => undefined} />
          <button type="submit">Go</button>
        </form>
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'To' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2026-99-01' } });
    const enter = fireEvent.keyDown(input, { key: 'Enter' });
    expect(enter).toBe(false);
    expect(screen.getByRole('alert').textContent).toContain('Type the date as YYYY-MM-DD.');
  });

  it('is cleared with its cross or by deleting the text, when it may be empty', () => {
    const field = renderField(ISO_FORMAT, '2026-03-05', { clearable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Clear From' }));
    expect(field.changes).toEqual(['']);
    expect(field.input.value).toBe('');
    expect(field.input.placeholder).toBe('YYYY-MM-DD');
    typeAndLeave(field.input, '2026-03-07');
    fireEvent.focus(field.input);
    fireEvent.change(field.input, { target: { value: '' } });
    expect(field.changes).toEqual(['', '2026-03-07', '']);
  });

  it('keeps its date when emptied and it may not be empty', () => {
    const field = renderField(GERMAN_FORMAT, '2026-03-05', { required: true });
    expect(screen.queryByRole('button', { name: 'Clear From' })).toBeNull();
    typeAndLeave(field.input, '');
    expect(field.changes).toEqual([]);
    expect(field.input.value).toBe('05.03.2026');
  });

  it('picks a day in the calendar, whose weeks start on the user’s day, with their days off and days named in their format', async () => {
    const field = renderField(GERMAN_FORMAT, '2026-03-05');
    fireEvent.click(field.input);
    const day = await screen.findByRole('button', { name: 'Thu, 19.03.2026' });
    const weekdays = weekdayHeads(day);
    expect(weekdays[0]).toBe('Mo');
    // The user's days off (here Friday and Saturday) are marked, Sunday is not.
    expect(screen.getByRole('button', { name: 'Fri, 20.03.2026', hidden: true }).hasAttribute('data-weekend')).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Sun, 22.03.2026', hidden: true }).hasAttribute('data-weekend')).toBe(
      false,
    );
    expect(screen.getByRole('button', { name: 'Next month', hidden: true })).toBeTruthy();
    fireEvent.click(day);
    expect(field.changes).toEqual(['2026-03-19']);
    expect(field.input.value).toBe('19.03.2026');
  });

  it('starts the US week on Sunday', async () => {
    const field = renderField(US_FORMAT, '2026-03-05');
    fireEvent.click(field.input);
    const day = await screen.findByRole('button', { name: 'Thu, 03/19/2026' });
    const weekdays = weekdayHeads(day);
    expect(weekdays[0]).toBe('Su');
  });
});
