import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { resetStores, sessionStore, storage, StorageKey, TeenMode, UserRole } from 'shared-kit';
import { RoleGate } from './RoleGate';

function renderGate() {
  return render(
    <MemoryRouter initialEntries={['/ops/reviews?tab=new']}>
      <Routes>
        <Route
          path="/ops/*"
          element={
            <RoleGate role={UserRole.Operator}>
              <p>Console</p>
            </RoleGate>
          }
        />
        <Route path="/login" element={<p>Login page</p>} />
        <Route path="/editor/no-access" element={<p>No access page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const user = (roles: string[]) => ({
  uid: '1',
  biz_uid: 'b1',
  user_nick: 'Mira',
  roles,
  teen_mode: TeenMode.Disable,
  creation_forbidden: false,
});

afterEach(() => {
  resetStores();
  localStorage.clear();
});

describe('RoleGate', () => {
  it('waits for the login check before deciding', () => {
    renderGate();
    expect(screen.getByRole('status', { name: 'Checking your access…' })).toBeTruthy();
    expect(screen.queryByText('Console')).toBeNull();
  });

  it('sends a visitor to log in and remembers the path', () => {
    sessionStore.getState().setUser(null);
    renderGate();
    expect(screen.getByText('Login page')).toBeTruthy();
    expect(storage.get(StorageKey.LoginRedirect)).toBe('/ops/reviews?tab=new');
  });

  it('shows a user without the role the no-access page', () => {
    sessionStore.getState().setUser(user([UserRole.User]));
    renderGate();
    expect(screen.getByText('No access page')).toBeTruthy();
    expect(screen.queryByText('Console')).toBeNull();
  });

  it('lets an operator in', () => {
    sessionStore.getState().setUser(user([UserRole.User, UserRole.Operator]));
    renderGate();
    expect(screen.getByText('Console')).toBeTruthy();
  });
});
