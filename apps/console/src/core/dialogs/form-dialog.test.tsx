import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog.tsx';

function renderForm(props: { saving?: boolean; generalError?: string } = {}) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(
    <FormDialog
      title="New menu"
      saveLabel="Save"
      cancelLabel="Cancel"
      onSave={onSave}
      onClose={onClose}
      {...props}
    >
      <input aria-label="Name" />
      <input aria-label="Address" />
    </FormDialog>,
  );
  return { onSave, onClose };
}

describe('form dialog', () => {
  it('is named by its title and saves from the button and from Enter in any field', () => {
    const { onSave } = renderForm();
    const dialog = screen.getByRole('dialog', { name: 'New menu' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    // Two fields: only a real submit button lets Enter submit the form.
    fireEvent.submit(screen.getByLabelText('Address').closest('form') as HTMLFormElement);
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(dialog.querySelector('button[type="submit"]')?.getAttribute('form')).toBe(
      dialog.querySelector('form')?.id,
    );
  });

  it('announces the problem no field owns, waits while saving, and cancels', () => {
    const { onSave, onClose } = renderForm({ saving: true, generalError: 'Error in adding the menu' });
    expect(screen.getByRole('alert').textContent).toBe('Error in adding the menu');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });
});
