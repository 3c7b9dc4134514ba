// The user module: the account's own calls (launch, profile, settings, blocks, deleting the account), registered by
// app.ts from user.routes.ts. Other modules use accounts through the users module, not this one, so it exports
// nothing.
export {};
