import { createRemoteConfig, modeFrom, portFromEnv } from '../rspack.base';

export default (_env: unknown, argv: { mode?: string }) =>
  createRemoteConfig({
    name: 'mfe_player',
    dir: __dirname,
    port: portFromEnv('PLAYER_PORT', 8083),
    exposes: { './App': './src/App.tsx' },
    mode: modeFrom(argv),
  });
