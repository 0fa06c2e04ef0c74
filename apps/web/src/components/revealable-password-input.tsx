import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';

/**
 * Mantine's password input with a show/hide toggle that a keyboard can use: Mantine leaves the toggle out of
 * the tab order and answers only Space; here it is a button like any other, in the tab order, Enter works
 * too, and its name says what a press does.
 */
export function RevealablePasswordInput({
  what = 'password',
  ...props
}: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'> & {
  /** What the toggle reveals, for its name where a form has two passwords: "Show current password". */
  what?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        tabIndex: 0,
        'aria-label': `${visible ? 'Hide' : 'Show'} ${what}`,
        'aria-pressed': undefined,
        onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            setVisible((v) => !v);
          }
        },
      }}
    />
  );
}
