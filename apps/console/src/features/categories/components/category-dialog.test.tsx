import { categoryPaths, CATEGORY_MESSAGES, errorEntry } from '@agora/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderSettings, settingsServer } from '../../../test/settings-server.tsx';
import { categoryFixture } from '../test/category-fixtures.ts';
import { CategoryDialog } from './category-dialog.tsx';

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('category-save'));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('category dialog', () => {
  it('asks for a title before sending, derives the permalink, and shows the adding error of mgmt §8', async () => {
    const { calls } = settingsServer({
      routes: {
        [`POST ${categoryPaths.add}`]: () => ({
          status: 400,
          body: { errors: [errorEntry('unique', CATEGORY_MESSAGES.titleUnique, 'name')] },
        }),
      },
    });
    const onSaved = vi.fn();
    renderSettings(<CategoryDialog category={null} onClose={() => undefined} onSaved={onSaved} />);
    save();
    expect(await screen.findByText('Title is required.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    type('name', 'Città e Viaggi');
    expect(input('slug').value).toBe('citta-e-viaggi');
    save();
    expect(await screen.findByText('A category with this title already exists.')).toBeTruthy();
    expect(screen.getByTestId('category-dialog-error').textContent).toBe('Error in adding Category');
    // An untouched permalink is left to the server to derive (and keep unique).
    expect(calls.find((c) => c.path === categoryPaths.add)?.body).toMatchObject({
      name: 'Città e Viaggi',
      slug: '',
      auto_follow: 'none',
      active: true,
    });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('counts the SEO texts against the advice without refusing longer ones', async () => {
    settingsServer();
    renderSettings(<CategoryDialog category={null} onClose={() => undefined} onSaved={() => undefined} />);
    fireEvent.click(screen.getByRole('tab', { name: 'SEO' }));
    type('seo_title', 't'.repeat(71));
    expect(screen.getByTestId('counter-seo_title').textContent).toBe(
      '71 characters: more than the 70 advised, search engines may cut it',
    );
    type('seo_description', 'd'.repeat(150));
    expect(screen.getByTestId('counter-seo_description').textContent).toBe(
      '150 characters; up to 150 advised',
    );
  });

  it('adds the category, then uploads the image picked in the advanced panel', async () => {
    const added = categoryFixture(5, 'Travel');
    const { calls } = settingsServer({
      routes: {
        [`POST ${categoryPaths.add}`]: () => ({ status: 200, body: { data: added } }),
        [`POST ${categoryPaths.image.replace(':id', '5')}`]: () => ({
          status: 200,
          body: { data: { ...added, image_url: '/c/demo/media/x/original.png', image_position: 'top' } },
        }),
      },
    });
    const onSaved = vi.fn();
    renderSettings(<CategoryDialog category={null} onClose={() => undefined} onSaved={onSaved} />);
    type('name', 'Travel');
    fireEvent.click(screen.getByRole('tab', { name: 'Advanced' }));
    expect(screen.getByTestId('category-image-hint-image').textContent).toContain(
      'Suggested size: 1920 × 1280 px.',
    );
    expect(screen.getByTestId('category-image-hint-thumbnail').textContent).toContain(
      'Suggested size: 600 × 600 px.',
    );
    const file = new File([PNG], 'travel.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('category-image-input-image'), { target: { files: [file] } });
    await screen.findByTestId('category-image-preview-image');
    fireEvent.click(screen.getByRole('radio', { name: 'Top' }));
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ id: 5, image_url: '/c/demo/media/x/original.png' });
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts).toEqual([categoryPaths.add, categoryPaths.image.replace(':id', '5')]);
    expect(calls.find((c) => c.path === categoryPaths.add)?.body).toMatchObject({ image_position: 'top' });
  });

  it('refuses a file that is not an image before sending it', async () => {
    const { calls } = settingsServer();
    renderSettings(
      <CategoryDialog
        category={categoryFixture(2, 'News')}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Advanced' }));
    const text = new File(['not a picture'], 'fake.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('category-image-input-thumbnail'), { target: { files: [text] } });
    expect((await screen.findByTestId('category-image-error-thumbnail')).textContent).toBe(
      'Invalid image format',
    );
    expect(screen.queryByTestId('category-image-preview-thumbnail')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says a title is taken while it is typed, before anything is saved', async () => {
    const { calls } = settingsServer({
      routes: {
        [`GET ${categoryPaths.name.replace(':name', 'News')}`]: () => ({
          status: 200,
          body: { data: { name: 'News', exists: true, id: 1, slug: 'news', slug_taken: true } },
        }),
      },
    });
    renderSettings(<CategoryDialog category={null} onClose={() => undefined} onSaved={() => undefined} />);
    type('name', 'News');
    expect(await screen.findByText('A category with this title already exists.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('does not call its own title taken when editing', async () => {
    const { calls } = settingsServer({
      routes: {
        [`GET ${categoryPaths.name.replace(':name', 'News')}`]: () => ({
          status: 200,
          body: { data: { name: 'News', exists: true, id: 2, slug: 'news', slug_taken: true } },
        }),
      },
    });
    renderSettings(
      <CategoryDialog
        category={categoryFixture(2, 'News')}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    await waitFor(() => expect(calls.some((c) => c.path.includes('/name/'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('A category with this title already exists.')).toBeNull();
  });
});
