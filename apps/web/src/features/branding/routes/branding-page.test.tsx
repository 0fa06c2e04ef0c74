import type { ProductBranding } from '@qbank/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { ColorsForm } from './branding-page';

const saved: ProductBranding = {
  productUuid: 'p1',
  colorMap: { HEADER_BACKGROUND: '#1a2b3c', HEADER_TEXT: '#ffffff' },
  logos: { HEADER_LOGO: null, PRODUCT_LOGO: null },
};

function openForm() {
  renderPage(
    <ColorsForm productId="p1" productName="Cardiology Review" username="pat@example.com" saved={saved} />,
    {
      path: '/admin/branding',
      url: '/admin/branding',
      data: [],
    },
  );
  return userEvent.setup();
}

describe('the branding colours form', () => {
  it('shows the saved pair as readable, with its ratio', () => {
    openForm();
    expect(screen.getByText(/Header text on header background: 14\.\d\d:1, readable/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('header-preview')).toHaveStyle({ background: '#1a2b3c' });
  });

  it('warns under 4.5:1 as the admin types, and still lets them save', async () => {
    const user = openForm();
    const text = screen.getByRole('textbox', { name: 'Header text' });
    await user.clear(text);
    await user.type(text, '#2a3b4c');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Low contrast');
    expect(alert).toHaveTextContent('WCAG AA asks for at least 4.5:1');
    expect(screen.getByRole('button', { name: 'Save colours' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes.');
  });

  it('names a value that is not a colour and does not save it', async () => {
    const user = openForm();
    const bg = screen.getByRole('textbox', { name: 'Menu button' });
    await user.type(bg, 'blue');
    expect(await screen.findByText('Menu button must be a colour like #1a2b3c')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save colours' })).toBeDisabled();
  });
});
