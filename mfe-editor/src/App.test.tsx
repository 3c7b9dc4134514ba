import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import App from './App';

/** Mounts the remote the way the shell does: under `/editor/*` inside the shell's router. */
function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/editor/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('mfe-editor App', () => {
  it('shows the works list with its empty state and a create link', () => {
    const { container } = renderAt('/editor/works');
    expect(screen.getByRole('heading', { level: 1, name: 'My Story' })).toBeTruthy();
    expect(screen.getByText('No stories yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create story' }).getAttribute('href')).toBe('/editor/story/new');
    expect(container.querySelector('[data-remote="mfe_editor"]')).not.toBeNull();
  });

  it('opens the story editor for a new story and for an existing id', () => {
    renderAt('/editor/story/new');
    expect(screen.getByRole('heading', { level: 1, name: 'Story editor' })).toBeTruthy();
    expect(screen.getByText('New story')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Story' }).getAttribute('href')).toBe('/editor/works');
  });

  it('names the story being edited', () => {
    renderAt('/editor/story/abc123');
    expect(screen.getByText('Story abc123')).toBeTruthy();
  });

  it('sends the remote root to the works list', () => {
    renderAt('/editor/');
    expect(screen.getByRole('heading', { level: 1, name: 'My Story' })).toBeTruthy();
  });
});
