import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../../test/render';
import { RunChoices } from './run-choices';

const choices = [
  { uuid: 'a', text: '<p>Mitral</p>' },
  { uuid: 'b', text: '<p>Aortic</p>' },
  { uuid: 'c', text: '<p>Tricuspid</p>' },
];

function setup(over: Partial<Parameters<typeof RunChoices>[0]> = {}) {
  const onChoose = vi.fn();
  const onToggleStrike = vi.fn();
  renderWithTheme(
    <RunChoices
      questionUuid="q1"
      choices={choices}
      selected={null}
      struck={[]}
      locked={false}
      solution={null}
      strikeMode={false}
      onChoose={onChoose}
      onToggleStrike={onToggleStrike}
      {...over}
    />,
  );
  return { onChoose, onToggleStrike, user: userEvent.setup() };
}

describe('the exam screen’s answer choices', () => {
  it('a click on a choice’s radio or anywhere on its box chooses it', async () => {
    const { onChoose, user } = setup();
    await user.click(screen.getByRole('radio', { name: 'A. Mitral' }));
    expect(onChoose).toHaveBeenLastCalledWith('a');
    await user.click(screen.getByText('Tricuspid'));
    expect(onChoose).toHaveBeenLastCalledWith('c');
  });

  it('by keyboard: the arrow keys move between the choices and choose', async () => {
    const { onChoose, user } = setup({ selected: 'a' });
    screen.getByRole('radio', { name: 'A. Mitral' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(onChoose).toHaveBeenLastCalledWith('b');
  });

  it('strikes a choice through with its button or a right-click, and says so', async () => {
    const { onChoose, onToggleStrike, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Strike through choice B' }));
    expect(onToggleStrike).toHaveBeenLastCalledWith('b');
    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('Tricuspid') });
    expect(onToggleStrike).toHaveBeenLastCalledWith('c');
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('a struck choice is marked for assistive technology and its button restores it', () => {
    setup({ struck: ['a'] });
    expect(screen.getByRole('radio', { name: 'A. Mitral' })).toHaveAccessibleDescription('Struck through');
    expect(screen.getByRole('button', { name: 'Restore choice A' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Strike through choice B' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('in strike-through mode a click strikes instead of choosing', async () => {
    const { onChoose, onToggleStrike, user } = setup({ strikeMode: true });
    await user.click(screen.getByText('Aortic'));
    expect(onToggleStrike).toHaveBeenLastCalledWith('b');
    await user.click(screen.getByRole('radio', { name: 'C. Tricuspid' }));
    expect(onToggleStrike).toHaveBeenLastCalledWith('c');
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('a locked answer cannot be changed, but choices can still be struck through', async () => {
    const { onChoose, onToggleStrike, user } = setup({ selected: 'a', locked: true });
    expect(screen.getByRole('radio', { name: 'B. Aortic' })).toBeDisabled();
    await user.click(screen.getByText('Aortic'));
    expect(onChoose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Strike through choice B' }));
    expect(onToggleStrike).toHaveBeenLastCalledWith('b');
  });
});
