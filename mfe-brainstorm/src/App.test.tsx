import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LIMITS } from 'shared-kit';
import App from './App';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/editor/story-ai/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('mfe-brainstorm App', () => {
  it('renders its heading inside the remote root', () => {
    const { container } = renderAt('/editor/story-ai');
    expect(screen.getByRole('heading', { level: 1, name: 'Brainstorm' })).toBeTruthy();
    expect(container.querySelector('[data-remote="mfe_brainstorm"]')).not.toBeNull();
  });

  it('counts the idea against the shared limit and cuts what goes beyond it', () => {
    renderAt('/editor/story-ai/s1');
    const field = screen.getByRole('textbox', { name: 'Story idea' });
    expect(screen.getByText(`0/${LIMITS.brainstormIdea}`)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'A lighthouse keeper' } });
    expect(screen.getByText(`19/${LIMITS.brainstormIdea}`)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'x'.repeat(LIMITS.brainstormIdea + 5) } });
    expect(screen.getByText(`${LIMITS.brainstormIdea}/${LIMITS.brainstormIdea}`)).toBeTruthy();
  });
});
