import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import App from './App';

describe('mfe-ops App', () => {
  it('renders the moderation heading and the empty review queue', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/ops']}>
        <Routes>
          <Route path="/ops/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Review queue' });
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Item', 'Type', 'Submitted', 'Status']);
    expect(table.querySelector('tbody')?.textContent).toBe('No items to review');
    expect(container.querySelector('[data-remote="mfe_ops"]')).not.toBeNull();
  });
});
