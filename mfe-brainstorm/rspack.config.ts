import { createRemoteConfig, modeFrom, portFromEnv } from '../rspack.base';

export default (_env: unknown, argv: { mode?: string }) =>
  createRemoteConfig({
    name: 'mfe_brainstorm',
    dir: __dirname,
    port: portFromEnv('BRAINSTORM_PORT', 8082),
    exposes: { './App': './src/App.tsx' },
    mode: modeFrom(argv),
  });
