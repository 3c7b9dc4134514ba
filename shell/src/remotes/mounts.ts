import { remoteComponent } from './remoteComponent';

// One lazy component per remote, created when this module loads (never during a render).
export const EditorRemote = remoteComponent('mfe_editor');
export const BrainstormRemote = remoteComponent('mfe_brainstorm');
export const PlayerRemote = remoteComponent('mfe_player');
export const AccountRemote = remoteComponent('mfe_account');
export const OpsRemote = remoteComponent('mfe_ops');
