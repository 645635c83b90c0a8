/** The small builders every OpenAPI schema of the contract is written with. */
export type Schema = Record<string, unknown>;

export const str = { type: 'string' };
export const strOrNull = { type: 'string', nullable: true };
export const int = { type: 'integer' };
export const bool = { type: 'boolean' };
export const boolOrNull = { type: 'boolean', nullable: true };
export const rupees = (example?: number): Schema => ({ type: 'number', description: 'rupees', ...(example === undefined ? {} : { example }) });
export const rupeesOrNull = { type: 'number', description: 'rupees', nullable: true };
export const dateTime = { type: 'string', format: 'date-time' };
export const dateTimeOrNull = { type: 'string', format: 'date-time', nullable: true };
export const obj = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)): Schema => ({ type: 'object', required, properties });
export const arr = (items: Schema): Schema => ({ type: 'array', items });
/** An object whose fields this document does not pin down (support and operations views). */
export const open = (description: string): Schema => ({ type: 'object', description, additionalProperties: true });

export const ok = (data: Schema, extra: Record<string, unknown> = {}): Schema =>
  obj({ success: { type: 'boolean', example: true }, data, ...extra }, ['success', 'data']);
export const message = obj({ success: { type: 'boolean', example: true }, message: str }, ['success', 'message']);
export const paging = { page: int, size: int, total: int };

/** Named schemas, so generated client types read `components['schemas']['Challenge']`. */
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const flags = (names: string[]): Schema => obj(Object.fromEntries(names.map((n) => [n, bool])));
export const text = (mime: string, description: string) => ({ mime, schema: { type: 'string', description } });
