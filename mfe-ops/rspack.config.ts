import { createRemoteConfig, modeFrom, portFromEnv } from '../rspack.base';

export default (_env: unknown, argv: { mode?: string }) =>
  createRemoteConfig({
    name: 'mfe_ops',
    dir: __dirname,
    port: portFromEnv('OPS_PORT', 8085),
    exposes: { './App': './src/App.tsx' },
    mode: modeFrom(argv),
  });
