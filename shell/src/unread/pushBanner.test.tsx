import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PushBanner, pushBannerStore } from './pushBanner';

describe('the push banner', () => {
  it("shows the team's latest push with its link, and dismisses it", () => {
    render(
      <MemoryRouter>
        <PushBanner />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('push-banner')).toBeNull();
    act(() => pushBannerStore.getState().show({ push_id: 'p1', title: 'New season', text: 'Sea stories start today', link: '/play' }));
    const banner = screen.getByRole('region', { name: 'Message from the team' });
    expect(banner.textContent).toContain('New season');
    expect(banner.textContent).toContain('Sea stories start today');
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/play');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the message' }));
    expect(screen.queryByTestId('push-banner')).toBeNull();
  });
});
