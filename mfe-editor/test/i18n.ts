// The editor's catalogue is fetched on first use in the browser; every test loads it up front so a render shows copy
// at once (a component would otherwise suspend on its first render).
import { i18n } from 'ui-kit';
import { EDITOR_NS } from '../src/i18n';

beforeAll(async () => {
  await i18n.loadNamespaces(EDITOR_NS);
});
