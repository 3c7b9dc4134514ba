// The id generator lives in lib/ids.ts; this re-export stays until the editor's story service imports it from there.
export { newNumericId } from '../../lib/ids';
