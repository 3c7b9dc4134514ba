// The `shared-kit/areas` entry: the constants and rules of single product areas (reports, commerce, identity,
// collections, threads, feedback, calls, memory, custom voices, the console's mail and stats), shared by the api and
// the one or two remotes of that area.
//
// Kept out of the main entry because the main entry is a federation singleton that the shell provides: the whole of
// it is on every page's first paint (bench/bundle-size.ts counts it), whatever the page uses. These modules hold no
// state, so each remote that imports them bundles the parts it uses, and an area's growth no longer grows the shell.
export * from './report';
export * from './opsMail';
export * from './ugcVoice';
export * from './memory';
export * from './commerce';
export * from './collection';
export * from './thread';
export * from './feedback';
export * from './call';
export * from './identityIds';
