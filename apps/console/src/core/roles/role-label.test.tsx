import { STAFF_ROLES } from '@agora/contract';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../lang/roles.en.json';
import it_ from '../../../lang/roles.it.json';
import { RoleLabel } from './role-label.tsx';

function label(role: string, locale: 'en' | 'it') {
  const { unmount } = render(
    <IntlProvider locale={locale} messages={locale === 'en' ? en : it_}>
      <span data-testid="role">
        <RoleLabel role={role} />
      </span>
    </IntlProvider>,
  );
  const text = screen.getByTestId('role').textContent;
  unmount();
  return text;
}

describe('role label', () => {
  it('names every staff role in both languages, never as its key', () => {
    for (const role of STAFF_ROLES) {
      for (const locale of ['en', 'it'] as const) {
        const text = label(role, locale);
        expect(text, `${role} ${locale}`).toBeTruthy();
        expect(text, `${role} ${locale}`).not.toBe(role);
      }
    }
    expect(label('admin', 'it')).toBe('Amministratore');
    expect(label('moderator', 'en')).toBe('Moderator');
  });

  it('shows a role it does not know as another role, not as the raw value', () => {
    expect(label('superuser', 'en')).toBe('Other role');
    expect(label('superuser', 'it')).toBe('Altro ruolo');
  });
});
