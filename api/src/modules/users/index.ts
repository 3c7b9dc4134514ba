// The users module's face: the one owner of accounts. It holds the users collection and the sessions' data (the
// session cache and revision installed on the users' writes), creates and finds accounts, reads users by uid for
// everyone else, and keeps the extension points (deletion, guest merge, stats) the feature modules register on.
// It imports no feature module: what it must tell them goes through those hooks.
export { Block } from './block.model';
export { mergeGuestInto, registerGuestMergeHook, type GuestMergeHook } from './guestMerge';
export { blockedAround, isBlockedBetween, nobody, peopleOf, refuseIfBlocked } from './people';
export { Session, type SessionDoc, type SessionFields } from './session.model';
export { cloneLean, sessionCache, type CachedSession, type LeanSession, type LeanUser } from './sessionCache';
export { onUserDeleted, registerUserDeletionHook, statsOf, userStatsProviders, type UserDeletionHook } from './user.hooks';
export { IDENTITY_PROVIDERS, THEMES, User, type IdentityProvider, type UserDoc, type UserFields } from './user.model';
export { maskPhone, presentSettings, presentUser, presentUserBrief } from './user.presenter';
export { createGuest, createUser, findByUid, findOrCreateByIdentity, findOrCreateByPhone, isDuplicateKey } from './user.service';
export { mirrorMembershipEnd } from './membershipMirror';
export { accountNamed, userByUid, userByUsername, userExists, usersByUid } from './users.read';
