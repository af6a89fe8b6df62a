import {
  dynamicPreferencePaths,
  errorEntry,
  PREFERENCE_CATALOGUE,
  themePaths,
  type DynamicPreference,
} from '@agora/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { useDynamicPreferenceStore } from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { emptyDynamicPreferences } from '../../../core/dynamic-preferences/dynamic-preference-state.ts';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { useNoticeStore, clearNotices } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import ThemePage from './theme-page.tsx';

const BASE = '/c/demo';

/** Every preference at its catalogue default, as get_list answers them. */
function preferences(overrides: Record<string, string | number | boolean> = {}): DynamicPreference[] {
  return PREFERENCE_CATALOGUE.map((definition, index) => ({
    id: index + 1,
    section: definition.section,
    name: definition.name,
    value: definition.name in overrides ? (overrides[definition.name] ?? null) : definition.default,
    type: definition.type,
  }));
}

function renderTheme(path: string, routes: MockRoute[]) {
  const mock = mockFetch([
    {
      method: 'GET',
      path: `${BASE}${dynamicPreferencePaths.getList}`,
      status: 200,
      body: { data: preferences() },
    },
    ...routes,
  ]);
  renderScreen('/theme/*', <ThemePage />, path);
  return mock;
}

function pickFile(name: string, file: File) {
  fireEvent.change(screen.getByTestId(`image-input-${name}`), { target: { files: [file] } });
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe('theme page', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    useDynamicPreferenceStore.setState({ ...emptyDynamicPreferences, internalUrl: null }, true);
    clearNotices();
    applyLocale('en');
  });

  it('lists the sections in the spec order and opens colors at /theme', async () => {
    renderTheme('/theme', []);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Colors',
      'Logo',
      'Title and slogan',
      'Background images',
      'Font',
      'Profile image',
      'Navbar',
      'Copyright',
      'URL override',
    ]);
    expect(await screen.findByTestId('theme-colors')).toBeTruthy();
  });

  it('previews the colours being edited before they are saved, then saves them', async () => {
    const { calls } = renderTheme('/theme', [
      {
        method: 'POST',
        path: `${BASE}${dynamicPreferencePaths.updateMulti}`,
        status: 200,
        body: { data: Object.fromEntries(preferences({ colorprimary: '#ff0000' }).map((p) => [p.name, p])) },
      },
    ]);
    const field = (await screen.findByTestId('field-colorprimary')) as HTMLInputElement;
    expect(field.value).toBe('#3d9999');
    const button = screen.getByTestId('preview-button');
    expect(button.style.backgroundColor).toBe('rgb(61, 153, 153)');

    fireEvent.change(field, { target: { value: '#ff0000' } });
    expect(button.style.backgroundColor).toBe('rgb(255, 0, 0)');
    expect(screen.getByTestId('preview-navbar').style.borderBottom).toContain('rgb(255, 0, 0)');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('field-colorback'), { target: { value: '#000' } });
    expect(screen.getByTestId('theme-preview').style.backgroundColor).toBe('rgb(0, 0, 0)');

    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = JSON.parse(calls.find((call) => call.method === 'POST')?.body ?? '{}');
    expect(sent).toMatchObject({ colorprimary: '#ff0000', colorback: '#000' });
    await waitFor(() =>
      expect(useNoticeStore.getState().notices[0]?.messageId).toBe('stackSettings.savedSettingsMessage'),
    );
  });

  it('refuses a bad colour without calling the server', async () => {
    const { calls } = renderTheme('/theme', []);
    fireEvent.change(await screen.findByTestId('field-colorprimary'), { target: { value: 'teal' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Enter a colour as #rrggbb.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('refuses a text file named .png before uploading, and shows the size hint', async () => {
    const { calls } = renderTheme('/theme/logo', []);
    expect((await screen.findByTestId('image-hint-navbar_logo')).textContent).toContain(
      'PNG, JPEG, GIF or WebP, up to 2 MB. Suggested size: 240 × 60 px.',
    );
    pickFile('navbar_logo', new File(['just some text'], 'logo.png', { type: 'image/png' }));
    expect((await screen.findByTestId('image-error-navbar_logo')).textContent).toBe('Invalid image format');
    pickFile(
      'navbar_logo',
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('image-error-navbar_logo').textContent).toBe(
        'Invalid image. Maximum size: 2 MB.',
      ),
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's refusal of an upload in its words", async () => {
    const { calls } = renderTheme('/theme/background_images', [
      {
        method: 'POST',
        path: `${BASE}${themePaths.uploadImage}`,
        status: 400,
        body: { errors: [errorEntry('image_too_large', 'Invalid image. Maximum size: 5 MB.', 'file')] },
      },
    ]);
    pickFile(
      'cover_1_hp_m1920',
      new File([new Uint8Array([...PNG_HEAD, 1, 2, 3])], 'cover.png', { type: 'image/png' }),
    );
    expect((await screen.findByTestId('image-error-cover_1_hp_m1920')).textContent).toBe(
      'Invalid image. Maximum size: 5 MB.',
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `${BASE}${themePaths.uploadImage}`,
    ]);
  });

  it('uploads a logo and previews the stored image', async () => {
    const url = `http://localhost:3000${BASE}/media/${'a'.repeat(32)}/original.png`;
    const [navbarLogo] = preferences({ navbar_logo: url }).filter((p) => p.name === 'navbar_logo');
    renderTheme('/theme/logo', [
      {
        method: 'POST',
        path: `${BASE}${themePaths.uploadImage}`,
        status: 200,
        body: {
          data: {
            preference: navbarLogo,
            image: {
              url,
              content_type: 'image/png',
              width: 480,
              height: 120,
              bytes: 15,
              variants: [],
              srcset: '',
            },
          },
        },
      },
    ]);
    await screen.findByTestId('image-navbar_logo');
    expect(screen.queryByTestId('image-preview-navbar_logo')).toBeNull();
    pickFile(
      'navbar_logo',
      new File([new Uint8Array([...PNG_HEAD, 1, 2, 3])], 'logo.png', { type: 'image/png' }),
    );
    // Shown from this origin (the stored URL names the public one, issue 12 §1), stored as it came.
    await waitFor(() =>
      expect(screen.getByTestId('image-preview-navbar_logo').getAttribute('src')).toBe(
        `${BASE}/media/${'a'.repeat(32)}/original.png`,
      ),
    );
    expect(screen.queryByTestId('image-error-navbar_logo')).toBeNull();
    expect(useDynamicPreferenceStore.getState().values.navbar_logo).toBe(url);
    expect(useNoticeStore.getState().notices[0]?.messageId).toBe('stackSettings.savedSettingsMessage');
  });

  it('counts the slogan characters against 300', async () => {
    renderTheme('/theme/title_and_slogan', []);
    fireEvent.change(await screen.findByTestId('field-application_slogan1'), { target: { value: 'Hello' } });
    expect(screen.getByText('5 / 300 characters')).toBeTruthy();
  });
});
