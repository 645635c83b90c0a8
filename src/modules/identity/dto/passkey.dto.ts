import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Check, email } from './check.js';

const credentialRule = (v: unknown) =>
  v !== null &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  typeof (v as { id?: unknown }).id === 'string' &&
  typeof (v as { response?: unknown }).response === 'object'
    ? null
    : "credential must be the browser's passkey answer (the JSON of navigator.credentials)";

/** The browser's answer, as @simplewebauthn/browser gives it (RegistrationResponseJSON or AuthenticationResponseJSON). */
export class PasskeyCredentialDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: "the browser's answer: id, rawId, type, response { clientDataJSON, … }" })
  @Check(credentialRule, { required: true })
  credential: Record<string, unknown>;
}

export class PasskeyLoginOptionsDto {
  @ApiPropertyOptional({ description: "optional: name that account's passkeys; left out, any passkey of this site on the device may answer" })
  @Check((v) => (v === null || v === '' ? null : email()(v)))
  email?: string | null;
}
