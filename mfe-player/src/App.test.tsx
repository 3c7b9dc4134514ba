import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import App from './App';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/play/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('mfe-player App', () => {
  it('renders the feed heading with the For you tab selected', () => {
    const { container } = renderAt('/play');
    expect(screen.getByRole('heading', { level: 1, name: 'Stories' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'For you' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'For you' }).textContent).toBe('No stories to show yet.');
    expect(container.querySelector('[data-remote="mfe_player"]')).not.toBeNull();
  });

  it('switches tabs and shows each empty state', () => {
    renderAt('/play');
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'For you' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel', { name: 'History' }).textContent).toBe('Your play history is empty.');
    fireEvent.click(screen.getByRole('tab', { name: 'Recently played' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('You have not played any story recently.');
  });
});
