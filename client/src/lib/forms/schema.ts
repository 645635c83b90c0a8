// The forms' schemas are written with zod/mini (tree-shakable: the sign-in screens load only the checks they use) and
// checked by react-hook-form through @hookform/resolvers' zodResolver. Each is typed against the generated API body it
// fills (client/src/types/api.ts), so a renamed or retyped field in the OpenAPI document fails the type check.
import * as z from 'zod/mini';

export { z };
export { zodResolver } from '@hookform/resolvers/zod';

/** A schema whose cleaned output is (part of) the API body `Body`: `schema satisfies Fills<Body>`. */
export type Fills<Body> = z.ZodMiniType<Body, unknown>;

/** A text the person must fill in: blank (or only spaces) says `message`; the value is kept as typed. */
export const filled = (message: string) => z.string().check(z.refine((v) => v.trim() !== '', message));

/** A text the person must fill in, sent trimmed. */
export const filledTrimmed = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** One of the server's allowed values, picked from a list (the select starts blank: `message` until one is picked). */
export const oneOf = <const T extends readonly string[]>(values: T, message: string) =>
  z.pipe(
    z.string(),
    z.custom<T[number]>((v) => values.includes(v as string), message),
  );
