const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical UUID (any version, either case): ids from the URL are checked before they reach a uuid column. */
export const isUuid = (s: string): boolean => UUID.test(s);

/** Time-ordered ids (RFC 9562 v7): rows keyed by them append at the right edge of their B-tree indexes, not at random pages. */
export { v7 as uuid7 } from 'uuid';
