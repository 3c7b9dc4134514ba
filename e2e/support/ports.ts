import type { Ports } from '../../scripts/start';

// The product under test listens on its own ports, so a running `npm start` does not get in the way.
// E2E_PORT_BASE (default 8180) and E2E_API_PORT (default 3100) move them, for two runs on one machine.
const base = Number(process.env.E2E_PORT_BASE ?? 8180);

export const E2E_PORTS: Ports = {
  api: Number(process.env.E2E_API_PORT ?? 3100),
  shell: base,
  editor: base + 1,
  brainstorm: base + 2,
  player: base + 3,
  account: base + 4,
  ops: base + 5,
};

/** Spare ports the tests use for extra servers (a second shell, a moved remote, a closed port). */
export const SPARE_PORTS = { shellWithRemoteDown: base + 6, movedEditor: base + 7, shellWithMovedEditor: base + 8, closed: base + 9 };
