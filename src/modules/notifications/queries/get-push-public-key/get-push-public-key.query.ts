import { Query } from '@nestjs/cqrs';

/** The server's VAPID public key (applicationServerKey); NOTIFICATIONS.PUSH_OFF when push is not configured. */
export class GetPushPublicKeyQuery extends Query<{ publicKey: string }> {}
