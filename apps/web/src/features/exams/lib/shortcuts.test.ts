import { describe, expect, it } from 'vitest';
import { commandOf, isTyping } from './shortcuts';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const body = { tagName: 'BODY' };

describe('commandOf', () => {
  it('chooses with letters and digits within the choices', () => {
    expect(commandOf(press('a'), body, 4)).toEqual({ type: 'choose', index: 0 });
    expect(commandOf(press('D'), body, 4)).toEqual({ type: 'choose', index: 3 });
    expect(commandOf(press('e'), body, 4)).toBeNull();
    expect(commandOf(press('3'), body, 4)).toEqual({ type: 'choose', index: 2 });
    expect(commandOf(press('6'), body, 8)).toEqual({ type: 'choose', index: 5 });
    expect(commandOf(press('j'), body, 10)).toEqual({ type: 'choose', index: 9 });
    expect(commandOf(press('0'), body, 10)).toBeNull();
  });

  it('F, H, N, P and S are commands whatever the choices', () => {
    expect(commandOf(press('f'), body, 10)).toEqual({ type: 'flag' });
    expect(commandOf(press('h'), body, 10)).toEqual({ type: 'highlight' });
    expect(commandOf(press('n'), body, 4)).toEqual({ type: 'next' });
    expect(commandOf(press('P'), body, 4)).toEqual({ type: 'previous' });
    expect(commandOf(press('s'), body, 4)).toEqual({ type: 'toggle-strike-mode' });
  });

  it('moves with the arrows, even from a choice', () => {
    const radio = { tagName: 'INPUT', type: 'radio' };
    expect(commandOf(press('ArrowRight'), radio, 4)).toEqual({ type: 'next' });
    expect(commandOf(press('ArrowLeft'), body, 4)).toEqual({ type: 'previous' });
  });

  it('Enter submits, but not on a button or link; Esc leaves strike mode; ? opens the help', () => {
    expect(commandOf(press('Enter'), body, 4)).toEqual({ type: 'submit' });
    expect(commandOf(press('Enter'), { tagName: 'INPUT', type: 'radio' }, 4)).toEqual({ type: 'submit' });
    expect(commandOf(press('Enter'), { tagName: 'BUTTON' }, 4)).toBeNull();
    expect(commandOf(press('Escape'), body, 4)).toEqual({ type: 'leave-strike-mode' });
    expect(commandOf(press('?'), body, 4)).toEqual({ type: 'help' });
  });

  it('stays out of the way while typing and of the browser shortcuts', () => {
    expect(commandOf(press('a'), { tagName: 'TEXTAREA' }, 4)).toBeNull();
    expect(commandOf(press('ArrowLeft'), { tagName: 'INPUT', type: 'text' }, 4)).toBeNull();
    expect(commandOf(press('n'), { tagName: 'DIV', isContentEditable: true }, 4)).toBeNull();
    expect(commandOf(press('a', { ctrlKey: true }), body, 4)).toBeNull();
    expect(commandOf(press('ArrowLeft', { altKey: true }), body, 4)).toBeNull();
    expect(commandOf(press('r', { metaKey: true }), body, 4)).toBeNull();
  });
});

it('isTyping knows text fields from radios and buttons', () => {
  expect(isTyping({ tagName: 'input' })).toBe(true);
  expect(isTyping({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
  expect(isTyping({ tagName: 'SELECT' })).toBe(true);
  expect(isTyping(null)).toBe(false);
});
