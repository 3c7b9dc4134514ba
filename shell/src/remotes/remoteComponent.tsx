import { loadRemote } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType, type JSX, type LazyExoticComponent } from 'react';
import { loadRemotesConfig } from './config';

type AppModule = { default: ComponentType };

/** A remote's `./App`, loaded on first render; `reload()` lets a Retry fetch it again after a failure. */
export interface RemoteComponent {
  (): JSX.Element;
  remoteName: string;
  reload: () => void;
}

async function importRemoteApp(name: string): Promise<AppModule> {
  await loadRemotesConfig();
  const module = await loadRemote<Partial<AppModule>>(`${name}/App`);
  const App = module?.default;
  if (typeof App !== 'function' && (typeof App !== 'object' || App === null)) {
    throw new Error(`${name}/App has no default export component`);
  }
  return { default: App };
}

/**
 * Call at module scope, once per remote: React.lazy created during a render would start a new load and lose state on
 * every render. The lazy is only replaced by `reload()`, which runs from a click handler, never from a render.
 */
export function remoteComponent(name: string): RemoteComponent {
  let Lazy: LazyExoticComponent<ComponentType> = lazy(() => importRemoteApp(name));
  const Remote = (() => <Lazy />) as RemoteComponent;
  Remote.remoteName = name;
  Remote.reload = () => {
    Lazy = lazy(() => importRemoteApp(name));
  };
  Object.defineProperty(Remote, 'name', { value: `Remote(${name})` });
  return Remote;
}
