import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import App from './App';

describe('mfe-account App', () => {
  it('renders its heading and one section per account area', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/account']}>
        <Routes>
          <Route path="/account/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(['Profile', 'Settings', 'Membership', 'Inbox', 'Youth mode']);
    expect(container.querySelector('[data-remote="mfe_account"]')).not.toBeNull();
  });
});
