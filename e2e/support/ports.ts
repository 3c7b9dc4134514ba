import type { Ports } from '../../scripts/start';

/** The product under test listens on its own ports, so a running `npm start` does not get in the way. */
export const E2E_PORTS: Ports = {
  api: Number(process.env.E2E_API_PORT ?? 3100),
  shell: 8180,
  editor: 8181,
  brainstorm: 8182,
  player: 8183,
  account: 8184,
  ops: 8185,
};

/** Spare ports the tests use for extra servers (a second shell, a moved remote, a closed port). */
export const SPARE_PORTS = { shellWithRemoteDown: 8186, movedEditor: 8187, shellWithMovedEditor: 8188, closed: 8189 };
