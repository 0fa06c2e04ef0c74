import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http';
import { renderWithTheme } from '../../../test/render';
import { NameForm } from './name-form';

/** A save the test settles by hand, counting its calls. */
function heldSave() {
  const calls: string[] = [];
  let settle: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  const onSave = vi.fn(
    (name: string) =>
      new Promise<void>((resolve, reject) => {
        calls.push(name);
        settle = { resolve, reject };
      }),
  );
  return {
    onSave,
    calls,
    resolve: () => settle?.resolve(),
    reject: (e: unknown) => settle?.reject(e),
  };
}

describe('the subject tree’s name form', () => {
  it('sends a name once however often Enter is pressed while it is saving, then empties for the next', async () => {
    const user = userEvent.setup();
    const save = heldSave();
    renderWithTheme(<NameForm variant="add" label="New subject" onSave={save.onSave} onCancel={() => {}} />);
    const field = screen.getByLabelText('New subject');
    expect(field).toHaveFocus();
    await user.type(field, '  Cardiology  {Enter}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(save.calls).toEqual(['Cardiology']);
    save.resolve();
    await vi.waitFor(() => expect(field).toHaveValue(''));
    expect(field).toHaveFocus();
    await user.type(field, 'Neurology{Enter}');
    expect(save.calls).toEqual(['Cardiology', 'Neurology']);
  });

  it('a taken name lands on the field; a failure to reach the server below it, and the name stays', async () => {
    const user = userEvent.setup();
    const save = heldSave();
    renderWithTheme(<NameForm variant="add" label="New subject" onSave={save.onSave} onCancel={() => {}} />);
    const field = screen.getByLabelText('New subject');
    await user.type(field, 'Cardiology{Enter}');
    save.reject(new HttpError(409, 'Conflict', 'A subject with this name already exists', 'name'));
    expect(await screen.findByText('A subject with this name already exists')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(field, 's{Enter}');
    expect(save.calls).toEqual(['Cardiology', 'Cardiologys']);
    save.reject(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to connect to server');
    expect(field).toHaveValue('Cardiologys');
    expect(field).toHaveFocus();
  });

  it('a name the rules refuse is said on the field before anything is sent; Escape cancels', async () => {
    const user = userEvent.setup();
    const save = heldSave();
    const onCancel = vi.fn();
    renderWithTheme(
      <NameForm
        variant="rename"
        label="New name for Cardiology"
        initialName="Cardiology"
        onSave={save.onSave}
        onCancel={onCancel}
      />,
    );
    const field = screen.getByLabelText('New name for Cardiology');
    await user.clear(field);
    await user.type(field, '   {Enter}');
    expect(save.calls).toEqual([]);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
