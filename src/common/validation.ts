import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function flatten(errors: ValidationError[], prefix = ''): string[] {
  const out: string[] = [];
  for (const e of errors) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) {
      for (const [rule, text] of Object.entries(e.constraints)) {
        out.push(rule === 'whitelistValidation' ? `Unknown field: ${path}` : text);
      }
    }
    if (e.children?.length) out.push(...flatten(e.children, path));
  }
  return out;
}

/** No DTO nests deeper than this; deeper input would overflow class-transformer's recursion (a 500). */
export const MAX_INPUT_DEPTH = 16;

/** True when `value` nests objects/arrays deeper than `max` (iterative, so the check itself cannot overflow). */
export function nestedTooDeep(value: unknown, max = MAX_INPUT_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= max) return true;
    for (const child of Object.values(v as Record<string, unknown>)) if (child !== null && typeof child === 'object') stack.push([child, d + 1]);
  }
  return false;
}

/** The path of the first string (value or key) holding a NUL character, which PostgreSQL text refuses (a 500 otherwise); null when none. */
export function nulCharacterPath(value: unknown, name = ''): string | null {
  const stack: [unknown, string][] = [[value, name]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path || 'value';
      continue;
    }
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) continue;
    for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
      const at = path ? `${path}.${k}` : k;
      if (k.includes('\u0000')) return at;
      stack.push([child, at]);
    }
  }
  return null;
}

class DepthLimitedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (nestedTooDeep(value)) throw new BadRequestException(`${metadata.type === 'query' ? 'Query' : 'Request body'} is nested too deeply`);
    const nul =
      metadata.type === 'custom' ? null : nulCharacterPath(value, metadata.type === 'param' || typeof value === 'string' ? (metadata.data ?? '') : '');
    if (nul !== null) throw new BadRequestException(`${nul} must not contain a NUL character`);
    // A DTO body must be an object: JSON null, an array, a string (text/plain) or a number is refused, not read as "no fields".
    const dto = typeof metadata.metatype === 'function' && ![Object, String, Number, Boolean, Array].includes(metadata.metatype as never);
    if (metadata.type === 'body' && dto && value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new BadRequestException('Request body must be a JSON object');
    }
    return super.transform(value, metadata);
  }
}

/** Whitelist, refuse unknown fields, and name the field in every message. */
export function createValidationPipe(): ValidationPipe {
  return new DepthLimitedValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(flatten(errors)),
  });
}
