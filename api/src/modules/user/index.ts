// The user module's face: what other modules may use. Everything else in this folder is its own.
export { isBlockedBetween } from './block.service';
export { mergeGuestInto } from './guestMerge';
export { registerUserDeletionHook } from './user.hooks';
export { User, type UserDoc, type UserFields } from './user.model';
export { presentUser } from './user.presenter';
export { createGuest, findOrCreateByIdentity, findOrCreateByPhone, isDuplicateKey } from './user.service';
export { Block } from './block.model';
export { newNumericId } from '../../lib/ids';
