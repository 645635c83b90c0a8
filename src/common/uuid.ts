const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical UUID (any version, either case): ids from the URL are checked before they reach a uuid column. */
export const isUuid = (s: string): boolean => UUID.test(s);
