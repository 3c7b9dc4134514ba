import { createRemoteConfig, modeFrom, portFromEnv } from '../rspack.base';

export default (_env: unknown, argv: { mode?: string }) =>
  createRemoteConfig({
    name: 'mfe_account',
    dir: __dirname,
    port: portFromEnv('ACCOUNT_PORT', 8084),
    exposes: { './App': './src/App.tsx' },
    mode: modeFrom(argv),
  });
