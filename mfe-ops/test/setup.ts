// react-router reads TextEncoder/TextDecoder at import time; jsdom does not provide them.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// The review queue page also lists collections (components/CollectionQueue.tsx); tests of the console see none
// waiting unless a test mocks the call itself. Plain functions, so that a test's jest.resetAllMocks leaves them be.
jest.mock('../src/services/collection.service', () => ({
  fetchCollectionQueue: () => Promise.resolve({ list: [] }),
  decideCollection: () => Promise.resolve({ collection_id: '', status: 'Passed' }),
}));
