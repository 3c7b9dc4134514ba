import { createRemoteConfig, modeFrom, portFromEnv } from '../rspack.base';

export default (_env: unknown, argv: { mode?: string }) =>
  createRemoteConfig({
    name: 'mfe_editor',
    dir: __dirname,
    port: portFromEnv('EDITOR_PORT', 8081),
    exposes: { './App': './src/App.tsx' },
    mode: modeFrom(argv),
  });
