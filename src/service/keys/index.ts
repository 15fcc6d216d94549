/** API keys: minted, listed, revoked and verified; stored as SHA-256 hashes only. */
export { type CreatedKey, type CreateKeyInput, createKey, parseScopes } from "./create-key.js";
export { KeyError, type KeyErrorCode } from "./errors.js";
export { type KeyInfo, listKeys } from "./list-keys.js";
export { revokeKey } from "./revoke-key.js";
export { type VerifiedCaller, type VerifiedKey, verifyKey, verifyKeyWithExpiry } from "./verify-key.js";
